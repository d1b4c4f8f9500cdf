"""From a spec to a job: read the physics and the positions, build the plan, check it all.

Everything that could fail in the middle of a long run is checked here, before the first push:
every parameter value against its bounds and against the physics config it makes, and the
positions' indices. The run's identity (what makes its chunks what they are) is computed here
too, so that ``--resume`` can refuse to mix chunks of two different experiments.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import math
from pathlib import Path
from typing import Any

from pusher_sim.board import Board
from pusher_sim.errors import UserError
from pusher_sim.experiment.params import Grid
from pusher_sim.experiment.plan import Plan
from pusher_sim.experiment.run import Job, check_point
from pusher_sim.experiment.spec import Spec
from pusher_sim.physics import MODEL_VERSION, PhysicsConfig, load_config
from pusher_sim.push_resolution import push_step_problem
from pusher_sim.pusher.log_scenarios import positions_from_log
from pusher_sim.strict_toml import read_toml

MAX_CHECKED = 4096
"""Combinations of parameter values checked up front; beyond it each is checked alone."""


def base_config(spec: Spec) -> PhysicsConfig:
    """The physics config file (default: the shipped one) with the spec's overrides."""
    if spec.config is not None:
        read_toml(spec.config, "physics config")  # a binary, huge or deep file is one line
        base = load_config(spec.config)
    else:
        base = PhysicsConfig()
    known = {f.name: f for f in dataclasses.fields(PhysicsConfig)}
    overrides: dict[str, Any] = {}
    for name, value in spec.physics:
        field = known.get(name)
        if field is None:
            raise UserError(f"[physics] {name!r:.40} is not a physics config field")
        if (field.type in ("bool", bool)) != isinstance(value, bool):
            kind = "true or false" if field.type in ("bool", bool) else "a number"
            raise UserError(f"[physics] {name} must be {kind}")
        if field.type in ("int", int):
            if value != int(value):
                raise UserError(f"[physics] {name} must be a whole number")
            overrides[name] = int(value)
        else:
            overrides[name] = value
    return base.with_(**overrides)


def auto_chunk(points: int) -> int:
    """Pushes per chunk: small runs report often, big ones keep files and tasks few."""
    return min(64, max(1, points // 64))


def build_job(spec: Spec) -> Job:
    """The job a spec describes, its plan and physics checked before any push is made; a
    problem is a :class:`~pusher_sim.errors.UserError` naming it."""
    board = Board()
    base = base_config(spec)
    positions = positions_from_log(spec.positions, board) if spec.positions else ()
    grids = spec.grids
    if positions and "position" not in {g.name for g in grids}:
        n = len(positions)
        grids = (Grid("position", tuple(float(i) for i in range(n)), f"0:{n - 1}:{n}"), *grids)
    if not positions and "position" in {g.name for g in grids}:
        raise UserError("the parameter 'position' needs --positions (a saved Pusher game log)")
    plan = Plan(grids, spec.samples, spec.n_samples, spec.repeats, spec.seed)
    check_plan(plan, base, len(positions))
    chunk = spec.chunk if spec.chunk is not None else auto_chunk(plan.size)
    if spec.model == "3d":
        from pusher_sim.reference.mujoco_import import mujoco

        mujoco()  # one line now, not in every worker, if MuJoCo is missing
    return Job(
        plan,
        base,
        board,
        positions,
        spec.perturb_press,
        spec.perturb_angle,
        chunk,
        spec.model,
        spec.hand,
    )


def check_plan(plan: Plan, base: PhysicsConfig, n_positions: int) -> None:
    """Refuse, before any push, a value that some point of the plan would fail on.

    Every value is checked against its bounds first (the physics config checks its own), each
    grid's and sample's ends included, before any arithmetic on it; then the steps a push may
    take at the plan's worst corner (its shortest time step with its longest simulated-time
    cap), which no sampling of combinations could miss.
    """
    choices: list[tuple[str, list[float]]] = []
    for g in plan.grids:
        values = sorted(set(g.values))
        choices.append((g.name, values if len(values) <= 64 else [values[0], values[-1]]))
    choices += [(s.name, [s.low, s.high]) for s in plan.samples]
    defaults = plan.point(0) if plan.size else {}
    if math.prod(len(v) for _, v in choices) <= MAX_CHECKED:
        names = [n for n, _ in choices]
        for combo in itertools.product(*(v for _, v in choices)):
            check_point({**defaults, **dict(zip(names, combo, strict=True))}, base, n_positions)
    else:
        for name, values in choices:
            for value in values:
                check_point({**defaults, name: value}, base, n_positions)
    low = {name: min(values) for name, values in choices}
    high = {name: max(values) for name, values in choices}
    too_many = push_step_problem(
        low.get("time_step", base.time_step), high.get("max_sim_time", base.max_sim_time)
    )
    if too_many:
        raise UserError(too_many)


def identity(job: Job, spec: Spec) -> dict[str, Any]:
    """What makes the chunks of this run what they are (the same for its resumed sessions)."""
    return {
        "grids": [[g.name, g.text] for g in job.plan.grids],
        "samples": [[s.name, s.low, s.high] for s in job.plan.samples],
        "n_samples": job.plan.n_samples,
        "repeats": job.plan.repeats,
        "seed": job.plan.seed,
        "chunk": job.chunk,
        "pushes": job.plan.size,
        "model_version": MODEL_VERSION,
        "model": job.model_name,
        "physics": dataclasses.asdict(job.base),
        "positions_sha256": file_digest(spec.positions) if spec.positions else None,
        "perturb_press": job.perturb_press,
        "perturb_angle": job.perturb_angle,
        **({"hand": job.hand} if job.hand != "exact" else {}),  # a run from before the hand
    }


def file_digest(path: str | Path) -> str:
    """SHA-256 of a file, so that a resumed run can tell its positions file has not changed."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror}") from None
