"""The turn loop on its own, with a toy game: driver, logs, undo, codec, conformance."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.turnloop import Action, ActionCodec, GameLog, Match, RandomAgent, replay
from pusher_sim.turnloop.conformance import random_play
from pusher_sim.turnloop.simulate import outcome_table
from tests.toy_game import Die, RaceGame, Roll


@dataclass(frozen=True)
class Nested(Action):
    cells: tuple[tuple[int, int], ...]
    speed: float
    label: str


def test_same_seed_same_game() -> None:
    game = RaceGame()
    logs = []
    for _ in range(2):
        match = Match(game, [RandomAgent(), RandomAgent()], seed=7)
        match.run()
        logs.append(match.log.to_json())
    assert logs[0] == logs[1]
    other = Match(game, [RandomAgent(), RandomAgent()], seed=8)
    other.run()
    assert other.log.to_json() != logs[0]


def test_log_replays_exactly(tmp_path: Path) -> None:
    game = RaceGame()
    match = Match(game, [RandomAgent(), RandomAgent()], seed=3)
    match.run()
    path = tmp_path / "game.json"
    match.log.save(path)
    assert replay(game, GameLog.load(path)) == match.state


def test_person_seat_waits_for_input() -> None:
    match = Match(RaceGame(), [None, RandomAgent()], seed=1)
    assert match.needs_input()
    with pytest.raises(IllegalMove):
        match.step()
    match.step(Roll())
    assert not match.needs_input()  # the die is a chance node


def test_illegal_action_leaves_state_untouched() -> None:
    match = Match(RaceGame(), [None, None], seed=1)
    before = match.state.to_json()
    with pytest.raises(IllegalMove) as err:
        match.step(Die(2))
    assert err.value.rule == "turn"
    assert match.state.to_json() == before
    assert match.moves == 0


def test_undo_turn_continues_as_before() -> None:
    game = RaceGame(target=20)
    match = Match(game, [None, RandomAgent()], seed=11)
    match.step(Roll())
    while not match.needs_input():
        match.step()
    after_first = match.log.to_json()
    match.step(Roll())
    match.step()
    match.undo_turn()
    assert match.log.to_json() == after_first
    # The chance draws depend on seed and move number only, so the game replays identically.
    match.step(Roll())
    redo = match.step()
    match2 = Match(game, [None, RandomAgent()], seed=11)
    match2.step(Roll())
    while not match2.needs_input():
        match2.step()
    match2.step(Roll())
    assert match2.step() == redo


def test_random_play_conformance() -> None:
    for seed in range(50):
        report = random_play(RaceGame(), seed)
        assert report.returns in {(1.0, -1.0), (-1.0, 1.0)}


@given(
    st.lists(st.tuples(st.integers(-9, 9), st.integers(-9, 9)), max_size=4),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
)
def test_action_json_round_trip(cells: list[tuple[int, int]], speed: float, label: str) -> None:
    action = Nested(tuple(cells), speed, label)
    codec = ActionCodec([Nested])
    assert codec.decode(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"kind": "Roll"},
        {"type": "Jump"},
        {"type": "Die", "value": 1, "x": 2},
        {"type": "Die"},
    ],
)
def test_codec_refuses_corrupt_actions(data: object) -> None:
    with pytest.raises(CorruptFile):
        ActionCodec([Roll, Die]).decode(data)


@pytest.mark.parametrize(
    "text",
    ["", "{", "[]", '{"format": "other"}', '{"format": "pusher-log/1", "game": "race"}'],
)
def test_corrupt_log_files_are_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(CorruptFile):
        GameLog.load(path)


def test_log_with_an_illegal_action_is_corrupt() -> None:
    game = RaceGame()
    log = GameLog("race", game.config_json(), 0, ["a", "b"], [Die(3).to_json()], [0])
    with pytest.raises(CorruptFile, match="illegal"):
        replay(game, log)


def test_outcome_table_counts_wins_and_draws() -> None:
    game = RaceGame()
    finals = [Match(game, [RandomAgent(), RandomAgent()], seed=s).run() for s in range(40)]
    table = outcome_table(finals, game.teams())
    assert sum(table["win_rate"]) == pytest.approx(1.0)
    assert table["draw_rate"] == 0.0


def test_simulate_is_the_same_for_any_number_of_workers() -> None:
    from pusher_sim.turnloop import get_spec
    from pusher_sim.turnloop.simulate import simulate

    spec = get_spec("pushover")
    runs = [simulate(spec, ["random", "random"], 30, 4, workers=w) for w in (1, 2)]
    for run in runs:
        del run["seconds"], run["games_per_second"]
    assert runs[0] == runs[1]
    assert runs[0]["games"] == 30


@given(st.integers(0, 2**31 - 1))
def test_a_match_that_keeps_no_log_plays_the_same_game(seed: int) -> None:
    """``record=False`` (a tournament's games) changes nothing but the log: the same moves,
    generators and end, with the log left empty."""
    from pushover.spec import make_game

    game = make_game({"players": 2})
    bots = [RandomAgent(), RandomAgent()]
    kept, unkept = Match(game, bots, seed=seed), Match(game, bots, seed=seed, record=False)
    kept.run()
    unkept.run()
    assert unkept.moves == kept.moves > 0 and not unkept.log.actions
    assert unkept.state.to_json() == kept.state.to_json()
