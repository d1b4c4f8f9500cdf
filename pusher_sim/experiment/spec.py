"""An experiment written down: the sweep, the scenario, the physics, the measures, the output.

A spec is what ``pusher experiment run sweep.toml`` reads and what ``--save-spec`` writes, so
that a sweep lives in a file a researcher can keep, edit and cite instead of a long command
line. The file is read strictly: unknown keys, wrong types and out-of-range values are one line
each. Input paths in a file (``config``, ``positions``) are relative to the file; output paths
are relative to the current folder.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pusher_sim.arguments import check_path_text
from pusher_sim.errors import UserError
from pusher_sim.experiment.params import Grid, Sample, grid_values, sample_range
from pusher_sim.pusher.hand import HANDS
from pusher_sim.strict_toml import read_toml

MAX_CHUNK = 100_000
MAX_PERTURB_PRESS = 0.005
"""Largest press-point perturbation, m: about the inradius of a triangle of cups."""
MAX_PERTURB_ANGLE = 45.0


@dataclass(frozen=True)
class Spec:
    """One experiment. ``chunk`` None picks a chunk size from the plan's size."""

    grids: tuple[Grid, ...] = ()
    samples: tuple[Sample, ...] = ()
    n_samples: int = 100
    repeats: int = 1
    seed: int = 0
    chunk: int | None = None
    config: str | None = None
    physics: tuple[tuple[str, float | bool], ...] = ()
    positions: str | None = None
    perturb_press: float = 0.0
    perturb_angle: float = 0.0
    out: str = "out/experiment.parquet"
    plot: str | None = None
    x: str = "angle"
    y: str = "speed"
    measure: str = "returned_pusher"
    best: bool = False
    model: str = "2d"
    hand: str = "exact"
    """The hand each grid push is made with (docs/rules.md P8): ``exact`` by default, so a grid
    maps the physics itself; another shakes every push, drawn from its point's seed."""

    def __post_init__(self) -> None:
        if self.model not in MODELS:
            raise UserError(f"model must be one of {', '.join(MODELS)}, got {self.model!r:.20}")
        if self.hand not in HANDS:
            raise UserError(f"hand must be one of {', '.join(HANDS)}, got {self.hand!r:.20}")
        for key in ("config", "positions", "out", "plot"):
            value = getattr(self, key)
            if value is not None:
                check_path_text(value, key)
        if self.chunk is not None and not 1 <= self.chunk <= MAX_CHUNK:
            raise UserError(f"chunk must be from 1 to {MAX_CHUNK:,}, got {self.chunk}")
        if not 0.0 <= self.perturb_press <= MAX_PERTURB_PRESS:
            raise UserError(f"perturb_press must be from 0 to {MAX_PERTURB_PRESS} m")
        if not 0.0 <= self.perturb_angle <= MAX_PERTURB_ANGLE:
            raise UserError(f"perturb_angle must be from 0 to {MAX_PERTURB_ANGLE} degrees")

    def to_toml(self) -> str:
        """The spec as a TOML file that :func:`load_spec` reads back to an equal spec."""
        top: dict[str, Any] = {"seed": self.seed, "samples": self.n_samples}
        top["repeats"] = self.repeats
        if self.chunk is not None:
            top["chunk"] = self.chunk
        if self.config is not None:
            top["config"] = self.config
        if self.positions is not None:
            top["positions"] = self.positions
        if self.model != "2d":
            top["model"] = self.model
        if self.hand != "exact":
            top["hand"] = self.hand
        lines = ["# A pusher experiment: run it with `pusher experiment run FILE`.", ""]
        lines += [f"{k} = {_value(v)}" for k, v in top.items()]
        tables: dict[str, dict[str, Any]] = {
            "grid": {g.name: g.text for g in self.grids},
            "sample": {s.name: [s.low, s.high] for s in self.samples},
            "physics": dict(self.physics),
            "measure": {
                k: v
                for k, v in (
                    ("perturb_press", self.perturb_press),
                    ("perturb_angle", self.perturb_angle),
                )
                if v
            },
            "output": {"out": self.out, "x": self.x, "y": self.y, "measure": self.measure},
        }
        if self.plot is not None:
            tables["output"]["plot"] = self.plot
        if self.best:
            tables["output"]["best"] = True
        for name, table in tables.items():
            if table:
                lines += ["", f"[{name}]"] + [f"{k} = {_value(v)}" for k, v in table.items()]
        return "\n".join(lines) + "\n"


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        return str(value)
    return "[" + ", ".join(_value(v) for v in value) + "]"


TOP = {"seed", "samples", "repeats", "chunk", "config", "positions", "model", "hand"}
MODELS = ("2d", "3d")
"""Which model resolves the pushes: the game's 2-D physics or the 3-D MuJoCo reference."""
TABLES = {"grid", "sample", "physics", "measure", "output"}
OUTPUT = {"out", "plot", "x", "y", "measure", "best"}
MEASURE = {"perturb_press", "perturb_angle"}


def load_spec(path: str | Path) -> Spec:
    """Read an experiment spec file strictly."""
    where = Path(check_path_text(str(path), "the experiment spec"))
    data = read_toml(where, "experiment spec")
    try:
        return _from_table(data, where.parent)
    except UserError as exc:
        raise UserError(f"{where}: {exc}") from None


def _from_table(data: Mapping[str, Any], folder: Path) -> Spec:
    unknown = sorted(set(data) - TOP - TABLES)
    if unknown:
        raise UserError(f"unknown key {unknown[0]!r} (known: {', '.join(sorted(TOP | TABLES))})")
    for name in TABLES:
        if name in data and not isinstance(data[name], dict):
            raise UserError(f"[{name}] must be a table")
    output = data.get("output", {})
    measure = data.get("measure", {})
    for table, allowed, label in ((output, OUTPUT, "output"), (measure, MEASURE, "measure")):
        extra = sorted(set(table) - allowed)
        if extra:
            raise UserError(f"unknown key {extra[0]!r} in [{label}]")
    grids = tuple(_grid(name, v) for name, v in data.get("grid", {}).items())
    samples = tuple(_sample(name, v) for name, v in data.get("sample", {}).items())
    physics = tuple(
        (k, v if isinstance(v, bool) else _number(v, f"physics.{k}"))
        for k, v in data.get("physics", {}).items()
    )
    spec = Spec(
        grids=grids,
        samples=samples,
        n_samples=_whole(data.get("samples", 100), "samples"),
        repeats=_whole(data.get("repeats", 1), "repeats"),
        seed=_whole(data.get("seed", 0), "seed"),
        chunk=_whole(data["chunk"], "chunk") if "chunk" in data else None,
        config=_path(data, "config", folder),
        physics=physics,
        positions=_path(data, "positions", folder),
        perturb_press=_number(measure.get("perturb_press", 0.0), "perturb_press"),
        perturb_angle=_number(measure.get("perturb_angle", 0.0), "perturb_angle"),
        out=_string(output.get("out", Spec.out), "out"),
        plot=_string(output["plot"], "plot") if "plot" in output else None,
        x=_string(output.get("x", Spec.x), "x"),
        y=_string(output.get("y", Spec.y), "y"),
        measure=_string(output.get("measure", Spec.measure), "measure"),
        best=_bool(output.get("best", False), "best"),
        model=_string(data.get("model", Spec.model), "model"),
        hand=_string(data.get("hand", Spec.hand), "hand"),
    )
    return spec


def _grid(name: str, value: Any) -> Grid:
    if isinstance(value, str):
        return grid_values(name, value)
    if isinstance(value, list) and value:
        numbers = [_number(v, f"grid.{name}") for v in value]
        return grid_values(name, ",".join(repr(v) for v in numbers))
    raise UserError(f'grid.{name} must be "START:STOP:COUNT", "a,b,c" or a list of numbers')


def _sample(name: str, value: Any) -> Sample:
    if isinstance(value, str):
        return sample_range(name, value)
    if isinstance(value, list) and len(value) == 2:
        low, high = (_number(v, f"sample.{name}") for v in value)
        return sample_range(name, f"{low!r}:{high!r}")
    raise UserError(f'sample.{name} must be "LOW:HIGH" or [LOW, HIGH]')


def _number(value: Any, key: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise UserError(f"{key} must be a number, got {value!r}")
    if not math.isfinite(value):
        raise UserError(f"{key} must be finite, got {value!r}")
    return float(value)


def _whole(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise UserError(f"{key} must be a whole number, got {value!r}")
    return value


def _string(value: Any, key: str) -> str:
    if not isinstance(value, str) or not value:
        raise UserError(f"{key} must be a non-empty string, got {value!r}")
    return value


def _bool(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise UserError(f"{key} must be true or false, got {value!r}")
    return value


def _path(data: Mapping[str, Any], key: str, folder: Path) -> str | None:
    if key not in data:
        return None
    value = Path(_string(data[key], key))
    return str(value if value.is_absolute() else folder / value)
