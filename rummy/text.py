"""Push at the terminal: the view of one seat, and typed commands turned into actions."""

from __future__ import annotations

from pusher_sim.errors import UserError
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import Game, State
from rummy.actions import (
    Discard,
    DrawStock,
    LayMelds,
    LayOff,
    MeldSpec,
    PushDraw,
    ReplaceWild,
    TakeDiscard,
)
from rummy.cards import card_str, face_of, is_wild, parse_face, parse_slot
from rummy.config import KINDS
from rummy.melds import TableMeld, declare_slots, layoff_slots
from rummy.observation import RummyObservation

HELP = """Push commands (cards by name - QH, 10S, 2C, AD, JK - or by their number in your hand):
  take                      take the top discard (R6)
  push                      push the top stock card and the discard to your left, then draw
  draw                      draw from the stock (empty discard pile, or to end the deal when
                            the stock has run out, R10)
  meld set 7C 7D JK ; run 5H 6H JK=7H 8H
                            lay melds (your first meld of a deal must be the whole contract,
                            R4); write CARD=FOR to say what a wild stands for (JK=7H; 1H is
                            the low ace) - otherwise wilds fill gaps, then extend upward
  lay 3 9H                  lay off 9H on meld 3 (lay 3 JK=10H for a wild)
  replace 3 7H              swap your 7H for the wild standing for it in meld 3 (R8), then
                            use that wild at once in another meld
  discard QH                end your turn (R9)
  help, undo, quit
The rules, R1-R12: 'pusher rules rummy' prints them, 'pusher rules R6' one of them."""


NO_SLOT = 0
"""The slot of a lay-off the rules refuse before asking where the card would go."""

COMMANDS: tuple[tuple[type[Action], str], ...] = (
    (TakeDiscard, "take"),
    (PushDraw, "push"),
    (DrawStock, "draw"),
    (LayMelds, "meld ..."),
    (LayOff, "lay M CARD"),
    (ReplaceWild, "replace M CARD"),
    (Discard, "discard CARD"),
)
"""Each kind of action and how the prompt names its command, in the order of a turn."""


def _obs(state: State, seat: int) -> RummyObservation:
    obs = state.observation(seat)
    assert isinstance(obs, RummyObservation)
    return obs


class RummyText:
    def __init__(self, game: Game) -> None:
        self.game = game

    def help(self) -> str:
        return HELP

    def render(self, state: State, seat: int) -> str:
        obs = _obs(state, seat)
        contract = " + ".join(f"{kind} of {n}" for kind, n in obs.contract)
        deals = len(obs.scores) if obs.phase == "over" else obs.deal + 1
        lines = [
            f"== Push: deal {deals}, contract {contract}; dealer "
            f"{self.game.seat_label(obs.dealer)}",
        ]
        if obs.scores:
            sheet = "  ".join(f"d{i + 1} {a}:{b}" for i, (a, b) in enumerate(obs.scores))
            total_a = sum(a for a, _ in obs.scores)
            total_b = sum(b for _, b in obs.scores)
            lines.append(f"scores (team A : team B)  {sheet}  total {total_a}:{total_b}")
        lines.append("table:" if obs.melds else "table: no melds yet")
        for m in obs.melds:
            lines.append(f"  [{m.id}] {self.game.seat_label(m.owner).split(' (')[0]:<5} {m}")
        top = card_str(obs.discard_top) if obs.discard_top >= 0 else "(empty)"
        lines.append(f"discard top {top}   stock {obs.stock_size} cards")
        others = ", ".join(
            f"{self.game.seat_label(s).split(' (')[0]} {n}{' (laid)' if obs.laid[s] else ''}"
            for s, n in enumerate(obs.hand_sizes)
        )
        lines.append(f"cards in hand: {others}")
        numbered = "  ".join(f"{i + 1}:{card_str(c)}" for i, c in enumerate(obs.hand))
        status = "contract laid" if obs.laid[seat] else "contract not laid"
        lines.append(f"your hand ({self.game.seat_label(seat)}, {status}):")
        lines.append(f"  {numbered}")
        if obs.pending_wild >= 0:
            lines.append(f"  you must now use the freed {card_str(obs.pending_wild)} (R8)")
        if obs.phase == "over":
            lines.append("the match is over")
        return "\n".join(lines)

    def prompt(self, state: State, seat: int) -> str:
        """The commands that are legal now, and only those (R5-R9 decide which)."""
        obs = _obs(state, seat)
        kinds = {type(a) for a in state.legal_actions()}
        listed = " / ".join(words for kind, words in COMMANDS if kind in kinds)
        if obs.pending_wild >= 0:
            return f"use {card_str(obs.pending_wild)}: {listed}"
        return listed

    def parse(self, text: str, state: State, seat: int) -> Action:
        obs = _obs(state, seat)
        words = text.replace(",", " ").split()
        if not words:
            raise UserError("type a command (help lists them)")
        verb, args = words[0].lower(), words[1:]
        if verb in {"take", "t"}:
            return TakeDiscard()
        if verb in {"push", "p"}:
            return PushDraw()
        if verb in {"draw", "stock"}:
            return DrawStock()
        if verb in {"discard", "d"}:
            if len(args) != 1:
                raise UserError("discard one card, e.g. 'discard QH'")
            return Discard(_pick(args[0], obs.hand, []))
        if verb in {"lay", "l", "layoff"}:
            if len(args) != 2:
                raise UserError("lay off one card on a meld, e.g. 'lay 3 9H'")
            meld = _meld(args[0], obs.melds)
            word, _, given = args[1].partition("=")
            card = _pick(word, obs.hand, [])
            if given:
                return LayOff(meld.id, card, parse_slot(given))
            places = layoff_slots(meld, card)
            if places or obs.phase != "meld" or not obs.laid[seat]:
                # Before the draw (R5) or the contract (R4) the rules refuse any lay-off, fitting
                # or not; the state names that rule, so the slot does not matter there.
                return LayOff(meld.id, card, places[0] if places else NO_SLOT)
            raise UserError(f"R7: {card_str(card)} does not fit meld {meld.id} ({meld})")
        if verb in {"replace", "r"}:
            if len(args) != 2:
                raise UserError("replace a wild: 'replace MELD CARD', e.g. 'replace 3 7H'")
            return ReplaceWild(_meld(args[0], obs.melds).id, _pick(args[1], obs.hand, []))
        if verb in {"meld", "m"}:
            return LayMelds(_melds(" ".join(args), obs.hand))
        raise UserError(f"unknown command {verb!r} (help lists them)")


def _pick(word: str, hand: tuple[int, ...], taken: list[int]) -> int:
    """The card of ``hand`` that ``word`` names (a number or a card name), not yet taken."""
    if word.isdigit():
        n = int(word)
        if not 1 <= n <= len(hand):
            raise UserError(f"there is no card {n} in your hand (1..{len(hand)})")
        card = hand[n - 1]
        if card in taken:
            raise UserError(f"card {n} ({card_str(card)}) is named twice")
        return card
    face = parse_face(word)
    for card in hand:
        if face_of(card) == face and card not in taken:
            return card
    raise UserError(f"you hold no {word.upper()}" + (" to spare" if taken else ""))


def _meld(word: str, melds: tuple[TableMeld, ...]) -> TableMeld:
    if not word.isdigit():
        raise UserError(f"name a meld by its number in [brackets], not {word!r}")
    for m in melds:
        if m.id == int(word):
            return m
    raise UserError(f"there is no meld {word} on the table")


def _melds(text: str, hand: tuple[int, ...]) -> tuple[MeldSpec, ...]:
    """'set 7C 7D JK ; run 5H 6H JK=7H 8H' as meld specs."""
    taken: list[int] = []
    specs: list[MeldSpec] = []
    for part in text.replace("+", ";").split(";"):
        words = part.split()
        if not words:
            continue
        kind = words[0].lower()
        if kind not in KINDS:
            raise UserError(f"R3: say 'set' or 'run' before the cards, not {words[0]!r}")
        cards: list[int] = []
        given: dict[int, int] = {}
        for word in words[1:]:
            name, _, stands = word.partition("=")
            card = _pick(name, hand, taken)
            taken.append(card)
            cards.append(card)
            if stands:
                if not is_wild(card):
                    raise UserError(f"R3: {card_str(card)} is not wild; it stands for itself")
                given[card] = parse_slot(stands)
        if not cards:
            raise UserError(f"R3: the {kind} has no cards")
        specs.append((kind, tuple(cards), tuple(declare_slots(kind, cards, given))))
    if not specs:
        raise UserError("meld what? e.g. 'meld set 7C 7D JK'")
    return tuple(specs)
