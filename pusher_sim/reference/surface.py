"""The board's surface in closed form: flat land at z = 0 with a spherical cup drilled at every
cell, and where it is nearest each ball.

MuJoCo has no concave geom: a cup built from convex pieces has creases and steps that a
rolling ball strikes (the faceted first version lost 38% of a ball's energy crossing one cup
at 0.1 m/s). So the surface is kept exact here, and before every step each ball is given
:data:`FEATURES` planes to touch, each tangent to the surface at its nearest point on one
feature: the land under the ball, and each cup of the lattice triangle the ball is over (the
drilled sphere, or the lip's circle where the sphere's nearest point would be above the land;
those three are the nearest cups). Each faces the ball's centre: a sphere's gap to such a plane
is its exact gap to the surface, its normal the exact normal, and the plane is still, as the
board is, so MuJoCo's contact on it is the contact on the real surface: smooth across the cup,
a sharp lip a ball pivots over. A plane does not bend where the surface does; how much it
does is kept (``bend``) for the step to add (stepper.py).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pusher_sim.board import SQRT3, Board
from pusher_sim.reference.geometry import CupShape

CUPS = 3
"""Cups whose surface each ball is offered: those of the lattice triangle it is over."""

FEATURES = 1 + CUPS
"""Planes per ball: the land and the nearest cups."""

FAR = 1.0
"""m: how far below a ball the plane of a feature that is not there (land over a cup, a cup
beyond the board, or anything beyond the land's edge) is parked."""


@dataclass(frozen=True, eq=False)
class Surface:
    """The board's top: cups drilled to ``cup`` at ``centres`` (k x 2, m), found by lattice
    cell through ``lookup`` (cup index, or -1, at ``[q + offset, r + offset]``), on a lattice of
    ``pitch``, and land out to the hexagon of apothem ``reach`` (m), beyond which a ball
    falls."""

    cup: CupShape
    centres: np.ndarray
    lookup: np.ndarray
    offset: int
    pitch: float
    reach: float

    @classmethod
    def of(cls, board: Board, cup: CupShape, reach: float, *, cups: bool = True) -> Surface:
        """``board``'s surface (``cups=False``: a flat board, land only)."""
        offset = board.radius + 4  # a ball on the board is over cells up to two rings out
        lookup = np.full((2 * offset + 1, 2 * offset + 1), -1, dtype=np.int64)
        centres = []
        if cups:
            for i, (q, r) in enumerate(board.cells):
                lookup[q + offset, r + offset] = i
                centres.append(board.position((q, r)))
        return cls(
            cup, np.array(centres, dtype=float).reshape(-1, 2), lookup, offset, board.pitch, reach
        )

    def nearest(self, centres: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """For ball centres (n x 3): each feature's nearest point (n x F x 3), its unit normal
        towards the ball (n x F x 3), the centre's distance from it (n x F), and how the
        surface bends there (n x F, 1/m: the curvature of the path a touching ball's centre
        follows, positive in a cup, negative over a lip, zero on the land): the land first,
        then the cups."""
        n = len(centres)
        cup = self.cup
        points = np.repeat(centres[:, None, :], FEATURES, axis=1)
        points[:, :, 2] -= FAR
        normals = np.zeros((n, FEATURES, 3))
        normals[:, :, 2] = 1.0
        distance = np.full((n, FEATURES), FAR)
        bend = np.zeros((n, FEATURES))
        on_board = _inside_hexagon(centres[:, :2], self.reach)
        land = on_board.copy()
        idx = np.nonzero(on_board)[0]
        if len(idx) and len(self.centres):
            x, y, z = centres[idx, 0:1], centres[idx, 1:2], centres[idx, 2:3]
            # The lattice triangle the ball is over: its three cups are the nearest.
            rf = y / (self.pitch * SQRT3 / 2.0)
            qf = x / self.pitch - rf / 2.0
            q0, r0 = np.floor(qf), np.floor(rf)
            upper = ((qf - q0) + (rf - r0) >= 1.0).astype(float)
            qs = (q0 + np.array([0.0, 1.0, 0.0]) + upper * np.array([1.0, 0.0, 0.0])).astype(int)
            rs = (r0 + np.array([0.0, 0.0, 1.0]) + upper * np.array([1.0, 0.0, 0.0])).astype(int)
            index = self.lookup[qs + self.offset, rs + self.offset]  # m x 3, -1: no cup
            real = index >= 0
            c = self.centres[index]
            hx, hy = x - c[:, :, 0], y - c[:, :, 1]
            rho = np.sqrt(hx * hx + hy * hy)
            # The drilled sphere, its centre over the cup at sphere - depth.
            uz = z - (cup.sphere - cup.depth)
            u = np.maximum(np.sqrt(rho * rho + uz * uz), 1e-12)
            in_cap = (cup.sphere - cup.depth) + cup.sphere * uz / u <= 0.0
            # The lip: the circle of radius cup.lip at the land's height, nearest the centre.
            scale = cup.lip / np.maximum(rho, 1e-12)
            gx, gy = hx * (1.0 - scale), hy * (1.0 - scale)
            gap = np.maximum(np.sqrt(gx * gx + gy * gy + z * z), 1e-12)
            dist = np.where(in_cap, cup.sphere - u, gap)
            nx = np.where(in_cap, -hx / u, gx / gap)
            ny = np.where(in_cap, -hy / u, gy / gap)
            nz = np.where(in_cap, -uz / u, z / gap)
            sub = normals[idx, 1:]
            sub[..., 0] = np.where(real, nx, 0.0)
            sub[..., 1] = np.where(real, ny, 0.0)
            sub[..., 2] = np.where(real, nz, 1.0)
            normals[idx, 1:] = sub
            distance[idx, 1:] = np.where(real, dist, FAR)
            bend[idx, 1:] = np.where(real, np.where(in_cap, 1.0 / u, -1.0 / gap), 0.0)
            points[idx, 1:] = centres[idx, None, :] - distance[idx, 1:, None] * sub
            land[idx] = ~((rho < cup.lip) & real).any(axis=1)
        points[land, 0, 2] = 0.0
        distance[land, 0] = centres[land, 2]
        # Over the land, the land under the ball is the surface's nearest point: a lip beside
        # it is farther, and touches the ball only where a soft contact overlaps both (two
        # contacts where the real edge makes one).
        points[land, 1:] = centres[land, None, :] - (0.0, 0.0, FAR)
        normals[land, 1:] = (0.0, 0.0, 1.0)
        distance[land, 1:] = FAR
        bend[land] = 0.0
        return points, normals, distance, bend


_ANGLES = np.radians(30.0 + 60.0 * np.arange(6))
_SIDES = np.stack([np.cos(_ANGLES), np.sin(_ANGLES)], axis=1)
"""The board's hexagon's side normals (at 30 + 60k degrees, as the rim's)."""


def _inside_hexagon(xy: np.ndarray, apothem: float) -> np.ndarray:
    """Which points lie inside the board's flat-topped hexagon of this apothem."""
    return np.asarray((xy @ _SIDES.T).max(axis=1) < apothem)
