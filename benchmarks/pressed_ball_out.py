"""How often the pressed ball leaves the triangle in gentle presses: the 3-D reference against
the 2-D models, on the same uncrowded boards (issue 32, point 5).

Board ``seed`` is :func:`~pusher_sim.benchmarking.uncrowded_push` drawn from
``random.Random(seed)`` (a triangle and five more balls, a random press point, no flick). The
pressed ball is *out* when it ends in a cup that is not one of the triangle's three, or in none
(the reference's land, on a ball, off the board): the comparison's "pressed ball out"
(pusher_sim/reference/compare.py). The reference costs about 2 CPU-s a push; the 2-D models a
few ms.

Run: ``.venv/bin/python benchmarks/pressed_ball_out.py [--boards N] [--strength S]
[--models 10,9,8] [--no-reference]``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from pusher_sim.benchmarking import uncrowded_push
from pusher_sim.board import Board
from pusher_sim.physics.config import config_for_model
from pusher_sim.reference.cases import Case
from pusher_sim.reference.compare import Side, three_d, two_d
from pusher_sim.reference.contact import SHIPPED


def board_case(board: Board, seed: int, strength: float) -> Case:
    """Uncrowded board ``seed`` pressed at ``strength``."""
    balls, spec = uncrowded_push(board, random.Random(seed), strength)
    return Case(seed, "uncrowded", balls, spec)


def pressed_out(side: Side) -> bool:
    """Whether the pressed ball ended outside the triangle's cups."""
    return side.by_role["pressed"] == 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=48)
    parser.add_argument("--first", type=int, default=0, help="first board's seed")
    parser.add_argument("--strength", type=float, default=0.0)
    parser.add_argument("--models", default="10,9,8", help="2-D physics models, comma-separated")
    parser.add_argument("--no-reference", action="store_true")
    args = parser.parse_args(argv)
    board = Board()
    models = [m for m in args.models.split(",") if m]
    cfgs = {m: config_for_model(m) for m in models}
    names = ([] if args.no_reference else ["3d"]) + models
    outs: dict[str, list[bool]] = {n: [] for n in names}
    left: dict[str, int] = dict.fromkeys(names, 0)
    for seed in range(args.first, args.first + args.boards):
        case = board_case(board, seed, args.strength)
        row = []
        if not args.no_reference:
            three, _ = three_d(board, case, config_for_model(models[0] if models else "9"), SHIPPED)
            outs["3d"].append(pressed_out(three))
            left["3d"] += three.left_triangle
            row.append(f"3d {'out' if pressed_out(three) else 'in '}")
        for m in models:
            two = two_d(board, case, cfgs[m])
            out = pressed_out(two)
            outs[m].append(out)
            left[m] += two.left_triangle
            row.append(f"{m} {'out' if out else 'in '}")
        print(f"board {seed:3d}: " + "  ".join(row), flush=True)
    for n in names:
        k = sum(outs[n])
        print(
            f"{n}: pressed ball out in {k} of {len(outs[n])} ({k / len(outs[n]):.0%}); "
            f"{left[n] / len(outs[n]):.2f} triangle balls moved a press"
        )
    if not args.no_reference:
        for m in models:
            same = sum(a == b for a, b in zip(outs["3d"], outs[m], strict=True))
            print(f"{m}: agrees with the reference on {same} of {len(outs[m])} boards")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
