"""Pushes whose every number is printed, to compare the model on Chipmunk's fields with the
model on pymunk's public API (tests/test_physics_chipmunk.py runs this with each).

``python -m tests.chipmunk_pushes COUNT MODEL`` prints one line per push: the benchmark's first
COUNT random pushes, then a push whose rider meets its holders again and again (lasting
contacts), each with its outcome, fix-ups, first-touch counts and every ball's exact state.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Iterator

from pusher_sim.benchmarking import random_push
from pusher_sim.board import Board, Colour
from pusher_sim.physics.config import config_for_model
from pusher_sim.physics.simulation import PushSimulation
from pusher_sim.push_resolution import PushSpec

BOARD = Board()
RIDER_SEED = 2526  # tests/test_physics_push.py's JITTERING_RIDER


def _rider_push() -> tuple[dict[tuple[int, int], Colour], PushSpec]:
    rng = random.Random(RIDER_SEED)
    balls, spec = random_push(BOARD, rng)
    angle = rng.uniform(0.0, math.tau)
    speed = rng.uniform(0.0, config_for_model("7").max_flick_speed)
    return balls, PushSpec(spec.triangle, spec.colour, spec.offset, angle, speed)


def records(count: int, model: str) -> Iterator[str]:
    cfg = config_for_model(model)
    rng = random.Random(0)
    pushes = [random_push(BOARD, rng) for _ in range(count)]
    pushes.append(_rider_push())
    for k, (balls, spec) in enumerate(pushes):
        sim = PushSimulation(BOARD, balls, spec, cfg.with_(max_sim_time=2.0))
        out = sim.run()
        touch = sim.model.touch
        counts = (touch.count, touch.asleep, touch.lasting) if touch is not None else ()
        parts = [str(k), str(out.steps), repr(out.balls), repr(sim.forced), repr(counts)]
        parts.append(repr(sorted(sim.model.fixups.items())))
        for body, spin in zip(sim.model.state.bodies, sim.model.state.spins, strict=True):
            p, v, w = body.position, body.velocity, spin.velocity
            parts += [float.hex(x) for x in (p.x, p.y, v.x, v.y, w.x, w.y)]
        yield "|".join(parts)


if __name__ == "__main__":
    for line in records(int(sys.argv[1]), sys.argv[2]):
        print(line)
