"""The Pusher board: a hexagon of cups on a triangular lattice.

One source of truth for the geometry shared by the rules, the physics and the front end.
Cells are axial coordinates ``(q, r)``; positions are in metres, the board's centre at the origin,
x to the right and y "up" (the front end flips y for the screen).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cached_property

__all__ = ["DIRECTIONS", "PLAYER_COLOURS", "Board", "Cell", "Colour", "Triangle"]

Cell = tuple[int, int]
"""A cup: its axial coordinates ``(q, r)``, the centre cup ``(0, 0)``."""
Triangle = tuple[Cell, Cell, Cell]
"""Three mutually adjacent cups, sorted: the place a push presses its ball into."""

DIRECTIONS: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
"""The six lattice directions, counter-clockwise from +x: a cell plus one is a neighbour."""

SQRT3 = math.sqrt(3.0)


class Colour(IntEnum):
    """Cup and ball colours. BLACK is the centre cup only; no player owns it."""

    RED = 0
    BLUE = 1
    YELLOW = 2
    BLACK = 3

    @property
    def label(self) -> str:
        return self.name.lower()


PLAYER_COLOURS: tuple[Colour, Colour, Colour] = (Colour.RED, Colour.BLUE, Colour.YELLOW)
"""The players' colours in seat order (black is no player's)."""


@dataclass(frozen=True)
class Board:
    """A hexagonal board of side ``radius + 1`` (radius 5 gives the published 91 cups).

    ``pitch`` is the distance between neighbouring cup centres. It defaults to a 16 mm ball's
    diameter plus half a millimetre of clearance, so balls in neighbouring cups sit a hair apart
    rather than in permanent contact (which would keep the physics busy with resting contacts).
    """

    radius: int = 5
    pitch: float = 0.0165
    _index: dict[Cell, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if self.radius < 1:
            raise ValueError(f"board radius must be at least 1, got {self.radius}")
        if not self.pitch > 0:
            raise ValueError(f"cup pitch must be positive, got {self.pitch}")
        object.__setattr__(self, "_index", {c: i for i, c in enumerate(self.cells)})

    # -- cells ------------------------------------------------------------------------------

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        """Every cup, in a fixed order (by r, then q): the order physics bodies are made in."""
        n = self.radius
        return tuple(
            (q, r)
            for r in range(-n, n + 1)
            for q in range(-n, n + 1)
            if max(abs(q), abs(r), abs(q + r)) <= n
        )

    def __contains__(self, cell: object) -> bool:
        return cell in self._index

    def index(self, cell: Cell) -> int:
        """Position of ``cell`` in :attr:`cells`."""
        return self._index[cell]

    def colour(self, cell: Cell) -> Colour:
        """(q - r) mod 3 gives red/blue/yellow, so every triangle holds all three colours."""
        q, r = cell
        if q == 0 and r == 0:
            return Colour.BLACK
        return Colour((q - r) % 3)

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        q, r = cell
        return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS if (q + dq, r + dr) in self._index)

    def are_neighbours(self, a: Cell, b: Cell) -> bool:
        return (b[0] - a[0], b[1] - a[1]) in DIRECTIONS and a in self and b in self

    @cached_property
    def triangles(self) -> tuple[Triangle, ...]:
        """Every set of three mutually neighbouring cups, each sorted, in a fixed order."""
        found: list[Triangle] = []
        n = self.radius
        # Anchor (q, r) may lie just off the board while its triangle is on it (the lower-left
        # edge), so the anchors range one ring wider than the board.
        anchors = [(q, r) for r in range(-n - 1, n + 1) for q in range(-n - 1, n + 1)]
        for q, r in anchors:
            for tri in (((q, r), (q + 1, r), (q, r + 1)), ((q + 1, r), (q, r + 1), (q + 1, r + 1))):
                if all(c in self._index for c in tri):
                    a, b, c = sorted(tri)
                    found.append((a, b, c))
        return tuple(sorted(found))

    @cached_property
    def triangles_of(self) -> dict[Cell, tuple[Triangle, ...]]:
        """The triangles each cup belongs to (up to six)."""
        out: dict[Cell, list[Triangle]] = {c: [] for c in self.cells}
        for tri in self.triangles:
            for c in tri:
                out[c].append(tri)
        return {c: tuple(ts) for c, ts in out.items()}

    # -- positions --------------------------------------------------------------------------

    def position(self, cell: Cell) -> tuple[float, float]:
        """Centre of a cup in metres."""
        q, r = cell
        return (self.pitch * (q + r / 2.0), self.pitch * (r * SQRT3 / 2.0))

    def cell_at(self, x: float, y: float) -> Cell:
        """The cup whose cell holds the point: the nearest cup centre on the board.

        The cells are the lattice's hexagons, clipped by the rim for the outer ring, so every
        point of the board belongs to exactly one cup.
        """
        rf = y / (self.pitch * SQRT3 / 2.0)
        qf = x / self.pitch - rf / 2.0
        q0, r0 = math.floor(qf), math.floor(rf)
        near = [(q, r) for q in range(q0 - 1, q0 + 3) for r in range(r0 - 1, r0 + 3)]
        candidates = [c for c in near if c in self._index] or list(self.cells)
        return min(candidates, key=lambda c: _dist2(self.position(c), x, y))

    def triangle_centre(self, tri: Triangle) -> tuple[float, float]:
        xs, ys = zip(*(self.position(c) for c in tri), strict=True)
        return (sum(xs) / 3.0, sum(ys) / 3.0)

    def press_offset(
        self, tri: Triangle, weights: Sequence[float], scale: float = 1.0
    ) -> tuple[float, float]:
        """The point of ``tri`` with barycentric ``weights``, relative to its centre and shrunk
        towards it by ``scale``, m: how a press point is drawn or decoded."""
        cx, cy = self.triangle_centre(tri)
        dx = dy = 0.0
        for w, cell in zip(weights, tri, strict=True):
            x, y = self.position(cell)
            dx += w * (x - cx) * scale
            dy += w * (y - cy) * scale
        return (dx, dy)

    @property
    def inradius(self) -> float:
        """Distance from the centre to the straight edge through the outer row of cup centres."""
        return self.radius * self.pitch * SQRT3 / 2.0

    def rim(self, margin: float) -> tuple[tuple[float, float], ...]:
        """The rim's six corners: a flat-topped hexagon ``margin`` outside the outer cup centres."""
        circ = (self.inradius + margin) * 2.0 / SQRT3
        return tuple(
            (circ * math.cos(math.radians(60 * k)), circ * math.sin(math.radians(60 * k)))
            for k in range(6)
        )


def _dist2(p: tuple[float, float], x: float, y: float) -> float:
    return (p[0] - x) ** 2 + (p[1] - y) ** 2
