"""What a push costs in the 3-D reference against the 2-D model, measured in one run.

The same pushes (`pusher validate`'s, seed 0) are resolved alternately by each model, so both
see the same machine; it prints each one's mean seconds per push and their ratio. CPU time is
what is timed (the machine may be shared). Needs the optional MuJoCo.

Run: ``.venv/bin/python benchmarks/bench_reference.py [--pushes N]`` (default 10).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from pusher_sim.board import Board
from pusher_sim.errors import UserError
from pusher_sim.physics import PhysicsConfig, PhysicsResolver
from pusher_sim.push_resolution import PushResolver


def measure(pushes: int) -> tuple[float, float]:
    """Mean CPU seconds per push: (2-D, 3-D)."""
    from pusher_sim.reference import validate
    from pusher_sim.reference.resolver import ReferenceResolver

    board, cfg = Board(), PhysicsConfig()
    job = validate.make_job(board, 0, cfg, cfg)
    two: PushResolver = PhysicsResolver(cfg)
    three: PushResolver = ReferenceResolver(cfg)
    first = job.case(0)
    three.resolve(board, first.balls, first.spec)  # compile the board's model before timing
    spent = [0.0, 0.0]
    for i in range(pushes):
        case = job.case(i)
        for k, resolver in enumerate((two, three)):
            t0 = time.process_time()
            resolver.resolve(board, case.balls, case.spec)
            spent[k] += time.process_time() - t0
    return spent[0] / pushes, spent[1] / pushes


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_reference", description=__doc__)
    parser.add_argument("--pushes", type=int, default=10, help="pushes per model (default 10)")
    args = parser.parse_args(argv)
    if args.pushes < 1:
        print("bench_reference: --pushes must be at least 1", file=sys.stderr)
        return 2
    try:
        two, three = measure(args.pushes)
    except UserError as exc:
        print(f"bench_reference: {exc}", file=sys.stderr)
        return 2
    print(f"{args.pushes} pushes each, CPU seconds per push: 2-D {two:.4f}, 3-D {three:.3f}")
    print(f"3-D reference / 2-D model cost per push: {three / two:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
