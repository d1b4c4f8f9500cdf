"""Balls placed by hand on the 3-D board: the bench the analytic tests measure the reference on.

A :class:`Scene` is the board (flat or with its cups) with ``n`` balls, each put where a test
wants it with the velocity and spin it wants, stepped a fixed time or until all sleep.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pusher_sim.board import Board
from pusher_sim.physics import PhysicsConfig
from pusher_sim.reference.contact import SHIPPED, Numerics
from pusher_sim.reference.model import cup_shape
from pusher_sim.reference.stepper import Stepper


class Scene(Stepper):
    """``n`` balls on ``board`` (``cups=False``: a flat board), all at rest until placed."""

    def __init__(
        self,
        board: Board,
        cfg: PhysicsConfig,
        n: int,
        numerics: Numerics = SHIPPED,
        *,
        cups: bool = True,
    ) -> None:
        super().__init__(board, cfg, n, numerics, cups=cups)
        self.board = board
        self.rest_height = cup_shape(board, cfg).rest if cups else cfg.ball_radius
        for i in range(n):
            # Parked in a row far off the board, on the floor, until placed.
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
        or on a flat board) with this velocity and angular velocity (world frame)."""
        z = self.rest_height if height is None else height
        self.data.qpos[7 * i : 7 * i + 7] = (*xy, z, 1.0, 0.0, 0.0, 0.0)
        self.data.qvel[6 * i : 6 * i + 6] = (*velocity, *spin)

    def rolling(self, i: int, xy: tuple[float, float], velocity: tuple[float, float]) -> None:
        """Ball ``i`` rolling at ``velocity`` on the surface under it."""
        r = self.cfg.ball_radius
        vx, vy = velocity
        self.place(i, xy, (vx, vy, 0.0), (-vy / r, vx / r, 0.0))

    def run(self, seconds: float) -> None:
        self.step(max(1, round(seconds / self.dt)))

    def run_to_rest(self, limit: float = 20.0) -> float:
        """Step until every ball sleeps (or ``limit`` s); returns the simulated time."""
        t = 0.0
        chunk = max(1, round(0.01 / self.dt))
        while t < limit:
            self.step(chunk)
            t += chunk * self.dt
            if self.data.ntree_awake == 0:
                break
        return t

    def position(self, i: int) -> np.ndarray:
        return np.array(self.data.qpos[7 * i : 7 * i + 3])

    def velocity(self, i: int) -> np.ndarray:
        return np.array(self.data.qvel[6 * i : 6 * i + 3])

    def spin(self, i: int) -> np.ndarray:
        return self.world_spin(i)

    def energy(self, i: int) -> float:
        """Ball ``i``'s kinetic energy (moving and turning) and its height's over a ball
        resting on the land, J."""
        cfg = self.cfg
        v, w = self.velocity(i), self.spin(i)
        inertia = cfg.ball_inertia_ratio * cfg.ball_mass * cfg.ball_radius**2
        g = -float(np.asarray(self.model.opt.gravity) @ self.position(i))
        return (
            float(0.5 * cfg.ball_mass * (v @ v) + 0.5 * inertia * (w @ w) + cfg.ball_mass * g)
            - cfg.ball_mass * (-float(self.model.opt.gravity[2])) * cfg.ball_radius
        )
