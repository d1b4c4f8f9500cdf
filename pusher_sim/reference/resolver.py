"""The 3-D reference behind the PushResolver interface (model "3d").

A push: every ball at rest in its cup, the pusher's ball laid on the triangle and pushed in
by the hand (press.py), flicked as the hand lets go, then MuJoCo steps until every ball is at
rest (:data:`REST_TIME`, :data:`REST_DRIFT`) or ``max_sim_time`` runs out. A ball that clears
the rim is taken off the board where it crossed (it cannot come back), so it is at rest
too. Balls are built in the board's cell order, the pushed ball last; the same inputs give the
same result bit for bit (MuJoCo is deterministic and every push starts from a fresh ``MjData``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.physics import PhysicsConfig
from pusher_sim.physics.press import validate_push
from pusher_sim.physics.simulation import RECORD_INTERVAL
from pusher_sim.push_resolution import Point, PushOutcome, PushPath, PushSpec
from pusher_sim.reference import contact, press
from pusher_sim.reference.geometry import FLOOR_DROP, rim_apothem, rim_outside
from pusher_sim.reference.model import FINGER, PARKED, compiled, cup_shape
from pusher_sim.reference.mujoco_import import mujoco
from pusher_sim.reference.outcome import (
    RIM_NORMALS,
    Place,
    airborne,
    cups_of,
    jumping,
    places,
)

MODEL = "3d"

CHECK_STEPS = 2
"""Steps between two looks at the balls (which fly, which jump a cup, which left the board):
1 ms, in which the fastest ball moves 1.5 mm, a fifth of a cup's middle."""

REST_TIME = 0.1
REST_DRIFT = 1e-4
"""The push is over when no ball has moved more than REST_DRIFT (m) from where it was at any
recorded frame of the last REST_TIME (s): a ball below about 1 mm/s, the 2-D model's rest
(``sleep_speed`` held for ``sleep_time`` moves a ball at most 0.1 mm). MuJoCo's own sleep
ends it sooner when it puts every ball to sleep; a ball resting across the seam of two land
prisms can chatter by microns and never sleep, and is at rest all the same."""


@dataclass(frozen=True)
class ReferenceResult:
    """A 3-D push in full: the game's outcome; per ball (the board's cell order, the pushed
    ball last) its starting cup, the cup the game gives it, where it rests, whether it was
    ever in the air (over half a cup's depth up, touching no ball), whether it jumped a cup
    (in the air over a cup's middle), and its centre (for a ball off the board, where it
    cleared the rim)."""

    outcome: PushOutcome
    starts: tuple[Cell, ...]
    cups: tuple[Cell, ...]
    places: tuple[Place, ...]
    flew: tuple[bool, ...]
    jumped: tuple[bool, ...]
    centres: tuple[Point, ...]

    @property
    def settled(self) -> bool:
        """Every ball came to rest (in a cup, on the land, on a ball or off the board) before
        the time cap."""
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
        self.outside = rim_outside(board, r) + r
        self.gone = np.zeros(n, dtype=bool)
        self.exits = np.zeros((n, 3))
        self.frames: list[tuple[Point, ...]] | None = [self._frame()] if record else None
        self.recent: deque[np.ndarray] = deque(
            maxlen=max(2, round(REST_TIME / (self.every * contact.TIME_STEP)) + 1)
        )
        self.flew = np.zeros(n, dtype=bool)
        self.jumped = np.zeros(n, dtype=bool)
        self.max_steps = int(cfg.max_sim_time / contact.TIME_STEP)
        self.steps = 0

    def _centres(self) -> np.ndarray:
        """Every ball's centre, a ball taken off the board where it cleared the rim."""
        live = np.array(self.data.xpos[1 : len(self.colours) + 1], dtype=float)
        live[self.gone] = self.exits[self.gone]
        return live

    def _frame(self) -> tuple[Point, ...]:
        rest = self.cup.rest
        return tuple((float(x), float(y), float(z - rest)) for x, y, z in self._centres())

    def run(self) -> ReferenceResult:
        cfg = self.cfg
        body = self.pressed + 1
        land = cfg.ball_radius
        dt = contact.TIME_STEP
        speed = press.press_speed(self.push.strength)
        data = self.data
        # The press: the finger pushes the ball down until it is among the others, then holds
        # it there until it has stopped bouncing.
        hold = land + cfg.ball_radius + press.FINGER_RADIUS
        still = 0
        while self.steps * dt < press.HAND_TIME and self.steps < self.max_steps:
            if self._finger_force() < press.STALL_FORCE:
                self.finger_z = max(hold, self.finger_z - speed * dt)
            x, y, _ = data.xpos[body]
            data.mocap_pos[0] = (x, y, self.finger_z)
            self._advance(1, pressing=True)
            down = data.xpos[body, 2] <= land + press.DOWN and self.finger_z <= hold
            still = still + 1 if down and abs(data.qvel[6 * self.pressed + 2]) < press.STILL else 0
            if still * dt >= press.STILL_TIME:
                break
        data.mocap_pos[0] = PARKED
        # The flick, as the finger lets go: added to how the ball moves then.
        dof = 6 * self.pressed
        data.qvel[dof : dof + 6] += np.array(press.flick(self.push, cfg.ball_radius))
        # Free running until every ball is at rest.
        at_rest = False
        while self.steps < self.max_steps and not at_rest:
            to_frame = self.every - self.steps % self.every
            self._advance(min(CHECK_STEPS, to_frame), pressing=False)
            if self.steps % self.every == 0:
                at_rest = data.ntree_awake == 0 or self._still()
        return self._result(at_rest)

    def _still(self) -> bool:
        """No ball has moved more than REST_DRIFT from where it was at the last frames."""
        now = self._centres()
        self.recent.append(now)
        if len(self.recent) < (self.recent.maxlen or 0):
            return False
        drift = max(float(np.abs(c - now).max()) for c in self.recent)
        return drift < REST_DRIFT

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
        self.mj.mj_step(self.model, self.data, nstep=n)
        self.steps += n
        cfg = self.cfg
        self._take_off_cleared()
        centres = self._centres()
        flying = airborne(centres, cfg.ball_radius, cfg.cup_depth)
        jumps = jumping(self.board, self.cup, centres, cfg.ball_radius)
        if pressing:
            flying[self.pressed] = jumps[self.pressed] = False
        self.flew |= flying & ~self.gone
        self.jumped |= jumps & ~self.gone
        if self.frames is not None and self.steps // self.every != before:
            self.frames.append(self._frame())

    def _take_off_cleared(self) -> None:
        """Balls wholly beyond the rim's outer face leave the board: each is kept where it
        crossed and parked at rest on the floor far away (rolling on the floor it would keep
        the push from ending, and nothing brings it back)."""
        live = self.data.xpos[1 : len(self.colours) + 1]
        reach = (live[:, :2] @ RIM_NORMALS.T).max(axis=1)
        for i in np.nonzero((reach > self.outside) & ~self.gone)[0]:
            self.gone[i] = True
            self.exits[i] = live[i]
            qpos, qvel = self.data.qpos, self.data.qvel
            qpos[7 * i : 7 * i + 7] = (
                10.0 + i,
                10.0,
                self.cfg.ball_radius - FLOOR_DROP,
                1.0,
                0.0,
                0.0,
                0.0,
            )
            qvel[6 * i : 6 * i + 6] = 0.0

    def _result(self, at_rest: bool) -> ReferenceResult:
        cfg = self.cfg
        centres = self._centres()
        where = places(
            self.board, self.cup, centres, cfg.ball_radius, rim_apothem(self.board, cfg.ball_radius)
        )
        cells = cups_of(self.board, [(float(x), float(y)) for x, y, _ in centres])
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
            settled=at_rest,
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
            flew=tuple(bool(f) for f in self.flew),
            jumped=tuple(bool(j) for j in self.jumped),
            centres=tuple((float(x), float(y), float(z)) for x, y, z in centres),
        )
