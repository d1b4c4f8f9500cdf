"""The actions of Push. A turn is several of them: one draw, any melding, one discard (R5).

Cards are physical card ids (0..107) so that a log replays exactly which copy moved; slots say
what each card stands for (see :mod:`rummy.cards`).
"""

from __future__ import annotations

from dataclasses import dataclass

from pusher_sim.turnloop.actions import Action, ActionCodec
from rummy.cards import card_str, fits_naturally, slot_str

MeldSpec = tuple[str, tuple[int, ...], tuple[int, ...]]
"""(kind, cards, slots) of one meld being laid."""


@dataclass(frozen=True)
class ChooseDealer(Action):
    """Chance: the first dealer (R1)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} deals first"


@dataclass(frozen=True)
class Shuffle(Action):
    """Chance: the order of the 108 cards for the next deal, top of the stock last (R1)."""

    order: tuple[int, ...]

    def __str__(self) -> str:
        return "shuffle and deal"


@dataclass(frozen=True)
class TakeDiscard(Action):
    """Draw the top card of the discard pile (R6)."""

    def __str__(self) -> str:
        return "take the discard"


@dataclass(frozen=True)
class PushDraw(Action):
    """Push the top stock card and the top discard to the left player, then draw (R6)."""

    def __str__(self) -> str:
        return "push"


@dataclass(frozen=True)
class DrawStock(Action):
    """Draw the top stock card: only with an empty discard pile, or to end a deal whose stock
    has run out (R6, R10)."""

    def __str__(self) -> str:
        return "draw from the stock"


@dataclass(frozen=True)
class LayMelds(Action):
    """Lay one or more new melds at once; before the contract, exactly the contract (R4, R7)."""

    melds: tuple[MeldSpec, ...]

    def __str__(self) -> str:
        parts = []
        for kind, cards, slots in self.melds:
            shown = " ".join(
                card_str(c) if fits_naturally(c, s) else f"{card_str(c)}={slot_str(s)}"
                for c, s in zip(cards, slots, strict=False)
            )
            parts.append(f"{kind} {shown}")
        return "meld " + " + ".join(parts)


@dataclass(frozen=True)
class LayOff(Action):
    """Add one card to a meld on the table, standing for ``slot`` (R7)."""

    meld: int
    card: int
    slot: int

    def __str__(self) -> str:
        as_ = "" if fits_naturally(self.card, self.slot) else f" as {slot_str(self.slot)}"
        return f"lay off {card_str(self.card)}{as_} on meld {self.meld}"


@dataclass(frozen=True)
class ReplaceWild(Action):
    """Swap a natural card from hand for the wild that stands for it in a meld (R8)."""

    meld: int
    card: int

    def __str__(self) -> str:
        return f"replace the wild in meld {self.meld} with {card_str(self.card)}"


@dataclass(frozen=True)
class Discard(Action):
    """End the turn by discarding one card (R9)."""

    card: int

    def __str__(self) -> str:
        return f"discard {card_str(self.card)}"


ALL_ACTIONS: tuple[type[Action], ...] = (
    ChooseDealer,
    Shuffle,
    TakeDiscard,
    PushDraw,
    DrawStock,
    LayMelds,
    LayOff,
    ReplaceWild,
    Discard,
)
CODEC = ActionCodec(ALL_ACTIONS)

__all__ = [
    "ALL_ACTIONS",
    "CODEC",
    "ChooseDealer",
    "Discard",
    "DrawStock",
    "LayMelds",
    "LayOff",
    "MeldSpec",
    "PushDraw",
    "ReplaceWild",
    "Shuffle",
    "TakeDiscard",
]
