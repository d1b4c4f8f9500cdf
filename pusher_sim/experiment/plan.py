"""An experiment plan: which points to run, each a full set of parameters, in a fixed order.

Points are the product of the grids, times ``samples`` random draws of the sampled parameters,
times ``repeats`` layouts. Each point carries its own layout seed, so a point's result depends on
the point alone: the table comes out the same whatever the workers or their order.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pusher_sim.errors import UserError
from pusher_sim.experiment.params import DEFAULTS, PUSH_PARAMS, SCENARIO_PARAMS, Grid, Sample
from pusher_sim.physics import PhysicsConfig

Point = dict[str, float]


def physics_params() -> dict[str, str]:
    """The physics config's numeric fields, each a parameter an experiment may vary."""
    return {
        f.name: "physics config field"
        for f in dataclasses.fields(PhysicsConfig)
        if f.type in ("float", "int", float, int)
    }


def known_params() -> dict[str, str]:
    return {**PUSH_PARAMS, **SCENARIO_PARAMS, **physics_params()}


@dataclass(frozen=True)
class Plan:
    grids: tuple[Grid, ...] = ()
    samples: tuple[Sample, ...] = ()
    n_samples: int = 1
    repeats: int = 1
    seed: int = 0

    def __post_init__(self) -> None:
        known = known_params()
        names = [g.name for g in self.grids] + [s.name for s in self.samples]
        for name in names:
            if name not in known:
                raise UserError(f"unknown parameter {name!r} (known: {', '.join(sorted(known))})")
        duplicated = {n for n in names if names.count(n) > 1}
        if duplicated:
            raise UserError(f"parameter {sorted(duplicated)[0]!r} is given twice")
        if self.n_samples < 1 or self.repeats < 1:
            raise UserError("--samples and --repeats must be at least 1")

    @property
    def varied(self) -> list[str]:
        return [g.name for g in self.grids] + [s.name for s in self.samples]

    def points(self) -> list[Point]:
        rng = np.random.default_rng(self.seed)
        grid_values: Sequence[Sequence[float]] = [g.values for g in self.grids]
        out: list[Point] = []
        for combo in itertools.product(*grid_values):
            for _ in range(self.n_samples if self.samples else 1):
                drawn = {s.name: float(rng.uniform(s.low, s.high)) for s in self.samples}
                for _ in range(self.repeats):
                    point: Point = {**DEFAULTS, "layout": float(rng.integers(2**31))}
                    point.update(zip((g.name for g in self.grids), combo, strict=True))
                    point.update(drawn)
                    out.append(point)
        return out
