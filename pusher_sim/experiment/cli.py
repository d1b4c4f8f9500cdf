"""``pusher experiment``: a batch of pushes over a grid or sample of parameters."""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from pusher_sim.board import Board
from pusher_sim.experiment.params import parse_grid, parse_sample
from pusher_sim.experiment.plan import Plan, known_params
from pusher_sim.experiment.plot import outcome_map
from pusher_sim.experiment.run import Row, check_point
from pusher_sim.experiment.runner import executor_for, run_points
from pusher_sim.experiment.table import check_path, write_table
from pusher_sim.physics import PhysicsConfig, load_config

EXAMPLE = """examples:
  pusher experiment --grid angle=0:330:12 --grid speed=0.1:0.9:5 --repeats 4 \\
      --out out/aim.parquet --plot out/aim.png --x angle --y speed --measure returned_pusher
  pusher experiment --sample tilt=0:1 --samples 500 --grid balls=20,30,40 --out out/tilt.csv
  pusher experiment ... --scheduler tcp://10.0.0.5:8786     (a Dask cluster)
"""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    names = ", ".join(sorted(known_params()))
    parser.epilog = f"parameters: {names}\n\n{EXAMPLE}"
    parser.add_argument(
        "--grid",
        action="append",
        default=[],
        metavar="NAME=VALUES",
        help="sweep NAME over a,b,c or START:STOP:COUNT (repeatable)",
    )
    parser.add_argument(
        "--sample",
        action="append",
        default=[],
        metavar="NAME=LOW:HIGH",
        help="draw NAME uniformly (repeatable)",
    )
    parser.add_argument("--samples", type=int, default=100, help="random draws when sampling")
    parser.add_argument("--repeats", type=int, default=1, help="layouts per point")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--config", help="physics config TOML (default: assets/physics.toml)")
    parser.add_argument("--workers", type=int, default=None, help="local processes (all cores)")
    parser.add_argument("--scheduler", help="Dask scheduler address: run on that cluster")
    parser.add_argument("--out", default="out/experiment.parquet", help=".parquet or .csv")
    parser.add_argument("--plot", help="save an outcome map (PNG) of --measure over --x, --y")
    parser.add_argument("--x", default="angle")
    parser.add_argument("--y", default="speed")
    parser.add_argument("--measure", default="returned_pusher")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    plan = Plan(
        grids=tuple(parse_grid(g) for g in args.grid),
        samples=tuple(parse_sample(s) for s in args.sample),
        n_samples=args.samples,
        repeats=args.repeats,
        seed=args.seed,
    )
    out = check_path(args.out)
    base = load_config(args.config) if args.config else PhysicsConfig()
    points = plan.points()
    for point in points:
        check_point(point, base)
    started = time.perf_counter()
    with executor_for(args.workers, args.scheduler) as executor:
        rows = run_points(points, base, Board(), executor, progress=not args.quiet)
    elapsed = time.perf_counter() - started
    write_table(rows, out)
    print(f"{len(rows)} pushes in {elapsed:.1f} s ({len(rows) / elapsed:.0f}/s) -> {out}")
    print(summary(rows))
    if args.plot:
        print(f"outcome map -> {outcome_map(rows, args.x, args.y, args.measure, args.plot)}")
    return 0


def summary(rows: Sequence[Row]) -> str:
    n = len(rows)
    unsettled = sum(1 for r in rows if not r["settled"])
    mean = sum(r["returned_pusher"] for r in rows) / n
    others = sum(r["returned_others"] for r in rows) / n
    return f"mean own balls returned {mean:.3f}, others' {others:.3f}, unsettled {unsettled} of {n}"
