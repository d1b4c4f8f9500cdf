"""A game played again from its log, move by move, on any table: where it is, whether it waits,
and what the status line says about it.

Every table replays the same way (R starts and ends it, Space pauses, Right steps, Left goes
back) and says the same thing while it does; only how a move is shown differs per table.
"""

from __future__ import annotations

from dataclasses import dataclass

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.log import GameLog

REPLAY_HINT = "Space pause/resume   Left back   Right step   R or Esc: end the replay"


@dataclass
class Replay:
    """The game played again from the start: every move, where it is, and whether it waits."""

    log: GameLog
    """The whole game (leaving the replay returns to its end)."""
    actions: list[Action]
    position: int = 0
    """How many of the moves have been played again."""
    paused: bool = False
    steps: int = 0
    """Moves the player asked for one at a time while paused."""

    @property
    def total(self) -> int:
        return len(self.actions)

    @property
    def finished(self) -> bool:
        return self.position >= self.total

    @property
    def waiting(self) -> bool:
        """True while nothing is due until the player steps or resumes."""
        return self.paused and self.steps <= 0

    @property
    def headline(self) -> str:
        """What the status line says instead of whose move it is."""
        state = " (paused)" if self.paused else ""
        return f"Replay{state}: move {self.position} of {self.total}"

    def toggle_pause(self) -> str:
        """Space: pause or resume; returns what to tell the player."""
        self.paused, self.steps = not self.paused, 0
        return "replay paused (Right steps, Left goes back)" if self.paused else "replay resumed"

    def step(self) -> None:
        """Right: pause and show one more move."""
        self.paused = True
        self.steps += 1

    def back(self) -> int:
        """Left: pause and go back one move; the position to show now (-1: at the start)."""
        if self.position == 0:
            return -1
        self.paused, self.steps = True, 0
        self.position -= 1
        return self.position

    def take_next(self) -> Action | None:
        """The move to show now, if one is due (while paused, only the steps asked for)."""
        if self.finished or self.waiting:
            return None
        if self.paused:
            self.steps -= 1
        action = self.actions[self.position]
        self.position += 1
        return action
