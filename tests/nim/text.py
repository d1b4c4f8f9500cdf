"""Nim at the terminal: the heaps in a line, and ``take COUNT HEAP`` (or ``COUNT HEAP``)."""

from __future__ import annotations

from pusher_sim.errors import UserError
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import State
from tests.nim.game import NimState, Take

HELP = """Nim commands:
  take COUNT HEAP   take COUNT counters from heap HEAP (1-3); 'COUNT HEAP' works too
  undo              take back your last move;  quit  leave the game
The rules, N1-N3: 'pusher rules nim' prints them, 'pusher rules N2' one of them."""


class NimText:
    """The :class:`~pusher_sim.turnloop.registry.TextUI` for Nim."""

    def render(self, state: State, seat: int) -> str:
        assert isinstance(state, NimState)
        heaps = "  ".join(f"heap {n + 1}: {'|' * h or '-'}" for n, h in enumerate(state.heaps))
        return f"Nim  {heaps}"

    def prompt(self, state: State, seat: int) -> str:
        return f"seat {seat}: take COUNT HEAP"

    def parse(self, text: str, state: State, seat: int) -> Action:
        words = text.lower().removeprefix("take").split()
        if len(words) != 2 or not all(w.isdigit() for w in words):
            raise UserError("say 'take COUNT HEAP', e.g. 'take 2 3'")
        return Take(seat, int(words[1]) - 1, int(words[0]))

    def help(self) -> str:
        return HELP
