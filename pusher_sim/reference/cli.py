"""`pusher validate`: the 2-D model against the 3-D reference on the same pushes.

Needs the optional MuJoCo (``pip install 'pusher[reference]'``); without it the command says so
in one line.
"""

from __future__ import annotations

import argparse

from pusher_sim import arguments
from pusher_sim.errors import UserError

MAX_PUSHES = 100_000


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--pushes",
        type=arguments.whole_number(1, MAX_PUSHES),
        default=200,
        help="pushes to resolve in both models (default 200)",
    )
    parser.add_argument("--seed", type=arguments.seed, default=0, help="which pushes (default 0)")
    parser.add_argument(
        "--first",
        type=arguments.whole_number(0, MAX_PUSHES),
        default=0,
        help="start at this push of the seed's sequence (to split a run; default 0)",
    )
    parser.add_argument(
        "--workers", type=arguments.worker_count, default=1, help="worker processes (default 1)"
    )
    parser.add_argument(
        "--out",
        help="write every push's figures and the summary (JSON; rewritten as each push "
        "finishes, so a stopped run keeps its pushes)",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="continue the run whose --out file this is: its pushes are not resolved again "
        "(the same --seed, --first and options; --pushes may be more)",
    )
    parser.add_argument("--plot", help="draw the summary (png, svg or pdf)")
    parser.add_argument(
        "--fit",
        action="store_true",
        help="then tune the 2-D press (model 8: gentle_finger_speed, finger_speed; model 7: "
        "press_speed, gentle_press) to the reference",
    )
    parser.add_argument(
        "--judge",
        action="append",
        help="with --fit: judge the fitted press on the pushes of these --out files (other "
        "pushes than it was fitted on; the 2-D side resolved again) (repeatable)",
    )
    parser.add_argument(
        "--rows",
        action="append",
        help="take the pushes' results from --out files instead of resolving them (repeatable; "
        "a push in two files is one push with the variants of both)",
    )
    parser.add_argument(
        "--convergence",
        action="store_true",
        help="also run the reference at half its time step and at twice its stiffness",
    )
    parser.add_argument(
        "--no-noise",
        action="store_true",
        help="leave out the reference's own noise (each push again, the press point moved 1 um)",
    )
    parser.add_argument(
        "--table",
        help="write every push's outcome in every model, by role (.parquet or .csv)",
    )
    parser.add_argument(
        "--physics-model",
        metavar="N",
        help="the 2-D physics model to compare (default: the current one); with --rows its "
        "side of every push is resolved again, so one reference run judges several models",
    )
    parser.add_argument(
        "--also-model",
        action="append",
        metavar="N",
        help="with --rows and --physics-model: another 2-D model set beside it on the same "
        "pushes, in the same tables, as 2d_N (repeatable)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress line")


def run(args: argparse.Namespace) -> int:
    """Refuse a contradiction among the flags before any work, then run."""
    if args.judge and not args.fit:
        raise UserError("--judge judges a fit: give --fit too")
    if args.resume and (not args.out or args.rows):
        raise UserError("--resume continues the pushes of an --out file: give --out, not --rows")
    if args.also_model and not (args.rows and args.physics_model):
        raise UserError(
            "--also-model sets models side by side on --rows: give --rows and --physics-model"
        )
    # Imported here, not at the top: every ``pusher`` command imports this module to build its
    # parser, and the comparison's modules (the physics, the reference, pyarrow) cost 0.8 s of
    # start-up measured on the shared 2-core box (0.5-0.8 s without them, 1.3-1.7 s with them).
    from pusher_sim.reference.validation_run import run_validation

    return run_validation(args)
