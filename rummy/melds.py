"""Meld validation (R3): sets, runs, wilds and what each wild stands for.

A meld is a list of cards and, in parallel, the slot each card fills (see :mod:`rummy.cards`).
Declaring every wild's slot is what the rule book's "the player says whether it is a run or a
set" amounts to once replacement (R8) has to be well defined: the natural card of a wild's slot
is the one card that may later be swapped in for it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from pusher_sim.errors import IllegalMove
from rummy.cards import (
    ACE,
    ACE_LOW,
    NUM_CARDS,
    card_str,
    fits_naturally,
    is_wild,
    own_slots,
    rank_of,
    slot,
    slot_rank,
    slot_str,
    slot_suit,
    suit_of,
)
from rummy.config import KINDS, RUN, SET


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table. Runs keep their cards in rank order, low to high."""

    id: int
    owner: int
    kind: str
    cards: tuple[int, ...]
    slots: tuple[int, ...]

    def __str__(self) -> str:
        shown = " ".join(
            card_str(c) if fits_naturally(c, s) else f"{card_str(c)}={slot_str(s)}"
            for c, s in zip(self.cards, self.slots, strict=True)
        )
        return f"{self.kind} {shown}"

    @cached_property
    def open_slots(self) -> tuple[int, ...]:
        """The slots a card could be added at: a set's missing suits, a run's two ends."""
        return _open_slots(self.kind, self.slots)

    @cached_property
    def wild_positions(self) -> tuple[int, ...]:
        """Positions holding a wild that stands for another card (replaceable, R8)."""
        return tuple(
            i
            for i, (c, s) in enumerate(zip(self.cards, self.slots, strict=True))
            if not fits_naturally(c, s)
        )


def _open_slots(kind: str, slots: tuple[int, ...]) -> tuple[int, ...]:
    if kind == SET:
        rank = slot_rank(slots[0])
        used = {slot_suit(s) for s in slots}
        return tuple(slot(rank, s) for s in range(4) if s not in used)
    suit = slot_suit(slots[0])
    low, high = slot_rank(slots[0]), slot_rank(slots[-1])
    return tuple(slot(r, suit) for r in (low - 1, high + 1) if ACE_LOW <= r <= ACE)


def natural_count(cards: Sequence[int], slots: Sequence[int]) -> int:
    return sum(fits_naturally(c, s) for c, s in zip(cards, slots, strict=True))


def check_meld(
    kind: str,
    cards: Sequence[int],
    slots: Sequence[int],
    min_len: int = 3,
    min_naturals: int = 1,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the meld in canonical order (runs low to high) or raise IllegalMove("R3")."""
    if kind not in KINDS:
        raise IllegalMove("R3", f"a meld is a 'set' or a 'run', not {kind!r}")
    if len(cards) != len(slots):
        raise IllegalMove("R3", "every card of a meld needs the card it stands for")
    if len(cards) < min_len:
        raise IllegalMove("R3", f"a meld has at least {min_len} cards, got {len(cards)}")
    if len(set(cards)) != len(cards) or any(not 0 <= c < NUM_CARDS for c in cards):
        raise IllegalMove("R3", "a meld holds each card once")
    for c, s in zip(cards, slots, strict=True):
        if not ACE_LOW * 4 <= s < (ACE + 1) * 4:
            raise IllegalMove("R3", f"{card_str(c)} stands for no card (slot {s})")
        if not is_wild(c) and not fits_naturally(c, s):
            raise IllegalMove("R3", f"{card_str(c)} is not wild and cannot stand for {slot_str(s)}")
    if natural_count(cards, slots) < min_naturals:
        raise IllegalMove("R3", f"a meld with wilds needs at least {min_naturals} natural card(s)")
    if kind == SET:
        set_ranks = {slot_rank(s) for s in slots}
        if len(set_ranks) != 1 or ACE_LOW in set_ranks:
            raise IllegalMove("R3", "a set holds cards of one rank")
        if len({slot_suit(s) for s in slots}) != len(slots):
            raise IllegalMove("R3", "a set holds no two cards of the same suit")
        return tuple(cards), tuple(slots)
    if len({slot_suit(s) for s in slots}) != 1:
        raise IllegalMove("R3", "a run holds cards of one suit")
    order = sorted(range(len(cards)), key=lambda i: slot_rank(slots[i]))
    ranks = [slot_rank(slots[i]) for i in order]
    if any(b != a + 1 for a, b in itertools.pairwise(ranks)):
        raise IllegalMove(
            "R3", "a run is consecutive ranks with no gap or repeat (ace high or low, no wrap)"
        )
    return tuple(cards[i] for i in order), tuple(slots[i] for i in order)


def declare_slots(
    kind: str, cards: Sequence[int], given: dict[int, int] | None = None
) -> list[int]:
    """A stand-in declaration for cards typed without one.

    Naturals fill their own slot; a wild the player declared keeps that; other wilds fill a
    run's gaps, then extend it upward (downward past a high ace), or take a set's missing suits
    in club-diamond-heart-spade order. The result may still be invalid: check_meld decides.
    """
    given = given or {}
    fixed = [c for c in cards if c in given or not is_wild(c)]
    if not fixed:
        # Only wilds: a 2 may stand for itself (R3), so let the first 2 anchor the meld.
        twos = [c for c in cards if rank_of(c) == 2]
        fixed = twos[:1]
    if not fixed:
        return [slot(ACE, 0)] * len(cards)
    slots: dict[int, int] = {}
    for c in fixed:
        if c in given:
            slots[c] = given[c]
        elif kind == RUN:
            slots[c] = own_slots(c)[0]
        else:
            slots[c] = own_slots(c)[-1]
    if kind == RUN:
        _run_aces_high_if_needed(cards, slots, given)
    free = [c for c in cards if c not in slots]
    if kind == SET:
        rank = slot_rank(next(iter(slots.values())))
        used = {slot_suit(s) for s in slots.values()}
        spare = [s for s in range(4) if s not in used]
        for c, suit in zip(free, spare, strict=False):
            slots[c] = slot(rank, suit)
        for c in free[len(spare) :]:
            slots[c] = slot(rank, 0)
        return [slots[c] for c in cards]
    suit = slot_suit(next(iter(slots.values())))
    taken = {slot_rank(s) for s in slots.values()}
    low, high = min(taken), max(taken)
    wanted = [r for r in range(low, high + 1) if r not in taken]
    up, down = high + 1, low - 1
    while len(wanted) < len(free):
        if up <= ACE:
            wanted.append(up)
            up += 1
        elif down >= ACE_LOW:
            wanted.append(down)
            down -= 1
        else:
            wanted.append(ACE)
    for c, r in zip(free, wanted, strict=False):
        slots[c] = slot(r, suit)
    return [slots[c] for c in cards]


def _run_aces_high_if_needed(
    cards: Sequence[int], slots: dict[int, int], given: dict[int, int]
) -> None:
    """Natural aces were put low; put them high when the run's other naturals sit high."""
    others = [slot_rank(s) for c, s in slots.items() if rank_of(c) != ACE or c in given]
    if others and min(others) >= 8:
        for c in list(slots):
            if rank_of(c) == ACE and c not in given:
                slots[c] = slot(ACE, suit_of(c))


def layoff_slots(meld: TableMeld, card: int) -> list[int]:
    """Every slot where ``card`` can be added to ``meld`` (R7)."""
    open_slots = meld.open_slots
    if is_wild(card):
        return list(open_slots)
    return [s for s in open_slots if fits_naturally(card, s)]


def extended(meld: TableMeld, card: int, s: int) -> TableMeld:
    """``meld`` with ``card`` added at slot ``s``; raises IllegalMove("R7") if it does not fit."""
    if s not in layoff_slots(meld, card):
        raise IllegalMove("R7", f"{card_str(card)} cannot be added to {meld} as {slot_str(s)}")
    cards, slots = check_meld(meld.kind, (*meld.cards, card), (*meld.slots, s), 1, 0)
    return TableMeld(meld.id, meld.owner, meld.kind, cards, slots)


def replacement_position(meld: TableMeld, card: int) -> int:
    """Where natural ``card`` can take a wild's place in ``meld``, or -1 (R8)."""
    if is_wild(card) and rank_of(card) != 2:
        return -1
    for i in meld.wild_positions:
        if fits_naturally(card, meld.slots[i]):
            return i
    return -1
