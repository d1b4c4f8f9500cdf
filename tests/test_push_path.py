"""A push resolved with ``record`` carries its path, and the path changes nothing else."""

from __future__ import annotations

import math
import random

from pusher_sim.benchmarking import random_push
from pusher_sim.board import Board
from pusher_sim.physics import PhysicsConfig, PhysicsResolver
from pusher_sim.pusher.scripted import ScriptedResolver


def test_a_recorded_push_rests_where_an_unrecorded_one_does() -> None:
    board = Board()
    resolver = PhysicsResolver(PhysicsConfig())
    rng = random.Random(3)
    for _ in range(3):
        balls, spec = random_push(board, rng)
        plain = resolver.resolve(board, balls, spec)
        recorded = resolver.resolve(board, balls, spec, record=True)
        assert recorded == plain
        assert (recorded.sim_time, recorded.steps) == (plain.sim_time, plain.steps)
        assert plain.path is None
        path = recorded.path
        assert path is not None
        assert path.cups[-1] in dict(recorded.balls)
        assert sorted(zip(path.cups, path.colours, strict=True)) == sorted(recorded.balls)
        assert math.isclose(path.duration, recorded.sim_time, abs_tol=path.interval)
        assert all(len(f) == len(path.colours) for f in path.frames)
        # The last frame is where the physics left each ball: within its cup's settle radius.
        for (x, y, z), cup in zip(path.frames[-1], path.cups, strict=True):
            cx, cy = board.position(cup)
            assert math.hypot(x - cx, y - cy) < 0.5 * board.pitch
            assert z == 0.0


def test_a_scripted_push_records_a_glide_from_the_press_to_the_cups() -> None:
    board = Board()
    rng = random.Random(5)
    balls, spec = random_push(board, rng)
    outcome = ScriptedResolver().resolve(board, balls, spec, record=True)
    path = outcome.path
    assert path is not None and outcome.model == "scripted"
    cx, cy = board.triangle_centre(spec.triangle)
    assert path.frames[0][-1][:2] == (cx + spec.offset[0], cy + spec.offset[1])
    for (x, y, _), cup in zip(path.frames[-1], path.cups, strict=True):
        assert math.dist((x, y), board.position(cup)) < 1e-12
    assert sorted(zip(path.cups, path.colours, strict=True)) == sorted(outcome.balls)
