"""Issue 17, item 5: a saved game outlives the physics model that played it.

A log records each push's outcome (where the balls came to rest, settled, the model) and a
replay uses it as it stands. A model-6 log records none: its pushes are resolved once, at load,
with ``config_for_model("6", ...)``. The two fixtures under tests/fixtures were written by the
model-6 build itself (the window's autosave and ``pusher play --terminal --save``) and are never
regenerated. Every test here names the current model only as ``MODEL_VERSION``, so it holds
before and after a newer model lands.
"""

from __future__ import annotations

import copy
import io
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.cli import _save_interrupted, main
from pusher_sim.errors import CorruptFile
from pusher_sim.physics import MODEL_VERSION, PhysicsResolver
from pusher_sim.physics.config import MODEL_SETTINGS, config_for_model
from pusher_sim.push_resolution import PushOutcome, PushSpec
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.names import cup_name
from pusher_sim.pusher.recorded_outcome import outcome_from_json, outcome_to_json
from pusher_sim.pusher.resimulate import rerun_pushes
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.turnloop import GameLog, Match, get_spec, replay
from pusher_sim.turnloop.log import FORMAT, Replayed
from tests import saved_logs

FIXTURES = Path(__file__).resolve().parent / "fixtures"
MODEL6 = ("model6-autosave", "model6-saved-game")


def fixture_path(name: str) -> Path:
    return FIXTURES / f"{name}.json"


def played_states(name: str) -> list[Any]:
    """The state after each action as model 6 replayed the fixture when it was written."""
    states: list[Any] = json.loads((FIXTURES / f"{name}.states.json").read_text())["states"]
    return states


def pusher_game(log: GameLog) -> PusherGame:
    game = get_spec("pusher").make_game(log.config)
    assert isinstance(game, PusherGame)
    return game


@cache
def loaded(name: str) -> tuple[Any, ...]:
    """The fixture loaded once per run (its pushes resolved by model 6): its log as the loaded
    match completed it, as JSON."""
    log = GameLog.load(fixture_path(name))
    match = Match(pusher_game(log), [None, None], log=log)
    return tuple(match.log.outcomes)


class Refusing:
    """A resolver that fails the test if anything asks it to simulate a push."""

    def __init__(self, model: str) -> None:
        self.model = model
        self.max_flick_speed = 1.5

    def resolve(self, board: Board, balls: Any, push: PushSpec, *, record: bool = False) -> Any:
        raise AssertionError("a recorded outcome was simulated again")


def without_physics(game: PusherGame) -> PusherGame:
    game.resolver = Refusing(MODEL_VERSION)
    game.unrecorded = Refusing("old")
    return game


def pushes_of(log: GameLog) -> list[int]:
    return [n for n, a in enumerate(log.actions) if a["type"] == "Push"]


def model_of(log: GameLog, n: int) -> str:
    outcome = log.outcome(n)
    assert outcome is not None, f"action {n + 1} records no outcome"
    model: str = outcome["model"]
    return model


# -- the fixtures are what model 6 wrote ---------------------------------------------------------


@pytest.mark.parametrize("name", MODEL6)
def test_the_fixtures_are_model_6_logs_that_record_no_outcomes(name: str) -> None:
    data = json.loads(fixture_path(name).read_text())
    assert data["format"] == "pusher-log/1" and "outcomes" not in data
    assert data["config"]["physics_model"] == "6"
    assert sum(1 for a in data["actions"] if a["type"] == "Push") >= 4


@pytest.mark.parametrize("name", MODEL6)
def test_a_model_6_log_replays_as_model_6_played_it(name: str) -> None:
    """Whatever this build's model, every state of the game is the one model 6 produced."""
    log = GameLog.load(fixture_path(name))
    seen: list[Any] = []
    replay(pusher_game(log), log, each=lambda step: seen.append(step.state.to_json()))
    assert seen == played_states(name)[1:]


@pytest.mark.parametrize("name", MODEL6)
def test_loading_a_model_6_log_records_each_push_as_made_by_model_6(name: str) -> None:
    outcomes = loaded(name)
    log = GameLog.load(fixture_path(name))
    for n, outcome in enumerate(outcomes):
        if n in pushes_of(log):
            assert outcome is not None and outcome["model"] == "6", n
        else:
            assert outcome is None, n


def test_the_model_6_autosave_continues_under_the_current_model(tmp_path: Path) -> None:
    """Load the in-progress autosave, play on with bots until new pushes are made: they are this
    build's model's, the old ones stay model 6's, and the saved game replays without physics."""
    log = GameLog.load(fixture_path("model6-autosave"))
    game = pusher_game(log)
    spec = get_spec("pusher")
    match = Match(game, spec.make_agents(game, ["greedy", "greedy"]), log=log)
    old = len(match.log.actions)
    while match.moves < old + 40 and not match.state.is_terminal():
        match.step()
        if sum(1 for n in pushes_of(match.log) if n >= old) >= 2:
            break
    new_pushes = [n for n in pushes_of(match.log) if n >= old]
    assert new_pushes, "the bots made no push"
    assert all(model_of(match.log, n) == MODEL_VERSION for n in new_pushes)
    assert all(model_of(match.log, n) == "6" for n in pushes_of(match.log) if n < old)
    path = tmp_path / "continued.json"
    match.log.save(path)
    again = GameLog.load(path)
    assert json.loads(path.read_text())["format"] == FORMAT
    assert again.config["physics_model"] == "6"  # the model its unrecorded pushes were made by
    final = replay(without_physics(pusher_game(again)), again)
    assert final == match.state
    # Undo replays too, and from the recorded outcomes.
    resumed = Match(without_physics(pusher_game(again)), [None, None], log=again)
    resumed.undo(3)
    assert resumed.moves == match.moves - 3


@pytest.mark.parametrize("name", MODEL6)
def test_a_model_6_log_replays_and_loads_from_the_command_line(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["replay", str(fixture_path(name))]) == 0
    assert f"{len(played_states(name)) - 1} actions replayed" in capsys.readouterr().out
    # Load it at the terminal, play nothing (end of input), save: every outcome is recorded.
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    saved = tmp_path / "saved.json"
    args = ["play", "--load", str(fixture_path(name)), "--terminal"]
    assert main([*args, "--seats", "human,human", "--save", str(saved)]) == 0
    data = json.loads(saved.read_text())
    assert data["format"] == FORMAT and data["outcomes"] == list(loaded(name))


# -- --resimulate --------------------------------------------------------------------------------


def resimulated(capsys: pytest.CaptureFixture[str], path: Path) -> list[str]:
    """``pusher replay --resimulate``'s report (exit 0): the lines after the replay's summary."""
    assert main(["replay", "--resimulate", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    at = next(n for n, line in enumerate(out) if "actions replayed" in line)
    return out[at + 1 :]


def named_actions(report: list[str]) -> set[int]:
    return {int(line.split()[1]) for line in report[:-1]}


@pytest.mark.parametrize("name", MODEL6)
def test_resimulate_names_exactly_the_pushes_the_current_model_resolves_differently(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Worked out independently: each push from its recorded position under model 6's config and
    under the current model's (the same today; a newer model may differ)."""
    log = GameLog.load(fixture_path(name))
    game = pusher_game(log)
    states = played_states(name)
    then = PhysicsResolver(config_for_model("6", log.config["physics"]))
    now = PhysicsResolver(config_for_model(MODEL_VERSION, {}))
    expected = set()
    for n in pushes_of(log):
        before = game.state_from_json(states[n])
        spec = game.action_codec.decode(log.actions[n])
        assert isinstance(spec, Push)
        push = spec.spec(before.colour)
        a = then.resolve(game.board, dict(before.balls), push)
        b = now.resolve(game.board, dict(before.balls), push)
        if sorted(a.balls) != sorted(b.balls) or a.settled != b.settled:
            expected.add(n + 1)
    report = resimulated(capsys, fixture_path(name))
    assert named_actions(report) == expected
    assert report[-1] == (
        f"{len(expected)} of {len(pushes_of(log))} pushes come out differently under model "
        f"{MODEL_VERSION}"
    )
    assert all("model 6 left" in line for line in report[:-1])


def test_under_a_newer_model_a_model_6_game_reads_the_same_and_resimulate_names_the_changes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """This build made to run a model newer than 6 (bouncier balls) whatever its real version:
    the saved game still replays as model 6 played it, its pushes are model 6's, new pushes are
    the newer model's, and --resimulate names the pushes the newer model resolves differently."""
    import pusher_sim.physics

    monkeypatch.setattr(pusher_sim.physics, "MODEL_VERSION", "newer")
    monkeypatch.setitem(MODEL_SETTINGS, "newer", {"restitution_ball": 0.5})
    name = "model6-saved-game"
    log = GameLog.load(fixture_path(name))
    game = pusher_game(log)
    assert game.unrecorded.model == "6"
    assert game.resolver.inner.config == config_for_model("newer", {})  # type: ignore[attr-defined]
    seen: list[Any] = []
    replay(game, log, each=lambda step: seen.append(step.state.to_json()))
    assert seen == played_states(name)[1:]
    newer = PhysicsResolver(config_for_model("newer", {}))
    expected = set()
    for n in pushes_of(log):
        before = game.state_from_json(played_states(name)[n])
        push = game.action_codec.decode(log.actions[n])
        assert isinstance(push, Push)
        now = newer.resolve(game.board, dict(before.balls), push.spec(before.colour))
        if sorted(now.balls) != sorted(model_balls(loaded(name)[n])):
            expected.add(n + 1)
    assert expected, "the bouncier model should move some push's balls"
    report = resimulated(capsys, fixture_path(name))
    assert named_actions(report) == expected
    assert report[-1].startswith(f"{len(expected)} of {len(pushes_of(log))} pushes come out")


def model_balls(outcome: dict[str, Any] | None) -> list[tuple[Cell, Colour]]:
    assert outcome is not None
    return sorted(((q, r), Colour[c.upper()]) for q, r, c in outcome["balls"])


def small_physics_log() -> Any:
    """A small Pusher game under the current model up to its first push (a pusher-log/2)."""
    data = saved_logs.pusher_physics_log()
    assert data["format"] == FORMAT and data["actions"][-1]["type"] == "Push"
    return data


def test_resimulate_finds_no_difference_in_a_game_of_the_current_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_logs.write(tmp_path / "log.json", small_physics_log())
    want = f"0 of 1 push comes out differently under model {MODEL_VERSION}"
    assert resimulated(capsys, path) == [want]


def edited(outcome: dict[str, Any], board: Board) -> tuple[dict[str, Any], Cell, Cell]:
    """The outcome with one ball moved to an empty cup: still a possible outcome, just not the
    one the model gives."""
    balls = outcome["balls"]
    taken = {(q, r) for q, r, _ in balls}
    free = next(c for c in sorted(board.cells) if c not in taken)
    moved = (balls[0][0], balls[0][1])
    changed = copy.deepcopy(outcome)
    changed["balls"][0][:2] = list(free)
    changed["balls"].sort()
    return changed, moved, free


def test_resimulate_names_a_push_whose_recorded_outcome_was_edited(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = small_physics_log()
    n = len(data["actions"]) - 1
    board = Board(radius=data["config"]["board_radius"])
    data["outcomes"][n], moved, free = edited(data["outcomes"][n], board)
    data["outcomes"][n]["model"] = "old"
    colour = next(c for q, r, c in data["outcomes"][n]["balls"] if (q, r) == free)
    path = saved_logs.write(tmp_path / "log.json", data)
    report = resimulated(capsys, path)
    assert len(report) == 2 and named_actions(report) == {n + 1}
    radius = board.radius
    assert f"model old left {colour} at {cup_name(free, radius)};" in report[0], report[0]
    assert f"model {MODEL_VERSION} leaves {colour} at {cup_name(moved, radius)}" in report[0]
    assert report[1] == f"1 of 1 push comes out differently under model {MODEL_VERSION}"


def test_resimulate_names_a_push_that_now_settles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = small_physics_log()
    n = len(data["actions"]) - 1
    assert data["outcomes"][n]["settled"] is True
    data["outcomes"][n]["settled"] = False
    report = resimulated(capsys, saved_logs.write(tmp_path / "log.json", data))
    assert named_actions(report) == {n + 1} and report[0].endswith("now settled")


def test_resimulate_is_refused_for_a_game_without_pushes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_logs.write(tmp_path / "log.json", saved_logs.pushover_log(10))
    assert main(["replay", "--resimulate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pushover game" in err


def test_rerun_pushes_reports_both_outcomes() -> None:
    log = GameLog.from_json(small_physics_log())
    (rerun,) = rerun_pushes(pusher_game(log), log)
    assert rerun.number == len(log.actions) and not rerun.differs
    assert rerun.recorded.model == rerun.now.model == MODEL_VERSION


# -- a recorded outcome is used, and checked ----------------------------------------------------


def test_a_recorded_outcome_is_used_as_it_stands() -> None:
    """Replay takes the balls where the log says they came to rest, even where the model would
    put them elsewhere, and simulates nothing."""
    data = small_physics_log()
    n = len(data["actions"]) - 1
    board = Board(radius=data["config"]["board_radius"])
    data["outcomes"][n], _, _ = edited(data["outcomes"][n], board)
    log = GameLog.from_json(data)
    steps: list[Replayed] = []
    state = replay(without_physics(pusher_game(log)), log, each=steps.append)
    assert steps[-1].outcome == data["outcomes"][n]
    assert isinstance(state, PusherState) and state.last_outcome is not None
    want = sorted(((q, r), Colour[c.upper()]) for q, r, c in data["outcomes"][n]["balls"])
    assert sorted(state.last_outcome.balls) == want


def damaged_outcome(tmp_path: Path, change: Any) -> Path:
    data = small_physics_log()
    n = len(data["actions"]) - 1
    change(data, n)
    return saved_logs.write(tmp_path / "log.json", data)


def _off_board(data: Any, n: int) -> None:
    data["outcomes"][n]["balls"][0][:2] = [data["config"]["board_radius"] + 1, 0]


def _two_in_a_cup(data: Any, n: int) -> None:
    balls = data["outcomes"][n]["balls"]
    balls[1][:2] = balls[0][:2]


def _lost(data: Any, n: int) -> None:
    del data["outcomes"][n]["balls"][0]


def _made(data: Any, n: int) -> None:
    balls = data["outcomes"][n]["balls"]
    taken = {(q, r) for q, r, _ in balls}
    board = Board(radius=data["config"]["board_radius"])
    q, r = next(c for c in sorted(board.cells) if c not in taken)
    balls.append([q, r, "red"])


def _recoloured(data: Any, n: int) -> None:
    ball = data["outcomes"][n]["balls"][0]
    ball[2] = "blue" if ball[2] == "red" else "red"


def _yellow_at_a_two_seat_table(data: Any, n: int) -> None:
    data["outcomes"][n]["balls"][0][2] = "yellow"


def _no_model(data: Any, n: int) -> None:
    data["outcomes"][n]["model"] = ""


def _settled_as_text(data: Any, n: int) -> None:
    data["outcomes"][n]["settled"] = "yes"


def _unknown_key(data: Any, n: int) -> None:
    data["outcomes"][n]["sim_time"] = 1.0


def _a_ball_as_a_pair(data: Any, n: int) -> None:
    data["outcomes"][n]["balls"][0] = data["outcomes"][n]["balls"][0][:2]


def _a_place_with_an_outcome(data: Any, n: int) -> None:
    data["outcomes"][0] = copy.deepcopy(data["outcomes"][n])


def _an_outcome_as_a_list(data: Any, n: int) -> None:
    data["outcomes"][n] = data["outcomes"][n]["balls"]


DAMAGE = {
    "off the board": (_off_board, "off the board"),
    "two in a cup": (_two_in_a_cup, "two balls rest in cup"),
    "a ball lost": (_lost, "but the push had"),
    "a ball made": (_made, "but the push had"),
    "a ball recoloured": (_recoloured, "but the push had"),
    "a colour not in play": (_yellow_at_a_two_seat_table, "but the push had"),
    "no model": (_no_model, "must name a model"),
    "settled as text": (_settled_as_text, "outcome.settled must be true or false"),
    "an unknown key": (_unknown_key, "unknown key 'sim_time'"),
    "a ball as a pair": (_a_ball_as_a_pair, "must be a list of 3"),
    "a place with an outcome": (_a_place_with_an_outcome, "a place has no outcome"),
}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_outcome_is_one_line_naming_the_log_and_the_action(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    change, says = DAMAGE[kind]
    path = damaged_outcome(tmp_path, change)
    n = 1 if kind == "a place with an outcome" else len(json.loads(path.read_text())["actions"])
    for argv in (["replay", str(path)], ["play", "--load", str(path), "--terminal"]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1, err
        assert err.startswith(f"pusher: {path}: log action {n} ("), err
        assert says in err, err


def test_an_outcome_that_is_not_an_object_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = damaged_outcome(tmp_path, _an_outcome_as_a_list)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "must be null or an object" in err, err


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d.pop("outcomes"), "must list its outcomes"),
        (lambda d: d["outcomes"].pop(), "different number of actions and outcomes"),
        (lambda d: d.update(format="pusher-log/1"), "records no outcomes"),
    ],
)
def test_the_outcomes_list_must_match_the_format(
    change: Any, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = small_physics_log()
    change(data)
    path = saved_logs.write(tmp_path / "log.json", data)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err, err


# -- models this build runs, and models it no longer can -----------------------------------------


def test_a_push_a_log_records_no_outcome_for_is_resolved_by_the_logs_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An older model (here a made-up one: bouncier balls) resolves the log's unrecorded push
    and is named in its outcome; the game's own choices (a tilt) carry over to the current
    model, which makes every push from then on."""
    monkeypatch.setitem(MODEL_SETTINGS, "older", {"restitution_ball": 0.5})
    data = small_physics_log()
    data["format"] = "pusher-log/1"
    del data["outcomes"]
    data["config"]["physics_model"] = "older"
    data["config"]["physics"]["tilt"] = 0.01
    log = GameLog.from_json(data)
    game = pusher_game(log)
    assert game.config.physics_model == "older"
    assert game.unrecorded.model == "older" and game.resolver.model == MODEL_VERSION
    then = config_for_model("older", data["config"]["physics"])
    current = config_for_model(MODEL_VERSION, {"tilt": 0.01})
    assert game.resolver.inner.config == current  # type: ignore[attr-defined]
    n = len(log.actions) - 1
    before = replay(game, log, upto=n)
    assert isinstance(before, PusherState)
    push = game.action_codec.decode(log.actions[n])
    assert isinstance(push, Push)
    want = PhysicsResolver(then).resolve(game.board, dict(before.balls), push.spec(before.colour))
    match = Match(game, [None, None], log=log)
    assert model_of(match.log, n) == "older"
    outcome = match.log.outcome(n)
    assert outcome is not None
    assert sorted(tuple(b) for b in outcome["balls"]) == sorted(
        (q, r, c.label) for (q, r), c in want.balls
    )


def test_a_log_of_a_model_this_build_cannot_run_loads_while_it_records_every_outcome(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = small_physics_log()
    data["config"]["physics_model"] = "0"
    path = saved_logs.write(tmp_path / "log.json", data)
    assert main(["replay", str(path)]) == 0
    capsys.readouterr()
    data["outcomes"][-1] = None
    saved_logs.write(path, data)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"log action {len(data['actions'])} (Push)" in err
    assert "physics model '0' is not one this build can run" in err, err


# -- the log's outcomes stay beside their actions ----------------------------------------------


def test_outcomes_past_the_last_action_are_stale_and_never_written() -> None:
    """A front end that drops the last action (and its mover) but not its outcome still saves
    and goes on with a log whose outcomes match its actions."""
    log = GameLog.from_json(small_physics_log())
    dropped = log.outcomes[-1]
    assert dropped is not None
    del log.actions[-1]
    del log.movers[-1]
    data = log.to_json()
    assert len(data["outcomes"]) == len(data["actions"])
    log.record({"type": "Pass"}, 0, None)
    assert log.outcomes[-1] is None and len(log.outcomes) == len(log.actions)


def test_an_interrupted_game_is_saved_with_its_outcomes(tmp_path: Path) -> None:
    log = GameLog.from_json(small_physics_log())
    where = _save_interrupted(log, str(tmp_path / "log.json"))
    assert GameLog.load(where).outcomes == log.outcomes


def test_a_match_records_the_outcome_the_resolver_gave() -> None:
    spec = get_spec("pusher")
    game = spec.make_game({"players": 2, **saved_logs.PUSHER_SCRIPTED})
    match = Match(game, spec.make_agents(game, ["random", "random"]), seed=2)
    match.run(max_steps=60)
    assert len(match.log.outcomes) == len(match.log.actions)
    for n, entry in enumerate(match.log.actions):
        outcome = match.log.outcomes[n]
        assert (outcome is not None) == (entry["type"] == "Push")
        if outcome is not None:
            assert outcome["model"] == "scripted" and outcome["settled"] is True


def test_a_corrupt_log_error_is_a_corrupt_file() -> None:
    data = small_physics_log()
    data["outcomes"][-1]["balls"].pop()
    log = GameLog.from_json(data)
    with pytest.raises(CorruptFile, match="log action"):
        replay(pusher_game(log), log)


@pytest.mark.parametrize("name", MODEL6)
def test_a_front_end_rebuilds_a_game_move_by_move_from_its_recorded_outcomes(name: str) -> None:
    """``Match.step_logged``, as a window rebuilding its move list would use it: the outcomes
    model 6 gave, applied without physics, give model 6's game."""
    log = GameLog.load(fixture_path(name))
    log.outcomes = list(loaded(name))
    game = without_physics(pusher_game(log))
    match = Match(game, [None, None], log=GameLog(log.game, log.config, log.seed, log.seats))
    for n, entry in enumerate(log.actions):
        match.step_logged(game.action_codec.decode(entry), log.outcome(n))
        assert match.state.to_json() == played_states(name)[n + 1]
    assert match.log.outcomes == log.outcomes


def test_a_logs_physics_values_may_hold_a_models_switches() -> None:
    """A model's changes sit behind true/false switches among the physics values (model 7's do):
    the log's shape takes them, and the physics config says which names and types it knows."""
    from pusher_sim.pusher.config import PusherConfig

    config = PusherConfig.from_mapping({"physics": {"a_switch": True, "tilt": 0.01}})
    assert config.physics == {"a_switch": True, "tilt": 0.01}


def test_a_switch_where_a_number_belongs_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = small_physics_log()
    data["config"]["physics"]["tilt"] = True
    path = saved_logs.write(tmp_path / "log.json", data)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "tilt must be a number" in err, err


@pytest.mark.parametrize("name", MODEL6)
def test_the_window_loads_a_model_6_game(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where a player meets an autosave: ``pusher play --load`` opens it in the window (drawn
    headless to a PNG here). The window rebuilds the game move by move and must apply each
    logged outcome (``Match.step_logged``): simulating model 6's pushes again under a newer
    model would put the balls elsewhere and make later moves illegal."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("PUSHER_DATA_DIR", str(tmp_path / "data"))
    png = tmp_path / "shot.png"
    args = ["play", "--load", str(fixture_path(name)), "--screenshot", str(png)]
    assert main([*args, "--size", "400x300"]) == 0, capsys.readouterr().err
    assert png.stat().st_size > 0


@pytest.mark.parametrize("game", ["rummy", "pushover"])
def test_an_outcome_on_a_game_whose_actions_say_it_all_is_one_line(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = saved_logs.rummy_log(20) if game == "rummy" else saved_logs.pushover_log(10)
    assert data["outcomes"] == [None] * len(data["actions"])
    data["outcomes"][3] = {"balls": [], "settled": True, "model": "7"}
    path = saved_logs.write(tmp_path / "log.json", data)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}: log action 4 (" in err, err
    assert f"a {game} action has no outcome to record" in err, err


cells = st.tuples(st.integers(-5, 5), st.integers(-5, 5)).filter(lambda c: c in Board(radius=5))


@given(
    balls=st.dictionaries(cells, st.sampled_from([Colour.RED, Colour.BLUE, Colour.YELLOW])),
    settled=st.booleans(),
    model=st.sampled_from(["6", "7", "scripted", "3d"]),
)
def test_a_recorded_outcome_reads_back_as_it_was(
    balls: dict[Cell, Colour], settled: bool, model: str
) -> None:
    outcome = PushOutcome(tuple(balls.items()), settled, 1.5, 700, model)
    data = json.loads(json.dumps(outcome_to_json(outcome)))
    back = outcome_from_json(data)
    assert sorted(back.balls) == sorted(outcome.balls)
    assert (back.settled, back.model) == (settled, model)
    assert outcome_to_json(back) == data
