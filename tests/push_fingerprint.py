"""Fingerprints of resolved pushes: every number a push leaves behind, hashed.

The speed work on the push model must not move any ball by a single bit (tournaments and
experiment figures were computed with it), so the tests compare these digests with the ones
recorded for each model this build can run. ``python -m tests.push_fingerprint N [MODEL]``
prints the digests of the first N pushes and of all N together, to record them for a new
model (with a new ``MODEL_VERSION``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import sys
from collections.abc import Iterator

from pusher_sim.benchmarking import random_push
from pusher_sim.board import Board
from pusher_sim.physics.config import config_for_model
from pusher_sim.physics.simulation import PushSimulation
from pusher_sim.physics.version import MODEL_VERSION

BOARD = Board()


def push_records(count: int, seed: int = 0, model: str = MODEL_VERSION) -> Iterator[str]:
    """One line per push: steps, settled, outcome, final energy, fix-up counts, and every
    ball's position, velocity and spin velocity as exact hexadecimal floats. Pushes are the
    benchmark's random 30-ball pushes; every other one gets a random press strength. ``model``
    is the physics model (config_for_model) they are resolved with."""
    rng = random.Random(seed)
    config = config_for_model(model)
    for k in range(count):
        balls, spec = random_push(BOARD, rng)
        if k % 2:
            spec = dataclasses.replace(spec, strength=rng.random())
        sim = PushSimulation(BOARD, balls, spec, config)
        out = sim.run()
        m = sim.model
        parts = [
            str(k),
            str(out.steps),
            str(out.settled),
            repr(out.balls),
            float.hex(sim.energy()),
            repr(sorted(m.fixups.items())),
        ]
        for i, body in enumerate(m.state.bodies):
            p, v = body.position, body.velocity
            parts += [float.hex(p.x), float.hex(p.y), float.hex(v.x), float.hex(v.y)]
            spin = m.state.spins[i]
            if spin is not None:
                parts += [float.hex(spin.velocity.x), float.hex(spin.velocity.y)]
        yield "|".join(parts)


def digests(count: int, seed: int = 0, model: str = MODEL_VERSION) -> tuple[list[str], str]:
    """Each push's SHA-256 and the SHA-256 of all the records in order."""
    each: list[str] = []
    whole = hashlib.sha256()
    for record in push_records(count, seed, model):
        data = record.encode()
        each.append(hashlib.sha256(data).hexdigest())
        whole.update(data + b"\n")
    return each, whole.hexdigest()


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    pushes, total = digests(n, model=sys.argv[2] if len(sys.argv) > 2 else MODEL_VERSION)
    for d in pushes:
        print(d)
    print("all:", total)
