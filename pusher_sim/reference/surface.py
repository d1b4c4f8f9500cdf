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
        offset = board.radius + 2
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
        x, y, z = centres[:, 0], centres[:, 1], centres[:, 2]
        on_board = _inside_hexagon(centres[:, :2], self.reach)
        # The lattice triangle the ball is over: its three cups are the nearest.
        rf = y / (self.pitch * SQRT3 / 2.0)
        qf = x / self.pitch - rf / 2.0
        q0, r0 = np.floor(qf), np.floor(rf)
        upper = (qf - q0) + (rf - r0) >= 1.0
        qs = np.stack([q0 + upper, q0 + 1.0, q0], axis=1).astype(np.int64) + self.offset
        rs = np.stack([r0 + upper, r0, r0 + 1.0], axis=1).astype(np.int64) + self.offset
        size = len(self.lookup)
        inside = (qs >= 0) & (qs < size) & (rs >= 0) & (rs < size)
        index = np.where(inside, self.lookup[qs.clip(0, size - 1), rs.clip(0, size - 1)], -1)
        real = (index >= 0) & on_board[:, None]
        if real.any() and len(self.centres):
            c = self.centres[index.clip(0)]  # n x 3 x 2
            hx, hy = x[:, None] - c[:, :, 0], y[:, None] - c[:, :, 1]
            rho = np.sqrt(hx * hx + hy * hy)
            # The drilled sphere, its centre over the cup at sphere - depth.
            uz = z[:, None] - (cup.sphere - cup.depth)
            u = np.sqrt(rho * rho + uz * uz)
            u = np.maximum(u, 1e-12)
            in_cap = (cup.sphere - cup.depth) + cup.sphere * uz / u <= 0.0
            # The lip: the circle of radius cup.lip at the land's height, nearest the centre.
            safe = np.maximum(rho, 1e-12)
            ex = np.where(rho > 1e-12, hx / safe, 1.0)
            ey = np.where(rho > 1e-12, hy / safe, 0.0)
            gx, gy = hx - cup.lip * ex, hy - cup.lip * ey
            gap = np.sqrt(gx * gx + gy * gy + z[:, None] ** 2)
            gap = np.maximum(gap, 1e-12)
            cap_n = np.stack([-hx / u, -hy / u, -uz / u], axis=2)
            lip_n = np.stack([gx / gap, gy / gap, np.repeat(z[:, None], 3, 1) / gap], axis=2)
            nrm = np.where(in_cap[:, :, None], cap_n, lip_n)
            dist = np.where(in_cap, cup.sphere - u, gap)
            curve = np.where(in_cap, 1.0 / u, -1.0 / gap)
            pts = centres[:, None, :] - dist[:, :, None] * nrm
            normals[:, 1:][real] = nrm[real]
            distance[:, 1:][real] = dist[real]
            points[:, 1:][real] = pts[real]
            bend[:, 1:][real] = curve[real]
            over_hole = ((rho < cup.lip) & real).any(axis=1)
        else:
            over_hole = np.zeros(n, dtype=bool)
        land = on_board & ~over_hole
        points[land, 0, 2] = 0.0
        distance[land, 0] = z[land]
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


def plane_frames(normals: np.ndarray) -> np.ndarray:
    """Rotation matrices (... x 3 x 3) whose third column is each unit normal (... x 3): a
    plane geom's frame facing that way."""
    nx, ny, nz = normals[..., 0], normals[..., 1], normals[..., 2]
    # The first axis: the normal crossed into the x-z or y-z plane, whichever is steadier.
    use_x = np.abs(nx) < 0.9
    ax = np.where(use_x, 0.0, -nz)
    ay = np.where(use_x, nz, 0.0)
    az = np.where(use_x, -ny, nx)
    size = np.sqrt(ax * ax + ay * ay + az * az)
    ax, ay, az = ax / size, ay / size, az / size
    bx, by, bz = ny * az - nz * ay, nz * ax - nx * az, nx * ay - ny * ax
    return np.stack(
        [np.stack([ax, bx, nx], -1), np.stack([ay, by, ny], -1), np.stack([az, bz, nz], -1)],
        axis=-2,
    )
