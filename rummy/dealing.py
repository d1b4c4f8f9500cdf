"""The deal and the turn order (R1, R5, R10): the first dealer and the shuffle, dealing the
hands and turning up the discard, passing the turn, and ending a deal with its scores (R11)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pusher_sim.errors import IllegalMove
from rummy.actions import ChooseDealer, Shuffle
from rummy.cards import NUM_CARDS, is_wild
from rummy.config import STOCK_OUT_AT_TURN
from rummy.phases import DEALER, DRAW, OVER, SHUFFLE, STOCK, TURNS, DealResult
from rummy.scoring import deal_scores

if TYPE_CHECKING:
    from rummy.state import RummyState


def check_chance(state: RummyState, action: ChooseDealer | Shuffle) -> None:
    """Refuse a chance outcome that is not due now or not one of its outcomes (R1)."""
    if isinstance(action, ChooseDealer):
        if state.phase != DEALER:
            raise IllegalMove("R1", "the first dealer has been chosen already")
        if action.seat not in range(4):
            raise IllegalMove("R1", f"the dealer is a seat 0..3, not {action.seat}")
        return
    if state.phase != SHUFFLE:
        raise IllegalMove("R1", "no shuffle is due now")
    if sorted(action.order) != list(range(NUM_CARDS)):
        raise IllegalMove("R1", "a shuffle orders all 108 cards, each once")


def apply_chance(state: RummyState, action: ChooseDealer | Shuffle) -> None:
    if isinstance(action, ChooseDealer):
        state.dealer = action.seat
        state.phase = SHUFFLE
    else:
        deal(state, action.order)


def deal(state: RummyState, order: tuple[int, ...]) -> None:
    """Gather the cards in ``order`` as the stock, deal the hands from its top, turn up the
    discard (a wild buried in the stock if the config says so) and give the first turn."""
    state.stock = list(order)
    state.hands = [[], [], [], []]
    state.discard = []
    state.melds = []
    state.laid = [False, False, False, False]
    state.next_meld_id = 1
    for _ in range(state.cfg.hand_sizes[state.deal]):
        for k in range(1, 5):
            state.hands[(state.dealer + k) % 4].append(state.stock.pop())
    for _ in range(len(state.stock)):
        card = state.stock.pop()
        if state.cfg.bury_wild_upcard and is_wild(card) and state.stock:
            state.stock.insert(0, card)
            continue
        state.discard.append(card)
        break
    state.player = state.dealer
    state.turns = 0
    next_turn(state)


def next_turn(state: RummyState) -> None:
    """The turn passes to the left; the deal ends on the turns' guard or an empty stock."""
    state.player = (state.player + 1) % 4
    state.phase = DRAW
    state.taken = -1
    state.laid_this_turn = False
    state.turns += 1
    if state.turns > state.cfg.max_turns_per_deal:
        end_deal(state, TURNS, -1)
    elif not state.stock and state.cfg.stock_out == STOCK_OUT_AT_TURN:
        end_deal(state, STOCK, -1)


def end_deal(state: RummyState, ended_by: str, went_out: int) -> None:
    """Score the deal (R11); the match is over after the last deal, else the next dealer
    shuffles."""
    scores = deal_scores(state.hands, went_out, state.cfg.card_values)
    laid = (state.laid[0], state.laid[1], state.laid[2], state.laid[3])
    state.results.append(DealResult(scores, went_out, laid, ended_by))
    state.pending_wild = state.pending_from = -1
    state.taken = -1
    state.laid_this_turn = False
    if len(state.results) >= state.cfg.deals:
        state.phase = OVER
    else:
        state.dealer = (state.dealer + 1) % 4
        state.phase = SHUFFLE
