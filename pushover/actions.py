"""Push Over's three actions: a player rolls a die or stops (O2); chance says what the die shows.

Player actions carry their seat so that a move made out of turn is caught by the rules (an
``IllegalMove`` naming "turn"), not silently applied for whoever happens to be up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pusher_sim.turnloop.actions import Action, ActionCodec


@dataclass(frozen=True)
class Roll(Action):
    """Roll one more die."""

    seat: int
    kind: ClassVar[str] = "roll"

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Stop(Action):
    """Stop rolling and move by the dice rolled so far."""

    seat: int
    kind: ClassVar[str] = "stop"

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True)
class Die(Action):
    """A chance outcome: the die just rolled shows ``value``."""

    value: int
    kind: ClassVar[str] = "die"

    def __str__(self) -> str:
        return f"die shows {self.value}"


CODEC = ActionCodec([Roll, Stop, Die])

# Actions are immutable, so the common ones are made once rather than on every decision.
ROLL = tuple(Roll(seat) for seat in range(4))
STOP = tuple(Stop(seat) for seat in range(4))
DIE = {face: Die(face) for face in range(1, 7)}
