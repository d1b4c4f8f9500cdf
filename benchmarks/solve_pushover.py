"""Solve two-player Push Over exactly and write the table the solved bots play from.

Lists every position where a turn begins (following the rules' own code from both starts),
finds the best reply to the expected-movement bot and perfect play by value iteration, prints
the exact winning chances from the start, and writes ``assets/pushover-solved.npz``
(``--out`` elsewhere; ``--check`` compares with the file instead of writing it).

Run: ``.venv/bin/python benchmarks/solve_pushover.py``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from pusher_sim.atomic import atomic_write, check_writable
from pusher_sim.errors import UserError
from pushover.config import PushOverConfig
from pushover.dice import expected_movement_plan
from pushover.solved_table import TABLE_PATH, SolvedTable, read_table
from pushover.solver import Keys, as_seat_one, evaluate, explore, policy_byte, solve


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=TABLE_PATH, help="where to write the table")
    parser.add_argument("--check", action="store_true", help="compare with --out, write nothing")
    args = parser.parse_args(argv)
    try:
        if args.check:
            held = read_table(args.out)
        else:
            check_writable(args.out)
    except UserError as exc:
        print(f"solve_pushover: {exc}", file=sys.stderr)
        return 2
    config = PushOverConfig(players=2)
    expected = expected_movement_plan(config).roll

    started = time.perf_counter()
    graph = explore(config)
    listed = time.perf_counter() - started
    movers = Keys(config).movers(graph.keys)
    print(
        f"positions where a turn begins: {len(graph.keys):,} "
        f"({int(np.sum(movers == 0)):,} with seat 0 to move), listed in {listed:.1f} s"
    )
    started = time.perf_counter()
    best = solve(config, graph, expected)
    perfect = solve(config, graph, None)
    solved = time.perf_counter() - started
    print(f"solved in {solved:.1f} s ({best.sweeps:,} and {perfect.sweeps:,} group sweeps)")

    first, second = graph.starts

    def report(name: str, values: np.ndarray) -> None:
        a, b = float(values[first]), float(values[second])
        print(f"  {name:<34} first {a:.6f}  second {b:.6f}  mean {(a + b) / 2:.6f}")

    print("seat 0's exact winning chance from the start, moving first / second:")
    report("best reply vs expected", best.values)
    report("perfect vs expected", evaluate(config, graph, perfect.policy, expected))
    plain = np.full(len(graph.keys), policy_byte(config, expected), dtype=np.uint8)
    report("expected vs expected", evaluate(config, graph, plain, expected))
    report("perfect vs perfect", perfect.values)
    report(
        "best reply vs perfect",
        evaluate(config, graph, best.policy, as_seat_one(config, graph, perfect.policy)),
    )

    mine = movers == 0
    table = SolvedTable(
        config,
        graph.keys[mine],
        {"best": best.policy[mine], "perfect": perfect.policy[mine]},
    )
    data = table.to_bytes()
    if args.check:
        same = np.array_equal(held.keys, table.keys) and all(
            np.array_equal(held.policies[n], table.policies[n]) for n in table.policies
        )
        print(f"{args.out}: {'the same' if same else 'DIFFERENT'}")
        return 0 if same else 1
    atomic_write(args.out, data)
    print(f"wrote {args.out} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
