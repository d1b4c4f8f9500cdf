"""Instructions, not seconds: the push model against the pymunk floor under valgrind's callgrind.

Timing ratios on a shared machine wander by a tenth from run to run; instruction counts do not
depend on the load. Each figure is the difference of two runs that differ only in the work
counted (so start-up, imports and building the boards cancel): a push to rest on a 30-ball
board (the benchmark's random pushes), a step of the floor and of the model with 51 balls
moving. Needs ``valgrind`` on the PATH; takes a few minutes.

Run: ``.venv/bin/python benchmarks/bench_instructions.py [--pushes N] [--rounds R] [--model M]``.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys

from pusher_sim.benchmarking import ROUND_STEPS, moving_board, random_push
from pusher_sim.board import Board
from pusher_sim.physics.config import MODEL_SETTINGS, config_for_model
from pusher_sim.physics.simulation import PushSimulation
from pusher_sim.physics.version import MODEL_VERSION


def work(kind: str, count: int, build_only: bool, model: str = MODEL_VERSION) -> None:
    """The counted work: ``count`` pushes, or ``count`` rounds of a 51-ball board stepped,
    under physics ``model`` (config_for_model)."""
    board, cfg = Board(), config_for_model(model)
    if kind == "push":
        rng = random.Random(0)
        for _ in range(count):
            sim = PushSimulation(board, *random_push(board, rng), cfg)
            if not build_only:
                sim.run()
        return
    for k in range(count):
        space = moving_board(board, cfg, 51, k, bare=kind == "floor")
        if not build_only:
            space.step(ROUND_STEPS)


def counting_env() -> dict[str, str]:
    """The environment of a counted run: numpy's OpenBLAS (imported on the way) starts a thread
    per core that spins while idle, and callgrind counts every thread, so left alone the floor
    came out anywhere from 52 k to 76 k instructions a step; with one BLAS thread it repeats
    within a fraction of a percent."""
    return {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}


def instructions(kind: str, count: int, build_only: bool, model: str = MODEL_VERSION) -> int:
    out = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--work",
            kind,
            str(count),
            "build" if build_only else "run",
            model,
        ],
        capture_output=True,
        text=True,
        check=True,
        env=counting_env(),
    )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise SystemExit(f"bench_instructions: no instruction count from valgrind: {out.stderr}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pushes", type=int, default=30, help="pushes counted (default 30)")
    parser.add_argument("--rounds", type=int, default=10, help="rounds of 240 steps (default 10)")
    parser.add_argument(
        "--model",
        choices=sorted(MODEL_SETTINGS),
        default=MODEL_VERSION,
        help=f"physics model (default {MODEL_VERSION})",
    )
    parser.add_argument("--work", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.work:
        kind, count, mode, model = args.work
        work(kind, int(count), mode == "build", model)
        return 0
    if args.pushes < 1 or args.rounds < 1:
        print("bench_instructions: --pushes and --rounds must be at least 1", file=sys.stderr)
        return 2
    if shutil.which("valgrind") is None:
        print("bench_instructions: valgrind is not installed", file=sys.stderr)
        return 2
    model = args.model
    push = (
        instructions("push", args.pushes, False, model) - instructions("push", 0, False, model)
    ) / args.pushes
    steps = args.rounds * ROUND_STEPS
    per_step = {}
    for kind in ("floor", "model"):
        ran = instructions(kind, args.rounds, False, model)
        built = instructions(kind, args.rounds, True, model)
        per_step[kind] = (ran - built) / steps
    floor, step = per_step["floor"], per_step["model"]
    print(f"physics model {model}")
    print(f"51 balls moving: floor {floor:,.0f} instructions/step, model {step:,.0f}")
    print(f"model/floor at 51 balls by instructions: {floor / step:.3f} (target at least 0.21)")
    print(
        f"a push to rest: {push:,.0f} instructions = {push / floor:,.0f} steps of the 51-ball "
        "floor (target at most 1400)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
