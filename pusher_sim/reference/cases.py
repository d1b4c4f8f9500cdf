"""The pushes both models resolve: random 30-ball boards and positions from real games' logs,
with any press point, flick and strength.

Push ``i`` of seed ``s`` is drawn from its own generator (seeded by ``s`` and ``i``), so a run
gives the same pushes whatever the number of workers, and a longer run begins with a shorter
one's pushes.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pusher_sim.board import PLAYER_COLOURS, Board, Cell, Colour, Triangle
from pusher_sim.push_resolution import PushSpec
from pusher_sim.pusher.log_scenarios import positions_from_log

REPO = Path(__file__).resolve().parents[2]
LOGS = (REPO / "assets" / "screenshot-game.json", REPO / "assets" / "experiments" / "game.json")
"""The real games shipped with the project (every push position of each is a case)."""

BALLS = 30
"""Balls on a random board."""


@dataclass(frozen=True)
class Case:
    """One push to resolve in both models; ``source`` is "random" or the log's file name."""

    index: int
    source: str
    balls: dict[Cell, Colour]
    spec: PushSpec


Position = tuple[dict[Cell, Colour], Triangle, Colour]


def log_positions(board: Board, logs: Sequence[Path] = LOGS) -> list[tuple[str, Position]]:
    """Every push position of the given logs, named by file."""
    out: list[tuple[str, Position]] = []
    for path in logs:
        for sc in positions_from_log(path, board):
            out.append((path.name, (sc.balls, sc.triangle, sc.pusher)))
    return out


def random_position(board: Board, rng: random.Random) -> Position:
    """:data:`BALLS` balls of random colours in random cups, one full triangle among them."""
    tri = rng.choice(board.triangles)
    others = rng.sample([c for c in board.cells if c not in tri], BALLS - 3)
    balls = {c: PLAYER_COLOURS[rng.randrange(3)] for c in (*tri, *others)}
    return balls, tri, PLAYER_COLOURS[rng.randrange(3)]


def case(
    board: Board,
    index: int,
    seed: int,
    positions: Sequence[tuple[str, Position]],
    max_flick_speed: float,
) -> Case:
    """Push ``index``: even ones on a random board, odd ones on a real game's position (when
    there are any); a press point anywhere in the triangle, a flick from none to the hardest
    in any direction, a strength from 0 to 1."""
    rng = random.Random(f"{seed}:{index}")
    if index % 2 == 1 and positions:
        source, (balls, tri, colour) = positions[rng.randrange(len(positions))]
    else:
        source = "random"
        balls, tri, colour = random_position(board, rng)
    w = [rng.random() for _ in range(3)]
    total = sum(w)
    offset = board.press_offset(tri, [x / total for x in w], 0.9)
    spec = PushSpec(
        tri,
        colour,
        offset,
        rng.uniform(0.0, 2.0 * math.pi),
        rng.uniform(0.0, max_flick_speed),
        rng.random(),
    )
    return Case(index, source, dict(balls), spec)
