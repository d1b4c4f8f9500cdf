"""``pusher bench``: how fast the push model steps and resolves, next to what pymunk allows.

Machines are noisy, so every figure that matters is a ratio measured in one run: the model's
step rate against the floor pymunk sets (the same balls, velocities and rim in a bare Space:
no cups, no spin, no rolling resistance, no sleeping), timed in alternating rounds. The floor
runs at the model's own ``solver_iterations`` (reported): fewer iterations speed up the bare
Space too, so the ratio credits the model only for what it adds to pymunk's own work.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from pusher_sim import arguments
from pusher_sim.board import PLAYER_COLOURS, Board, Cell, Colour
from pusher_sim.errors import UserError
from pusher_sim.physics.config import PhysicsConfig, load_config
from pusher_sim.physics.simulation import PushSimulation
from pusher_sim.physics.space import BoardSpace
from pusher_sim.physics.version import MODEL_VERSION
from pusher_sim.push_resolution import PushSpec, push_step_problem
from pusher_sim.running.pool import worker_pool
from pusher_sim.strict_toml import read_toml

BALL_COUNTS = (17, 34, 51, 91)
TARGET_RATIO_51 = 0.21  # model steps/s over floor steps/s with 51 balls moving, at least
TARGET_FLOOR_STEPS = 1400  # a push to rest, in steps of the 51-ball floor, at most
UNCROWDED_OTHERS = 5  # balls besides the triangle on the press-strength curve's boards
ROUND_STEPS = 240  # half a second of simulated time: every ball is still moving


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--seconds",
        type=arguments.finite(0.0, 60.0, open_low=True),
        default=1.0,
        help="wall time per measurement, up to 60 (default 1)",
    )
    parser.add_argument(
        "--workers",
        type=arguments.worker_counts,
        default=[1, 2],
        help="worker-process counts for pushes/s, comma-separated (default 1,2)",
    )
    parser.add_argument(
        "--config",
        type=arguments.text_file(1_000_000),
        default=None,
        help="physics TOML (default assets/physics.toml)",
    )
    parser.add_argument("--seed", type=arguments.seed, default=0)


def run(args: argparse.Namespace) -> int:
    if args.config:
        read_toml(args.config, "physics config")  # a deep or dotted file is one line
    cfg = load_config(args.config)
    too_many = push_step_problem(cfg.time_step, cfg.max_sim_time)
    if too_many:
        raise UserError(f"{args.config}: {too_many}")
    board = Board()
    seconds = float(args.seconds)
    report: dict[str, Any] = {
        "config": args.config or "assets/physics.toml",
        "seconds": seconds,
        "model_version": MODEL_VERSION,
        "solver_iterations": cfg.solver_iterations,
        "floor_solver_iterations": cfg.solver_iterations,
    }
    if not args.json:
        print(
            f"model {MODEL_VERSION}; model and floor both at {cfg.solver_iterations} solver "
            "iteration(s) per step",
            flush=True,
        )
    rates: dict[str, Any] = {}
    for n in BALL_COUNTS:
        floor, model = step_rates(board, cfg, n, seconds, args.seed)
        rates[str(n)] = {
            "floor_steps_per_s": floor,
            "model_steps_per_s": model,
            "floor_ball_steps_per_s": floor * n,
            "model_ball_steps_per_s": model * n,
            "ratio": model / floor,
        }
        if not args.json:
            print(
                f"{n:3d} balls moving: floor {floor:10.0f} steps/s  model {model:9.0f} steps/s "
                f"({model * n:10.0f} ball-steps/s)  model/floor {model / floor:.3f}",
                flush=True,
            )
    report["step_rate"] = rates
    report["target_ratio_51"] = TARGET_RATIO_51
    pushes: dict[str, Any] = {}
    floor51, single = push_cost(board, cfg, seconds, args.seed)
    pushes["in_process"] = single
    floor_steps = floor51 / single["pushes_per_s"]
    report["floor_steps_per_push"] = floor_steps
    report["target_floor_steps_per_push"] = TARGET_FLOOR_STEPS
    if not args.json:
        print(
            f"pushes to rest, 30-ball board, in process: {single['pushes_per_s']:.1f}/s "
            f"(mean {single['mean_steps']:.0f} steps, {single['settled_share']:.0%} settled)",
            flush=True,
        )
        ratio51 = rates["51"]["ratio"]
        print(
            f"targets: model/floor at 51 balls {ratio51:.3f} (at least {TARGET_RATIO_51}); "
            f"a push to rest costs {floor_steps:.0f} steps of the 51-ball floor "
            f"(at most {TARGET_FLOOR_STEPS})",
            flush=True,
        )
        fixups = ", ".join(f"{k} {v}" for k, v in single["fixups"].items())
        print(f"fix-ups over {single['pushes']} pushes: {fixups}", flush=True)
    for w in args.workers:
        result = pushes_with_workers(cfg, seconds, args.seed, w)
        pushes[f"workers_{w}"] = result
        if not args.json:
            print(f"pushes to rest with {w} worker process(es): {result['pushes_per_s']:.1f}/s")
    report["pushes"] = pushes
    report["target_pushes_per_s"] = 100.0
    report["cpu_count"] = os.cpu_count()
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    return 0


# -- step rate ------------------------------------------------------------------------------


def moving_board(board: Board, cfg: PhysicsConfig, n: int, seed: int, *, bare: bool) -> BoardSpace:
    """``n`` balls in random cups, each rolling at 0.3 to 1.0 m/s in a random direction."""
    model = BoardSpace(
        board,
        cfg,
        cups=not bare,
        resistance=not bare,
        spin=not bare,
        sleeping=False,
        contacts=not bare,
    )
    rng = random.Random(seed)
    cells = sorted(rng.sample(board.cells, n), key=board.index)
    for k, cell in enumerate(cells):
        a = rng.uniform(0.0, 2.0 * math.pi)
        v = rng.uniform(0.3, 1.0)
        model.add_ball(
            PLAYER_COLOURS[k % 3], board.position(cell), (v * math.cos(a), v * math.sin(a))
        )
    return model


def step_rates(
    board: Board, cfg: PhysicsConfig, n: int, seconds: float, seed: int
) -> tuple[float, float]:
    """Steps/s of the bare Space and of the model, timed in alternating rounds."""
    spent = {True: 0.0, False: 0.0}
    steps = {True: 0, False: 0}
    deadline = time.perf_counter() + 2.0 * seconds
    k = 0
    while time.perf_counter() < deadline or min(steps.values()) == 0:
        for bare in (True, False):
            model = moving_board(board, cfg, n, seed + k, bare=bare)
            t0 = time.perf_counter()
            model.step(ROUND_STEPS)
            spent[bare] += time.perf_counter() - t0
            steps[bare] += ROUND_STEPS
        k += 1
    return steps[True] / spent[True], steps[False] / spent[False]


# -- pushes ---------------------------------------------------------------------------------


def random_push(
    board: Board, rng: random.Random, n_balls: int = 30
) -> tuple[dict[Cell, Colour], PushSpec]:
    """A mid-game board of ``n_balls`` with a triangle and a random press and flick."""
    tri = rng.choice(board.triangles)
    others = [c for c in board.cells if c not in tri]
    cells = list(tri) + rng.sample(others, n_balls - 3)
    balls = {c: PLAYER_COLOURS[rng.randrange(3)] for c in cells}
    # A random point inside the triangle: barycentric weights, shrunk towards the centre.
    w = [rng.random() for _ in range(3)]
    total = sum(w)
    centre = board.triangle_centre(tri)
    px = sum(wi / total * board.position(c)[0] for wi, c in zip(w, tri, strict=True))
    py = sum(wi / total * board.position(c)[1] for wi, c in zip(w, tri, strict=True))
    offset = (0.9 * (px - centre[0]), 0.9 * (py - centre[1]))
    spec = PushSpec(
        tri,
        PLAYER_COLOURS[rng.randrange(3)],
        offset,
        rng.uniform(0.0, 2.0 * math.pi),
        rng.uniform(0.0, 1.5),
    )
    return balls, spec


def uncrowded_push(
    board: Board, rng: random.Random, strength: float
) -> tuple[dict[Cell, Colour], PushSpec]:
    """A triangle and five more balls at random, a random press point, no flick: the board of
    the press-strength curve (benchmarks/press_strength.py)."""
    tri = rng.choice(board.triangles)
    others = rng.sample([c for c in board.cells if c not in tri], UNCROWDED_OTHERS)
    balls = {c: PLAYER_COLOURS[rng.randrange(3)] for c in (*tri, *others)}
    w = [rng.random() for _ in range(3)]
    total = sum(w)
    cx, cy = board.triangle_centre(tri)
    px = sum(wi / total * board.position(c)[0] for wi, c in zip(w, tri, strict=True))
    py = sum(wi / total * board.position(c)[1] for wi, c in zip(w, tri, strict=True))
    offset = (0.9 * (px - cx), 0.9 * (py - cy))
    return balls, PushSpec(tri, PLAYER_COLOURS[0], offset, 0.0, 0.0, strength)


def balls_moved(
    board: Board, balls: dict[Cell, Colour], spec: PushSpec, cfg: PhysicsConfig
) -> tuple[int, bool]:
    """How many of the board's balls rest in another cup after the push, and whether it settled."""
    sim = PushSimulation(board, balls, spec, cfg)
    out = sim.run()
    # The balls are built in the board's cell order, the pressed ball last.
    starts = sorted(balls, key=board.index)
    ends = [board.cell_at(x, y) for _, x, y in sim.ball_positions()[:-1]]
    return sum(a != b for a, b in zip(starts, ends, strict=True)), out.settled


def push_cost(
    board: Board, cfg: PhysicsConfig, seconds: float, seed: int
) -> tuple[float, dict[str, Any]]:
    """The 51-ball floor's steps/s and pushes to rest per second, timed in alternating rounds
    of about a tenth of ``seconds`` each, so both see the same machine."""
    floor_time = 0.0
    floor_steps = 0
    rng = random.Random(seed)
    total: dict[str, Any] = {"pushes": 0, "time": 0.0, "steps": 0, "settled": 0}
    fixups: dict[str, int] = {}
    k = 0
    while total["time"] < seconds:
        bare = moving_board(board, cfg, 51, seed + k, bare=True)
        t0 = time.perf_counter()
        bare.step(ROUND_STEPS)
        floor_time += time.perf_counter() - t0
        floor_steps += ROUND_STEPS
        part = _resolve_pushes(board, cfg, rng, 0.1 * seconds)
        for key in ("pushes", "time", "steps", "settled"):
            total[key] += part[key]
        for name, n in part["fixups"].items():
            fixups[name] = fixups.get(name, 0) + n
        k += 1
    count = total["pushes"]
    result = {
        "pushes": count,
        "pushes_per_s": count / total["time"],
        "mean_steps": total["steps"] / count,
        "settled_share": total["settled"] / count,
        "fixups": fixups,
    }
    return floor_steps / floor_time, result


def _resolve_pushes(
    board: Board, cfg: PhysicsConfig, rng: random.Random, seconds: float
) -> dict[str, Any]:
    """Resolve random pushes to rest (building each board included) for ``seconds``."""
    count = steps = settled = 0
    fixups: dict[str, int] = {}
    t0 = time.perf_counter()
    while True:
        balls, spec = random_push(board, rng)
        sim = PushSimulation(board, balls, spec, cfg)
        out = sim.run()
        count += 1
        steps += out.steps
        settled += out.settled
        for name, n in [*sim.model.fixups.items(), *sim.forced.items()]:
            fixups[name] = fixups.get(name, 0) + n
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            break
    return {
        "pushes": count,
        "time": elapsed,
        "steps": steps,
        "settled": settled,
        "fixups": fixups,
    }


def pushes_per_second(cfg: PhysicsConfig, seconds: float, seed: int) -> dict[str, Any]:
    """Resolve random pushes to rest (building each board included) for ``seconds``."""
    part = _resolve_pushes(Board(), cfg, random.Random(seed), seconds)
    count = part["pushes"]
    return {
        "pushes": count,
        "pushes_per_s": count / part["time"],
        "mean_steps": part["steps"] / count,
        "settled_share": part["settled"] / count,
        "fixups": part["fixups"],
    }


def _worker(job: tuple[PhysicsConfig, float, int]) -> dict[str, Any]:
    return pushes_per_second(*job)


def pushes_with_workers(
    cfg: PhysicsConfig, seconds: float, seed: int, workers: int
) -> dict[str, Any]:
    """Total pushes/s of ``workers`` processes each resolving pushes for ``seconds``."""
    with worker_pool(workers) as pool:
        list(pool.map(_worker, [(cfg, 0.05, seed)] * workers))  # start-up, imports
        t0 = time.perf_counter()
        results = list(pool.map(_worker, [(cfg, seconds, seed + k) for k in range(workers)]))
        wall = time.perf_counter() - t0
    total = sum(r["pushes"] for r in results)
    return {"workers": workers, "pushes": total, "pushes_per_s": total / wall}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pusher bench", description=__doc__)
    configure(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
