"""The Push Over state as a turn-loop State: illegal moves, copies, JSON, config, invariants."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pusher_sim.errors import ConfigError, CorruptFile, IllegalMove
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.conformance import check_state
from pusher_sim.turnloop.state import CHANCE
from pushover.actions import CODEC, Die, Roll, Stop
from pushover.config import PushOverConfig
from pushover.game import PushOverGame
from pushover.spec import make_game
from pushover.state import BARE, EMPTY, OUT, PushOverState
from tests.pushover_positions import position, turn


def rolled(state: PushOverState) -> PushOverState:
    state.apply(Roll(state.to_move))
    return state


@pytest.mark.parametrize(
    ("make", "action", "rule"),
    [
        (lambda: position(where=[3, 9]), Stop(0), "O2"),  # stop before any roll
        (lambda: position(where=[3, 9]), Die(2), "turn"),  # a die outcome at a player's node
        (lambda: rolled(position(where=[3, 9])), Roll(0), "turn"),  # acting at a chance node
        (lambda: rolled(position(where=[3, 9])), Stop(0), "turn"),
        (lambda: position(where=[3, 9]), Roll(1), "turn"),  # out of turn
        (lambda: position(where=[3, 9], dice=[1]), Stop(1), "turn"),
        (lambda: rolled(position(where=[3, 9])), Die(4), "O2"),  # no such face
        (lambda: rolled(position(where=[3, 9])), Die(True), "O2"),  # not a whole number
        (lambda: position(where=[3, 9]), Roll("0"), "turn"),  # type: ignore[arg-type]
    ],
)
def test_illegal_move_names_the_rule_and_changes_nothing(
    make: Any, action: Action, rule: str
) -> None:
    state = make()
    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        state.apply(action)
    assert info.value.rule == rule
    assert state.to_json() == before
    assert not state.is_legal(action)


@dataclass(frozen=True)
class Place(Action):
    """Another game's move."""

    cell: int


def test_an_action_of_another_game_is_illegal() -> None:
    state = position(where=[3, 9])
    before = state.to_json()
    with pytest.raises(IllegalMove):
        state.apply(Place(3))
    assert state.to_json() == before


def test_moving_after_the_end_is_illegal() -> None:
    state = turn(position(where=[14, 9], columns=[7, 0]), 3)
    assert state.is_terminal()
    with pytest.raises(IllegalMove):
        state.apply(Roll(1))


def test_clone_is_independent() -> None:
    state = position(where=[3, 9, OUT], bare=[12], free=0)
    copy = state.clone()
    turn(copy, 2)
    assert copy != state
    assert state.where == [3, 9, OUT] and state.track[12] == BARE


def test_what_if_positions_leave_the_original_alone() -> None:
    state = position(where=[3, 4], dice=[1])
    before = state.to_json()
    moved = state.after_move(2, 3)
    out = state.after_roll_out()
    assert state.to_json() == before
    assert moved.where[0] == 9 and out.where[0] == OUT and out.track[5] == BARE


def test_actions_print_and_round_trip() -> None:
    for action in (Roll(2), Stop(0), Die(3)):
        assert CODEC.decode(json.loads(json.dumps(action.to_json()))) == action
    assert [str(a) for a in (Roll(2), Stop(0), Die(3))] == ["roll", "stop", "die shows 3"]


def test_json_round_trip_of_a_played_position() -> None:
    game = PushOverGame(PushOverConfig(players=3))
    state = game.new_initial_state()
    rng = np.random.default_rng(5)
    for _ in range(120):
        if state.is_chance():
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    assert game.state_from_json(json.loads(json.dumps(state.to_json()))) == state


def _good() -> dict[str, Any]:
    return position(where=[3, 9, OUT], bare=[12], free=0, pot=2, columns=[1, 0, 2]).to_json()


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d.pop("pot"),
        lambda d: d.update(pot=5),  # chips not conserved
        lambda d: d.update(where=[3, 3, OUT]),  # two pieces on one stop
        lambda d: d.update(where=[3, 9]),  # a top character missing
        lambda d: d.update(bare=[9]),  # a bare bottom under a piece
        lambda d: d.update(bare=[]),  # a bottom character lost
        lambda d: d.update(phase="sideways"),
        lambda d: d.update(dice=[3, 3]),  # should have rolled out
        lambda d: d.update(dice=["1"]),
        lambda d: d.update(to_move=2),  # the player to move has no piece
        lambda d: d.update(columns=[1, 0, 12]),  # a winner the game did not notice
        lambda d: d.update(counts={}),
        lambda d: d.update(news=[["fireworks", 0, 0, 0, 0]]),
        lambda d: d.update(winner=1),
        lambda d: d.update(free_bottoms=-1, bare=[12, 13]),
    ],
)
def test_corrupt_positions_are_refused(spoil: Any) -> None:
    data = _good()
    PushOverGame(PushOverConfig(players=3)).state_from_json(data)
    spoil(data)
    with pytest.raises(CorruptFile):
        PushOverGame(PushOverConfig(players=3)).state_from_json(data)


@pytest.mark.parametrize(
    "config",
    [
        {"players": 5},
        {"players": 1},
        {"players": "two"},
        {"track_length": 4},
        {"pot_stop": 17},
        {"push_off_stops": [6, 6]},
        {"push_off_stops": [0]},
        {"move_multipliers": [1, 2]},
        {"die_faces": []},
        {"roll_limit": 0},
        {"first_player": 4},
        {"rollout_advance_to": 17},
        {"bottoms": 3},
        {"spare_bottoms_free": "yes"},
        {"colour": "red"},
    ],
)
def test_bad_configs_are_one_clear_error(config: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        make_game(config)


def test_config_round_trips_through_the_log_form() -> None:
    game = make_game({"players": 3, "push_off_stops": [5, 10], "chips_to_win": 7})
    again = make_game(json.loads(json.dumps(game.config_json())))
    assert isinstance(again, PushOverGame) and again.config == game.config


def test_observation_shows_the_public_board() -> None:
    state = position(where=[3, 9, OUT], bare=[12], free=0, pot=2, columns=[1, 0, 2])
    view = state.observation(1).to_json()
    assert view["where"] == [3, 9, OUT] and view["bare"] == [12] and view["pot"] == 2


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
    spare=st.booleans(),
    push_offs=st.lists(st.integers(2, 16), max_size=3, unique=True),
    advance=st.integers(1, 16),
)
def test_invariants_hold_in_random_variants(
    players: int, seed: int, spare: bool, push_offs: list[int], advance: int
) -> None:
    """Chips conserved, one piece per stop, one top per player, bottoms accounted for, at every
    step of a random game in a random variant."""
    game = PushOverGame(
        PushOverConfig(
            players=players,
            spare_bottoms_free=spare,
            push_off_stops=tuple(push_offs),
            rollout_advance_to=advance,
            max_turns=300,
        )
    )
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        check_state(game, state)
        occupied = [p for p in state.track if p != EMPTY]
        assert len(occupied) == len(set(p for p in occupied if p >= 0)) + occupied.count(BARE)
        assert state.pot + sum(state.columns) == state.drawn
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.integers(len(legal)))])
    check_state(game, state)
