"""The cups as the physics sees them: a bowl per cup over the cup's cell of the tiling.

The bowl is the paraboloid ``k r^2 / 2`` about the cup's centre, felt by a ball whose centre lies
in that cup's cell. The cells are the Voronoi cells of the cup centres (hexagons inside, clipped
by the rim on the outer ring), so every point a ball can reach belongs to exactly one cup, and on
a cell boundary the two bowls are equally high: the height field ``k d^2 / 2`` (d = distance to
the nearest cup centre) is continuous and a ball moving between cups meets no jump in energy.
The lowest points of a cup's rim are the midpoints of its cell's edges (r = pitch / 2); the
corners (r = pitch / sqrt 3) are 4/3 as high.
"""

from __future__ import annotations

import math
from functools import lru_cache

from pusher_sim.board import SQRT3, Board, Cell

Point = tuple[float, float]


def rim_reach(board: Board) -> float:
    """How far past the outer row of cup centres a ball's centre can go: half a pitch.

    That is where the outer cups' cells would end if the lattice went on, so the outer cups are
    as deep, towards the rim, as any inner cup.
    """
    return board.pitch / 2.0


@lru_cache(maxsize=8)
def cell_polygons(board: Board) -> tuple[tuple[Point, ...], ...]:
    """Every cup's cell polygon, in the board's cell order (computed once per board)."""
    return tuple(cell_polygon(board, cell) for cell in board.cells)


def cell_polygon(board: Board, cell: Cell) -> tuple[Point, ...]:
    """The convex region of the board whose nearest cup centre is ``cell``'s, counter-clockwise.

    A square around the cup is clipped by the perpendicular bisector with every cup within two
    and a half pitches and by the hexagon a ball's centre cannot leave (see :func:`rim_reach`).
    """
    cx, cy = board.position(cell)
    h = 1.5 * board.pitch
    poly: list[Point] = [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]
    for other in board.cells:
        if other == cell:
            continue
        ox, oy = board.position(other)
        if math.hypot(ox - cx, oy - cy) > 2.5 * board.pitch:
            continue
        nx, ny = ox - cx, oy - cy
        mx, my = (ox + cx) / 2.0, (oy + cy) / 2.0
        poly = _clip(poly, nx, ny, nx * mx + ny * my)
    corners = board.rim(rim_reach(board))
    for k in range(6):
        (ax, ay), (bx, by) = corners[k], corners[(k + 1) % 6]
        # Outward normal of the edge a->b of a counter-clockwise polygon.
        nx, ny = by - ay, ax - bx
        poly = _clip(poly, nx, ny, nx * ax + ny * ay)
    return tuple(poly)


def _clip(poly: list[Point], nx: float, ny: float, d: float) -> list[Point]:
    """Sutherland-Hodgman: keep the part of ``poly`` where n . p <= d."""
    out: list[Point] = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        sp = nx * p[0] + ny * p[1] - d
        sq = nx * q[0] + ny * q[1] - d
        if sp <= 0.0:
            out.append(p)
        if (sp < 0.0 < sq) or (sq < 0.0 < sp):
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def bowl_energy(stiffness: float, dx: float, dy: float) -> float:
    """Height energy of a ball ``(dx, dy)`` from its cup's centre, J (zero at the bottom)."""
    return 0.5 * stiffness * (dx * dx + dy * dy)


@lru_cache(maxsize=8)
def _centres(board: Board) -> dict[Cell, Point]:
    return {cell: board.position(cell) for cell in board.cells}


def board_bowl_energy(
    board: Board, stiffness: float, x: float, y: float, lip: float = math.inf
) -> float:
    """The static height field: bowl energy about the nearest cup centre (``round_cups``:
    no higher than at the ``lip``, the flat land's height).

    The press reads it every step, so the nearest centre is found among the same lattice
    neighbours, in the same order, as ``board.cell_at`` finds it, without building the cells.
    """
    centres = _centres(board)
    rf = y / (board.pitch * SQRT3 / 2.0)
    qf = x / board.pitch - rf / 2.0
    q0, r0 = math.floor(qf), math.floor(rf)
    best: Point | None = None
    best_d2 = math.inf
    for q in range(q0 - 1, q0 + 3):
        for r in range(r0 - 1, r0 + 3):
            p = centres.get((q, r))
            if p is not None:
                d2 = (p[0] - x) ** 2 + (p[1] - y) ** 2
                if d2 < best_d2:
                    best, best_d2 = p, d2
    if best is None:  # far off the board: every cup is a candidate
        best = centres[board.cell_at(x, y)]
    return min(bowl_energy(stiffness, x - best[0], y - best[1]), 0.5 * stiffness * lip * lip)
