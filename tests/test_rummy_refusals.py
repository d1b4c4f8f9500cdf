"""A refusal says no more than the refused seat may know (issue 34, item 2): two positions that
look the same from the seat to move (the same observation) refuse any action with the same words,
however the cards it cannot see lie. A Push refusal once named the hand that held a card."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pusher_sim.errors import IllegalMove
from pusher_sim.turnloop.actions import Action
from rummy.actions import Discard, LayMelds, LayOff, ReplaceWild
from rummy.cards import NUM_CARDS
from rummy.config import KINDS
from rummy.game import RummyGame
from rummy.state import MELD, RummyState
from tests.rummy_positions import Cards, position

GAME = RummyGame.from_mapping({})


def played(seed: int, moves: int) -> RummyState:
    """A position ``moves`` random legal moves into a match."""
    rng = np.random.default_rng(seed)
    state = GAME.new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.current_player() < 0:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    return state


def hidden_cards_moved(state: RummyState, seat: int, shuffle: random.Random) -> RummyState:
    """``state`` with the cards ``seat`` cannot see (the other hands, the stock, the discard
    pile below its top) dealt again among the same places, each keeping its size."""
    other = state.clone()
    if other.observation(seat).shown_hands:
        return other  # a finished deal shows every hand
    places = [h for s, h in enumerate(other.hands) if s != seat]
    places += [other.stock, other.discard[:-1] if other.discard else []]
    hidden = [c for place in places for c in place]
    shuffle.shuffle(hidden)
    cards = iter(hidden)
    for s in range(4):
        if s != seat:
            other.hands[s] = [next(cards) for _ in other.hands[s]]
    other.stock = [next(cards) for _ in other.stock]
    if other.discard:
        other.discard = [*(next(cards) for _ in other.discard[:-1]), other.discard[-1]]
    return other


def refusal(state: RummyState, action: Action) -> str | None:
    try:
        state.validate(action)
    except IllegalMove as exc:
        return str(exc)
    return None


card = st.integers(0, NUM_CARDS - 1)
actions = st.one_of(
    st.builds(Discard, card),
    st.builds(LayOff, st.integers(1, 6), card, st.integers(4, 59)),
    st.builds(ReplaceWild, st.integers(1, 6), card),
    st.builds(
        lambda kind, cs: LayMelds(((kind, tuple(cs), ()),)),
        st.sampled_from(sorted(KINDS)),
        st.lists(card, min_size=1, max_size=5),
    ),
)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**16), st.integers(0, 120), st.randoms(use_true_random=False), actions)
def test_a_refusal_depends_only_on_what_the_seat_to_move_sees(
    seed: int, moves: int, shuffle: random.Random, action: Action
) -> None:
    state = played(seed, moves)
    seat = state.current_player()
    if seat < 0:
        seat = 0
    other = hidden_cards_moved(state, seat, shuffle)
    other.check_invariants()
    assert other.observation(seat) == state.observation(seat)
    assert refusal(other, action) == refusal(state, action)


def test_a_card_in_another_hand_is_refused_as_not_in_yours() -> None:
    state = position(["7C 8D 9H", "3C 4C 5C", "KD KS 2D", "AS AC 3D"], discard="8H", phase=MELD)
    said = refusal(state, Discard(Cards().take("3C")))
    assert said == "R9: 3C is not in your hand"
