"""One run of ``pusher validate``, its flags already checked by :mod:`pusher_sim.reference.cli`:
every input file read and every output proven writable before any push is resolved, then the
pushes compared, reported, fitted and judged, and the outputs written."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from pusher_sim import interrupts
from pusher_sim.atomic import check_writable
from pusher_sim.board import Board
from pusher_sim.errors import UserError
from pusher_sim.physics import PhysicsConfig, load_config
from pusher_sim.physics.config import config_for_model
from pusher_sim.physics.version import MODEL_VERSION
from pusher_sim.reference import resumable, validate, verdict
from pusher_sim.reference.compare import Row
from pusher_sim.reference.mujoco_import import mujoco
from pusher_sim.reference.plot import figure
from pusher_sim.running.dataset import check_path
from pusher_sim.running.output_lock import output_locks
from pusher_sim.running.plot_path import check_plot_path


def run_validation(args: argparse.Namespace) -> int:
    """Check the outputs and read the inputs, then compare, under the outputs' locks (a second
    run onto the same files refuses now)."""
    if args.out:
        check_writable(args.out)
    if args.table:
        check_writable(check_path(args.table))
    if args.plot:
        check_plot_path(args.plot)
    with output_locks([args.out, args.plot, args.table]):
        given = read_rows("--rows", args.rows or [], args.seed) if args.rows else None
        judged_on = read_rows("--judge", args.judge or [], args.seed)
        if given is None:
            mujoco()  # not installed: said in one line before anything runs
        return compare(args, given, judged_on)


def read_rows(flag: str, paths: Sequence[str], seed: int) -> list[Row]:
    """The pushes of ``pusher validate --out`` files (of ``seed``), a push in two files merged
    into one; a file that is not one is a one-line :class:`UserError` naming ``flag``."""
    try:
        rows = [Row.from_json(r) for path in paths for r in _rows_of(path, seed)]
    except (KeyError, TypeError, ValueError):
        raise UserError(f"{flag}: a file is not a pusher validate --out file") from None
    try:
        return validate.merge_rows(rows)
    except ValueError as exc:
        raise UserError(f"{flag}: {exc}") from None


def _rows_of(path: str, seed: int) -> list[dict[str, Any]]:
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


def compare(args: argparse.Namespace, given: list[Row] | None, judged_on: list[Row]) -> int:
    """Resolve the pushes (or take ``given``), report, fit and judge, and write the outputs."""
    cfg = load_config()
    if args.physics_model is not None:
        cfg = config_for_model(args.physics_model, asdict(cfg))
    variants = (() if args.no_noise else (validate.NOISE,)) + (
        validate.CONVERGENCE if args.convergence else ()
    )
    job = validate.make_job(Board(), args.seed, cfg, cfg, variants)
    head: dict[str, Any] = {
        "physics_model": args.physics_model or MODEL_VERSION,
        "seed": args.seed,
        "first": args.first,
        "pushes": args.pushes,
    }
    if given is None:  # pushes taken from --rows files are no run to resume
        head["identity"] = resumable.identity(args.seed, args.first, cfg, variants)
    before: list[Row] = []
    if args.out:
        ident = head.get("identity", {})
        before = resumable.done_before(args.out, ident, args.first, args.pushes, args.resume)
    if given is not None:
        rows = taken(args, job, given)
    elif args.out:
        found = resolved_into_file(args, job, head, before)
        if isinstance(found, int):
            return found
        rows = found
    else:
        rows = resolved(args, job)
    summary = validate.summary(rows)
    print(validate.report(summary))
    judged = verdict.verdict(rows, summary, _labels(args))
    print(verdict.report(judged))
    result = resumable.file_data(head, rows, complete=True)
    result.update(summary=summary, verdict=judged)
    if args.fit:
        result["fit"] = fitted_and_judged(job, cfg, rows, judged_on, args.workers)
    if args.out:
        resumable.write(args.out, result)
    if args.plot:
        figure(summary, args.plot)
    if args.table:
        validate.write_table(rows, args.table)
    return 0


def taken(args: argparse.Namespace, job: validate.Job, given: list[Row]) -> list[Row]:
    """The first ``--pushes`` of the ``--rows`` files, their 2-D side resolved again when
    another ``--physics-model`` is asked for."""
    if len(given) < args.pushes:
        raise UserError(f"--rows: the files hold {len(given)} pushes, not {args.pushes}")
    rows = given[: args.pushes]
    if args.physics_model is not None:
        rows = validate.with_two_d(job, rows, args.workers)
        also = [
            (validate.model_name(m), config_for_model(m, asdict(load_config())))
            for m in args.also_model or ()
        ]
        rows = validate.with_models(job, rows, also, args.workers)
    return rows


def _labels(args: argparse.Namespace) -> dict[str, str]:
    """What the verdict calls each 2-D model: ``2d`` is the one compared (``--physics-model``
    or the current one), ``2d_N`` each ``--also-model``."""
    labels = {"2d": f"model {args.physics_model or MODEL_VERSION}"}
    labels.update({validate.model_name(m): f"model {m}" for m in args.also_model or ()})
    return labels


def resolved_into_file(
    args: argparse.Namespace, job: validate.Job, head: dict[str, Any], before: list[Row]
) -> list[Row] | int:
    """The pushes resolved into the ``--out`` file as they finish, beside those it held
    ``before`` (with ``--resume``); an interrupt keeps the finished ones there and returns the
    exit status."""
    wanted = range(args.first, args.first + args.pushes)
    rows = {r.index: r for r in before}
    todo = [i for i in wanted if i not in rows]
    done = [len(rows)]

    def tick() -> None:
        done[0] += 1
        if not args.quiet:
            print(f"\r{done[0]}/{args.pushes} pushes", end="", file=sys.stderr, flush=True)

    try:
        resumable.resolve_into(args.out, head, job, todo, rows, args.workers, tick)
    except KeyboardInterrupt as exc:
        if not args.quiet:
            print(file=sys.stderr)
        print(
            f"pusher: stopped; {len(rows)} of {args.pushes} pushes are kept in {args.out} - "
            "run the same command with --resume to go on",
            file=sys.stderr,
        )
        return interrupts.exit_code(exc)
    if not args.quiet and todo:
        print(file=sys.stderr)
    return [rows[i] for i in wanted]


def resolved(args: argparse.Namespace, job: validate.Job) -> list[Row]:
    """The pushes resolved in both models, with a progress line unless ``--quiet``."""
    done = [0]

    def tick() -> None:
        done[0] += 1
        if not args.quiet:
            print(f"\r{done[0]}/{args.pushes} pushes", end="", file=sys.stderr, flush=True)

    rows = validate.validate(job, args.pushes, args.workers, tick, first=args.first)
    if not args.quiet:
        print(file=sys.stderr)
    return rows


def fitted_and_judged(
    job: validate.Job,
    cfg: PhysicsConfig,
    rows: list[Row],
    judged_on: list[Row],
    workers: int,
) -> dict[str, Any]:
    """Tune the 2-D press to ``rows``, then judge it on the other pushes ``judged_on``."""
    fitted, before, after = validate.fit(job, rows, workers, print)
    names = validate.free(cfg)
    print(f"fit: before {validate.press_values(cfg)}, distance {before:.4f}")
    print(f"fit: after  {validate.press_values(fitted)}, distance {after:.4f}")
    found: dict[str, Any] = {
        "before": {k: getattr(cfg, k) for k in names} | {"distance": before},
        "after": {k: getattr(fitted, k) for k in names} | {"distance": after},
    }
    if judged_on:
        judged = validate.with_two_d(replace(job, two=fitted), judged_on, workers)
        print(f"judged on {len(judged)} other pushes, with the fitted press:")
        print(validate.report(validate.summary(judged)))
        found["judged"] = validate.summary(judged)
    return found
