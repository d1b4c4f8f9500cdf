"""An experiment plan: which points to run, each a full set of parameters, in a fixed order.

Points are the product of the grids, times ``n_samples`` random draws of the sampled
parameters, times ``repeats`` layouts. Point ``i`` is computed from ``i`` alone (its draws and
its layout seed come from the plan's seed and its own indices), so a plan of a billion points
costs no memory, any chunk can be run (or re-run after a crash) on its own, and the table is the
same whatever the workers or their order.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import numpy as np

from pusher_sim.errors import UserError
from pusher_sim.experiment.params import DEFAULTS, PUSH_PARAMS, SCENARIO_PARAMS, Grid, Sample
from pusher_sim.physics import PhysicsConfig

Point = dict[str, float]

MAX_POINTS = 10**9
"""Pushes one plan may hold: about a core-year, far beyond any run worth starting."""
MAX_SAMPLES = 10**8
MAX_REPEATS = 10**6


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
    """The points an experiment pushes: every combination of the grids' values, times
    ``n_samples`` draws of the sampled parameters, each repeated ``repeats`` times."""

    grids: tuple[Grid, ...] = ()
    samples: tuple[Sample, ...] = ()
    n_samples: int = 1
    repeats: int = 1
    seed: int = 0

    def __post_init__(self) -> None:
        known = known_params()
        names = self.varied
        for name in names:
            if name not in known:
                raise UserError(f"unknown parameter {name!r} (known: {', '.join(sorted(known))})")
        duplicated = {n for n in names if names.count(n) > 1}
        if duplicated:
            raise UserError(f"parameter {sorted(duplicated)[0]!r} is given twice")
        if not 1 <= self.n_samples <= MAX_SAMPLES:
            raise UserError(f"--samples must be from 1 to {MAX_SAMPLES:,}")
        if not 1 <= self.repeats <= MAX_REPEATS:
            raise UserError(f"--repeats must be from 1 to {MAX_REPEATS:,}")
        if not 0 <= self.seed < 2**63:
            raise UserError(f"--seed must be a whole number from 0 to 2**63 - 1, not {self.seed}")
        if self.size > MAX_POINTS:
            raise UserError(
                f"the plan holds {self.size:,} pushes; at most {MAX_POINTS:,} fit in one run"
            )

    @property
    def varied(self) -> list[str]:
        return [g.name for g in self.grids] + [s.name for s in self.samples]

    @property
    def draws(self) -> int:
        """Random draws per grid combination (1 when nothing is sampled)."""
        return self.n_samples if self.samples else 1

    @property
    def size(self) -> int:
        """How many points (pushes) the plan holds."""
        return math.prod(len(g.values) for g in self.grids) * self.draws * self.repeats

    def point(self, index: int) -> Point:
        """The ``index``-th point: grid combination (last grid fastest), draw, repeat."""
        if not 0 <= index < self.size:
            raise IndexError(index)
        combo = index // (self.draws * self.repeats)
        point: Point = dict(DEFAULTS)
        picks: list[tuple[str, float]] = []
        for grid in reversed(self.grids):
            combo, k = divmod(combo, len(grid.values))
            picks.append((grid.name, grid.values[k]))
        point.update(reversed(picks))
        if self.samples:
            rng = np.random.default_rng([self.seed, 0, index // self.repeats])
            point.update({s.name: float(rng.uniform(s.low, s.high)) for s in self.samples})
        if "layout" not in {g.name for g in self.grids}:
            point["layout"] = float(np.random.default_rng([self.seed, 1, index]).integers(2**31))
        return point

    def points(self, start: int = 0, stop: int | None = None) -> list[Point]:
        """Points ``start`` to ``stop`` (default: all of them)."""
        end = self.size if stop is None else min(stop, self.size)
        return [self.point(i) for i in range(start, end)]
