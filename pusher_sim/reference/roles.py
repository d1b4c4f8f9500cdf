"""Balls moved by role: what a push did to the pressed ball, the triangle, its ring and the rest.

The press acts on the triangle first, so comparing models role by role says where they part:
the *pressed* ball counts as moved when it ends anywhere but one of the triangle's cups (or in
no cup); a *triangle* ball, a *ring* ball (one starting in a cup next to the triangle's) and
any other (*rest*) when it ends anywhere but its own cup, or in none (on the 3-D land, on
another ball, off the board).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pusher_sim.board import Board, Cell

ROLES = ("pressed", "triangle", "ring", "rest")


@dataclass(frozen=True)
class Roles:
    """Balls moved in one push, by role (see the module)."""

    pressed: int
    triangle: int
    ring: int
    rest: int


def moved_by_role(
    board: Board,
    triangle: Sequence[Cell],
    starts: Sequence[Cell],
    ends: Sequence[Cell],
    in_cup: Sequence[bool],
) -> Roles:
    """``starts`` are the board's balls' cups before the push; ``ends`` and ``in_cup`` where
    each ball (the same order, the pressed ball last) is afterwards and whether in that cup."""
    tri = set(triangle)
    ring = {c for t in tri for c in board.neighbours(t)} - tri
    counts = {"triangle": 0, "ring": 0, "rest": 0}
    for start, end, ok in zip(starts, ends, in_cup, strict=False):
        if end != start or not ok:
            role = "triangle" if start in tri else "ring" if start in ring else "rest"
            counts[role] += 1
    pressed = int(not in_cup[-1] or ends[-1] not in tri)
    return Roles(pressed=pressed, **counts)
