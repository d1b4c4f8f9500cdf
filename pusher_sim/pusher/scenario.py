"""Mid-game positions to push on: seeded, legal-looking, always with a triangle to push.

Balls sit only in cups of another colour (as placing demands, P2), colours take turns, and one
triangle near the centre is filled first so that every scenario has something to push.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pusher_sim.board import PLAYER_COLOURS, Board, Cell, Colour, Triangle


@dataclass(frozen=True)
class Scenario:
    balls: dict[Cell, Colour]
    triangle: Triangle
    pusher: Colour


def mid_game(board: Board, n_balls: int, seed: int) -> Scenario:
    """``n_balls`` balls (at least 3, at most 17 per colour) around one central triangle."""
    if not 3 <= n_balls <= min(51, len(board.cells) - 1):
        raise ValueError(
            f"a scenario holds 3 to {min(51, len(board.cells) - 1)} balls, not {n_balls}"
        )
    rng = np.random.default_rng(seed)
    central = sorted(board.triangles, key=lambda t: _norm2(board.triangle_centre(t)))[:6]
    triangle = central[int(rng.integers(len(central)))]
    balls: dict[Cell, Colour] = {}
    for cell in triangle:
        foreign = [c for c in PLAYER_COLOURS if c != board.colour(cell)]
        balls[cell] = foreign[int(rng.integers(len(foreign)))]
    counts = {c: sum(1 for b in balls.values() if b == c) for c in PLAYER_COLOURS}
    empty = [c for c in board.cells if c not in balls]
    order = rng.permutation(len(empty))
    turn = 0
    for i in order:
        if len(balls) == n_balls:
            break
        cell = empty[int(i)]
        for k in range(3):
            colour = PLAYER_COLOURS[(turn + k) % 3]
            if colour != board.colour(cell) and counts[colour] < 17:
                balls[cell] = colour
                counts[colour] += 1
                turn += 1
                break
    pusher = PLAYER_COLOURS[int(rng.integers(3))]
    return Scenario(balls, triangle, pusher)


def _norm2(p: tuple[float, float]) -> float:
    return p[0] ** 2 + p[1] ** 2
