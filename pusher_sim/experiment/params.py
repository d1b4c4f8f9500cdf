"""What an experiment varies, parsed from the command line.

``--grid speed=0.2:1.0:5`` sweeps five evenly spaced values, ``--grid angle=0,90,180`` lists
them, ``--sample tilt=0:0.5`` draws uniformly. A parameter is a push parameter, a scenario
parameter, or the name of any field of the physics config, so every physical constant can be
swept without new code.
"""

from __future__ import annotations

from dataclasses import dataclass

from pusher_sim.errors import UserError
from pusher_sim.finite import parse_finite

PUSH_PARAMS: dict[str, str] = {
    "angle": "flick direction, degrees (0 = +x, counter-clockwise)",
    "speed": "flick speed, m/s (capped at the model's maximum)",
    "press": "press point's distance from the triangle centre, as a fraction of its inradius",
    "press_angle": "direction of the press point from the triangle centre, degrees",
}
SCENARIO_PARAMS: dict[str, str] = {
    "balls": "balls on the board before the push (3 to 51)",
    "layout": "seed of the random mid-game layout",
}
DEFAULTS: dict[str, float] = {
    "angle": 0.0,
    "speed": 0.0,
    "press": 0.0,
    "press_angle": 0.0,
    "balls": 30.0,
    "layout": 0.0,
}


@dataclass(frozen=True)
class Grid:
    """A parameter with listed values: every combination of grids is run."""

    name: str
    values: tuple[float, ...]


@dataclass(frozen=True)
class Sample:
    """A parameter drawn uniformly from [low, high] for each random point."""

    name: str
    low: float
    high: float


def _number(text: str, where: str) -> float:
    try:
        return parse_finite(text)
    except UserError as exc:
        raise UserError(f"{where}: {exc}") from None


def _split(spec: str, option: str) -> tuple[str, str]:
    name, sep, rest = spec.partition("=")
    name = name.strip()
    if not sep or not name or not rest.strip():
        raise UserError(f"{option} {spec!r}: write NAME=VALUES")
    return name, rest.strip()


def parse_grid(spec: str) -> Grid:
    """``name=a,b,c`` or ``name=start:stop:count`` (count values, both ends included)."""
    name, rest = _split(spec, "--grid")
    where = f"--grid {name}"
    if ":" in rest:
        parts = rest.split(":")
        if len(parts) != 3:
            raise UserError(f"{where}: a range is START:STOP:COUNT, got {rest!r}")
        start, stop = _number(parts[0], where), _number(parts[1], where)
        count = _number(parts[2], where)
        if count < 1 or count != int(count):
            raise UserError(
                f"{where}: COUNT must be a whole number of at least 1, got {parts[2]!r}"
            )
        n = int(count)
        values = (
            (start,) if n == 1 else tuple(start + (stop - start) * i / (n - 1) for i in range(n))
        )
    else:
        values = tuple(_number(v, where) for v in rest.split(","))
    return Grid(name, values)


def parse_sample(spec: str) -> Sample:
    """``name=low:high``."""
    name, rest = _split(spec, "--sample")
    where = f"--sample {name}"
    parts = rest.split(":")
    if len(parts) != 2:
        raise UserError(f"{where}: a sample range is LOW:HIGH, got {rest!r}")
    low, high = _number(parts[0], where), _number(parts[1], where)
    if high < low:
        raise UserError(f"{where}: LOW {low} is above HIGH {high}")
    return Sample(name, low, high)
