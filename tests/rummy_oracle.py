"""A brute-force contract oracle: every subset of the hand, every stand-in declaration.

It shares nothing with :mod:`rummy.contract` but the meld validator itself (R3), so agreement
between the two is evidence that the solver's reasoning about skeletons and flows is right.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, permutations

from pusher_sim.errors import IllegalMove
from rummy.cards import ACE, ACE_LOW, card_of, face_of, is_wild, rank_of, slot, suit_of
from rummy.config import SET, Contract
from rummy.melds import check_meld


@lru_cache(maxsize=200_000)
def can_form(faces: tuple[int, ...], kind: str) -> bool:
    """Whether cards with these faces (52 = joker) form a meld of ``kind`` in some declaration."""
    seen: dict[int, int] = {}
    cards = []
    for f in faces:  # distinct physical copies of repeated faces
        copy = seen.get(f, 0)
        seen[f] = copy + 1
        cards.append(card_of(f, copy))
    n = len(cards)
    if kind == SET:
        for rank in range(2, ACE + 1):
            if any(rank_of(c) != rank for c in cards if not is_wild(c)):
                continue
            for suits in permutations(range(4), n):
                if _valid(kind, cards, [slot(rank, s) for s in suits]):
                    return True
        return False
    natural_suits = {suit_of(c) for c in cards if not is_wild(c)}
    for suit in range(4):
        if natural_suits - {suit}:
            continue
        for low in range(ACE_LOW, ACE - n + 2):
            window = range(low, low + n)
            if any(not _in_window(c, window) for c in cards if not is_wild(c)):
                continue
            for order in set(permutations(cards)):
                if _valid(kind, order, [slot(low + i, suit) for i in range(n)]):
                    return True
    return False


def _in_window(card: int, window: range) -> bool:
    r = rank_of(card)
    return r in window or (r == ACE and ACE_LOW in window)


def _valid(kind: str, cards: Sequence[int], slots: Sequence[int]) -> bool:
    try:
        check_meld(kind, cards, slots)
    except IllegalMove:
        return False
    return True


def oracle_can_lay(hand: Sequence[int], contract: Contract) -> bool:
    """Try every way of taking disjoint minimum-length subsets for the contract's melds."""
    faces = sorted(face_of(c) for c in hand)
    return _search(tuple(faces), tuple(sorted(contract)))


@lru_cache(maxsize=200_000)
def _search(faces: tuple[int, ...], reqs: tuple[tuple[str, int], ...]) -> bool:
    if not reqs:
        return True
    (kind, length), rest = reqs[0], reqs[1:]
    tried: set[tuple[int, ...]] = set()
    for idx in combinations(range(len(faces)), length):
        chosen = tuple(faces[i] for i in idx)
        if chosen in tried:
            continue
        tried.add(chosen)
        if can_form(chosen, kind):
            left = tuple(f for i, f in enumerate(faces) if i not in idx)
            if _search(left, rest):
                return True
    return False
