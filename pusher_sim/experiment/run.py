"""One experiment point: build its scenario, push, and measure where the balls went."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from pusher_sim.board import PLAYER_COLOURS, Board
from pusher_sim.errors import UserError
from pusher_sim.experiment.params import PUSH_PARAMS, SCENARIO_PARAMS
from pusher_sim.experiment.plan import Point
from pusher_sim.experiment.scenario import mid_game
from pusher_sim.physics import PhysicsConfig, PhysicsResolver
from pusher_sim.push import PushSpec

Row = dict[str, Any]


def physics_for(base: PhysicsConfig, point: Point) -> PhysicsConfig:
    """The base config with the point's physics parameters swapped in (validated by it)."""
    overrides: dict[str, Any] = {}
    for f in dataclasses.fields(base):
        if f.name in point:
            value = point[f.name]
            overrides[f.name] = int(value) if f.type in ("int", int) else value
    return dataclasses.replace(base, **overrides)


def check_point(point: Point, base: PhysicsConfig) -> PhysicsConfig:
    """The point's physics config, after refusing what no push could do."""
    config = physics_for(base, point)
    if not 0.0 <= point["speed"] <= config.max_flick_speed:
        raise UserError(
            f"speed {point['speed']} is outside 0 to the maximum flick {config.max_flick_speed}"
        )
    if not 0.0 <= point["press"] < 1.0:
        raise UserError(f"press must be in [0, 1), got {point['press']}")
    balls = point["balls"]
    if balls != int(balls) or not 3 <= balls <= 51:
        raise UserError(f"balls must be a whole number from 3 to 51, got {balls}")
    return config


def run_point(point: Point, base: PhysicsConfig, board: Board) -> Row:
    """Resolve one push; the row holds the point's parameters and what came of the push."""
    resolver = PhysicsResolver(check_point(point, base))
    scenario = mid_game(board, int(point["balls"]), int(point["layout"]))
    inradius = board.pitch / (2.0 * math.sqrt(3.0))
    theta = math.radians(point["press_angle"])
    spec = PushSpec(
        triangle=scenario.triangle,
        colour=scenario.pusher,
        offset=(
            point["press"] * inradius * math.cos(theta),
            point["press"] * inradius * math.sin(theta),
        ),
        angle=math.radians(point["angle"]),
        speed=point["speed"],
    )
    outcome = resolver.resolve(board, scenario.balls, spec)
    after = outcome.as_dict()
    row: Row = {name: point[name] for name in (*PUSH_PARAMS, *SCENARIO_PARAMS)}
    row.update({k: v for k, v in point.items() if k not in row})
    returned = {
        c: sum(1 for cell, b in after.items() if b == c and board.colour(cell) == c)
        for c in PLAYER_COLOURS
    }
    row.update(
        pusher=scenario.pusher.label,
        **{f"returned_{c.label}": n for c, n in returned.items()},
        returned_pusher=returned[scenario.pusher],
        returned_others=sum(returned.values()) - returned[scenario.pusher],
        moved=sum(1 for cell, b in scenario.balls.items() if after.get(cell) != b),
        settled=outcome.settled,
        sim_time=outcome.sim_time,
        steps=outcome.steps,
    )
    return row


def run_chunk(points: list[Point], base: PhysicsConfig, board: Board) -> list[Row]:
    """Several points in one task, so a worker's overhead is paid once per chunk."""
    return [run_point(p, base, board) for p in points]
