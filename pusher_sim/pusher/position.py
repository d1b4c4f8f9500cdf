"""What a position holds, in the terms of P3-P9: pairs, triangles, free roll, pushable triangles,
the cups that would form a triangle, and whether a press point lies inside a triangle.

A position is a mapping cell -> ball colour on a :class:`Board`. The board's adjacency is cached
once per board (:func:`geometry`) because the rules ask these questions at every step of every
random game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from pusher_sim.board import Board, Cell, Colour, Triangle

Balls = Mapping[Cell, Colour]


@dataclass(frozen=True)
class Geometry:
    """A board's adjacency as plain tuples and dicts, for fast repeated queries."""

    board: Board
    cells: tuple[Cell, ...]
    colour: Mapping[Cell, Colour]
    neighbours: Mapping[Cell, tuple[Cell, ...]]
    triangles: tuple[Triangle, ...]
    triangles_of: Mapping[Cell, tuple[Triangle, ...]]
    order: Mapping[Cell, int]
    """Each cell's place in ``cells``, so that results come in the board's fixed order."""
    positions: Mapping[Cell, tuple[float, float]]

    # -- P3, P4 ---------------------------------------------------------------------------------

    def has_pair(self, balls: Balls) -> bool:
        """P3: two balls in neighbouring cups."""
        return any(n in balls for c in balls for n in self.neighbours[c])

    def is_triangle(self, cells: tuple[Cell, ...]) -> bool:
        """Three mutually neighbouring cups of this board (in any order)."""
        return len(cells) == 3 and tuple(sorted(cells)) in self.triangles_of.get(cells[0], ())

    def ball_triangles(self, balls: Balls) -> list[Triangle]:
        """P4: every triangle whose three cups all hold a ball."""
        found = [
            t
            for c in balls
            for t in self.triangles_of[c]
            if t[0] == c and t[1] in balls and t[2] in balls
        ]
        return sorted(found)

    # -- P9, P6 ---------------------------------------------------------------------------------

    def rolls_freely(self, balls: Balls, cell: Cell, min_empty: int = 1) -> bool:
        """P9 decision: a ball can roll freely with at least ``min_empty`` empty neighbours."""
        return sum(1 for n in self.neighbours[cell] if n not in balls) >= min_empty

    def is_pushable(self, balls: Balls, tri: Triangle, min_empty: int = 1) -> bool:
        """P9: a ball triangle at least one of whose balls can roll freely."""
        return all(c in balls for c in tri) and any(
            self.rolls_freely(balls, c, min_empty) for c in tri
        )

    def pushable_triangles(self, balls: Balls, min_empty: int = 1) -> list[Triangle]:
        """P6: the triangles that force a push, in the board's fixed order."""
        return [t for t in self.ball_triangles(balls) if self.is_pushable(balls, t, min_empty)]

    # -- P5 -------------------------------------------------------------------------------------

    def triangle_cups(self, balls: Balls) -> list[Cell]:
        """Every empty cup where a ball would form a triangle, in the board's fixed order."""
        cups: set[Cell] = set()
        for c in balls:
            for t in self.triangles_of[c]:
                empty = [x for x in t if x not in balls]
                if len(empty) == 1:
                    cups.add(empty[0])
        return sorted(cups, key=self.order.__getitem__)

    # -- P8 -------------------------------------------------------------------------------------

    def press_inside(self, tri: Triangle, offset: tuple[float, float], region: float) -> bool:
        """P8: the press point (``offset`` from the centre, metres) lies inside the triangle of
        the three cup centres shrunk by ``region`` about its centre (edges included)."""
        cx, cy = self.board.triangle_centre(tri)
        px, py = cx + offset[0], cy + offset[1]
        corners = [self.board.position(c) for c in tri]
        if region <= 0.0:
            return offset[0] ** 2 + offset[1] ** 2 <= 1e-18
        shrunk = [(cx + (x - cx) * region, cy + (y - cy) * region) for x, y in corners]
        eps = 1e-12 * self.board.pitch**2
        signs = []
        for i in range(3):
            (ax, ay), (bx, by) = shrunk[i], shrunk[(i + 1) % 3]
            signs.append((bx - ax) * (py - ay) - (by - ay) * (px - ax))
        return all(s >= -eps for s in signs) or all(s <= eps for s in signs)


@lru_cache(maxsize=16)
def geometry(board: Board) -> Geometry:
    """The cached :class:`Geometry` of ``board``."""
    return Geometry(
        board=board,
        cells=board.cells,
        colour={c: board.colour(c) for c in board.cells},
        neighbours={c: board.neighbours(c) for c in board.cells},
        triangles=board.triangles,
        triangles_of=board.triangles_of,
        order={c: i for i, c in enumerate(board.cells)},
        positions={c: board.position(c) for c in board.cells},
    )
