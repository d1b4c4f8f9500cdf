"""The draw that opens a turn (R5, R6): take the discard, push (the stock's top and the discard
to the player on the left, then draw the stock), or draw the stock when no discard is there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pusher_sim.errors import IllegalMove
from rummy.actions import DrawStock, PushDraw, TakeDiscard
from rummy.dealing import end_deal
from rummy.phases import DRAW, MELD, STOCK

if TYPE_CHECKING:
    from pusher_sim.turnloop.actions import Action
    from rummy.state import RummyState

Draw = TakeDiscard | PushDraw | DrawStock


def draw_options(state: RummyState) -> list[Action]:
    if not state.discard:
        return [DrawStock()]
    options: list[Action] = [TakeDiscard()]
    if len(state.stock) >= state.cfg.push_min_stock:
        options.append(PushDraw())
    if not state.stock:
        options.append(DrawStock())
    return options


def check_draw(state: RummyState, action: Draw) -> None:
    if state.phase != DRAW:
        raise IllegalMove("R5", "you have drawn already: meld, lay off or discard")
    if isinstance(action, TakeDiscard) and not state.discard:
        raise IllegalMove("R6", "the discard pile is empty: draw from the stock")
    if isinstance(action, PushDraw):
        if not state.discard:
            raise IllegalMove("R6", "a push needs a discard: the discard pile is empty")
        if len(state.stock) < state.cfg.push_min_stock:
            raise IllegalMove("R6", f"a push needs {state.cfg.push_min_stock} stock card(s)")
    if isinstance(action, DrawStock) and state.discard and state.stock:
        raise IllegalMove(
            "R6",
            "take the discard or push: the stock alone is drawn only when the "
            "discard pile is empty",
        )


def apply_draw(state: RummyState, action: Draw) -> None:
    hand = state.hands[state.player]
    if isinstance(action, TakeDiscard):
        state.taken = state.discard.pop()
        hand.append(state.taken)
        state.phase = MELD
        return
    if isinstance(action, PushDraw):
        left = (state.player + 1) % 4
        state.hands[left].extend((state.stock.pop(), state.discard.pop()))
    if not state.stock:  # R10: the deal ends when the stock cannot be drawn from
        end_deal(state, STOCK, -1)
        return
    hand.append(state.stock.pop())
    state.phase = MELD
