"""What a Push player may do with the cards they have selected: the commands the table offers.

The rules list a small menu of melds (:mod:`rummy.candidates`); a person may pick any cards, so
the offers are the listed actions that use exactly the selection, plus the contract or a meld
the solver builds from the selection, plus lay-offs, wild replacements and the discard of a
single card. Every offer has passed :meth:`~rummy.state.RummyState.is_legal`, so a button on
the table is always a legal command.
"""

from __future__ import annotations

from collections.abc import Sequence

from pusher_sim.turnloop.actions import Action
from rummy.actions import (
    Discard,
    DrawStock,
    LayMelds,
    LayOff,
    PushDraw,
    ReplaceWild,
    TakeDiscard,
)
from rummy.cards import card_str, fits_naturally, slot_str
from rummy.config import KINDS
from rummy.contract import solve
from rummy.melds import layoff_slots
from rummy.state import DRAW, MELD, RummyState


def offers_for(state: RummyState, selected: Sequence[int]) -> list[tuple[str, Action]]:
    """(label, action) for every legal command of the player to move with ``selected``."""
    legal = state.legal_actions()
    if state.phase == DRAW:
        top = card_str(state.discard[-1]) if state.discard else ""
        names = {
            TakeDiscard: f"take the {top}",
            PushDraw: "push",
            DrawStock: "draw from the stock",
        }
        return [(names[type(a)], a) for a in legal if type(a) in names]
    if state.phase != MELD:
        return []
    chosen = sorted(selected)
    found: list[Action] = []

    def offer(action: Action) -> None:
        if action not in found and state.is_legal(action):
            found.append(action)

    if state.pending_wild >= 0 and not chosen:  # the freed wild must go somewhere now
        for action in legal:
            offer(action)
    for action in legal:
        if isinstance(action, LayMelds):
            cards = sorted(c for _, cs, _ in action.melds for c in cs)
            if cards == chosen or (not chosen and not state.laid[state.player]):
                offer(action)
    if chosen and not state.laid[state.player]:
        plan = solve(chosen, state.contract)
        if plan is not None:
            offer(LayMelds(tuple((m.kind, m.cards, m.slots) for m in plan)))
    elif len(chosen) >= 3:
        for kind in KINDS:
            plan = solve(chosen, ((kind, len(chosen)),))
            if plan is not None:
                offer(LayMelds(tuple((m.kind, m.cards, m.slots) for m in plan)))
    if len(chosen) == 1:
        card = chosen[0]
        for meld in state.melds:
            offer(ReplaceWild(meld.id, card))
            for slot in layoff_slots(meld, card):
                offer(LayOff(meld.id, card, slot))
        offer(Discard(card))
    return [(label(state, a), a) for a in found]


def label(state: RummyState, action: Action) -> str:
    """How a button names ``action`` (a meld shows each wild with the card it stands for)."""
    if isinstance(action, LayMelds):
        melds = " + ".join(meld_text(*m) for m in action.melds)
        return f"meld {melds}" if state.laid[state.player] else f"lay the contract: {melds}"
    return str(action)


def meld_text(kind: str, cards: tuple[int, ...], slots: tuple[int, ...]) -> str:
    """``run 8H 9H JK=10H``: the cards, each wild with the card it stands for."""
    shown = " ".join(
        card_str(c) if fits_naturally(c, s) else f"{card_str(c)}={slot_str(s)}"
        for c, s in zip(cards, slots, strict=False)
    )
    return f"{kind} {shown}"
