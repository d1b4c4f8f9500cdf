"""``pusher experiment``: run a batch of pushes from a spec file or the command line.

``run SPEC`` runs a spec file, ``info TABLE`` prints what produced a result, and the options
alone describe a sweep on the command line (``--save-spec`` writes it as a spec file).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow.compute as pc

from pusher_sim.arguments import check_path_text
from pusher_sim.atomic import atomic_write
from pusher_sim.errors import UserError
from pusher_sim.experiment.params import parse_grid, parse_sample
from pusher_sim.experiment.plan import known_params
from pusher_sim.experiment.plot import outcome_map
from pusher_sim.experiment.prepare import build_job, identity
from pusher_sim.experiment.run import MEASURES, Job, run_point
from pusher_sim.experiment.spec import Spec, load_spec
from pusher_sim.physics import MODEL_VERSION
from pusher_sim.printable import printable
from pusher_sim.running import provenance
from pusher_sim.running.dataset import Output, provenance_of, read_table
from pusher_sim.running.output_lock import output_locks
from pusher_sim.running.plot_path import check_plot_path
from pusher_sim.running.runner import (
    Pool,
    check_address,
    check_workers,
    executor_for,
    run_chunks,
)

EXAMPLE = """examples:
  pusher experiment run assets/experiments/returned.toml      (a spec file)
  pusher experiment --grid angle=0:330:12 --grid speed=0.1:0.9:5 --repeats 4 \\
      --out out/aim.parquet --plot out/aim.png --x angle --y speed --measure returned_pusher
  pusher experiment --sample tilt=0:0.5 --samples 500 --grid balls=20,30,40 --out out/tilt.csv
  pusher experiment ... --scheduler tcp://10.0.0.5:8786     (a Dask cluster)
  pusher experiment ... --save-spec sweep.toml              (write the sweep as a spec file)
  pusher experiment info out/aim.parquet                    (what produced a table)
"""
LONG_RUN = 3600.0
"""Seconds of estimated work above which a run asks before starting (--yes skips it)."""
PLAN_OPTIONS = (
    *("grid", "sample", "samples", "repeats", "seed", "chunk", "config", "positions"),
    *("perturb_press", "perturb_angle", "model", "hand"),
)
OUTPUT_OPTIONS = ("out", "plot", "x", "y", "measure")


def whole(minimum: int, maximum: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``minimum`` to ``maximum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not minimum <= value <= maximum:
            raise argparse.ArgumentTypeError(f"must be from {minimum} to {maximum}, got {value}")
        return value

    return parse


def number(text: str) -> float:
    from pusher_sim.finite import parse_finite

    try:
        return parse_finite(text)
    except UserError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def configure(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    names = ", ".join(sorted(known_params()))
    measures = ", ".join(MEASURES)
    parser.epilog = f"parameters: {names}\nmeasures: {measures}\n\n{EXAMPLE}"
    parser.add_argument("verb", nargs="?", choices=["run", "info"], help="run SPEC | info TABLE")
    parser.add_argument("file", nargs="?", help="the spec file (run) or the table (info)")
    sweep = parser.add_argument_group("the sweep (or give a spec file)")
    sweep.add_argument(
        "--grid",
        action="append",
        metavar="NAME=VALUES",
        help="sweep NAME over a,b,c or START:STOP:COUNT (repeatable)",
    )
    sweep.add_argument(
        "--sample", action="append", metavar="NAME=LOW:HIGH", help="draw NAME uniformly"
    )
    sweep.add_argument("--samples", type=whole(1, 10**8), help="random draws (default 100)")
    sweep.add_argument("--repeats", type=whole(1, 10**6), help="layouts per point (default 1)")
    sweep.add_argument("--seed", type=whole(0, 2**63 - 1), help="default 0")
    sweep.add_argument("--chunk", type=whole(1, 100_000), help="pushes per chunk file")
    sweep.add_argument("--config", help="physics config TOML (default: assets/physics.toml)")
    sweep.add_argument("--positions", metavar="LOG", help="push from the positions of a game log")
    sweep.add_argument(
        "--model", choices=["2d", "3d"], help="2d (the game's physics, default) or 3d (MuJoCo)"
    )
    sweep.add_argument(
        "--hand", help="the hand each push is made with (docs/rules.md P8; default exact)"
    )
    sweep.add_argument(
        "--perturb-press",
        type=number,
        metavar="M",
        help="sensitivity: also push with the press point moved M metres",
    )
    sweep.add_argument(
        "--perturb-angle",
        type=number,
        metavar="DEG",
        help="sensitivity: also push with the flick turned DEG degrees",
    )
    out = parser.add_argument_group("output")
    out.add_argument("--out", help=".parquet or .csv (default out/experiment.parquet)")
    out.add_argument("--plot", help="save an outcome map (.png, .svg, .pdf) of --measure")
    out.add_argument("--x", help="the map's x parameter (default angle)")
    out.add_argument("--y", help="the map's y parameter (default speed)")
    out.add_argument("--measure", help="the mapped measure (default returned_pusher)")
    out.add_argument("--save-spec", metavar="TOML", help="write the sweep as a spec file, stop")
    how = parser.add_argument_group("running")
    how.add_argument("--workers", type=whole(1, 1024), help="local processes (all cores)")
    how.add_argument("--scheduler", help="Dask scheduler address: run on that cluster")
    how.add_argument("--resume", action="store_true", help="continue an interrupted run")
    how.add_argument("--force", action="store_true", help="replace an existing result")
    how.add_argument("--yes", action="store_true", help="start a long run without asking")
    how.add_argument("--quiet", action="store_true", help="no estimate or progress bar")


def run(args: argparse.Namespace) -> int:
    if args.verb == "info":
        if not args.file:
            raise UserError("info needs the table: pusher experiment info TABLE")
        print(format_info(args.file))
        return 0
    spec = spec_of(args)
    if args.save_spec:
        target = Path(args.save_spec)
        if target.suffix != ".toml":
            raise UserError(f"--save-spec {target} must end in .toml")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(f"cannot create folder {target.parent}: {exc.strerror}") from None
        atomic_write(target, relative_to(spec, target.parent).to_toml())
        print(f"spec written to {target}; run it with: pusher experiment run {target}")
        return 0
    return execute(spec, args)


def relative_to(spec: Spec, folder: Path) -> Spec:
    """The spec with its input paths written relative to ``folder``, where its file goes."""

    def move(path: str | None) -> str | None:
        return None if path is None else os.path.relpath(Path(path).resolve(), folder.resolve())

    return dataclasses.replace(spec, config=move(spec.config), positions=move(spec.positions))


def spec_of(args: argparse.Namespace) -> Spec:
    """The spec from a file (output options may override it) or from the options."""
    outputs = {k: getattr(args, k) for k in OUTPUT_OPTIONS if getattr(args, k) is not None}
    if args.verb == "run":
        if not args.file:
            raise UserError("run needs a spec file: pusher experiment run SPEC.toml")
        given = [k for k in PLAN_OPTIONS if getattr(args, k) is not None]
        if given:
            flag = "--" + given[0].replace("_", "-")
            raise UserError(f"{flag} belongs in the spec file {args.file}, not beside it")
        return dataclasses.replace(load_spec(args.file), **outputs)
    if args.file:
        raise UserError(f"unexpected {args.file!r}: did you mean 'run {args.file}'?")
    plan: dict[str, Any] = {
        "grids": tuple(parse_grid(g) for g in args.grid or ()),
        "samples": tuple(parse_sample(s) for s in args.sample or ()),
    }
    for option, key in (("samples", "n_samples"), ("repeats", "repeats"), ("seed", "seed")):
        if getattr(args, option) is not None:
            plan[key] = getattr(args, option)
    for key in ("chunk", "config", "positions", "perturb_press", "perturb_angle", "model", "hand"):
        if getattr(args, key) is not None:
            plan[key] = getattr(args, key)
    return Spec(**plan, **outputs)


def check_output_options(spec: Spec, job: Job) -> None:
    if spec.measure not in MEASURES:
        raise UserError(f"measure {spec.measure!r} is not one of: {', '.join(MEASURES)}")
    if spec.measure in ("sensitivity", "returned_change") and not job.perturbed:
        raise UserError(f"measure {spec.measure} needs --perturb-press or --perturb-angle")
    if spec.plot is not None:
        if spec.x == spec.y:
            raise UserError(f"the map's x and y are both {spec.x!r}")
        for axis in (spec.x, spec.y):
            if axis not in known_params():
                raise UserError(f"cannot plot over {axis!r}: not a parameter")
        check_plot_path(spec.plot)


def execute(spec: Spec, args: argparse.Namespace) -> int:
    job = build_job(spec)
    check_output_options(spec, job)
    if args.scheduler:
        check_address(args.scheduler)
        if args.workers is not None:
            raise UserError("--workers counts local processes; a --scheduler brings its own")
    else:
        check_workers(args.workers)
    output = Output(Path(spec.out))
    ident = identity(job, spec)
    output.make_folder()
    with output_locks([output.path, spec.plot]):
        return execute_locked(spec, args, job, output, ident)


def execute_locked(
    spec: Spec, args: argparse.Namespace, job: Job, output: Output, ident: dict[str, Any]
) -> int:
    """The run, once this process holds the output's lock."""
    if args.resume and not args.force and output.complete_for(ident):
        print(f"{output.path} is already complete: nothing left to do")
        return 0
    if args.resume and not args.force and not output.path.exists():
        note = output.recover_record(ident)
        if note:
            print(f"pusher: {printable(note)}", file=sys.stderr)
    output.check(ident, args.resume, args.force)
    good: set[int] = set()
    if args.resume and not args.force and output.parts.is_dir():
        # Every chunk is checked before any is computed: a bad one found at the end would
        # otherwise cost the whole run first.
        good, note = output.sort_out(ident, job.chunk_size, job.n_chunks)
        if note:
            print(f"pusher: {printable(note)}", file=sys.stderr)
    with executor_for(args.workers, args.scheduler) as pool:
        todo = Todo(job, frozenset(good))
        if not confirm(job, todo, pool, args):
            print("not started", file=sys.stderr)
            return 1
        record = output.prepare(ident, args.resume, args.force)
        session = {"started": provenance.now(), "workers": pool.workers, "where": where(args)}
        record["sessions"].append(session)
        output.write_record(record)
        stopped = run_all(job, todo, pool, output, ident, quiet=args.quiet)
        session["ended"] = provenance.now()
        output.write_record(record)
    if stopped:
        kept = len(output.done())
        print(
            f"pusher: stopped; {kept} of {job.n_chunks} chunks are kept in {output.parts} - "
            "run the same command with --resume to go on",
            file=sys.stderr,
        )
        return 130
    prov = {
        "spec": spec.to_toml(),
        "identity": ident,
        "model_version": MODEL_VERSION,
        "model": job.model_name,
        "physics_config": dataclasses.asdict(job.base),
        "project_version": provenance.project_version(),
        "git_commit": provenance.git_commit(),
        "seed": spec.seed,
        "started": record["sessions"][0].get("started", session["started"]),
        "finished": session["ended"],
        "workers": pool.workers,
        "sessions": record["sessions"],
        "command": provenance.command_line(),
        "pushes": job.plan.size,
    }
    path = output.finish(job.n_chunks, prov, ident)
    summed = ["settled", "returned_pusher", "returned_others"]
    summed += ["sensitivity"] if job.perturbed else []
    print(f"{job.plan.size} pushes -> {path}")
    print(summary(read_table(path, summed)))
    if spec.plot:
        table = read_table(path, list(dict.fromkeys([spec.x, spec.y, spec.measure])))
        plot = outcome_map(table, spec.x, spec.y, spec.measure, spec.plot, best=spec.best)
        print(f"outcome map -> {plot}")
    return 0


def where(args: argparse.Namespace) -> str:
    return f"dask {args.scheduler}" if args.scheduler else "local processes"


@dataclass(frozen=True)
class Todo:
    """The chunks a run has still to do, never listed (a plan may hold millions)."""

    job: Job
    done: frozenset[int]

    def __iter__(self) -> Iterator[int]:
        return (k for k in range(self.job.n_chunks) if k not in self.done)

    @property
    def chunks(self) -> int:
        return self.job.n_chunks - len(self.done)

    @property
    def pushes(self) -> int:
        return self.job.plan.size - sum(self.job.chunk_size(k) for k in self.done)


def confirm(job: Job, todo: Todo, pool: Pool, args: argparse.Namespace) -> bool:
    """Print the run-time estimate; ask before a run estimated over an hour."""
    if not todo.pushes:
        return True
    first = next(iter(todo)) * job.chunk
    picks = sorted({first, job.plan.size // 2})
    started = time.perf_counter()
    for index in picks:
        run_point(job, job.plan.point(index))
    each = (time.perf_counter() - started) / len(picks)
    seconds = each * todo.pushes / pool.workers
    if not args.quiet:
        print(
            f"{todo.pushes:,} pushes in {todo.chunks:,} chunks on {pool.workers} workers: "
            f"about {duration(seconds)} ({each:.3f} s a push)",
            file=sys.stderr,
        )
    if seconds <= LONG_RUN or args.yes:
        return True
    if not sys.stdin.isatty():
        raise UserError(f"this run would take about {duration(seconds)}: add --yes to start it")
    answer = input(f"this run would take about {duration(seconds)}; start it? [y/N] ")
    return answer.strip().lower() in ("y", "yes")


def duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    if seconds < 48 * 3600:
        return f"{int(seconds // 3600)} h {int(seconds % 3600 // 60)} min"
    return f"{seconds / 86400:.1f} days"


@contextlib.contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """SIGTERM and SIGHUP stop a run the way Ctrl-C does (chunks kept, resumable).

    A pool worker forked inside the block keeps this handler until it sets its own: one that
    got the signal in that moment would die of the KeyboardInterrupt with a traceback, and the
    run end in ``BrokenProcessPool``. There the signal is left to the parent, which stops the
    pool.
    """
    parent = os.getpid()

    def handler(signum: int, frame: object) -> None:
        if os.getpid() != parent:  # a worker that has not yet set its own handlers
            return
        raise KeyboardInterrupt

    try:
        previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGTERM, signal.SIGHUP)}
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def run_all(
    job: Job, todo: Todo, pool: Pool, output: Output, ident: dict[str, Any], quiet: bool
) -> bool:
    """Run and write every chunk in ``todo``; True if Ctrl-C, SIGTERM or SIGHUP stopped it."""
    bar = None
    if not quiet:
        from tqdm import tqdm

        bar = tqdm(total=todo.pushes, unit="push", desc="experiment", mininterval=0.5)
        bar.refresh()
    tick = bar.refresh if bar is not None else (lambda: None)
    try:
        results = run_chunks(job, todo, pool, tick)
        with sigterm_as_interrupt(), closing(results):
            for k, rows in results:
                output.write_chunk(k, rows, ident)
                if bar is not None:
                    bar.update(len(rows))
    except KeyboardInterrupt:
        # A second Ctrl-C while we tidy up ends the process at once (workers die with it).
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        return True
    except BrokenProcessPool:
        # A worker was killed from outside (a SIGTERM to the whole group as the pool started,
        # the out-of-memory killer): the run stops as if interrupted, its chunks kept.
        return True
    finally:
        if bar is not None:
            bar.close()
    return False


def summary(table: Any) -> str:
    n = table.num_rows
    unsettled = n - int(pc.sum(table["settled"].cast("int64")).as_py() or 0)
    mean = pc.mean(table["returned_pusher"]).as_py()
    others = pc.mean(table["returned_others"]).as_py()
    text = f"mean own balls returned {mean:.3f}, others' {others:.3f}, unsettled {unsettled} of {n}"
    if "sensitivity" in table.column_names:
        text += f"; mean sensitivity {pc.mean(table['sensitivity']).as_py():.2f} cups"
    return text


def format_info(path: str) -> str:
    """What produced a table, or how far an unfinished run has got.

    Everything shown comes from a file that may have been edited or damaged: each field is
    checked for its type (a wrong one is shown as damaged) and printed with its control
    characters escaped, so no escape sequence in a table reaches the terminal.
    """
    target = Path(check_path_text(path, "the table"))
    if target.is_dir() or target.name.endswith(".parts"):
        parts = Output(target.with_name(target.name.removesuffix(".parts")))
        if not parts.parts.is_dir():
            raise UserError(f"{parts.parts} is not an experiment's chunk folder")
        record = parts.read_record()
        chunks = -(-record["identity"]["pushes"] // record["identity"]["chunk"])
        return (
            f"unfinished run: {len(parts.done())} of {chunks} chunks done "
            f"({len(record['sessions'])} sessions); continue it with --resume"
        )
    prov = provenance_of(target)
    lines = [f"{target}: {_field(prov, 'pushes', int)} pushes"]
    if "model" in prov:
        lines.append(f"made by model: {_field(prov, 'model', str)}")
    for key in ("model_version", "project_version", "git_commit", "seed", "started", "finished"):
        lines.append(f"{key}: {_field(prov, key, (str, int))}")
    sessions = prov.get("sessions", [])
    count = len(sessions) if isinstance(sessions, list) else "damaged"
    lines.append(f"workers: {_field(prov, 'workers', int)} ({count} sessions)")
    lines.append(f"command: {_field(prov, 'command', str)}")
    physics = prov.get("physics_config", {})
    if isinstance(physics, dict):
        lines.append("physics: " + ", ".join(f"{k}={v}" for k, v in physics.items()))
    else:
        lines.append("physics: (damaged: not a table)")
    lines.append("spec:")
    spec = prov.get("spec", "")
    lines += ["  " + line for line in (spec.splitlines() if isinstance(spec, str) else ["?"])]
    return "\n".join(printable(line) for line in lines)


def _field(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> str:
    """A provenance field for printing: its value if of the expected type, else a note."""
    value = data.get(key)
    if value is None:
        return "None"
    if isinstance(value, bool) or not isinstance(value, kind):
        return f"(damaged: a {type(value).__name__})"
    return str(value)
