"""One step of the 3-D board: the surface planes set, the impacts resolved, MuJoCo's step.

A :class:`Stepper` holds a compiled board with ``n`` balls and its ``MjData``. Before each
MuJoCo step it gives every ball its planes of the board's surface (surface.py) and resolves
the step's impacts (impacts.py); what lasts is MuJoCo's. Both the pushes (resolver.py) and the
hand-placed scenes of the law tests (ball_bench.py) step through it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pusher_sim.board import Board
from pusher_sim.physics import PhysicsConfig
from pusher_sim.reference import impacts
from pusher_sim.reference.contact import SHIPPED, Numerics
from pusher_sim.reference.geometry import rim_outside
from pusher_sim.reference.model import compiled, cup_shape, gravity
from pusher_sim.reference.mujoco_import import mujoco
from pusher_sim.reference.surface import FEATURES, Surface

STILL = 1e-8
"""m: a ball that has moved less than this since its planes were set keeps them (a plane's
error, over the surface's curvature, is then under 1e-14 m)."""


def laws_of(cfg: PhysicsConfig) -> impacts.Laws:
    """The impact laws of the config (the board's are the rim's: glass on wood)."""
    return impacts.Laws(
        mass=cfg.ball_mass,
        radius=cfg.ball_radius,
        inertia_ratio=cfg.ball_inertia_ratio,
        restitution_ball=cfg.restitution_ball,
        friction_ball=cfg.friction_ball,
        restitution_board=cfg.restitution_rim,
        friction_board=cfg.sliding_friction,
        gravity=gravity(cfg),
    )


def rotations(quats: np.ndarray) -> np.ndarray:
    """Rotation matrices (n x 3 x 3) of unit quaternions (w, x, y, z; n x 4)."""
    w, x, y, z = quats.T
    return np.stack(
        [
            np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)], -1),
            np.stack([2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)], -1),
            np.stack([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], -1),
        ],
        axis=1,
    )


class Stepper:
    """``n`` balls on ``board`` (``cups=False``: a flat board), stepped ``numerics.time_step``
    at a time."""

    def __init__(
        self,
        board: Board,
        cfg: PhysicsConfig,
        n: int,
        numerics: Numerics = SHIPPED,
        *,
        cups: bool = True,
    ) -> None:
        self.mj = mujoco()
        self.cfg = cfg
        self.numerics = numerics
        self.model: Any = compiled(board, cfg, n, numerics)
        self.data: Any = self.mj.MjData(self.model)
        self.n = n
        self.surface = Surface.of(
            board, cup_shape(board, cfg), rim_outside(board, cfg.ball_radius), cups=cups
        )
        self.laws = laws_of(cfg)
        self.live = np.ones(n, dtype=bool)
        """Balls still on the board (a ball taken off is parked and meets nothing)."""
        self.impacts = 0
        # Where each ball was when its planes were last set (NaN: never), and their normals
        # and distances then: a ball that has not moved STILL since (at rest, or asleep)
        # keeps its planes untouched.
        self._seen = np.full((n, 3), np.nan)
        self._plane0 = self.mj.mj_name2id(self.model, self.mj.mjtObj.mjOBJ_GEOM, "plane0_0")
        self._normals = np.zeros((n, FEATURES, 3))
        self._distance = np.zeros((n, FEATURES))
        self._bends = np.zeros((n, FEATURES))

    @property
    def dt(self) -> float:
        return self.numerics.time_step

    def step(self, count: int = 1) -> None:
        n, mj, model, data = self.n, self.mj, self.model, self.data
        for _ in range(count):
            shift = self._before_step()
            mj.mj_step1(model, data)
            self._bend()
            mj.mj_step2(model, data)
            if shift is not None:
                data.qpos[: 7 * n].reshape(n, 7)[:, :3] += shift

    def _bend(self) -> None:
        """Give each ball's contact with the surface the acceleration the surface's bending
        asks of it. MuJoCo holds a contact's gap to the reference acceleration as if the plane
        it touches went on flat (it leaves out J'v); a ball rolling over a lip must fall away
        from its plane at v^2 / R to stay on the edge, and one rolling in a cup rise from it
        at v^2 / (cup radius - R). Without this a ball left the lip's edge at a tenth of the
        speed it should (where v^2 / R passes the impedance's (1 - d) g) and chattered across
        it: a ball rolling over a row of cups lost 4% of its energy per cup at 0.05 m/s."""
        data = self.data
        ncon = data.ncon
        if not ncon:
            return
        contacts = data.contact
        plane = contacts.geom[:ncon, 0] - self._plane0  # (world geoms come first)
        rows = contacts.efc_address[:ncon]
        use = (plane >= 0) & (plane < self.n * FEATURES) & (rows >= 0)
        if not use.any():
            return
        ball, feature = np.divmod(plane[use], FEATURES)
        bend = self._bends[ball, feature]
        v = data.qvel[: 6 * self.n].reshape(self.n, 6)[ball, :3]
        normal = self._normals[ball, feature]
        along = (v * normal).sum(axis=1)
        tangential = (v * v).sum(axis=1) - along * along
        data.efc_aref[rows[use]] += tangential * bend

    def world_spin(self, i: int) -> np.ndarray:
        """Ball ``i``'s angular velocity in the world frame (MuJoCo keeps a free joint's in the
        body's own)."""
        q = self.data.qpos[7 * i + 3 : 7 * i + 7]
        return np.asarray(rotations(q[None, :])[0] @ self.data.qvel[6 * i + 3 : 6 * i + 6])

    def set_world_spin(self, i: int, spin: np.ndarray) -> None:
        q = self.data.qpos[7 * i + 3 : 7 * i + 7]
        self.data.qvel[6 * i + 3 : 6 * i + 6] = rotations(q[None, :])[0].T @ spin

    def _before_step(self) -> np.ndarray | None:
        """Set the planes and resolve the step's impacts; returns what to add to the balls'
        positions after the step, if there were any (impacts.resolve)."""
        n, data = self.n, self.data
        qpos = data.qpos[: 7 * n].reshape(n, 7)
        qvel = data.qvel[: 6 * n].reshape(n, 6)
        centres = qpos[:, :3]
        moved = np.nonzero(~(np.abs(centres - self._seen) < STILL).all(axis=1))[0]
        if len(moved):
            points, normals, distance, bend = self.surface.nearest(centres[moved])
            self._normals[moved] = normals
            self._distance[moved] = distance
            self._bends[moved] = bend
            self._seen[moved] = centres[moved]
            rows = (self._plane0 + moved[:, None] * FEATURES + np.arange(FEATURES)).ravel()
            # World geoms are static: MuJoCo never recomputes where they are, so their frame
            # is written where the collision reads it.
            data.geom_xpos[rows] = points.reshape(-1, 3)
            # (A sphere meets a plane by the plane's normal, its frame's third column, alone.)
            data.geom_xmat[rows, 2::3] = normals.reshape(-1, 3)
        normals, distance = self._normals, self._distance
        velocity = qvel[:, :3]
        rot: np.ndarray | None = None
        spin: np.ndarray | None = None

        def world() -> np.ndarray:
            nonlocal rot, spin
            rot = rotations(qpos[:, 3:7])
            spin = np.einsum("nij,nj->ni", rot, qvel[:, 3:6])
            return spin

        shift = np.zeros((n, 3))
        hits = impacts.resolve(
            self.laws, centres, velocity, world, shift, normals, distance, self.dt, self.live
        )
        if not hits:
            return None
        assert rot is not None and spin is not None
        qvel[:, 3:6] = np.einsum("nji,nj->ni", rot, spin)
        self.impacts += hits
        return shift
