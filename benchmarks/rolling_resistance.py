"""How much the rolling resistance shapes a push: the same `pusher validate` pushes at several
values of ``rolling_resistance`` (the shipped 0.02, and the 1e-3 to 1e-2 glass shows on wood or
plastic), in the reference and in the 2-D model. Prints, per value and model, the mean balls
moved by role and the share of triangle balls leaving their cups (docs/physics.md quotes it).

Run: ``.venv/bin/python benchmarks/rolling_resistance.py [--pushes N] [--pushes-2d N]
[--workers W] [--values A,B,...]`` (defaults 40 reference pushes, 400 2-D ones, 1 worker;
``--pushes 0``: the 2-D model only). Needs MuJoCo. A low resistance lets balls roll for
seconds: a reference push at 0.002 costs several times one at 0.02.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import numpy as np

from pusher_sim.board import Board
from pusher_sim.physics import PhysicsConfig

VALUES = (0.002, 0.005, 0.01, 0.02)


def _table(label: str, sides: Sequence[object]) -> str:
    from pusher_sim.reference.compare import ROLES, Side

    got = [s for s in sides if isinstance(s, Side)]
    moved = "  ".join(f"{r} {np.mean([s.by_role[r] for s in got]):.2f}" for r in ROLES)
    left = np.mean([s.left_triangle / 3.0 for s in got])
    return f"{label:<22} moved: {moved}   triangle left {100 * left:.0f}%"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rolling_resistance", description=__doc__)
    parser.add_argument("--pushes", type=int, default=40, help="reference pushes per value")
    parser.add_argument("--pushes-2d", type=int, default=400, help="2-D pushes per value")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--values",
        default=",".join(f"{v:g}" for v in VALUES),
        help="rolling resistances to run, comma-separated (default %(default)s)",
    )
    args = parser.parse_args(argv)
    try:
        values = [float(v) for v in args.values.split(",")]
    except ValueError:
        print(f"rolling_resistance: --values {args.values!r} is not numbers", file=sys.stderr)
        return 2
    if args.pushes < 0 or args.pushes_2d < 1 or args.workers < 1 or min(values) < 0.0:
        print(
            "rolling_resistance: --pushes, --pushes-2d and --workers must be at least 1",
            file=sys.stderr,
        )
        return 2
    from pusher_sim.reference import validate

    board = Board()
    for value in values:
        cfg = PhysicsConfig().with_(rolling_resistance=value)
        job = validate.make_job(board, 0, cfg, cfg, variants=())
        two = validate.run_parallel(
            validate._two_d, job, range(args.pushes_2d), args.workers, lambda: None
        )
        print(_table(f"mu_r {value:g}, 2-D ({args.pushes_2d})", two), flush=True)
        if args.pushes:
            rows = validate.validate(job, args.pushes, args.workers)
            sides = [r.three for r in rows]
            print(_table(f"mu_r {value:g}, 3-D ({args.pushes})", sides), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
