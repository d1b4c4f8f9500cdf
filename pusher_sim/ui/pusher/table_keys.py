"""Pusher's own keys and wheel at its table: I shows the rule in force, Space finishes the push
on screen or else passes when the rules say skip, F fast-forwards the bots' turn, Up/Down and the
wheel set a push's press strength while aiming (else the wheel scrolls the move list), and
PageUp/PageDown scroll the move list. The framework's keys (leave, undo, save...) never get here.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from pusher_sim.pusher.actions import Pass
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import State
from pusher_sim.ui.pusher.frame_builder import FramedTable

STRENGTH_STEP = 0.1
"""How much one press of Up/Down (or one wheel notch) changes a push's strength."""


class KeyedTable(FramedTable, Protocol):
    """What the keys need of the Pusher tabletop: what its frames are built from, and a few
    things more."""

    fast: bool

    @property
    def state(self) -> State: ...

    def say(self, words: str, warning: bool = False) -> None: ...

    def perform(self, action: Action) -> bool: ...

    def finish_showing(self) -> bool: ...


class PusherKeys:
    """The keys of one Pusher tabletop (see the module docstring)."""

    def __init__(self, table: KeyedTable, pace: float) -> None:
        self.table = table
        self._pace = pace
        """The bots' pace, given back when a fast-forward ends."""

    def key(self, key: int) -> None:
        table = self.table
        if table.show_rule and key in (pygame.K_i, pygame.K_ESCAPE):
            table.show_rule = False
        elif key == pygame.K_i:
            table.show_rule = True
        elif key == pygame.K_SPACE:
            self.space()
        elif key == pygame.K_f:
            self.fast_forward(True)
        elif key == pygame.K_UP:
            self.change_strength(STRENGTH_STEP)
        elif key == pygame.K_DOWN:
            self.change_strength(-STRENGTH_STEP)
        elif key == pygame.K_PAGEUP:
            table.moves.scroll_by(5, table.painter.move_rows())
        elif key == pygame.K_PAGEDOWN:
            table.moves.scroll_by(-5, table.painter.move_rows())

    def space(self) -> None:
        """Space: finish what is on screen, else pass when the rules say so."""
        table = self.table
        if table.finish_showing():
            return
        if not table.awaiting_person:
            return
        if table.scene.can_pass:
            table.note = ""
            table.perform(Pass())
        else:
            table.say("you may not pass now: " + table.scene.demand.value, warning=True)

    def fast_forward(self, on: bool) -> None:
        """F: the bots move without pause or animation until a person is to move."""
        table = self.table
        if on and (table.flow.awaiting >= 0 or table.state.is_terminal()):
            over = table.state.is_terminal()
            table.say(f"nothing to fast-forward: {'the game is over' if over else 'your move'}")
            return
        table.fast = on
        table.flow.pace = 0.0 if on else self._pace
        if on:
            table.flow.hurry()
            table.finish_showing()
            table.say("fast-forwarding the bots' turn")

    def change_strength(self, by: float) -> None:
        """Set how hard the next push presses its ball in, 0..1."""
        table = self.table
        table.strength = round(min(1.0, max(0.0, table.strength + by)), 2)
        table.say(f"press strength {table.strength:.0%} (wheel or Up/Down while aiming)")

    def wheel(self, notches: int) -> None:
        """Up is away from the player: a harder press while aiming, older moves over the list."""
        table = self.table
        if table.aim is not None:
            self.change_strength(STRENGTH_STEP * notches)
        else:
            table.moves.scroll_by(notches, table.painter.move_rows())
