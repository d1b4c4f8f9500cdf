"""The move the Pusher table is showing: a push played back along the path the physics
recorded for it (with its sounds), or a bot's ball dropping from its tray into the cup it was
placed in. While one is on screen the table holds the next move back; Space or a click jumps
it to its end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pusher_sim.board import Cell, Colour
from pusher_sim.ui.common.turn_flow import Played
from pusher_sim.ui.pusher.push_animation import PushAnimation
from pusher_sim.ui.shell.sound import Sounds


@dataclass
class Drop:
    """A bot's ball on its way from the tray to the cup it was placed in (drawn, not played)."""

    cell: Cell
    colour: Colour
    seat: int
    seconds: float
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.seconds


@dataclass
class PushOnScreen:
    """A push whose recorded path is being played back, and what to say when it is over."""

    played: Played
    animation: PushAnimation


class MoveOnScreen:
    """The push or the dropping ball on screen, if any (see the module docstring)."""

    def __init__(self) -> None:
        self.push: PushOnScreen | None = None
        self.drop: Drop | None = None

    def holding(self) -> bool:
        return self.push is not None or self.drop is not None

    def clear(self) -> None:
        self.push = None
        self.drop = None

    def advance(
        self, dt: float, fast: bool, sounds: Sounds, landed: Callable[[PushOnScreen], None]
    ) -> None:
        """Run what is on screen by ``dt`` seconds (a dropping ball lands at once when ``fast``);
        ``landed`` is told of a push whose path has played out."""
        if self.push is not None:
            self._roll(self.push, dt, sounds, landed)
        if self.drop is not None:
            self.drop.t += dt if not fast else self.drop.seconds
            if self.drop.done:
                self.drop = None
                sounds.play("drop")

    def _roll(
        self, shown: PushOnScreen, dt: float, sounds: Sounds, landed: Callable[[PushOnScreen], None]
    ) -> None:
        animation = shown.animation
        was_rolling, was_finished = animation.rolling, animation.finished
        animation.update(dt)
        if animation.collisions:
            sounds.play("collision", min(1.0, 0.4 + 0.2 * animation.collisions))
        if was_rolling and not animation.rolling:
            sounds.play("drop")
        if not was_finished and animation.finished and animation.flying:
            sounds.play("tray")
        if animation.finished:
            self.push = None
            landed(shown)

    def finish(self) -> bool:
        """Jump the push or the dropping ball on screen to its end; False if none is shown."""
        shown = False
        if self.push is not None:
            self.push.animation.finish()
            shown = True
        if self.drop is not None:
            self.drop.t = self.drop.seconds
            shown = True
        return shown
