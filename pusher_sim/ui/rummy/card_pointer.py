"""The mouse at the Push table: a click on a card selects or unselects it, a drag carries one
card onto the discard pile or a meld, a drag along the hand selects the cards it crosses, and a
click on the discard pile, the stock or a meld plays the move it means with the selected card.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from pusher_sim.errors import IllegalMove
from pusher_sim.turnloop.actions import Action
from pusher_sim.ui.common.turn_flow import TurnFlow
from pusher_sim.ui.rummy.table_layout import Layout
from pusher_sim.ui.shell.widgets import Button, button_at
from rummy.actions import Discard, DrawStock, LayOff, PushDraw, ReplaceWild, TakeDiscard
from rummy.melds import layoff_slots
from rummy.state import RummyState

DRAG_PIXELS = 8
"""How far a pressed card must move before it is dragged rather than clicked."""


class PointedTable(Protocol):
    """What the pointer needs of the Push tabletop."""

    selected: list[int]
    buttons: list[Button]
    layout: Layout

    @property
    def flow(self) -> TurnFlow: ...

    @property
    def state(self) -> RummyState: ...

    def card_at(self, pos: tuple[int, int]) -> int: ...

    def hand_rects(self) -> dict[int, pygame.Rect]: ...

    def meld_rects(self) -> dict[int, pygame.Rect]: ...

    def perform(self, action: Action) -> bool: ...

    def say(self, words: str, warning: bool = False) -> None: ...


class CardPointer:
    """The mouse over one Push tabletop (see the module docstring)."""

    def __init__(self, table: PointedTable) -> None:
        self.table = table
        self.press: tuple[int, tuple[int, int]] | None = None
        """The card pressed and where, until the button is released."""
        self.drag: tuple[int, tuple[int, int]] | None = None
        """The card being dragged and where the pointer is."""

    def down(self, pos: tuple[int, int]) -> None:
        table = self.table
        button = button_at(table.buttons, pos)
        if button is not None:
            button.press()
            return
        card = table.card_at(pos)
        if card >= 0:
            self.press = (card, pos)
            return
        if table.flow.awaiting < 0:
            return
        lay = table.layout
        if lay.discard.collidepoint(pos):
            self._first_legal([TakeDiscard()])
        elif lay.stock.collidepoint(pos):
            self._first_legal([PushDraw(), DrawStock()])
        elif len(table.selected) == 1:
            for meld_id, rect in table.meld_rects().items():
                if rect.collidepoint(pos):
                    self._onto_meld(meld_id, table.selected[0])

    def motion(self, pos: tuple[int, int]) -> None:
        if self.press is None:
            return
        card, start = self.press
        far = abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG_PIXELS
        if self.drag is not None or far:
            self.drag = (card, pos)

    def up(self, pos: tuple[int, int]) -> None:
        table = self.table
        press, drag = self.press, self.drag
        self.press = self.drag = None
        if press is None:
            return
        card = press[0]
        if drag is None:  # a click: select or unselect
            if card in table.selected:
                table.selected.remove(card)
            elif table.flow.awaiting >= 0:
                table.selected.append(card)
            return
        if table.layout.discard.collidepoint(pos):
            self._first_legal([Discard(card)])
            return
        for meld_id, rect in table.meld_rects().items():
            if rect.collidepoint(pos):
                self._onto_meld(meld_id, card)
                return
        swept = self.swept(press[1], pos)
        if swept and table.flow.awaiting >= 0:  # dragged along the hand: select what it crossed
            table.selected += [c for c in swept if c not in table.selected]

    def sweeping(self) -> bool:
        """True while a drag runs along the hand (it selects) rather than carrying a card off."""
        return (
            self.drag is not None
            and self.press is not None
            and bool(self.swept(self.press[1], self.drag[1]))
        )

    def swept(self, start: tuple[int, int], end: tuple[int, int]) -> list[int]:
        """The cards a drag from ``start`` to ``end`` along the hand crossed, or [] if the drag
        left the hand."""
        layout = self.table.layout
        band = layout.hand.inflate(0, layout.card[1] // 2)
        if not (band.collidepoint(start) and band.collidepoint(end)):
            return []
        left, right = sorted((start[0], end[0]))
        rects = list(self.table.hand_rects().items())
        crossed = []
        for n, (card, rect) in enumerate(rects):
            seen_right = rects[n + 1][1].x if n + 1 < len(rects) else rect.right
            if rect.x <= right and seen_right >= left:
                crossed.append(card)
        return crossed

    def _onto_meld(self, meld_id: int, card: int) -> None:
        meld = next(m for m in self.table.state.melds if m.id == meld_id)
        options: list[Action] = [ReplaceWild(meld_id, card)]
        options += [LayOff(meld_id, card, s) for s in layoff_slots(meld, card)]
        self._first_legal(options)

    def _first_legal(self, options: list[Action]) -> None:
        state = self.table.state
        for action in options:
            if state.is_legal(action):
                self.table.perform(action)
                return
        try:
            state.validate(options[0])
        except IllegalMove as exc:
            self.table.say(exc.reason, warning=True)
