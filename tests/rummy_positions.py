"""Set-up positions for Push tests, written as card strings ("7C 7D JK=7H").

Cards not named anywhere go to the bottom of the stock, so every position holds all 108 cards.
Repeated names take the next physical copy (two decks, four jokers).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummy.cards import card_of, parse_face, parse_slot
from rummy.game import RummyGame
from rummy.melds import TableMeld, check_meld, declare_slots
from rummy.state import DRAW, STOCK, DealResult, RummyState


class Cards:
    """Hands out physical cards by name, each copy once."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, name: str) -> int:
        face = parse_face(name)
        for copy in range(4 if face == 52 else 2):
            card = card_of(face, copy)
            if card not in self.used:
                self.used.add(card)
                return card
        raise ValueError(f"no copy of {name} left")

    def many(self, text: str) -> list[int]:
        return [self.take(w) for w in text.split()]


def position(
    hands: Sequence[str],
    *,
    stock: str = "",
    discard: str = "",
    melds: Sequence[tuple[int, str, str]] = (),
    player: int = 0,
    phase: str = DRAW,
    deal: int = 0,
    laid: Sequence[bool] = (False, False, False, False),
    config: dict[str, Any] | None = None,
) -> RummyState:
    """A position in deal ``deal`` (0-based). ``stock`` lists the top card first; ``discard``
    lists the bottom card first (its last card is the top). Melds are (owner, kind, cards)."""
    game = RummyGame.from_mapping(config or {})
    state = game.new_initial_state()
    pool = Cards()
    state.hands = [pool.many(h) for h in hands]
    state.discard = pool.many(discard)
    top_first = pool.many(stock)
    state.melds = []
    for i, (owner, kind, text) in enumerate(melds):
        cards, given = [], {}
        for word in text.split():
            name, _, stands = word.partition("=")
            card = pool.take(name)
            cards.append(card)
            if stands:
                given[card] = parse_slot(stands)
        cs, ss = check_meld(kind, cards, declare_slots(kind, cards, given))
        state.melds.append(TableMeld(i + 1, owner, kind, cs, ss))
    state.next_meld_id = len(melds) + 1
    rest = [c for c in range(108) if c not in pool.used]
    state.stock = rest + top_first[::-1]
    state.results = [DealResult((0, 0), -1, (False,) * 4, STOCK) for _ in range(deal)]
    state.phase = phase
    state.player = player
    state.dealer = (player - 1) % 4
    state.laid = list(laid)
    state.turns = 1
    state.check_invariants()
    return state
