"""The press-strength curve: how many balls a push moves out of their cups, from the gentlest
press to the hardest, on an uncrowded board. Writes ``docs/press-strength.png``.

Each point is the mean over random pushes (a random triangle, a random press point inside it,
no flick) on boards holding the triangle and five more balls at random. "Moved" counts the balls
that were on the board before the push and rest in another cup after it; the ball the pressed
one lands on must always move, so 1 is the least a push can do.

Run: ``.venv/bin/python benchmarks/press_strength.py [--pushes N] [--seed S] [--out PATH]``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from pusher_sim.atomic import atomic_file
from pusher_sim.benchmarking import UNCROWDED_OTHERS, balls_moved, uncrowded_push
from pusher_sim.board import Board
from pusher_sim.physics import PhysicsConfig

STRENGTHS = tuple(k / 10 for k in range(11))


def curve_point(job: tuple[float, int, int]) -> tuple[float, float, float, float]:
    """Mean balls moved, share of pushes moving at most one, settled share, at one strength."""
    strength, pushes, seed = job
    board, cfg = Board(), PhysicsConfig()
    rng = random.Random(seed)
    moved: list[int] = []
    settled = 0
    for _ in range(pushes):
        n, ok = balls_moved(board, *uncrowded_push(board, rng, strength), cfg)
        moved.append(n)
        settled += ok
    mean = sum(moved) / pushes
    return strength, mean, sum(n <= 1 for n in moved) / pushes, settled / pushes


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pushes", type=int, default=60, help="pushes per strength")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--out", default=str(Path(__file__).resolve().parents[1] / "docs" / "press-strength.png")
    )
    args = parser.parse_args(argv)
    jobs = [(s, args.pushes, args.seed) for s in STRENGTHS]  # the same boards at every strength
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        points = list(pool.map(curve_point, jobs))
    for s, mean, one, settled in points:
        print(
            f"strength {s:.1f}: {mean:.2f} balls moved, {one:.0%} moved at most one, "
            f"{settled:.0%} settled"
        )

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.6), dpi=100)
    ax.plot([p[0] for p in points], [p[1] for p in points], "o-", label="balls moved (mean)")
    ax.plot(
        [p[0] for p in points],
        [3 * p[2] for p in points],
        "s--",
        label="share of pushes moving at most one (x3)",
    )
    ax.set_xlabel("press strength")
    ax.set_ylabel("balls moved out of their cups")
    ax.set_title(
        f"Uncrowded board (triangle + {UNCROWDED_OTHERS} balls), "
        f"{args.pushes} pushes per point, no flick"
    )
    ax.set_ylim(0, None)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    with atomic_file(args.out) as fh:
        fig.savefig(fh, format="png")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
