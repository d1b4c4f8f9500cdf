"""Playing a push out on screen: the balls roll at the physics' own step, then the returned ones
fly back to their trays.

The frame loop calls :meth:`PushAnimation.update` with the frame's duration; the animation runs as
many physics steps as that much simulated time needs (``dt / time_step``), capped per frame so a
slow frame slows the push down instead of stalling the window. The physics is the same
:class:`~pusher_sim.physics.PushSimulation` the rules' resolver runs, with the same inputs, so the
balls end where the rules will put them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.physics import PhysicsResolver, PushSimulation
from pusher_sim.push import PushOutcome, PushResolver, PushSpec

FLY_SECONDS = 0.7
"""How long a returned ball takes to fly back to its tray."""
SNAP_SECONDS = 0.15
"""How long settled balls take to ease from where the physics left them to their cups' centres."""
MAX_STEPS_PER_FRAME = 64
"""At 480 steps per simulated second this keeps up with real time down to 7.5 frames/s."""


class Steppable(Protocol):
    """What the animation needs of a push in progress (PushSimulation has exactly this)."""

    done: bool

    def step(self, n: int = 1) -> None: ...

    def ball_positions(self) -> tuple[tuple[Colour, float, float], ...]: ...

    def outcome(self) -> PushOutcome: ...


class TweenPush:
    """A push resolved at once by a non-physical resolver, shown as a short glide.

    Games configured with the scripted resolver (tests, quick experiments) have no physics to
    step; the balls glide from where they were to where the resolver put them.
    """

    def __init__(
        self,
        board: Board,
        balls: Mapping[Cell, Colour],
        push: PushSpec,
        resolver: PushResolver,
        seconds: float = 0.6,
        time_step: float = 1.0 / 240.0,
    ) -> None:
        self._outcome = resolver.resolve(board, balls, push)
        cx, cy = board.triangle_centre(push.triangle)
        start = [(col, *board.position(c)) for c, col in sorted(balls.items())]
        start.append((push.colour, cx + push.offset[0], cy + push.offset[1]))
        self._start = start
        self._end = [board.position(c) for c in _match_cells(board, start, self._outcome)]
        self._steps_total = max(1, round(seconds / time_step))
        self.time_step = time_step
        self._steps = 0
        self.done = False

    def step(self, n: int = 1) -> None:
        self._steps = min(self._steps_total, self._steps + n)
        self.done = self._steps >= self._steps_total

    def ball_positions(self) -> tuple[tuple[Colour, float, float], ...]:
        t = _ease(self._steps / self._steps_total)
        return tuple(
            (col, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            for (col, x0, y0), (x1, y1) in zip(self._start, self._end, strict=True)
        )

    def outcome(self) -> PushOutcome:
        return self._outcome


def _ease(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return t * t * (3.0 - 2.0 * t)


def start_push(
    board: Board, balls: Mapping[Cell, Colour], push: PushSpec, resolver: PushResolver
) -> tuple[Steppable, float]:
    """The steppable push for this resolver, and its time step (s)."""
    physics = physics_behind(resolver)
    if physics is not None:
        return PushSimulation(board, balls, push, physics.config), physics.config.time_step
    tween = TweenPush(board, balls, push, resolver)
    return tween, tween.time_step


def physics_behind(resolver: object) -> PhysicsResolver | None:
    """The pymunk resolver behind a resolver and the wrappers around it (a wrapper, like the
    rules' memory of tried pushes, names what it wraps ``inner``), or None if there is none."""
    while not isinstance(resolver, PhysicsResolver):
        resolver = getattr(resolver, "inner", None)
        if resolver is None:
            return None
    return resolver


@dataclass(frozen=True)
class FlyingBall:
    """A returned ball on its way from its cup (board metres) to a hollow of its owner's tray."""

    colour: Colour
    start: tuple[float, float]
    seat: int
    slot: int


class PushAnimation:
    """One push from the press until the last returned ball has landed in its tray."""

    def __init__(
        self,
        board: Board,
        sim: Steppable,
        time_step: float,
        tray_counts: Sequence[int],
        seat_of: Mapping[Colour, int],
        speed: float = 1.0,
        ball_radius: float = 0.0,
    ) -> None:
        self.board = board
        self.sim = sim
        self.time_step = time_step
        self.speed = speed
        self._owed = 0.0
        self._trays = list(tray_counts)
        self._seat_of = dict(seat_of)
        self.flying: tuple[FlyingBall, ...] = ()
        self.fly_time = 0.0
        self.frames = 0
        self._positions = sim.ball_positions()
        self.collisions = 0
        """New ball-to-ball contacts in the last update (for the collision sound)."""
        self._touching: set[tuple[int, int]] = set()
        self._contact = 2.0 * ball_radius if ball_radius > 0 else 0.97 * board.pitch
        """Centre distance of two touching balls; the press itself is the first contact."""
        self._resting: list[tuple[Colour, tuple[float, float], tuple[float, float]]] = []

    @property
    def rolling(self) -> bool:
        return not self.sim.done

    @property
    def finished(self) -> bool:
        return self.sim.done and self.fly_time >= FLY_SECONDS

    def outcome(self) -> PushOutcome:
        return self.sim.outcome()

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds of wall time (times the speed factor)."""
        self.frames += 1
        self.collisions = 0
        if not self.sim.done:
            self._owed += dt * self.speed / self.time_step
            n = min(int(self._owed), MAX_STEPS_PER_FRAME * max(1, math.ceil(self.speed)))
            self._owed = min(self._owed - n, 2.0)
            if n > 0:
                self.sim.step(n)
                self._positions = self.sim.ball_positions()
                self._count_contacts()
            if self.sim.done:
                self._start_flying()
        else:
            self.fly_time += dt * max(1.0, self.speed)

    def _count_contacts(self) -> None:
        """Pairs of balls touching now that were not touching at the last update."""
        xy = np.array([(x, y) for _, x, y in self._positions])
        if len(xy) < 2:
            return
        gap = np.hypot(xy[:, None, 0] - xy[None, :, 0], xy[:, None, 1] - xy[None, :, 1])
        a, b = np.nonzero(np.triu(gap < self._contact * 1.02, k=1))
        touching = set(zip(a.tolist(), b.tolist(), strict=True))
        self.collisions = len(touching - self._touching)
        self._touching = touching

    def _start_flying(self) -> None:
        outcome = self.sim.outcome()
        final = self.sim.ball_positions()
        cells = _match_cells(self.board, final, outcome)
        flying = []
        resting = []
        for (colour, x, y), cell in zip(final, cells, strict=True):
            if self.board.colour(cell) == colour:
                seat = self._seat_of[colour]
                flying.append(FlyingBall(colour, (x, y), seat, self._trays[seat]))
                self._trays[seat] += 1
            else:
                resting.append((colour, (x, y), self.board.position(cell)))
        self.flying = tuple(flying)
        self._resting = resting
        if not flying:
            self.fly_time = FLY_SECONDS - SNAP_SECONDS

    def board_balls(self) -> list[tuple[float, float, Colour]]:
        """Balls on the board to draw now; once the push is over they ease into their cups."""
        if not self.sim.done:
            return [(x, y, col) for col, x, y in self._positions]
        t = _ease(self.fly_time / SNAP_SECONDS)
        return [
            (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, col)
            for col, (x0, y0), (x1, y1) in self._resting
        ]

    def flight(self) -> float:
        """How far the returned balls are on their way, 0..1, eased."""
        return _ease(self.fly_time / FLY_SECONDS)

    def tray_counts(self) -> list[int]:
        """Balls to show in each tray: returned balls count once they have landed."""
        counts = list(self._trays)
        if not self.finished:
            for ball in self.flying:
                counts[ball.seat] -= 1
        return counts


def _match_cells(
    board: Board, positions: Sequence[tuple[Colour, float, float]], outcome: PushOutcome
) -> list[Cell]:
    """The outcome's cup of each simulated ball: same colour, nearest first."""
    free = dict(outcome.balls)
    order = sorted(
        range(len(positions)),
        key=lambda i: _cup_distance(board, positions[i][1], positions[i][2]),
    )
    cells: list[Cell | None] = [None] * len(positions)
    for i in order:
        colour, x, y = positions[i]
        mine = [c for c, col in free.items() if col == colour]
        best = min(mine, key=lambda c: _dist2(board.position(c), x, y))
        del free[best]
        cells[i] = best
    return [c for c in cells if c is not None]


def _cup_distance(board: Board, x: float, y: float) -> float:
    return _dist2(board.position(board.cell_at(x, y)), x, y)


def _dist2(p: tuple[float, float], x: float, y: float) -> float:
    return (p[0] - x) ** 2 + (p[1] - y) ** 2
