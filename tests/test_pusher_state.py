"""Pusher's state on the turn loop: illegal moves change nothing, JSON and config round trips,
corrupt data is refused, and the same seed plays the same game."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.errors import ConfigError, CorruptFile, IllegalMove
from pusher_sim.pusher import Pass, Place, Push, PusherConfig, PusherGame, ScriptedResolver
from pusher_sim.pusher.spec import SPEC, make_game
from pusher_sim.turnloop import GameLog, Match, replay
from pusher_sim.turnloop.actions import Action
from tests.pusher_positions import P4_TRIANGLE, PAIR_NEEDING_RED, make

TRI = ((-2, 0), (-2, 1), (-1, 0))


@pytest.mark.parametrize(
    ("drawn", "to_move", "action", "rule"),
    [
        (PAIR_NEEDING_RED, 1, Place((1, 0)), "P2"),  # own colour
        (PAIR_NEEDING_RED, 1, Place((-2, 0)), "P2"),  # occupied
        (PAIR_NEEDING_RED, 1, Place(("a", "b")), "P2"),  # type: ignore[arg-type]
        (PAIR_NEEDING_RED, 1, Place((0, 0, 0)), "P2"),  # type: ignore[arg-type]
        (PAIR_NEEDING_RED, 1, Pass(), "P7"),
        (PAIR_NEEDING_RED, 1, Push(TRI), "P4"),  # no triangle of balls
        (P4_TRIANGLE, 0, Place((2, 0)), "P6"),  # a push is due
        (P4_TRIANGLE, 0, Push(((-2, 0), (-1, 0), (0, 0))), "P4"),
        (P4_TRIANGLE, 0, Push(((-2, 0), (-2, 1))), "P4"),  # type: ignore[arg-type]
        (P4_TRIANGLE, 0, Push(TRI, (0.5, 0.0)), "P8"),
        (P4_TRIANGLE, 0, Push(TRI, (0.0,)), "P8"),  # type: ignore[arg-type]
        (P4_TRIANGLE, 0, Push(TRI, speed=1e9), "P8"),
        (P4_TRIANGLE, 0, Push(TRI, speed=True), "P8"),
    ],
)
def test_illegal_actions_name_their_rule_and_leave_the_state_unchanged(
    drawn: str, to_move: int, action: Action, rule: str
) -> None:
    state = make(drawn, to_move=to_move)
    before = state.to_json()
    with pytest.raises(IllegalMove) as err:
        state.apply(action)
    assert err.value.rule == rule
    assert state.to_json() == before
    assert not state.is_legal(action)


def test_another_games_action_is_refused() -> None:
    class Roll(Action):
        pass

    state = make(P4_TRIANGLE)
    with pytest.raises(IllegalMove, match="not a Pusher action"):
        state.apply(Roll())


def _scripted_match(seed: int, **config: Any) -> Match:
    game = make_game({"players": 2, "resolver": "scripted", **config})
    agents = SPEC.make_agents(game, ["bot", "random"])
    return Match(game, agents, seed=seed)


def test_same_seed_same_game_and_the_log_replays_it() -> None:
    first, second = _scripted_match(7), _scripted_match(7)
    end = first.run()
    assert second.run() == end
    assert first.log.actions == second.log.actions
    assert any(a["type"] == "Push" and a["speed"] > 0 for a in first.log.actions)
    loaded = GameLog.from_json(json.loads(json.dumps(first.log.to_json())))
    game = SPEC.make_game(loaded.config)
    assert replay(game, loaded) == end
    assert end.is_terminal()


def test_states_survive_json_and_clone_along_a_game() -> None:
    match = _scripted_match(3)
    while not match.state.is_terminal():
        state = match.state
        copy = state.clone()
        assert copy == state and copy is not state
        data = json.loads(json.dumps(state.to_json()))
        assert match.game.state_from_json(data) == state
        json.dumps(state.observation(1).to_json())
        match.step()
        assert copy != match.state


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.pop("trays"),
        lambda d: d.update(trays=[4]),
        lambda d: d.update(trays=[4, "3"]),
        lambda d: d.update(to_move=5),
        lambda d: d.update(end="nobody"),
        lambda d: d.update(balls=[[-2, 0, 0], [-2, 0, 1]]),  # two balls in one cup
        lambda d: d["balls"].append([1, 0, 1]),  # blue in a blue cup, and 6 blue balls
        lambda d: d["balls"].append([9, 9, 0]),
        lambda d: d.update(balls="RB"),
        lambda d: d.update(winner=0),
    ],
)
def test_corrupt_state_json_is_refused(damage: Any) -> None:
    state = make(P4_TRIANGLE)
    data = state.to_json()
    damage(data)
    with pytest.raises(CorruptFile):
        state.game.state_from_json(data)


def test_config_round_trips_through_config_json() -> None:
    options = {
        "players": 3,
        "board_radius": 3,
        "balls_per_player": 9,
        "colours": ["yellow", "red", "blue"],
        "black_is_foreign": False,
        "on_own_colour_only": "place_freely",
        "when_no_triangle_cup": "pass",
        "draw_when_all_pass": False,
        "free_roll_empty_neighbours": 2,
        "press_region": 0.5,
        "resolver": "scripted",
        "physics": {"tilt": 0.01},
        "scripted": {"max_flick_speed": 2.0, "base_cups": 1.5, "flick_cups": 2.0},
        "move_cap": 400,
        "physics_model": None,
        "hand": {
            "name": "mine",
            "press_point_mm": 0.3,
            "strength_pct": 4.0,
            "direction_deg": 2.0,
            "speed_pct": 6.0,
        },
    }
    game = make_game(options)
    data = json.loads(json.dumps(game.config_json()))
    assert data == options
    assert make_game(data).config == game.config
    assert game.seat_label(0) == "yellow (seat 0)"
    assert game.resolver.max_flick_speed == 2.0


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4},
        {"colours": ["red", "red"]},
        {"colours": ["red", "green"]},
        {"board_radius": 0},
        {"board_radius": "x"},
        {"free_roll_empty_neighbours": 0},
        {"press_region": 1.5},
        {"resolver": "dice"},
        {"move_cap": 0},
        {"on_own_colour_only": "maybe"},
        {"scripted": {"speed": 1}},
        {"scripted": {"max_flick_speed": 0}},
        {"scripted": {"base_cups": -1.0}},
        {"players": "2"},
        {"players": 2.5},
        {"move_cap": True},
        {"wind": 3},
    ],
)
def test_bad_configs_are_one_clear_error(options: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        make_game({"resolver": "scripted", **options})


def test_default_config_is_the_published_game_with_the_physics() -> None:
    config = PusherConfig()
    assert (config.players, config.balls_per_player, config.board_radius) == (2, 17, 5)
    assert config.resolver == "physics"


def test_the_move_cap_ends_a_game_as_a_draw() -> None:
    match = _scripted_match(1, move_cap=10)
    end = match.run()
    assert end.is_terminal() and match.moves == 10
    assert end.to_json()["end"] == "move_cap"
    assert end.returns() == [0.0, 0.0]


CELLS = Board(radius=2).cells


@st.composite
def positions_and_actions(draw: st.DrawFn) -> tuple[dict[Cell, Colour], int, Action]:
    board = Board(radius=2)
    balls: dict[Cell, Colour] = {}
    for cell in draw(st.lists(st.sampled_from(CELLS), unique=True, max_size=10)):
        choices = [c for c in (Colour.RED, Colour.BLUE) if c != board.colour(cell)]
        balls[cell] = draw(st.sampled_from(choices))
    to_move = draw(st.integers(0, 1))
    near = st.tuples(st.integers(-3, 3), st.integers(-3, 3))
    action = draw(
        st.one_of(
            st.builds(Place, near),
            st.builds(
                Push,
                st.one_of(st.sampled_from(board.triangles), st.tuples(near, near, near)),
                st.tuples(st.floats(-0.02, 0.02), st.floats(-0.02, 0.02)),
                st.floats(-7, 7),
                st.floats(-1, 2),
            ),
            st.just(Pass()),
        )
    )
    return balls, to_move, action


@given(positions_and_actions())
@settings(max_examples=400, deadline=None)
def test_any_action_either_applies_keeping_the_invariants_or_changes_nothing(
    case: tuple[dict[Cell, Colour], int, Action],
) -> None:
    balls, to_move, action = case
    config = PusherConfig(board_radius=2, balls_per_player=10, resolver="scripted")
    state = PusherGame(config, ScriptedResolver()).position(balls, to_move=to_move)
    before = state.to_json()
    legal = action in state.legal_actions()
    try:
        state.apply(action)
    except IllegalMove as err:
        assert not legal
        assert err.rule in {"P2", "P4", "P5", "P6", "P7", "P8", "P9"}
        assert state.to_json() == before
    else:
        state.check_invariants()
        assert state.to_json() != before


def test_physics_games_record_their_model_and_every_physics_value() -> None:
    from pusher_sim.physics import MODEL_VERSION, PhysicsConfig

    data = make_game({"players": 2, "physics": {"tilt": 0.01}}).config_json()
    assert data["physics_model"] == MODEL_VERSION
    assert data["physics"] == {**asdict(PhysicsConfig()), "tilt": 0.01}
    assert make_game(data).config_json() == data


def test_a_game_from_a_model_this_build_cannot_run_goes_on_under_the_current_one() -> None:
    """Issue 17, item 5: the config's model no longer refuses a game. Its new pushes are this
    build's model; only a push the log records no outcome for would need model 0 (and is then
    a corrupt log, tests/test_saved_models.py)."""
    from pusher_sim.physics import MODEL_VERSION

    game = make_game({"players": 2, "physics_model": "0"})
    assert game.config.physics_model == "0"
    assert game.resolver.model == MODEL_VERSION and game.unrecorded.model == "0"
