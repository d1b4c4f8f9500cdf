"""One experiment point: build its scenario, push, and measure where the balls went.

With a perturbation set, every point is pushed twice, the second time with the press point
moved by ``perturb_press`` metres and the flick turned by ``perturb_angle`` degrees (in a
direction drawn from the point's layout seed); ``sensitivity`` counts the cups whose content
differs between the two outcomes. It is the experiment's chaos measure: near zero where the game
is predictable, large where a millimetre decides.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from pusher_sim.board import PLAYER_COLOURS, Board, Cell, Colour
from pusher_sim.errors import UserError
from pusher_sim.experiment.params import PUSH_PARAMS, SCENARIO_PARAMS
from pusher_sim.experiment.plan import Plan, Point
from pusher_sim.physics import MODEL_VERSION, PhysicsConfig, PhysicsResolver
from pusher_sim.push_resolution import PushResolver, PushSpec, push_step_problem
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.hand import HAND_SALT, HANDS
from pusher_sim.pusher.scenario import Scenario, mid_game

Row = dict[str, Any]

MEASURES: dict[str, str] = {
    "returned_pusher": "the pusher's own balls sent back to its tray",
    "returned_others": "other players' balls sent back to their trays",
    "gain": "returned_others minus returned_pusher: what the push was worth to the pusher",
    "share_pusher": "returned_pusher over the pusher's balls on the board after the press",
    "moved": "balls that ended in another cup (or went back)",
    "settled": "1 if every ball came to rest within the simulated-time cap",
    "sim_time": "simulated seconds until the balls rested",
    "steps": "physics steps taken",
    "sensitivity": "cups whose content differs after the perturbed twin push",
    "returned_change": "change of returned_pusher in the perturbed twin push",
}
"""Numeric columns a plot may show (the last two only with a perturbation)."""


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to turn chunk numbers into rows (small enough to send)."""

    plan: Plan
    base: PhysicsConfig
    board: Board = dataclasses.field(default_factory=Board)
    positions: tuple[Scenario, ...] = ()
    perturb_press: float = 0.0
    perturb_angle: float = 0.0
    chunk: int = 8
    model: str = "2d"
    hand: str = "exact"
    """The hand each push is made with (P8): its draws come from the point's layout and
    position, so a point's push made is the same in every run and worker."""

    @property
    def model_name(self) -> str:
        """The model that makes the rows: the 2-D physics' version, or "3d"."""
        return "3d" if self.model == "3d" else MODEL_VERSION

    @property
    def perturbed(self) -> bool:
        return self.perturb_press > 0 or self.perturb_angle > 0

    @property
    def n_chunks(self) -> int:
        return -(-self.plan.size // self.chunk)

    def chunk_size(self, k: int) -> int:
        return min(self.chunk, self.plan.size - k * self.chunk)

    def chunk_points(self, k: int) -> list[Point]:
        return self.plan.points(k * self.chunk, (k + 1) * self.chunk)

    def run_chunk(self, k: int) -> list[Row]:
        """The rows of chunk ``k``: one task, so a worker's overhead is paid once per chunk."""
        return [run_point(self, p) for p in self.chunk_points(k)]


def physics_for(base: PhysicsConfig, point: Point) -> PhysicsConfig:
    """The base config with the point's physics parameters swapped in (validated by it)."""
    overrides: dict[str, Any] = {}
    for f in dataclasses.fields(base):
        if f.name in point:
            value = point[f.name]
            overrides[f.name] = int(value) if f.type in ("int", int) else value
    return dataclasses.replace(base, **overrides)


def check_point(point: Point, base: PhysicsConfig, n_positions: int = 0) -> PhysicsConfig:
    """The point's physics config, after refusing what no push could do."""
    config = physics_for(base, point)
    too_many = push_step_problem(config.time_step, config.max_sim_time)
    if too_many:
        raise UserError(too_many)
    if not 0.0 <= point["speed"] <= config.max_flick_speed:
        raise UserError(
            f"speed {point['speed']} is outside 0 to the maximum flick {config.max_flick_speed}"
        )
    if not 0.0 <= point["press"] < 1.0:
        raise UserError(f"press must be in [0, 1), got {point['press']}")
    balls = point["balls"]
    if balls != int(balls) or not 3 <= balls <= 51:
        raise UserError(f"balls must be a whole number from 3 to 51, got {balls}")
    if n_positions and not 0 <= point["position"] < n_positions:
        raise UserError(
            f"position {point['position']:g} is not one of the {n_positions} positions (0 to "
            f"{n_positions - 1})"
        )
    return config


def scenario_for(job: Job, point: Point) -> Scenario:
    if job.positions:
        return job.positions[int(point["position"])]
    return mid_game(job.board, int(point["balls"]), int(point["layout"]))


def _spec(
    job: Job, scenario: Scenario, point: Point, nudge: tuple[float, float, float]
) -> PushSpec:
    """The push of ``point`` (nudged for a perturbed twin), as the job's hand makes it."""
    aimed = _aimed(job.board, scenario, point, nudge)
    hand = HANDS[job.hand]
    if hand.exact:
        return aimed
    draws = np.random.default_rng([int(point["layout"]), int(point["position"]), HAND_SALT])
    push = Push(aimed.triangle, aimed.offset, aimed.angle, aimed.speed, aimed.strength)
    made = hand.make(push, job.board, INSIDE, job.base.max_flick_speed, draws)
    return made.spec(scenario.pusher)


INSIDE = 0.999
"""The press region a made push is kept in: the aimed one's (a push never presses outside)."""


def _aimed(
    board: Board, scenario: Scenario, point: Point, nudge: tuple[float, float, float]
) -> PushSpec:
    inradius = board.pitch / (2.0 * math.sqrt(3.0))
    theta = math.radians(point["press_angle"])
    x = point["press"] * inradius * math.cos(theta) + nudge[0]
    y = point["press"] * inradius * math.sin(theta) + nudge[1]
    reach = math.hypot(x, y)
    if reach > 0.999 * inradius:  # a nudge never presses outside the triangle
        x, y = x * 0.999 * inradius / reach, y * 0.999 * inradius / reach
    return PushSpec(
        triangle=scenario.triangle,
        colour=scenario.pusher,
        offset=(x, y),
        angle=math.radians(point["angle"] + nudge[2]),
        speed=point["speed"],
        strength=point["strength"],
    )


def _returned(board: Board, after: Mapping[Cell, Colour]) -> dict[Colour, int]:
    return {
        c: sum(1 for cell, b in after.items() if b == c and board.colour(cell) == c)
        for c in PLAYER_COLOURS
    }


def resolver_for(model: str, config: PhysicsConfig) -> PushResolver:
    """The 2-D physics, or with model "3d" the MuJoCo reference (imported only then)."""
    if model == "3d":
        from pusher_sim.reference.resolver import ReferenceResolver

        return ReferenceResolver(config)
    return PhysicsResolver(config)


def run_point(job: Job, point: Point) -> Row:
    """Resolve one push; the row holds the point's parameters and what came of the push."""
    board = job.board
    resolver = resolver_for(job.model, check_point(point, job.base, len(job.positions)))
    scenario = scenario_for(job, point)
    outcome = resolver.resolve(board, scenario.balls, _spec(job, scenario, point, (0.0, 0.0, 0.0)))
    after = outcome.as_dict()
    row: Row = {name: point[name] for name in (*PUSH_PARAMS, *SCENARIO_PARAMS)}
    row.update({k: v for k, v in point.items() if k not in row})
    returned = _returned(board, after)
    own = sum(1 for b in after.values() if b == scenario.pusher)
    row.update(
        pusher=scenario.pusher.label,
        **{f"returned_{c.label}": n for c, n in returned.items()},
        returned_pusher=returned[scenario.pusher],
        returned_others=sum(returned.values()) - returned[scenario.pusher],
        gain=sum(returned.values()) - 2 * returned[scenario.pusher],
        share_pusher=returned[scenario.pusher] / own,
        moved=sum(1 for cell, b in scenario.balls.items() if after.get(cell) != b),
        settled=outcome.settled,
        sim_time=outcome.sim_time,
        steps=outcome.steps,
    )
    if job.perturbed:
        rng = np.random.default_rng([int(point["layout"]), int(point["position"]), 7])
        phi = float(rng.uniform(0.0, 2.0 * math.pi))
        sign = 1.0 if rng.integers(2) else -1.0
        nudge = (
            job.perturb_press * math.cos(phi),
            job.perturb_press * math.sin(phi),
            sign * job.perturb_angle,
        )
        twin = resolver.resolve(board, scenario.balls, _spec(job, scenario, point, nudge))
        twin_after = twin.as_dict()
        cells = set(after) | set(twin_after)
        row["sensitivity"] = sum(1 for c in cells if after.get(c) != twin_after.get(c))
        row["returned_change"] = (
            _returned(board, twin_after)[scenario.pusher] - returned[scenario.pusher]
        )
    return row
