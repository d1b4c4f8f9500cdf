"""The narrow interface between Pusher's rules and the physics that resolves a push.

The rules say *which* push is made and what happens to the balls once they rest (P10, P11);
the physics says *where* they rest (P8, P13). Neither side imports the other: both import this.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from pusher_sim.board import Board, Cell, Colour, Triangle

__all__ = [
    "DEFAULT_STRENGTH",
    "MAX_PUSH_STEPS",
    "Point",
    "PushOutcome",
    "PushPath",
    "PushResolver",
    "PushSpec",
    "ResolverWrapper",
    "push_step_problem",
]

DEFAULT_STRENGTH = 0.5
"""How hard a push presses its ball in when nobody says: the one default for the rules, the
window, the text interface, the bots and experiments."""

MAX_PUSH_STEPS = 100_000
"""Most physics steps one push may take (the model's defaults allow 9,600): bounds the work a
saved game, an experiment or a benchmark can ask of one push, whatever time step and
simulated-time cap it carries."""


def push_step_problem(time_step: float, max_sim_time: float) -> str | None:
    """Why a time step and simulated-time cap ask too many steps of one push, or None."""
    steps = max_sim_time / time_step
    if steps > MAX_PUSH_STEPS:
        return (
            f"max_sim_time / time_step allows {steps:.3g} steps per push; at most "
            f"{MAX_PUSH_STEPS:,} are allowed"
        )
    return None


@dataclass(frozen=True)
class PushSpec:
    """One push as the physics sees it.

    ``offset`` is the press point relative to the triangle's centre, in metres (it must lie inside
    the triangle). The flick is ``speed`` (m/s) in direction ``angle`` (radians, board frame,
    counter-clockwise from +x) given to the pusher's ball as it is pressed in. ``strength`` is
    the press, from 0 (just loosen the triangle) to 1 (the hardest press the model allows).
    """

    triangle: Triangle
    colour: Colour
    offset: tuple[float, float] = (0.0, 0.0)
    angle: float = 0.0
    speed: float = 0.0
    strength: float = DEFAULT_STRENGTH


Point = tuple[float, float, float]
"""A ball's centre in the board frame, metres: x, y and the height above where it would sit in
a cup's bottom (0 for a 2-D model's ball on the board)."""


@dataclass(frozen=True)
class PushPath:
    """How the balls moved during a push, recorded while it was resolved.

    ``frames[k][i]`` is ball ``i``'s centre at simulated time ``k * interval``; the last frame is
    where the simulation left the balls. Balls are in the resolver's order, which ends with the
    pushed ball; ``colours`` gives each one's colour and ``cups`` the cup it rests in (what the
    outcome says). A front end plays the path back instead of simulating the push again.
    """

    colours: tuple[Colour, ...]
    cups: tuple[Cell, ...]
    interval: float
    frames: tuple[tuple[Point, ...], ...]

    @property
    def duration(self) -> float:
        """Simulated seconds from the press to the last frame."""
        return max(0, len(self.frames) - 1) * self.interval


@dataclass(frozen=True)
class PushOutcome:
    """Where every ball came to rest: one ball per cup, the pusher's new ball included.

    ``settled`` is False when the simulated-time cap ran out first; the balls are then assigned
    to the cups they are in (nearest free cup on a clash) so the game can go on, and the caller
    reports the push as unsettled. ``model`` names the model that resolved it (``"6"``, ``"7"``,
    ``"scripted"``, ``"3d"``...), so a game log that records outcomes says where each came
    from. ``path`` is there only when the resolver was asked to record one; it takes no part in
    comparing outcomes.
    """

    balls: tuple[tuple[Cell, Colour], ...]
    settled: bool
    sim_time: float
    steps: int
    model: str = ""
    path: PushPath | None = field(default=None, compare=False, repr=False)

    def as_dict(self) -> dict[Cell, Colour]:
        return dict(self.balls)


class PushResolver(Protocol):
    """Anything that can say where the balls rest after a push."""

    @property
    def max_flick_speed(self) -> float:
        """The hardest flick allowed, m/s."""
        ...

    @property
    def model(self) -> str:
        """Which model resolves the pushes: what :attr:`PushOutcome.model` says."""
        ...

    def resolve(
        self,
        board: Board,
        balls: Mapping[Cell, Colour],
        push: PushSpec,
        *,
        record: bool = False,
    ) -> PushOutcome:
        """Resolve ``push`` on ``board`` holding ``balls``; must be deterministic.

        With ``record`` the outcome carries the balls' :class:`PushPath`; the resting places are
        the same either way.
        """
        ...


class ResolverWrapper:
    """The base of a resolver that wraps another (``inner``): it answers for the same model and
    flick limit, so a wrapper writes only what it adds to :meth:`PushResolver.resolve`."""

    def __init__(self, inner: PushResolver) -> None:
        self.inner = inner

    @property
    def max_flick_speed(self) -> float:
        return self.inner.max_flick_speed

    @property
    def model(self) -> str:
        return self.inner.model
