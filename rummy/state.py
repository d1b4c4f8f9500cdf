"""A position in a match of Push: five deals (R1), each a round of draw, meld, discard turns.

Phases: ``dealer`` and ``shuffle`` are chance nodes (R1); ``draw`` and ``meld`` belong to the
player to move (R5: the meld phase ends with the discard); ``over`` is the end of the match.
Cards live in exactly one of: a hand, the stock (top = last), the discard pile (top = last), a
meld on the table. A finished deal leaves its cards where they lay until the next shuffle
gathers them, so "all 108 cards, none twice" holds at every step (the invariant).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import CHANCE, TERMINAL, InvariantError, State
from rummy.actions import (
    ChooseDealer,
    Discard,
    DrawStock,
    LayMelds,
    LayOff,
    MeldSpec,
    PushDraw,
    ReplaceWild,
    Shuffle,
    TakeDiscard,
)
from rummy.candidates import layoffs, new_melds, one_per_face
from rummy.cards import NUM_CARDS, card_str, fits_naturally, is_wild, own_slots, sort_key
from rummy.config import STOCK_OUT_AT_TURN, Contract
from rummy.contract import solve
from rummy.fields import cards, choice, flag, whole
from rummy.melds import (
    TableMeld,
    check_meld,
    extended,
    layoff_slots,
    replacement_position,
)
from rummy.observation import RummyObservation
from rummy.scoring import deal_scores, match_returns

if TYPE_CHECKING:
    from rummy.game import RummyGame

DEALER, SHUFFLE, DRAW, MELD, OVER = "dealer", "shuffle", "draw", "meld", "over"
PHASES = (DEALER, SHUFFLE, DRAW, MELD, OVER)
OUT, STOCK, TURNS = "out", "stock", "turns"


@dataclass(frozen=True)
class DealResult:
    """How one deal ended (R10) and what it cost each team (R11)."""

    scores: tuple[int, int]
    went_out: int
    """The seat that emptied its hand, or -1."""
    laid: tuple[bool, bool, bool, bool]
    ended_by: str
    """"out", "stock" (R10) or "turns" (the config's guard)."""


class RummyState(State):
    """A Push position: the deal, the hands, the stock and discard pile, the melds on the table
    and the results of the deals played; a seat sees only its own hand (:meth:`observation`)."""

    game: RummyGame

    def __init__(self, game: RummyGame) -> None:
        super().__init__(game)
        cfg = game.config
        self.cfg = cfg
        self.phase = DEALER if cfg.first_dealer < 0 else SHUFFLE
        self.dealer = max(cfg.first_dealer, 0)
        self.player = -1
        self.hands: list[list[int]] = [[], [], [], []]
        self.stock: list[int] = list(range(NUM_CARDS))
        self.discard: list[int] = []
        self.melds: list[TableMeld] = []
        self.laid = [False, False, False, False]
        self.laid_this_turn = False
        self.pending_wild = -1
        self.pending_from = -1
        self.taken = -1
        self.turns = 0
        self.next_meld_id = 1
        self.results: list[DealResult] = []

    # -- whose turn -----------------------------------------------------------------------

    @property
    def deal(self) -> int:
        """0-based index of the deal in progress, or of the next one to shuffle."""
        return (
            min(len(self.results), self.cfg.deals - 1) if self.phase == OVER else len(self.results)
        )

    @property
    def contract(self) -> Contract:
        return self.cfg.contracts[self.deal]

    def current_player(self) -> int:
        if self.phase in (DEALER, SHUFFLE):
            return CHANCE
        if self.phase == OVER:
            return TERMINAL
        return self.player

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == DEALER:
            return [(ChooseDealer(s), 0.25) for s in range(4)]
        raise NotImplementedError("a shuffle has 108! outcomes: use sample_chance")

    def sample_chance(self, rng: np.random.Generator) -> Action:
        if self.phase == DEALER:
            return ChooseDealer(int(rng.integers(4)))
        return Shuffle(tuple(int(c) for c in rng.permutation(NUM_CARDS)))

    # -- legal actions --------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The listed choices now (see :mod:`rummy.candidates` for how melds are chosen)."""
        if self.phase == DRAW:
            return self._draw_options()
        if self.phase != MELD:
            return []
        hand = self.hands[self.player]
        if self.pending_wild >= 0:
            return self._wild_uses(hand, self.pending_wild, self.pending_from)
        actions: list[Action] = []
        if not self.laid[self.player]:
            plan = solve(hand, self.contract)
            if plan is not None:
                actions.append(LayMelds(tuple((m.kind, m.cards, m.slots) for m in plan)))
        elif not self.laid_this_turn or self.cfg.layoff_after_contract_same_turn:
            naturals = {s: c for c in one_per_face(hand) for s in own_slots(c)}
            for m in self.melds:
                for i in m.wild_positions:
                    c = naturals.get(m.slots[i], -1)
                    if c >= 0 and self._wild_has_use(
                        [*[x for x in hand if x != c], m.cards[i]], m.cards[i], m.id
                    ):
                        actions.append(ReplaceWild(m.id, c))
            actions.extend(LayOff(mid, c, s) for mid, c, s in layoffs(hand, self.melds))
            actions.extend(LayMelds((spec,)) for spec in new_melds(hand))
        actions.extend(Discard(c) for c in one_per_face(hand) if self._may_discard(c))
        return actions

    def _draw_options(self) -> list[Action]:
        if not self.discard:
            return [DrawStock()]
        options: list[Action] = [TakeDiscard()]
        if len(self.stock) >= self.cfg.push_min_stock:
            options.append(PushDraw())
        if not self.stock:
            options.append(DrawStock())
        return options

    def _wild_uses(self, hand: list[int], wild: int, source: int) -> list[Action]:
        uses: list[Action] = [
            LayOff(m.id, wild, s)
            for m in self.melds
            if m.id != source
            for s in layoff_slots(m, wild)
        ]
        uses.extend(LayMelds((spec,)) for spec in new_melds(hand, wild_first=wild))
        return uses

    def _wild_has_use(self, hand: list[int], wild: int, source: int) -> bool:
        if any(layoff_slots(m, wild) for m in self.melds if m.id != source):
            return True
        return bool(new_melds(hand, wild_first=wild))

    def _may_discard(self, card: int) -> bool:
        return (
            self.cfg.may_discard_taken_card
            or card != self.taken
            or len(self.hands[self.player]) == 1
        )

    # -- validation -----------------------------------------------------------------------

    def validate(self, action: Action) -> None:
        if self.phase == OVER:
            raise IllegalMove("R12", "the match is over")
        if isinstance(action, (ChooseDealer, Shuffle)):
            self._validate_chance(action)
            return
        if self.phase in (DEALER, SHUFFLE):
            raise IllegalMove("turn", "no one's turn: the cards are being dealt (R1)")
        if isinstance(action, (TakeDiscard, PushDraw, DrawStock)):
            self._validate_draw(action)
            return
        if self.phase == DRAW:
            raise IllegalMove(
                "R5", "draw first: take the discard or push (a turn is draw, meld, discard)"
            )
        if isinstance(action, LayMelds):
            self._validate_melds(action)
        elif isinstance(action, LayOff):
            self._validate_layoff(action)
        elif isinstance(action, ReplaceWild):
            self._validate_replace(action)
        elif isinstance(action, Discard):
            self._validate_discard(action)
        else:
            raise IllegalMove("R5", f"{action} is not a Push action")

    def _validate_chance(self, action: ChooseDealer | Shuffle) -> None:
        if isinstance(action, ChooseDealer):
            if self.phase != DEALER:
                raise IllegalMove("R1", "the first dealer has been chosen already")
            if action.seat not in range(4):
                raise IllegalMove("R1", f"the dealer is a seat 0..3, not {action.seat}")
            return
        if self.phase != SHUFFLE:
            raise IllegalMove("R1", "no shuffle is due now")
        if sorted(action.order) != list(range(NUM_CARDS)):
            raise IllegalMove("R1", "a shuffle orders all 108 cards, each once")

    def _validate_draw(self, action: Action) -> None:
        if self.phase != DRAW:
            raise IllegalMove("R5", "you have drawn already: meld, lay off or discard")
        if isinstance(action, TakeDiscard) and not self.discard:
            raise IllegalMove("R6", "the discard pile is empty: draw from the stock")
        if isinstance(action, PushDraw):
            if not self.discard:
                raise IllegalMove("R6", "a push needs a discard: the discard pile is empty")
            if len(self.stock) < self.cfg.push_min_stock:
                raise IllegalMove("R6", f"a push needs {self.cfg.push_min_stock} stock card(s)")
        if isinstance(action, DrawStock) and self.discard and self.stock:
            raise IllegalMove(
                "R6",
                "take the discard or push: the stock alone is drawn only when the "
                "discard pile is empty",
            )

    def _own(self, cards: tuple[int, ...] | list[int], rule: str) -> None:
        hand = self.hands[self.player]
        for c in cards:
            if not isinstance(c, int) or not 0 <= c < NUM_CARDS:
                raise IllegalMove(rule, f"{c!r} is not a card")
            if c not in hand:  # never where it is: the refusal is heard by the mover
                raise IllegalMove(rule, f"{card_str(c)} is not in your hand")

    def _validate_melds(self, action: LayMelds) -> None:
        if not action.melds:
            raise IllegalMove("R3", "lay at least one meld")
        cards = [c for _, cs, _ in action.melds for c in cs]
        if len(set(cards)) != len(cards):
            raise IllegalMove("R3", "a card can be in one meld only")
        self._own(cards, "R3")
        self._check_pending(cards)
        for kind, cs, slots in action.melds:
            check_meld(kind, cs, slots, self.cfg.min_meld, self.cfg.min_naturals)
        if not self.laid[self.player]:
            self._check_contract(action.melds)
        elif self.laid_this_turn and not self.cfg.layoff_after_contract_same_turn:
            raise IllegalMove("R7", "more melds may follow the contract from your next turn")

    def _check_contract(self, melds: tuple[MeldSpec, ...]) -> None:
        contract = self.contract
        wanted = " + ".join(f"{k} of {n}" for k, n in contract)
        for kind in {k for k, _ in contract} | {k for k, _, _ in melds}:
            mins = sorted((n for k, n in contract if k == kind), reverse=True)
            lens = sorted((len(cs) for k, cs, _ in melds if k == kind), reverse=True)
            if len(mins) != len(lens) or any(n < m for n, m in zip(lens, mins, strict=True)):
                raise IllegalMove("R4", f"your first meld this deal must be the contract: {wanted}")

    def _check_pending(self, cards: list[int] | tuple[int, ...]) -> None:
        if self.pending_wild >= 0 and self.pending_wild not in cards:
            raise IllegalMove(
                "R8", f"use the freed wild {card_str(self.pending_wild)} in another meld first"
            )

    def _meld(self, meld_id: int, rule: str) -> TableMeld:
        for m in self.melds:
            if m.id == meld_id:
                return m
        raise IllegalMove(rule, f"there is no meld {meld_id} on the table")

    def _validate_layoff(self, action: LayOff) -> None:
        if not self.laid[self.player]:
            raise IllegalMove("R4", "lay this deal's contract before adding to melds")
        if self.laid_this_turn and not self.cfg.layoff_after_contract_same_turn:
            raise IllegalMove("R7", "you may add to melds from your next turn")
        self._own((action.card,), "R7")
        self._check_pending((action.card,))
        meld = self._meld(action.meld, "R7")
        if self.pending_wild >= 0 and meld.id == self.pending_from:
            raise IllegalMove("R8", "the freed wild must go to another meld")
        extended(meld, action.card, action.slot)

    def _validate_replace(self, action: ReplaceWild) -> None:
        if not self.laid[self.player]:
            raise IllegalMove("R8", "lay this deal's contract before replacing wilds")
        if self.pending_wild >= 0:
            raise IllegalMove("R8", f"use the freed wild {card_str(self.pending_wild)} first")
        self._own((action.card,), "R8")
        meld = self._meld(action.meld, "R8")
        pos = replacement_position(meld, action.card)
        if pos < 0:
            natural_two = any(
                is_wild(c) and fits_naturally(c, s)
                for c, s in zip(meld.cards, meld.slots, strict=True)
            )
            extra = " (a 2 in its own place is natural and stays)" if natural_two else ""
            raise IllegalMove(
                "R8", f"no wild in meld {meld.id} stands for {card_str(action.card)}{extra}"
            )
        wild = meld.cards[pos]
        hand = [c for c in self.hands[self.player] if c != action.card] + [wild]
        if not self._wild_has_use(hand, wild, meld.id):
            raise IllegalMove(
                "R8", f"the freed {card_str(wild)} could not be used in another meld this turn"
            )

    def _validate_discard(self, action: Discard) -> None:
        self._own((action.card,), "R9")
        if self.pending_wild >= 0:
            raise IllegalMove(
                "R8", f"use the freed wild {card_str(self.pending_wild)} before discarding"
            )
        if not self._may_discard(action.card):
            raise IllegalMove("R9", "you may not discard the card you took from the discards")

    # -- applying -------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        hand = self.hands[self.player] if self.player >= 0 else []
        if isinstance(action, ChooseDealer):
            self.dealer = action.seat
            self.phase = SHUFFLE
        elif isinstance(action, Shuffle):
            self._deal(action.order)
        elif isinstance(action, TakeDiscard):
            self.taken = self.discard.pop()
            hand.append(self.taken)
            self.phase = MELD
        elif isinstance(action, PushDraw):
            left = (self.player + 1) % 4
            self.hands[left].extend((self.stock.pop(), self.discard.pop()))
            self._draw_stock(hand)
        elif isinstance(action, DrawStock):
            self._draw_stock(hand)
        elif isinstance(action, LayMelds):
            for kind, cards, slots in action.melds:
                cs, ss = check_meld(kind, cards, slots, 1, 0)
                self.melds.append(TableMeld(self.next_meld_id, self.player, kind, cs, ss))
                self.next_meld_id += 1
                for c in cards:
                    hand.remove(c)
            if not self.laid[self.player]:
                self.laid[self.player] = True
                self.laid_this_turn = True
            self._used(hand, [c for _, cs, _ in action.melds for c in cs])
        elif isinstance(action, LayOff):
            i = next(i for i, m in enumerate(self.melds) if m.id == action.meld)
            self.melds[i] = extended(self.melds[i], action.card, action.slot)
            hand.remove(action.card)
            self._used(hand, [action.card])
        elif isinstance(action, ReplaceWild):
            i = next(i for i, m in enumerate(self.melds) if m.id == action.meld)
            meld = self.melds[i]
            pos = replacement_position(meld, action.card)
            wild = meld.cards[pos]
            cards = (*meld.cards[:pos], action.card, *meld.cards[pos + 1 :])
            self.melds[i] = TableMeld(meld.id, meld.owner, meld.kind, cards, meld.slots)
            hand.remove(action.card)
            hand.append(wild)
            self.pending_wild, self.pending_from = wild, meld.id
        elif isinstance(action, Discard):
            hand.remove(action.card)
            self.discard.append(action.card)
            if not hand:
                self._end_deal(OUT, self.player)
            else:
                self._next_turn()

    def _draw_stock(self, hand: list[int]) -> None:
        if not self.stock:
            self._end_deal(STOCK, -1)
            return
        hand.append(self.stock.pop())
        self.phase = MELD

    def _used(self, hand: list[int], cards: list[int]) -> None:
        if self.pending_wild in cards:
            self.pending_wild = self.pending_from = -1
        if not hand:
            self._end_deal(OUT, self.player)

    def _deal(self, order: tuple[int, ...]) -> None:
        self.stock = list(order)
        self.hands = [[], [], [], []]
        self.discard = []
        self.melds = []
        self.laid = [False, False, False, False]
        self.next_meld_id = 1
        for _ in range(self.cfg.hand_sizes[self.deal]):
            for k in range(1, 5):
                self.hands[(self.dealer + k) % 4].append(self.stock.pop())
        for _ in range(len(self.stock)):
            card = self.stock.pop()
            if self.cfg.bury_wild_upcard and is_wild(card) and self.stock:
                self.stock.insert(0, card)
                continue
            self.discard.append(card)
            break
        self.player = self.dealer
        self.turns = 0
        self._next_turn()

    def _next_turn(self) -> None:
        self.player = (self.player + 1) % 4
        self.phase = DRAW
        self.taken = -1
        self.laid_this_turn = False
        self.turns += 1
        if self.turns > self.cfg.max_turns_per_deal:
            self._end_deal(TURNS, -1)
        elif not self.stock and self.cfg.stock_out == STOCK_OUT_AT_TURN:
            self._end_deal(STOCK, -1)

    def _end_deal(self, ended_by: str, went_out: int) -> None:
        scores = deal_scores(self.hands, went_out, self.cfg.card_values)
        laid = (self.laid[0], self.laid[1], self.laid[2], self.laid[3])
        self.results.append(DealResult(scores, went_out, laid, ended_by))
        self.pending_wild = self.pending_from = -1
        self.taken = -1
        self.laid_this_turn = False
        if len(self.results) >= self.cfg.deals:
            self.phase = OVER
        else:
            self.dealer = (self.dealer + 1) % 4
            self.phase = SHUFFLE

    # -- results and views ----------------------------------------------------------------

    def totals(self) -> tuple[int, int]:
        return (sum(r.scores[0] for r in self.results), sum(r.scores[1] for r in self.results))

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * 4
        return match_returns(self.totals())

    def observation(self, seat: int) -> RummyObservation:
        ended = self.phase in (SHUFFLE, OVER) and bool(self.results)
        return RummyObservation(
            seat=seat,
            deal=self.deal,
            dealer=self.dealer,
            to_move=self.current_player(),
            phase=self.phase,
            contract=self.contract,
            hand=tuple(sorted(self.hands[seat], key=sort_key)) if seat >= 0 else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            stock_size=len(self.stock),
            discard_top=self.discard[-1] if self.discard else -1,
            melds=tuple(self.melds),
            laid=tuple(self.laid),
            pending_wild=self.pending_wild,
            taken=self.taken,
            scores=tuple(r.scores for r in self.results),
            discard_size=len(self.discard),
            laid_this_turn=self.laid_this_turn,
            pending_from=self.pending_from,
            turns=self.turns,
            next_meld_id=self.next_meld_id,
            deals=tuple((r.went_out, r.laid, r.ended_by) for r in self.results),
            shown_hands=tuple(tuple(sorted(h, key=sort_key)) for h in self.hands) if ended else (),
        )

    @classmethod
    def seen_by(cls, game: RummyGame, obs: RummyObservation) -> RummyState:
        """A position consistent with ``obs`` and built from it alone: the seat's hand, the
        table and every public count as they are, each hidden card (the other hands, the stock,
        the discard pile below its top) a stand-in taken from the cards ``obs`` does not show,
        in order. Legal moves, validation and the table's drawing for that seat are as in the
        real position; nothing in it came from a hidden card."""
        hands: list[list[int]] = [[], [], [], []]
        if obs.shown_hands:
            hands = [list(h) for h in obs.shown_hands]
        else:
            if obs.seat >= 0:
                hands[obs.seat] = list(obs.hand)
            if obs.to_move >= 0 and obs.to_move != obs.seat:  # cards everybody saw it take
                tabled = {c for m in obs.melds for c in m.cards} | {obs.discard_top}
                hands[obs.to_move] = sorted({obs.taken, obs.pending_wild} - tabled - {-1})
        seen = {c for h in hands for c in h} | {c for m in obs.melds for c in m.cards}
        seen |= {obs.discard_top} - {-1}
        stand_ins = iter(sorted(set(range(NUM_CARDS)) - seen))
        for seat, size in enumerate(obs.hand_sizes):
            hands[seat] += [next(stand_ins) for _ in range(size - len(hands[seat]))]
        below = [next(stand_ins) for _ in range(max(obs.discard_size - 1, 0))]
        discard = [*below, obs.discard_top] if obs.discard_top >= 0 else []
        state = cls.from_json(
            game,
            {
                "phase": obs.phase,
                "dealer": obs.dealer,
                "player": obs.to_move if obs.phase in (DRAW, MELD) else -1,
                "hands": hands,
                "stock": [next(stand_ins) for _ in range(obs.stock_size)],
                "discard": discard,
                "melds": [[m.id, m.owner, m.kind, list(m.cards), list(m.slots)] for m in obs.melds],
                "laid": list(obs.laid),
                "laid_this_turn": obs.laid_this_turn,
                "pending_wild": obs.pending_wild,
                "pending_from": obs.pending_from,
                "taken": obs.taken,
                "turns": obs.turns,
                "next_meld_id": obs.next_meld_id,
                "results": [
                    [list(score), went_out, list(laid), how]
                    for score, (went_out, laid, how) in zip(obs.scores, obs.deals, strict=True)
                ],
            },
        )
        return state

    def check_invariants(self) -> None:
        zones = [*self.hands, self.stock, self.discard, *(list(m.cards) for m in self.melds)]
        everywhere = [c for zone in zones for c in zone]
        if len(everywhere) != NUM_CARDS or set(everywhere) != set(range(NUM_CARDS)):
            twice = sorted({c for c in everywhere if everywhere.count(c) > 1})
            missing = sorted(set(range(NUM_CARDS)) - set(everywhere))
            raise InvariantError(
                f"cards not accounted for: {len(everywhere)} placed, twice {twice}, "
                f"missing {missing}"
            )
        for m in self.melds:
            try:
                check_meld(m.kind, m.cards, m.slots, self.cfg.min_meld, self.cfg.min_naturals)
            except IllegalMove as exc:
                raise InvariantError(f"meld {m.id} is broken: {exc}") from None
        if self.phase not in PHASES or len(self.results) > self.cfg.deals:
            raise InvariantError(f"bad phase {self.phase} after {len(self.results)} deals")
        if self.pending_wild >= 0 and self.pending_wild not in self.hands[self.player]:
            raise InvariantError("the freed wild is not in the mover's hand")

    # -- copies ---------------------------------------------------------------------------

    def clone(self) -> RummyState:
        copy = RummyState.__new__(RummyState)
        copy.__dict__.update(self.__dict__)
        copy.hands = [list(h) for h in self.hands]
        copy.stock = list(self.stock)
        copy.discard = list(self.discard)
        copy.melds = list(self.melds)
        copy.laid = list(self.laid)
        copy.results = list(self.results)
        return copy

    def to_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "dealer": self.dealer,
            "player": self.player,
            "hands": [list(h) for h in self.hands],
            "stock": list(self.stock),
            "discard": list(self.discard),
            "melds": [[m.id, m.owner, m.kind, list(m.cards), list(m.slots)] for m in self.melds],
            "laid": list(self.laid),
            "laid_this_turn": self.laid_this_turn,
            "pending_wild": self.pending_wild,
            "pending_from": self.pending_from,
            "taken": self.taken,
            "turns": self.turns,
            "next_meld_id": self.next_meld_id,
            "results": [
                [list(r.scores), r.went_out, list(r.laid), r.ended_by] for r in self.results
            ],
        }

    @classmethod
    def from_json(cls, game: RummyGame, data: Mapping[str, Any]) -> RummyState:
        state = cls(game)
        try:
            if not isinstance(data, Mapping):
                raise TypeError("a state is an object")
            state.phase = choice(data["phase"], PHASES)
            state.dealer = whole(data["dealer"], 0, 3)
            state.player = whole(data["player"], -1, 3)
            state.hands = [cards(h) for h in data["hands"]]
            if len(state.hands) != 4:
                raise ValueError("four hands")
            state.stock = cards(data["stock"])
            state.discard = cards(data["discard"])
            state.melds = [
                TableMeld(
                    whole(i, 1, 10**6),
                    whole(o, 0, 3),
                    str(k),
                    tuple(cards(c)),
                    tuple(whole(s, 4, 59) for s in ss),
                )
                for i, o, k, c, ss in data["melds"]
            ]
            state.laid = [bool(flag(x)) for x in data["laid"]]
            if len(state.laid) != 4:
                raise ValueError("four contract flags")
            state.laid_this_turn = flag(data["laid_this_turn"])
            state.pending_wild = whole(data["pending_wild"], -1, NUM_CARDS - 1)
            state.pending_from = whole(data["pending_from"], -1, 10**6)
            state.taken = whole(data["taken"], -1, NUM_CARDS - 1)
            state.turns = whole(data["turns"], 0, 10**6)
            state.next_meld_id = whole(data["next_meld_id"], 1, 10**6)
            state.results = [
                DealResult(
                    (whole(s[0], 0, 10**6), whole(s[1], 0, 10**6)),
                    whole(w, -1, 3),
                    (flag(laid[0]), flag(laid[1]), flag(laid[2]), flag(laid[3])),
                    choice(e, (OUT, STOCK, TURNS)),
                )
                for s, w, laid, e in data["results"]
            ]
            state.check_invariants()
        except (KeyError, TypeError, ValueError, IndexError, InvariantError) as exc:
            raise CorruptFile(f"not a Push state: {exc}") from None
        return state
