"""The exact contract solver (R4): can this hand lay the deal's contract, and with which cards?

Bots and the legal-action menu need a yes or no they can trust for every hand, and trying every
subset with every stand-in for the wilds is far too slow. The solver looks for minimum-length
melds only, fixes a skeleton per meld (a set's rank, a run's suit and window) and places the
naturals by a small max-flow; why that is exact is in docs/design.md ("Push's contract solver").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rummy.cards import ACE, ACE_LOW, TWO, is_joker, rank_of, slot, suit_of
from rummy.config import SET, Contract


@dataclass(frozen=True)
class PlannedMeld:
    """A meld the hand can lay: cards and, in parallel, the slot each stands for."""

    kind: str
    cards: tuple[int, ...]
    slots: tuple[int, ...]


@dataclass(frozen=True)
class _Skeleton:
    kind: str
    length: int
    key: tuple[int, ...]
    slot_list: tuple[int, ...]
    """Runs: the slots low to high. Sets: the four suit slots of the rank."""
    faces: tuple[tuple[int, int], ...]
    """(face, capacity): faces with cards in hand that the meld can take as naturals."""
    need: int
    """Wild cards this meld needs on its own."""


def _face(s: int) -> int:
    """The face key of a slot: the low ace is the same card as the high one."""
    return slot(ACE, s % 4) if s // 4 == ACE_LOW else s


class _Hand:
    def __init__(self, hand: Sequence[int]) -> None:
        self.pools: dict[int, list[int]] = {}
        self.jokers: list[int] = []
        for c in sorted(hand):
            if is_joker(c):
                self.jokers.append(c)
            else:
                self.pools.setdefault(slot(rank_of(c), suit_of(c)), []).append(c)
        self.twos = sum(len(v) for k, v in self.pools.items() if k // 4 == TWO)
        self.wilds = len(self.jokers) + self.twos

    def count(self, face: int) -> int:
        pool = self.pools.get(face)
        return len(pool) if pool else 0


def _skeletons(hand: _Hand, kind: str, length: int) -> list[_Skeleton]:
    """Skeletons with a card in hand that need no more wilds than the hand holds."""
    found: list[_Skeleton] = []
    pools = hand.pools
    if kind == SET:
        for rank in range(TWO, ACE + 1):
            base = rank * 4
            faces = tuple((base + s, 1) for s in range(4) if base + s in pools)
            if not faces:
                continue
            need = length - (0 if rank == TWO else min(length, len(faces)))
            if need <= hand.wilds:
                suit_slots = (base, base + 1, base + 2, base + 3)
                found.append(_Skeleton(SET, length, (0, rank), suit_slots, faces, need))
    else:
        for suit in range(4):
            # counts[r] for ranks 1..14 of this suit (the ace counted at both ends)
            counts = [0] * (ACE + 1)
            for r in range(TWO, ACE + 1):
                pool = pools.get(r * 4 + suit)
                if pool:
                    counts[r] = len(pool)
            counts[ACE_LOW] = counts[ACE]
            naturals_at = [1 if n and r != TWO else 0 for r, n in enumerate(counts)]
            for low in range(ACE_LOW, ACE - length + 2):
                high = low + length
                naturals = sum(naturals_at[low:high])
                if length == ACE and counts[ACE] == 1:
                    naturals -= 1  # one ace cannot fill both ends
                need = length - naturals
                if need > hand.wilds or not any(counts[low:high]):
                    continue
                caps: dict[int, int] = {}
                for r in range(low, high):
                    if counts[r]:
                        f = (ACE if r == ACE_LOW else r) * 4 + suit
                        caps[f] = caps.get(f, 0) + 1
                slots = tuple(r * 4 + suit for r in range(low, high))
                found.append(
                    _Skeleton(kind, length, (1, suit, low), slots, tuple(caps.items()), need)
                )
    found.sort(key=lambda k: (k.need, k.key))
    return found


class _Flow:
    """Max flow on a graph of a few dozen nodes: source, faces, melds, sink."""

    def __init__(self, n: int) -> None:
        self.cap = [[0] * n for _ in range(n)]
        self.n = n

    def augment(self, source: int, sink: int) -> bool:
        parent = [-1] * self.n
        parent[source] = source
        queue = [source]
        for u in queue:
            row = self.cap[u]
            for v in range(self.n):
                if row[v] > 0 and parent[v] < 0:
                    parent[v] = u
                    if v == sink:
                        while v != source:
                            u = parent[v]
                            self.cap[u][v] -= 1
                            self.cap[v][u] += 1
                            v = u
                        return True
                    queue.append(v)
        return False


def _place(hand: _Hand, combo: Sequence[_Skeleton]) -> list[dict[int, int]] | None:
    """Naturals per face for each meld, or None if the combination cannot be laid."""
    faces = sorted({f for sk in combo for f, _ in sk.faces})
    index = {f: 1 + i for i, f in enumerate(faces)}
    m0 = 1 + len(faces)
    sink = m0 + len(combo)
    flow = _Flow(sink + 1)
    for f in faces:
        flow.cap[0][index[f]] = hand.count(f)
    for j, sk in enumerate(combo):
        for f, c in sk.faces:
            flow.cap[index[f]][m0 + j] = c
    for j in range(len(combo)):
        flow.cap[m0 + j][sink] = 1
        if not flow.augment(0, sink):
            return None
    for j, sk in enumerate(combo):
        flow.cap[m0 + j][sink] += sk.length - 1
    while flow.augment(0, sink):
        pass
    placed: list[dict[int, int]] = []
    natural_non_two = 0
    for j in range(len(combo)):
        got = {f: flow.cap[m0 + j][index[f]] for f in faces if flow.cap[m0 + j][index[f]] > 0}
        placed.append(got)
        natural_non_two += sum(n for f, n in got.items() if f // 4 != TWO)
    slots_total = sum(sk.length for sk in combo)
    if slots_total - natural_non_two > hand.wilds:
        return None
    return placed


def _build(
    hand: _Hand, combo: Sequence[_Skeleton], placed: list[dict[int, int]]
) -> tuple[PlannedMeld, ...]:
    pools = {f: list(v) for f, v in hand.pools.items()}
    chosen: list[list[tuple[int, int]]] = []
    for sk, got in zip(combo, placed, strict=True):
        cards: list[tuple[int, int]] = []
        left = dict(got)
        for s in sk.slot_list:
            f = _face(s)
            if left.get(f, 0) > 0 and (sk.kind != SET or len(cards) < sk.length):
                left[f] -= 1
                cards.append((pools[f].pop(), s))
        chosen.append(cards)
    wild_pool = hand.jokers + [c for f, v in pools.items() if f // 4 == TWO for c in v]
    melds: list[PlannedMeld] = []
    for sk, cards in zip(combo, chosen, strict=True):
        used = {s for _, s in cards}
        empty = [s for s in sk.slot_list if s not in used][: sk.length - len(cards)]
        for s in empty:
            cards.append((wild_pool.pop(), s))
        if sk.kind != SET:
            cards.sort(key=lambda cs: cs[1] // 4)
        melds.append(PlannedMeld(sk.kind, tuple(c for c, _ in cards), tuple(s for _, s in cards)))
    return tuple(melds)


def solve(hand: Sequence[int], contract: Contract) -> tuple[PlannedMeld, ...] | None:
    """Minimum-length melds that lay ``contract`` from ``hand``, or None if it cannot be laid."""
    h = _Hand(hand)
    if sum(n for _, n in contract) > len(hand):
        return None
    reqs = sorted(contract)
    options = {req: _skeletons(h, *req) for req in set(reqs)}
    combo: list[_Skeleton] = []

    def search(i: int, start: int, budget: int) -> tuple[PlannedMeld, ...] | None:
        if i == len(reqs):
            placed = _place(h, combo)
            return None if placed is None else _build(h, combo, placed)
        cands = options[reqs[i]]
        first = start if i > 0 and reqs[i] == reqs[i - 1] else 0
        for k in range(first, len(cands)):
            sk = cands[k]
            if sk.need > budget:
                break
            combo.append(sk)
            found = search(i + 1, k, budget - sk.need)
            combo.pop()
            if found is not None:
                return found
        return None

    return search(0, 0, h.wilds)


def can_lay(hand: Sequence[int], contract: Contract) -> bool:
    return solve(hand, contract) is not None
