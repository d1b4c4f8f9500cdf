"""Push state: what a seat sees, illegal requests leaving the state untouched, JSON, seeds."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pusher_sim.errors import ConfigError, CorruptFile, IllegalMove
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.agents import Agent
from pusher_sim.turnloop.match import Match
from rummy.actions import (
    Discard,
    DrawStock,
    LayMelds,
    LayOff,
    PushDraw,
    ReplaceWild,
    Shuffle,
    TakeDiscard,
)
from rummy.bots import random_bot
from rummy.cards import sort_key
from rummy.game import RummyGame
from rummy.state import RummyState
from tests.rummy_positions import position


def played(seed: int, steps: int, config: dict[str, object] | None = None) -> RummyState:
    """A random position: ``steps`` random actions into a seeded match."""
    game = RummyGame.from_mapping(config or {})
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    return state


def assert_blind_to_hidden_cards(bot: Agent, seed: int) -> None:
    """At a random position, changing hidden cards (others' hands, the stock) never changes
    what ``bot`` chooses."""
    state = played(seed, 40 + 17 * seed)
    while state.is_chance():
        state.apply(state.sample_chance(np.random.default_rng(seed)))
    if state.is_terminal():
        return
    seat = state.current_player()
    other = state.clone()
    for s in range(4):
        if s != seat and other.hands[s] and other.stock:
            other.hands[s][0], other.stock[0] = other.stock[0], other.hands[s][0]
    other.stock.reverse()
    rng = np.random.default_rng(0)
    assert bot.act(state, seat, state.legal_actions(), rng) == bot.act(
        other, seat, other.legal_actions(), rng
    )


def test_observation_shows_own_hand_table_discard_top_and_counts_only() -> None:
    state = position(
        ["7C 8D 9H", "3C 4C 5C 6C", "KD KS", "AS AC 3D 4D 5D"],
        stock="QS",
        discard="6S 8H",
        melds=[(2, "set", "KC KH JK=KS")],
    )
    obs = state.observation(0)
    assert obs.hand == tuple(sorted(state.hands[0], key=sort_key))
    assert obs.hand_sizes == (3, 4, 2, 5)
    assert obs.discard_top == state.discard[-1]
    assert obs.melds == tuple(state.melds)
    assert obs.stock_size == len(state.stock)
    text = json.dumps(obs.to_json())
    assert "stock" not in {k for k in obs.to_json() if k != "stock_size"}
    assert len(text) < 2000


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(2, 150), seat=st.integers(0, 3))
@example(seed=1050, steps=108, seat=0)  # another seat holds a freed wild
def test_observation_does_not_depend_on_hidden_cards(seed: int, steps: int, seat: int) -> None:
    """Swap cards between another hand, the stock and the buried discards: nothing shows."""
    state = played(seed, steps)
    before = state.observation(seat)
    other = state.clone()
    rng = np.random.default_rng(seed)
    for s in range(4):
        # A freed wild (R8) was shown on the table when it was taken back: it is not hidden.
        hidden = [i for i, c in enumerate(other.hands[s]) if c != other.pending_wild]
        if s != seat and hidden and other.stock:
            i = hidden[int(rng.integers(len(hidden)))]
            j = int(rng.integers(len(other.stock)))
            other.hands[s][i], other.stock[j] = other.stock[j], other.hands[s][i]
    if len(other.discard) > 2 and other.stock:
        other.discard[0], other.stock[0] = other.stock[0], other.discard[0]
    rng.shuffle(other.stock)
    other.check_invariants()
    assert other.observation(seat) == before


def random_request(data: st.DataObject) -> Action:
    card = data.draw(st.integers(-3, 110))
    meld = data.draw(st.integers(0, 6))
    slot = data.draw(st.integers(0, 64))
    cards = tuple(data.draw(st.lists(st.integers(0, 107), min_size=0, max_size=5)))
    kind = data.draw(st.sampled_from(["set", "run", "pair"]))
    return data.draw(
        st.sampled_from(
            [
                TakeDiscard(),
                PushDraw(),
                DrawStock(),
                Discard(card),
                LayOff(meld, card, slot),
                ReplaceWild(meld, card),
                LayMelds(((kind, cards, cards),)),
                LayMelds(((kind, cards, tuple(slot for _ in cards)),)),
                Shuffle(cards),
            ]
        )
    )


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 200), data=st.data())
def test_illegal_requests_name_a_rule_and_change_nothing(
    seed: int, steps: int, data: st.DataObject
) -> None:
    state = played(seed, steps)
    if state.is_terminal():
        return
    action = random_request(data)
    before = state.to_json()
    try:
        state.apply(action)
    except IllegalMove as exc:
        assert exc.rule in {"turn", "R1", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R12"}
        assert state.to_json() == before
        return
    state.check_invariants()


def test_same_seed_same_match() -> None:
    game = RummyGame.from_mapping({"deals": 2})
    agents = [random_bot(game) for _ in range(4)]
    a = Match(game, agents, seed=7)
    b = Match(game, agents, seed=7)
    a.run()
    b.run()
    assert a.log.actions == b.log.actions and a.state == b.state


def test_json_round_trip_and_corrupt_states_are_refused() -> None:
    game = RummyGame()
    state = played(3, 120)
    data = json.loads(json.dumps(state.to_json()))
    assert game.state_from_json(data) == state
    broken = json.loads(json.dumps(data))
    broken["hands"][0].append(broken["stock"][0])  # a card in two places
    with pytest.raises(CorruptFile):
        game.state_from_json(broken)
    for key, value in [("phase", "lunch"), ("dealer", 7), ("hands", "x"), ("laid", [1])]:
        bad = dict(data)
        bad[key] = value
        with pytest.raises(CorruptFile):
            game.state_from_json(bad)
    with pytest.raises(CorruptFile):
        game.state_from_json({})


def test_clone_is_independent() -> None:
    state = played(5, 60)
    copy = state.clone()
    assert copy == state
    copy.hands[0].append(copy.stock.pop())
    assert copy != state
    state.check_invariants()


def test_bad_configs_are_refused() -> None:
    for bad in (
        {"players": 3},
        {"deals": 6},
        {"deals": 0},
        {"stock_out": "never"},
        {"push_min_stock": 5},
        {"colour": "red"},
        {"deals": "two"},
        {"contracts": [[["pair", 2]]]},
        {"bury_wild_upcard": 1},
    ):
        with pytest.raises(ConfigError):
            RummyGame.from_mapping(bad)
    game = RummyGame.from_mapping({"deals": 2, "hand_sizes": [7, 8]})
    assert game.config.deals == 2
    assert RummyGame.from_mapping(game.config_json()).config == game.config
