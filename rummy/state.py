"""A position in a match of Push: five deals (R1), each a round of draw, meld, discard turns.

The position holds where every card is and whose turn it is; the rules that move the cards are
beside it, one idea each: the deal and the turn order (:mod:`rummy.dealing`), the draw
(:mod:`rummy.drawing`) and the meld phase (:mod:`rummy.melding`), the phases in
:mod:`rummy.phases`. Cards live in exactly one of: a hand, the stock (top = last), the discard
pile (top = last), a meld on the table. A finished deal leaves its cards where they lay until
the next shuffle gathers them, so "all 108 cards, none twice" holds at every step (the
invariant).
"""

from __future__ import annotations

from collections.abc import Mapping
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
    PushDraw,
    ReplaceWild,
    Shuffle,
    TakeDiscard,
)
from rummy.cards import NUM_CARDS, sort_key
from rummy.config import Contract
from rummy.dealing import apply_chance, check_chance
from rummy.drawing import apply_draw, check_draw, draw_options
from rummy.fields import cards, choice, flag, whole
from rummy.melding import apply_meld_phase, check_meld_phase, meld_options
from rummy.melds import TableMeld, check_meld
from rummy.observation import RummyObservation
from rummy.phases import (
    DEALER,
    DRAW,
    ENDINGS,
    MELD,
    OUT,
    OVER,
    PHASES,
    SHUFFLE,
    STOCK,
    TURNS,
    DealResult,
)
from rummy.scoring import match_returns

if TYPE_CHECKING:
    from rummy.game import RummyGame

__all__ = [
    "DEALER",
    "DRAW",
    "MELD",
    "OUT",
    "OVER",
    "PHASES",
    "SHUFFLE",
    "STOCK",
    "TURNS",
    "DealResult",
    "RummyState",
]


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

    # -- the rules, each beside the position ----------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The listed choices now (see :mod:`rummy.candidates` for how melds are chosen)."""
        if self.phase == DRAW:
            return draw_options(self)
        if self.phase == MELD:
            return meld_options(self)
        return []

    def validate(self, action: Action) -> None:
        if self.phase == OVER:
            raise IllegalMove("R12", "the match is over")
        if isinstance(action, (ChooseDealer, Shuffle)):
            check_chance(self, action)
        elif self.phase in (DEALER, SHUFFLE):
            raise IllegalMove("turn", "no one's turn: the cards are being dealt (R1)")
        elif isinstance(action, (TakeDiscard, PushDraw, DrawStock)):
            check_draw(self, action)
        elif self.phase == DRAW:
            raise IllegalMove(
                "R5", "draw first: take the discard or push (a turn is draw, meld, discard)"
            )
        elif isinstance(action, (LayMelds, LayOff, ReplaceWild, Discard)):
            check_meld_phase(self, action)
        else:
            raise IllegalMove("R5", f"{action} is not a Push action")

    def _apply(self, action: Action) -> None:
        if isinstance(action, (ChooseDealer, Shuffle)):
            apply_chance(self, action)
        elif isinstance(action, (TakeDiscard, PushDraw, DrawStock)):
            apply_draw(self, action)
        elif isinstance(action, (LayMelds, LayOff, ReplaceWild, Discard)):
            apply_meld_phase(self, action)

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
                    choice(e, ENDINGS),
                )
                for s, w, laid, e in data["results"]
            ]
            state.check_invariants()
        except (KeyError, TypeError, ValueError, IndexError, InvariantError) as exc:
            raise CorruptFile(f"not a Push state: {exc}") from None
        return state
