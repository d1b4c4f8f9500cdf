"""Playing a push's recorded path back on screen, then flying the returned balls to their trays.

The rules resolve a push once, recording where every ball was every few milliseconds
(:class:`~pusher_sim.push_resolution.PushPath`, see :mod:`~pusher_sim.ui.pusher.push_record`); the
animation only reads that record. :meth:`PushAnimation.update` moves a clock by the frame's duration
(times the speed factor) and the balls are drawn where the path puts them at that time, interpolated
between two recorded frames, so a slow frame skips ahead instead of slowing the push down and
nothing is simulated on the frame loop. The balls end exactly where the rules put them: the path's
``cups`` are the outcome's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.push_resolution import Point, PushOutcome, PushPath

FLY_SECONDS = 0.7
"""How long a returned ball takes to fly back to its tray."""
ROLL_SECONDS = 1.2
"""The longest a push's path takes on screen at speed 1: a longer one (the balls' last slow
millimetres into their cups take a push to 2 s) is played faster to fit, so a bot's turn of
one push, the pace before it included, is shown in under 3 s (issue 33)."""
SNAP_SECONDS = 0.15
"""How long settled balls take to ease from where the path left them to their cups' centres."""
BallPosition = tuple[Colour, float, float]


def still_path(board: Board, outcome: PushOutcome) -> PushPath:
    """A path of one frame, every ball in its cup: for an outcome recorded without one."""
    cells = tuple(c for c, _ in outcome.balls)
    frame = tuple((*board.position(c), 0.0) for c in cells)
    return PushPath(tuple(col for _, col in outcome.balls), cells, 1.0 / 120.0, (frame,))


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
        outcome: PushOutcome,
        tray_counts: Sequence[int],
        seat_of: Mapping[Colour, int],
        speed: float = 1.0,
        ball_radius: float = 0.0,
    ) -> None:
        self.board = board
        self.path = outcome.path if outcome.path is not None else still_path(board, outcome)
        self.speed = speed
        self.roll_speed = speed * max(1.0, self.path.duration / ROLL_SECONDS)
        """The path's playing speed: ``speed``, or faster for a path longer than ROLL_SECONDS."""
        self.time = 0.0
        """Simulated seconds of the path played so far."""
        self._trays = list(tray_counts)
        self._seat_of = dict(seat_of)
        self.flying: tuple[FlyingBall, ...] = ()
        self.fly_time = 0.0
        self.frames = 0
        self.collisions = 0
        """New ball-to-ball contacts in the last update (for the collision sound)."""
        self._touching: set[tuple[int, int]] = set()
        self._contact = 2.0 * ball_radius if ball_radius > 0 else 0.97 * board.pitch
        """Centre distance of two touching balls; the press itself is the first contact."""
        self._resting: list[tuple[Colour, tuple[float, float], tuple[float, float]]] = []
        self._positions = self._at(0.0)
        if self.path.duration <= 0.0:
            self._start_flying()

    @property
    def rolling(self) -> bool:
        return self.time < self.path.duration

    @property
    def finished(self) -> bool:
        return not self.rolling and self.fly_time >= FLY_SECONDS

    def positions(self) -> tuple[BallPosition, ...]:
        """Every ball's colour and board position now (the pushed ball last)."""
        return self._positions

    def _at(self, t: float) -> tuple[BallPosition, ...]:
        """The balls at path time ``t``, interpolated between the two recorded frames around it."""
        path = self.path
        k = t / path.interval
        lo = min(int(k), len(path.frames) - 1)
        hi = min(lo + 1, len(path.frames) - 1)
        f = min(1.0, k - lo) if hi > lo else 0.0
        a: Sequence[Point] = path.frames[lo]
        b: Sequence[Point] = path.frames[hi]
        return tuple(
            (col, p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f)
            for col, p, q in zip(path.colours, a, b, strict=True)
        )

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds of wall time (times the speed factor)."""
        self.frames += 1
        self.collisions = 0
        if self.rolling:
            self.time = min(self.path.duration, self.time + max(0.0, dt) * self.roll_speed)
            self._positions = self._at(self.time)
            self._count_contacts()
            if not self.rolling:
                self._start_flying()
        else:
            self.fly_time += max(0.0, dt) * max(1.0, self.speed)

    def finish(self) -> None:
        """Jump to the end: every ball where the rules put it, the returned ones in their trays."""
        if self.rolling:
            self.time = self.path.duration
            self._positions = self._at(self.time)
            self._start_flying()
        self.fly_time = FLY_SECONDS

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
        flying = []
        resting = []
        for (colour, x, y), cell in zip(self._positions, self.path.cups, strict=True):
            if self.board.colour(cell) == colour:
                seat = self._seat_of[colour]
                flying.append(FlyingBall(colour, (x, y), seat, self._trays[seat]))
                self._trays[seat] += 1
            else:
                resting.append((colour, (x, y), self.board.position(cell)))
        self.flying = tuple(flying)
        self._resting = resting
        if not flying:
            self.fly_time = max(self.fly_time, FLY_SECONDS - SNAP_SECONDS)

    def board_balls(self) -> list[tuple[float, float, Colour]]:
        """Balls on the board to draw now; once the push is over they ease into their cups."""
        if self.rolling:
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

    def resting_cells(self) -> dict[Cell, Colour]:
        """Where the balls that stay on the board end (what the rules say)."""
        return {
            cell: col
            for col, cell in zip(self.path.colours, self.path.cups, strict=True)
            if self.board.colour(cell) != col
        }


def _ease(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return t * t * (3.0 - 2.0 * t)
