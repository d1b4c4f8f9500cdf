"""`pusher validate`: the 2-D model against the 3-D reference on the same pushes.

Needs the optional MuJoCo (``pip install 'pusher[reference]'``); without it the command says so
in one line.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from pusher_sim import arguments
from pusher_sim.atomic import atomic_write, check_writable
from pusher_sim.errors import UserError
from pusher_sim.running.output_lock import output_locks

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
    parser.add_argument("--out", help="write every push's figures and the summary (JSON)")
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
    if args.out:
        check_writable(args.out)
    if args.table:
        from pusher_sim.running.dataset import check_path

        check_writable(check_path(args.table))
    if args.plot:
        from pusher_sim.running.plot_path import check_plot_path

        check_plot_path(args.plot)
    with output_locks(
        [args.out, args.plot, args.table]
    ):  # a second run onto the same files refuses now
        return run_locked(args)


def run_locked(args: argparse.Namespace) -> int:
    """Resolve (or read) the pushes, report, and write ``--out`` and ``--plot``."""
    from pusher_sim.board import Board
    from pusher_sim.physics import load_config
    from pusher_sim.physics.config import config_for_model
    from pusher_sim.physics.version import MODEL_VERSION
    from pusher_sim.reference import validate
    from pusher_sim.reference.compare import Row
    from pusher_sim.reference.mujoco_import import mujoco
    from pusher_sim.reference.plot import figure

    if args.also_model and not (args.rows and args.physics_model):
        raise UserError(
            "--also-model sets models side by side on --rows: give --rows and --physics-model"
        )
    board = Board()
    cfg = load_config()
    if args.physics_model is not None:
        cfg = config_for_model(args.physics_model, asdict(cfg))
    variants = (() if args.no_noise else (validate.NOISE,)) + (
        validate.CONVERGENCE if args.convergence else ()
    )
    job = validate.make_job(board, args.seed, cfg, cfg, variants)
    if args.rows:
        try:
            rows = [Row.from_json(r) for path in args.rows for r in _read_rows(path, args.seed)]
        except (KeyError, TypeError, ValueError):
            raise UserError("--rows: a file is not a pusher validate --out file") from None
        try:
            rows = validate.merge_rows(rows)
        except ValueError as exc:
            raise UserError(f"--rows: {exc}") from None
        rows = rows[: args.pushes]
        if len(rows) < args.pushes:
            raise UserError(f"--rows: the files hold {len(rows)} pushes, not {args.pushes}")
        if args.physics_model is not None:
            rows = validate.with_two_d(job, rows, args.workers)
            also = [
                (validate.model_name(m), config_for_model(m, asdict(load_config())))
                for m in args.also_model or ()
            ]
            rows = validate.with_models(job, rows, also, args.workers)
    else:
        mujoco()
        done = [0]

        def tick() -> None:
            done[0] += 1
            if not args.quiet:
                print(f"\r{done[0]}/{args.pushes} pushes", end="", file=sys.stderr, flush=True)

        rows = validate.validate(job, args.pushes, args.workers, tick, first=args.first)
        if not args.quiet:
            print(file=sys.stderr)
    summary = validate.summary(rows)
    print(validate.report(summary))
    result: dict[str, Any] = {
        "physics_model": args.physics_model or MODEL_VERSION,
        "seed": args.seed,
        "first": args.first,
        "summary": summary,
        "rows": [r.as_json() for r in rows],
    }
    if args.judge and not args.fit:
        raise UserError("--judge judges a fit: give --fit too")
    if args.fit:
        fitted, before, after = validate.fit(job, rows, args.workers, print)
        names = validate.free(cfg)
        print(f"fit: before {validate._values(cfg)}, distance {before:.4f}")
        print(f"fit: after  {validate._values(fitted)}, distance {after:.4f}")
        result["fit"] = {
            "before": {k: getattr(cfg, k) for k in names} | {"distance": before},
            "after": {k: getattr(fitted, k) for k in names} | {"distance": after},
        }
        if args.judge:
            held = [Row.from_json(r) for path in args.judge for r in _read_rows(path, args.seed)]
            judged = validate.with_two_d(replace(job, two=fitted), held, args.workers)
            print(f"judged on {len(judged)} other pushes, with the fitted press:")
            print(validate.report(validate.summary(judged)))
            result["fit"]["judged"] = validate.summary(judged)
    if args.out:
        atomic_write(args.out, json.dumps(result, indent=1) + "\n")
    if args.plot:
        figure(summary, args.plot)
    if args.table:
        validate.write_table(rows, args.table)
    return 0


def _read_rows(path: str, seed: int) -> list[dict[str, Any]]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        rows = data["rows"]
        if not isinstance(rows, list):
            raise TypeError
        if data["seed"] != seed:
            raise UserError(f"{path} holds the pushes of seed {data['seed']}, not {seed}")
        return rows
    except OSError as exc:
        raise UserError(f"cannot read {path}: {exc.strerror}") from None
    except (ValueError, KeyError, TypeError):
        raise UserError(f"{path} is not a pusher validate --out file") from None
