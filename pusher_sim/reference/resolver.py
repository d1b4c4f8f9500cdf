"""The 3-D reference behind the PushResolver interface (model "3d").

A push: every ball at rest in its cup, the pusher's ball laid on the triangle with the flick's
velocity and pushed in by the hand (press.py), then MuJoCo steps until every ball sleeps (at
rest) or ``max_sim_time`` runs out. Balls are built in the board's cell order, the pushed ball
last; the same inputs give the same result bit for bit (MuJoCo is deterministic and every push
starts from a fresh ``MjData``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.physics import PhysicsConfig
from pusher_sim.physics.push import validate_push
from pusher_sim.physics.simulation import RECORD_INTERVAL
from pusher_sim.push import Point, PushOutcome, PushPath, PushSpec
from pusher_sim.reference import contact, press
from pusher_sim.reference.geometry import rim_apothem
from pusher_sim.reference.model import FINGER, PARKED, compiled, cup_shape
from pusher_sim.reference.mujoco_import import mujoco
from pusher_sim.reference.outcome import Place, airborne, cups_of, places

MODEL = "3d"

PRESS_CHECK = 1
"""Steps between two moves of the finger while it presses (it moves a quarter of a millimetre
a step at the hardest press's speed)."""


@dataclass(frozen=True)
class ReferenceResult:
    """A 3-D push in full: the game's outcome; per ball (the board's cell order, the pushed
    ball last) its starting cup, the cup the game gives it, where it rests, whether it flew,
    and its centre."""

    outcome: PushOutcome
    starts: tuple[Cell, ...]
    cups: tuple[Cell, ...]
    places: tuple[Place, ...]
    jumped: tuple[bool, ...]
    centres: tuple[Point, ...]

    @property
    def settled(self) -> bool:
        return self.outcome.settled


class ReferenceResolver:
    """Resolves each push on the 3-D board; deterministic for the same inputs."""

    def __init__(self, config: PhysicsConfig | None = None) -> None:
        self.config = config if config is not None else PhysicsConfig()
        mujoco()  # fail now, in one line, if MuJoCo is missing

    @property
    def max_flick_speed(self) -> float:
        return self.config.max_flick_speed

    @property
    def model(self) -> str:
        return MODEL

    def resolve(
        self,
        board: Board,
        balls: Mapping[Cell, Colour],
        push: PushSpec,
        *,
        record: bool = False,
    ) -> PushOutcome:
        return self.resolve_in_full(board, balls, push, record=record).outcome

    def resolve_in_full(
        self,
        board: Board,
        balls: Mapping[Cell, Colour],
        push: PushSpec,
        *,
        record: bool = False,
    ) -> ReferenceResult:
        """The push with where every ball rests and which flew (see :class:`ReferenceResult`)."""
        cfg = self.config
        validate_push(board, balls, push, cfg.max_flick_speed)
        return _Push(board, balls, push, cfg, record).run()


class _Push:
    """One push being stepped."""

    def __init__(
        self,
        board: Board,
        balls: Mapping[Cell, Colour],
        push: PushSpec,
        cfg: PhysicsConfig,
        record: bool,
    ) -> None:
        mj = mujoco()
        self.mj = mj
        self.board = board
        self.cfg = cfg
        self.push = push
        self.cup = cup_shape(board, cfg)
        self.starts = tuple(c for c in board.cells if c in balls)
        self.colours = (*(balls[c] for c in self.starts), push.colour)
        n = len(self.colours)
        self.model: Any = compiled(board, cfg, n)
        self.data: Any = mj.MjData(self.model)
        r = cfg.ball_radius
        centres = [(*board.position(c), self.cup.rest) for c in self.starts]
        top, down = press.start(board, push, centres, r)
        qpos = self.data.qpos
        for i, p in enumerate([*centres, top]):
            qpos[7 * i : 7 * i + 3] = p
            qpos[7 * i + 3 : 7 * i + 7] = (1.0, 0.0, 0.0, 0.0)
        self.pressed = n - 1
        self.data.qvel[6 * self.pressed + 2] = down
        self.finger_geom = mj.mj_name2id(self.model, mj.mjtObj.mjOBJ_GEOM, FINGER)
        self.finger_z = top[2] + r + press.FINGER_RADIUS
        self.data.mocap_pos[0] = (top[0], top[1], self.finger_z)
        mj.mj_forward(self.model, self.data)
        self.every = max(1, round(RECORD_INTERVAL / contact.TIME_STEP))
        self.frames: list[tuple[Point, ...]] | None = [self._frame()] if record else None
        self.jumped = np.zeros(n, dtype=bool)
        self.max_steps = int(cfg.max_sim_time / contact.TIME_STEP)
        self.steps = 0

    def _centres(self) -> np.ndarray:
        return np.array(self.data.xpos[1 : len(self.colours) + 1], dtype=float)

    def _frame(self) -> tuple[Point, ...]:
        rest = self.cup.rest
        return tuple((float(x), float(y), float(z - rest)) for x, y, z in self._centres())

    def _step(self, n: int) -> None:
        self.mj.mj_step(self.model, self.data, nstep=n)
        self.steps += n

    def run(self) -> ReferenceResult:
        cfg = self.cfg
        body = self.pressed + 1
        land = cfg.ball_radius
        dt = contact.TIME_STEP
        speed = press.press_speed(self.push.strength)
        data = self.data
        # The press: the finger pushes the ball down until it is among the others.
        while self.steps * dt < press.HAND_TIME and self.steps < self.max_steps:
            if self._finger_force() < press.STALL_FORCE:
                self.finger_z -= speed * dt * PRESS_CHECK
            x, y, _ = data.xpos[body]
            data.mocap_pos[0] = (x, y, self.finger_z)
            self._advance(PRESS_CHECK, pressing=True)
            if data.xpos[body, 2] <= land:
                break
        data.mocap_pos[0] = PARKED
        # The flick, as the finger lets go: added to how the ball moves then.
        dof = 6 * self.pressed
        data.qvel[dof : dof + 6] += np.array(press.flick(self.push, cfg.ball_radius))
        # Free running until every ball sleeps.
        while self.steps < self.max_steps and data.ntree_awake > 0:
            self._advance(self.every - self.steps % self.every, pressing=False)
        return self._result()

    def _finger_force(self) -> float:
        """The finger's push on the ball now, N."""
        data = self.data
        out = np.zeros(6)
        for i in range(data.ncon):
            c = data.contact[i]
            if self.finger_geom in (c.geom1, c.geom2):
                self.mj.mj_contactForce(self.model, data, i, out)
                return float(out[0])
        return 0.0

    def _advance(self, n: int, *, pressing: bool) -> None:
        n = min(n, self.max_steps - self.steps)
        before = self.steps // self.every
        self._step(n)
        if self.steps // self.every != before:
            centres = self._centres()
            flying = airborne(centres, self.cfg.ball_radius, self.cfg.cup_depth)
            if pressing:
                flying[self.pressed] = False
            self.jumped |= flying
            if self.frames is not None:
                self.frames.append(self._frame())

    def _result(self) -> ReferenceResult:
        cfg = self.cfg
        centres = self._centres()
        where = places(
            self.board, self.cup, centres, cfg.ball_radius, rim_apothem(self.board, cfg.ball_radius)
        )
        cells = cups_of(self.board, [(float(x), float(y)) for x, y, _ in centres])
        at_rest = self.data.ntree_awake == 0
        settled = at_rest and all(p is Place.CUP for p in where) and len(set(cells)) == len(cells)
        if self.frames is not None and self.steps % self.every != 0:
            self.frames.append(self._frame())
        path = None
        if self.frames is not None:
            path = PushPath(
                colours=self.colours,
                cups=tuple(cells),
                interval=self.every * contact.TIME_STEP,
                frames=tuple(self.frames),
            )
        pairs = sorted(zip(cells, self.colours, strict=True), key=lambda p: self.board.index(p[0]))
        outcome = PushOutcome(
            balls=tuple(pairs),
            settled=settled,
            sim_time=self.steps * contact.TIME_STEP,
            steps=self.steps,
            model=MODEL,
            path=path,
        )
        return ReferenceResult(
            outcome=outcome,
            starts=self.starts,
            cups=tuple(cells),
            places=tuple(where),
            jumped=tuple(bool(j) for j in self.jumped),
            centres=tuple((float(x), float(y), float(z)) for x, y, z in centres),
        )
