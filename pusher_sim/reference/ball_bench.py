"""Balls placed by hand on the 3-D board: the bench the analytic tests measure the reference on.

A :class:`Scene` is the compiled board (flat or with its cups) with ``n`` balls, each put where
a test wants it with the velocity and spin it wants, stepped a fixed time or until all sleep.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pusher_sim.board import Board
from pusher_sim.physics import PhysicsConfig
from pusher_sim.reference import contact
from pusher_sim.reference.model import compiled, cup_shape
from pusher_sim.reference.mujoco_import import mujoco


class Scene:
    """``n`` balls on ``board`` (``cups=False``: a flat board), all at rest until placed."""

    def __init__(self, board: Board, cfg: PhysicsConfig, n: int, *, cups: bool = True) -> None:
        self.mj = mujoco()
        self.cfg = cfg
        self.board = board
        self.model: Any = compiled(board, cfg, n, cups=cups)
        self.data: Any = self.mj.MjData(self.model)
        self.n = n
        self.rest_height = cup_shape(board, cfg).rest if cups else cfg.ball_radius
        for i in range(n):
            # Parked in a row far off the board's middle until placed.
            self.place(i, (10.0 + i, 10.0), height=0.0)

    def place(
        self,
        i: int,
        xy: tuple[float, float],
        velocity: Sequence[float] = (0.0, 0.0, 0.0),
        spin: Sequence[float] = (0.0, 0.0, 0.0),
        *,
        height: float | None = None,
    ) -> None:
        """Put ball ``i`` with its centre over ``xy`` at ``height`` (default: resting in a cup,
        or on a flat board) with this velocity and angular velocity."""
        z = self.rest_height if height is None else height
        self.data.qpos[7 * i : 7 * i + 7] = (*xy, z, 1.0, 0.0, 0.0, 0.0)
        self.data.qvel[6 * i : 6 * i + 6] = (*velocity, *spin)

    def rolling(self, i: int, xy: tuple[float, float], velocity: tuple[float, float]) -> None:
        """Ball ``i`` rolling at ``velocity`` on the surface under it."""
        r = self.cfg.ball_radius
        vx, vy = velocity
        self.place(i, xy, (vx, vy, 0.0), (-vy / r, vx / r, 0.0))

    def step(self, seconds: float) -> None:
        self.mj.mj_step(self.model, self.data, nstep=max(1, round(seconds / contact.TIME_STEP)))

    def run_to_rest(self, limit: float = 20.0) -> float:
        """Step until every ball sleeps (or ``limit`` s); returns the simulated time."""
        t = 0.0
        while t < limit:
            self.step(0.01)
            t += 0.01
            if self.data.ntree_awake == 0:
                break
        return t

    def position(self, i: int) -> np.ndarray:
        return np.array(self.data.qpos[7 * i : 7 * i + 3])

    def velocity(self, i: int) -> np.ndarray:
        return np.array(self.data.qvel[6 * i : 6 * i + 3])

    def spin(self, i: int) -> np.ndarray:
        return np.array(self.data.qvel[6 * i + 3 : 6 * i + 6])
