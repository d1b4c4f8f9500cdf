"""The 108 physical cards of Push (R2) and the "slots" a card can fill in a meld.

Every physical card has its own id so that "no card in two places" can be checked: ids 0..103
are two 52-card decks (``id // 52`` is the deck), 104..107 the four jokers. Within a deck,
``suit = (id % 52) // 13`` (clubs, diamonds, hearts, spades) and ``rank = (id % 52) % 13 + 2``
(2..14, the ace being 14).

A *slot* is the card a meld position stands for: ``rank * 4 + suit`` with rank 1..14, where
rank 1 is the ace played low (A-2-3) and 14 the ace played high (Q-K-A) or in a set. Naturals
fill only their own slot; wilds (jokers and 2s) fill any, and the slot is what makes a later
replacement (R8) well defined.
"""

from __future__ import annotations

from collections.abc import Iterable

from pusher_sim.errors import UserError

DECK_SIZE = 52
NUM_CARDS = 108
JOKERS = (104, 105, 106, 107)
SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
ACE_LOW = 1
ACE = 14
TWO = 2
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"} | {r: str(r) for r in range(2, 11)}
JOKER_NAME = "JK"


def is_joker(card: int) -> bool:
    return card >= 104


def rank_of(card: int) -> int:
    """2..14 for a deck card; 0 for a joker, which has no rank of its own."""
    return 0 if card >= 104 else card % 13 + 2


def suit_of(card: int) -> int:
    """0..3 for a deck card; -1 for a joker."""
    return -1 if card >= 104 else (card % 52) // 13


def is_wild(card: int) -> bool:
    """Jokers and 2s are wild (R2)."""
    return card >= 104 or card % 13 == 0


def face_of(card: int) -> int:
    """The card's face irrespective of deck: 0..51, or 52 for any joker."""
    return 52 if card >= 104 else card % 52


def card_of(face: int, deck: int = 0) -> int:
    """The physical card of ``face`` in ``deck`` (jokers: ``deck`` picks one of four)."""
    return JOKERS[deck] if face == 52 else deck * DECK_SIZE + face


def slot(rank: int, suit: int) -> int:
    return rank * 4 + suit


def slot_rank(s: int) -> int:
    return s // 4


def slot_suit(s: int) -> int:
    return s % 4


def own_slots(card: int) -> tuple[int, ...]:
    """The slots a card fills as itself: none for a joker, two for an ace (low and high)."""
    if card >= 104:
        return ()
    r, s = rank_of(card), suit_of(card)
    return (slot(ACE_LOW, s), slot(ACE, s)) if r == ACE else (slot(r, s),)


def fits_naturally(card: int, s: int) -> bool:
    """Whether ``card`` is the natural card of slot ``s`` (a 2 in its own place counts, R3)."""
    if card >= 104:
        return False
    r = slot_rank(s)
    return suit_of(card) == slot_suit(s) and (
        rank_of(card) == r or (r == ACE_LOW and rank_of(card) == ACE)
    )


def card_str(card: int) -> str:
    if card >= 104:
        return JOKER_NAME
    return RANK_NAMES[rank_of(card)] + SUITS[suit_of(card)]


def slot_str(s: int) -> str:
    if not slot(ACE_LOW, 0) <= s <= slot(ACE, 3):
        return f"(no card: slot {s})"
    return RANK_NAMES[slot_rank(s)] + SUITS[slot_suit(s)]


def cards_str(cards: Iterable[int]) -> str:
    return " ".join(card_str(c) for c in cards)


_RANK_WORDS = {"A": ACE, "K": 13, "Q": 12, "J": 11, "T": 10} | {str(r): r for r in range(2, 11)}
_SUIT_WORDS = {c: i for i, c in enumerate(SUITS)} | {c: i for i, c in enumerate(SUIT_SYMBOLS)}


def parse_face(text: str) -> int:
    """Read a card name ("QH", "10s", "2C", "A♠", "JK" or "*") as a face 0..52.

    Raises UserError naming the problem; the caller picks which physical copy is meant.
    """
    word = text.strip().upper()
    if word in {JOKER_NAME, "*", "JOKER"}:
        return 52
    if len(word) < 2:
        raise UserError(f"R2: {text!r} is not a card (try QH, 10S, 2C, AD or JK)")
    rank_word, suit_word = word[:-1], word[-1]
    if suit_word not in _SUIT_WORDS:
        raise UserError(f"R2: {text!r} has no suit: end it with C, D, H or S")
    if rank_word not in _RANK_WORDS:
        raise UserError(f"R2: {text!r} has no rank: start it with A, K, Q, J, 10 ... 2")
    rank, suit = _RANK_WORDS[rank_word], _SUIT_WORDS[suit_word]
    return suit * 13 + rank - 2


def parse_slot(text: str) -> int:
    """Read what a wild stands for ("7H"; "AH" is the high ace, "1H" the low one)."""
    word = text.strip().upper()
    if word[:-1] == "1":
        return slot(ACE_LOW, parse_face("A" + word[-1]) // 13)
    face = parse_face(text)
    if face == 52:
        raise UserError(f"R3: a wild stands for a card, not for {text!r}")
    return slot(face % 13 + 2, face // 13)


def points(card: int, values: tuple[int, int, int, int] = (10, 5, 15, 20)) -> int:
    """R11 value of a card left in hand: (K-10, 9-3, ace, wild)."""
    high, low, ace, wild = values
    if is_wild(card):
        return wild
    r = rank_of(card)
    return ace if r == ACE else high if r >= 10 else low


def sort_key(card: int) -> tuple[int, int, int]:
    """Hand order: by suit then rank, wilds last, so runs show up side by side."""
    if is_wild(card):
        return (4, 0 if card >= 104 else suit_of(card), card)
    return (suit_of(card), rank_of(card), card)
