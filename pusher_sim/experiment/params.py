"""What an experiment varies: grids and samples of named parameters, and their bounds.

``speed=0.2:1.0:5`` sweeps five evenly spaced values, ``angle=0,90,180`` lists them (both
``--grid``), ``tilt=0:0.5`` draws uniformly (``--sample``). A parameter is a push parameter, a
scenario parameter, or the name of any field of the physics config, so every physical constant
can be swept without new code. Bounds are checked here, before any work, so that a sweep never
fails (or overflows) hours into a run.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pusher_sim.errors import UserError
from pusher_sim.finite import parse_finite
from pusher_sim.push_resolution import DEFAULT_STRENGTH

PUSH_PARAMS: dict[str, str] = {
    "angle": "flick direction, degrees (0 = +x, counter-clockwise), -360 to 360",
    "speed": "flick speed, m/s (0 to the model's maximum flick)",
    "press": "press point's distance from the triangle centre, as a fraction of its inradius",
    "press_angle": "direction of the press point from the triangle centre, degrees",
    "strength": "how hard the ball is pressed in, 0 (just loosen) to 1 (hardest)",
}
SCENARIO_PARAMS: dict[str, str] = {
    "balls": "balls on the board before the push (3 to 51; random layouts only)",
    "layout": "seed of the random mid-game layout (a whole number, 0 to 2**32 - 1)",
    "position": "index of a position taken from --positions (a whole number)",
}
DEFAULTS: dict[str, float] = {
    "angle": 0.0,
    "speed": 0.0,
    "press": 0.0,
    "press_angle": 0.0,
    "strength": DEFAULT_STRENGTH,
    "balls": 30.0,
    "layout": 0.0,
    "position": 0.0,
}
WHOLE = frozenset(SCENARIO_PARAMS)
"""Parameters that name a thing (a count, a seed, an index): gridded, never sampled."""
BOUNDS: dict[str, tuple[float, float]] = {
    "angle": (-360.0, 360.0),
    "press": (0.0, 0.999),
    "press_angle": (-360.0, 360.0),
    "strength": (0.0, 1.0),
    "balls": (3.0, 51.0),
    "layout": (0.0, 2.0**32 - 1),
    "position": (0.0, 1e6),
}
"""Closed ranges of the push and scenario parameters (speed's top is the config's)."""
MAX_GRID_VALUES = 1_000_000
"""Values one grid may list: a bound on memory, far beyond a day of pushes."""


@dataclass(frozen=True)
class Grid:
    """A parameter with listed values: every combination of grids is run.

    ``text`` is how the values were written (``0:330:12`` or ``0,90,180``), kept so that a spec
    file written back reads as it was given.
    """

    name: str
    values: tuple[float, ...]
    text: str


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
    return grid_values(name, rest)


def grid_values(name: str, rest: str) -> Grid:
    """The grid ``name`` from its values written as ``a,b,c`` or ``start:stop:count``."""
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
        if count > MAX_GRID_VALUES:
            raise UserError(f"{where}: at most {MAX_GRID_VALUES:,} values, got {parts[2]!r}")
        if not math.isfinite(stop - start):
            raise UserError(f"{where}: the range {rest!r} is too wide to step through")
        n = int(count)
        values = (
            (start,) if n == 1 else tuple(start + (stop - start) * i / (n - 1) for i in range(n))
        )
    else:
        items = rest.split(",")
        if len(items) > MAX_GRID_VALUES:
            raise UserError(f"{where}: at most {MAX_GRID_VALUES:,} values")
        values = tuple(_number(v, where) for v in items)
    grid = Grid(name, values, rest)
    check_bounds(name, min(values), max(values), "--grid")
    if name in WHOLE and any(v != int(v) for v in values):
        raise UserError(f"{where}: {name} takes whole numbers")
    return grid


def parse_sample(spec: str) -> Sample:
    """``name=low:high``."""
    name, rest = _split(spec, "--sample")
    return sample_range(name, rest)


def sample_range(name: str, rest: str) -> Sample:
    """The sample ``name`` from its range written as ``low:high``."""
    where = f"--sample {name}"
    parts = rest.split(":")
    if len(parts) != 2:
        raise UserError(f"{where}: a sample range is LOW:HIGH, got {rest!r}")
    low, high = _number(parts[0], where), _number(parts[1], where)
    if high < low:
        raise UserError(f"{where}: LOW {low} is above HIGH {high}")
    if not math.isfinite(high - low):
        raise UserError(f"{where}: the range {rest!r} is too wide to draw from")
    if name in WHOLE:
        raise UserError(f"{where}: {name} names a layout or a count; give it with --grid")
    check_bounds(name, low, high, "--sample")
    return Sample(name, low, high)


def check_bounds(name: str, low: float, high: float, option: str) -> None:
    """Refuse a push or scenario parameter whose values leave its range (physics fields are
    checked by the physics config itself)."""
    if name not in BOUNDS:
        return
    lo, hi = BOUNDS[name]
    if low < lo or high > hi:
        raise UserError(f"{option} {name}: values must lie in [{lo:g}, {hi:g}]")
