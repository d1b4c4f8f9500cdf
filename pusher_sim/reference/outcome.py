"""Where a ball ended after a 3-D push: in a cup, on the land, on another ball or off the board.

Read from the balls' centres once every ball is at rest (MuJoCo has put them all to sleep).
A ball is in a cup when its centre is over the cup's lip and below the land's resting height
by more than half a cup's depth; on a ball when it is that far above the land's resting height
and touches another ball; off the board when it is outside the rim or below the land; on the
land otherwise. The 2-D model can only ever say "in a cup".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import Enum
from functools import lru_cache

import numpy as np

from pusher_sim.board import Board, Cell
from pusher_sim.physics.settle import assign_cups
from pusher_sim.reference.geometry import CupShape


class Place(Enum):
    """Where a ball rests."""

    CUP = "cup"
    LAND = "land"
    BALL = "ball"
    OFF = "off"


def _rim_normals() -> np.ndarray:
    a = np.radians(30.0 + 60.0 * np.arange(6))
    return np.stack([np.cos(a), np.sin(a)], axis=1)


RIM_NORMALS = _rim_normals()


def off_board(xy: np.ndarray, apothem: float, ball_radius: float) -> np.ndarray:
    """Which centres (n x 2) lie beyond the rim wall's inner face less a radius (plus a
    millimetre's slack): outside the board."""
    reach = (xy @ RIM_NORMALS.T).max(axis=1)
    return np.asarray(reach > apothem - ball_radius + 1e-3)


def touching(centres: np.ndarray, ball_radius: float, slack: float) -> np.ndarray:
    """Which balls touch another (centres closer than a diameter plus ``slack``)."""
    diff = centres[:, None, :] - centres[None, :, :]
    d2 = (diff * diff).sum(axis=2)
    np.fill_diagonal(d2, np.inf)
    return np.asarray(d2.min(axis=1) < (2.0 * ball_radius + slack) ** 2)


def places(
    board: Board,
    cup: CupShape,
    centres: np.ndarray,
    ball_radius: float,
    rim_apothem: float,
) -> list[Place]:
    """Each ball's :class:`Place` from its centre (n x 3, m, land at z = 0)."""
    land = ball_radius
    half = 0.5 * (land - cup.rest)
    off = off_board(centres[:, :2], rim_apothem, ball_radius) | (centres[:, 2] < 0.0)
    near = touching(centres, ball_radius, 1e-4)
    out = []
    for i, (x, y, z) in enumerate(centres):
        if off[i]:
            out.append(Place.OFF)
            continue
        cx, cy = board.position(board.cell_at(float(x), float(y)))
        if z < land - half and math.hypot(x - cx, y - cy) < cup.lip:
            out.append(Place.CUP)
        elif z > land + half and near[i]:
            out.append(Place.BALL)
        else:
            out.append(Place.LAND)
    return out


def airborne(centres: np.ndarray, ball_radius: float, depth: float) -> np.ndarray:
    """Which balls are in the air: over half a cup's depth above the land's resting height
    and touching no other ball (a ball on another is riding, not flying)."""
    high = centres[:, 2] > ball_radius + 0.5 * depth
    if not high.any():
        return np.asarray(high)
    return np.asarray(high & ~touching(centres, ball_radius, 1e-4))


@lru_cache(maxsize=8)
def _cup_centres(board: Board) -> np.ndarray:
    return np.array([board.position(c) for c in board.cells], dtype=float)


def jumping(board: Board, cup: CupShape, centres: np.ndarray, ball_radius: float) -> np.ndarray:
    """Which balls are jumping a cup: over its middle (within half the lip's radius of its
    centre) higher than a ball touching the cup there can be, by a quarter of the cup's
    depth, and touching no other ball. Rolling across a cup a ball follows its floor; a fast
    one leaves the lip and sails over (a ball at 1 m/s falls 2 mm in the 20 ms it takes to
    cross), which the 2-D model's bowl cannot do."""
    zone = 0.5 * cup.lip
    # The highest a ball touching the drilled sphere within the zone gets (land at z = 0).
    touching_top = cup.sphere - cup.depth - math.sqrt((cup.sphere - ball_radius) ** 2 - zone**2)
    out = centres[:, 2] > touching_top + 0.25 * cup.depth
    if not out.any():
        return np.asarray(out)
    diff = centres[out, None, :2] - _cup_centres(board)[None, :, :]
    out[out] = (diff * diff).sum(axis=2).min(axis=1) < zone * zone
    if not out.any():
        return np.asarray(out)
    return np.asarray(out & ~touching(centres, ball_radius, 1e-4))


def cups_of(board: Board, centres: Sequence[tuple[float, float]]) -> list[Cell]:
    """One cup per ball, for the game: the cup each rests in or over (a clash or a ball off
    the board goes to the nearest free cup, as the 2-D model snaps an unsettled push)."""
    return assign_cups(board, list(centres))
