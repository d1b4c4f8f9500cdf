"""Which melds ``legal_actions`` lists: a finite, small menu out of an exploding space.

Every meld a hand could lay is far too many to list (each wild can stand for many cards). The
menu is: the contract laying the exact solver finds; every single-card lay-off (R7); every
replacement (R8); one card of each face to discard; and new three-card melds built around the
naturals in hand, filling gaps with wilds. ``validate`` accepts any legal meld a person types,
listed or not, so the menu limits bots, never players.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from rummy.actions import MeldSpec
from rummy.cards import ACE, ACE_LOW, TWO, face_of, is_wild, own_slots, rank_of, slot, suit_of
from rummy.config import RUN, SET
from rummy.melds import TableMeld, layoff_slots

MELD_SIZE = 3


def new_melds(hand: Sequence[int], wild_first: int = -1) -> list[MeldSpec]:
    """Three-card melds from ``hand``; with ``wild_first`` set, only melds that use that wild.

    Without ``wild_first`` each rank and each run window is listed once with as many naturals as
    it can take; with it, the wild must fill a place, so naturals are left out to make room.
    """
    naturals: dict[int, int] = {}
    for c in sorted(hand):
        if not is_wild(c) or rank_of(c) == TWO:
            for s in own_slots(c):
                naturals.setdefault(s, c)
    wilds = sorted((c for c in hand if is_wild(c)), key=lambda c: (c != wild_first, -c))
    found: list[MeldSpec] = []
    for rank in range(TWO, ACE + 1):
        present = [s for s in range(4) if slot(rank, s) in naturals]
        if not present:
            continue
        sizes = range(1, min(MELD_SIZE, len(present)) + 1)
        if wild_first < 0:
            sizes = range(min(MELD_SIZE, len(present)), min(MELD_SIZE, len(present)) + 1)
        for k in sizes:
            for suits in combinations(present, k):
                nat = [naturals[slot(rank, s)] for s in suits]
                fill = [c for c in wilds if c not in nat][: MELD_SIZE - k]
                if len(fill) < MELD_SIZE - k:
                    continue
                spare = [s for s in range(4) if s not in suits]
                slots = [slot(rank, s) for s in suits] + [slot(rank, s) for s in spare[: len(fill)]]
                found.append((SET, (*nat, *fill), tuple(slots)))
    for suit in range(4):
        for low in range(ACE_LOW, ACE - MELD_SIZE + 2):
            window = [slot(r, suit) for r in range(low, low + MELD_SIZE)]
            nat_slots = [s for s in window if s in naturals]
            if not nat_slots or (wild_first >= 0 and len(nat_slots) == MELD_SIZE):
                continue
            nat = [naturals[s] for s in nat_slots]
            if len(set(nat)) != len(nat):
                continue
            gaps = [s for s in window if s not in naturals]
            fill = [c for c in wilds if c not in nat][: len(gaps)]
            if len(fill) < len(gaps):
                continue
            cards = dict(zip(nat_slots, nat, strict=True)) | dict(zip(gaps, fill, strict=True))
            found.append((RUN, tuple(cards[s] for s in window), tuple(window)))
    if wild_first >= 0:
        found = [m for m in found if wild_first in m[1]]
    return _distinct(found)


def _distinct(melds: list[MeldSpec]) -> list[MeldSpec]:
    seen: set[tuple[str, tuple[int, ...], tuple[int, ...]]] = set()
    out = []
    for m in melds:
        key = (m[0], tuple(sorted(m[1])), tuple(sorted(m[2])))
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def layoffs(hand: Sequence[int], melds: Sequence[TableMeld]) -> list[tuple[int, int, int]]:
    """(meld id, card, slot) for every card of each face and every place it fits."""
    out: list[tuple[int, int, int]] = []
    for c in one_per_face(hand):
        for m in melds:
            out.extend((m.id, c, s) for s in layoff_slots(m, c))
    return out


def one_per_face(hand: Sequence[int]) -> list[int]:
    """The lowest-numbered card of each face, in hand order: copies play alike."""
    best: dict[int, int] = {}
    for c in hand:
        f = face_of(c)
        if f not in best or c < best[f]:
            best[f] = c
    return sorted(best.values(), key=lambda c: (suit_of(c), rank_of(c), c))
