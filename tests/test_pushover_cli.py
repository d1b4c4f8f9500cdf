"""``pusher play pushover`` and ``pusher simulate pushover`` through the real command line, and
the text view's parser and drawing."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pusher_sim.errors import UserError
from pushover.actions import Roll, Stop
from pushover.game import PushOverGame
from pushover.state import OUT
from pushover.text import PushOverText
from tests.cli_runner import one_line_error, run
from tests.pushover_positions import position, turn

SEATS = "strong,expected,random,random"


def test_simulate_prints_win_rates_and_push_over_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, ["simulate", "pushover", "--games", "40", "--seats", SEATS])
    assert code == 0
    for text in ("seat 0 strong", "wins", "mean turns", "rollout rate", "chips per game"):
        assert text in out


def test_simulate_json_is_one_object_and_the_same_seed_gives_the_same_output(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def argv(seed: int) -> list[str]:
        return ["simulate", "pushover", "--games", "30", "--seed", str(seed), "--seats", SEATS]

    _, first, _ = run(capsys, [*argv(4), "--json"])
    _, second, _ = run(capsys, [*argv(4), "--json"])
    assert first == second and first.count("\n") == 1
    summary = json.loads(first)
    assert len(summary["win_rate"]) == 4 and sum(summary["win_rate"]) == pytest.approx(1)
    assert summary["chips_per_game"] >= 8 and 0 < summary["rollout_rate"] < 1
    _, other, _ = run(capsys, [*argv(5), "--json"])
    assert other != first


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["simulate", "pushover", "--seats", "strong,wizard"], "unknown seat 'wizard'"),
        (["simulate", "pushover", "--games", "-3", "--seats", "strong,expected"], "at least 1"),
        (["simulate", "pushover", "--seats", "strong,bot,bot,bot,bot"], "2 or 3 or 4 seats"),
        (["play", "pushover", "--seats", "human,robot"], "unknown seat 'robot'"),
    ],
)
def test_user_mistakes_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert says in one_line_error(capsys, argv)


def _play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lines: str, *extra: str
) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    code, out, err = run(
        capsys,
        ["play", "pushover", "--terminal", "--seats", "human,bot,bot", "--seed", "3", *extra],
    )
    assert code == 0 and err == ""
    return out


def test_play_at_the_terminal_answers_bad_input_and_asks_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _play(capsys, monkeypatch, "dance\nstop\nhelp\nroll\nquit\n")
    assert "START" in out and "16$" in out and " 6!" in out  # the track
    assert "'dance' is not a move" in out
    assert "O2: roll at least one die before stopping" in out
    assert "roll (r)" in out and "2 dice = 2 x the total" in out  # help
    assert "red: roll or stop" in out  # after one die, both choices
    assert "bye" in out


def test_a_whole_game_at_the_terminal_saves_a_log_that_replays(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = tmp_path / "game.json"
    out = _play(capsys, monkeypatch, "roll\nstop\n" * 400, "--save", str(log))
    assert "wins with" in out and "blue plays roll" in out
    code, replayed, _ = run(capsys, ["replay", str(log)])
    assert code == 0 and "game over" in replayed


def _log(tmp_path: Path, actions: list[dict[str, object]], movers: list[int]) -> str:
    path = tmp_path / "log.json"
    config = PushOverGame().config_json() | {"players": 2}
    data = {
        "format": "pusher-log/1",
        "game": "pushover",
        "config": config,
        "seed": 1,
        "seats": ["strong", "expected"],
        "actions": actions,
        "movers": movers,
    }
    path.write_text(json.dumps(data))
    return str(path)


@pytest.mark.parametrize(
    ("actions", "movers", "says"),
    [
        ([{"type": "Stop", "seat": 0}], [0], "O2"),  # stop before any roll
        ([{"type": "Roll", "seat": 1}], [0], "turn"),  # out of turn
        ([{"type": "Roll", "seat": 0}, {"type": "Roll", "seat": 0}], [0, -1], "die is rolling"),
        ([{"type": "Roll", "seat": 0}], [1], "is by 1, but 0 moves"),
        ([{"type": "Roll", "seat": 0}, {"type": "Die", "value": 9}], [0, -1], "O2"),
        ([{"type": "Die", "value": 2}], [0], "turn"),  # a die at a player's node
        ([{"type": "Jump"}], [0], "unknown action"),
        ([{"type": "Roll", "seat": 0, "far": True}], [0], "unknown field"),
    ],
)
def test_corrupt_or_illegal_logs_are_one_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    actions: list[dict[str, object]],
    movers: list[int],
    says: str,
) -> None:
    assert says in one_line_error(capsys, ["replay", _log(tmp_path, actions, movers)])


def test_a_log_with_a_bad_config_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = Path(_log(tmp_path, [], []))
    data = json.loads(path.read_text())
    data["config"]["pot_stop"] = 40
    path.write_text(json.dumps(data))
    assert "pot_stop" in one_line_error(capsys, ["replay", str(path)])


# -- the text view ----------------------------------------------------------------------------


@given(st.text(max_size=40))
def test_parse_returns_a_move_or_a_clear_error(text: str) -> None:
    state = position(where=[3, 9], dice=[1])
    ui = PushOverText(state.game)
    try:
        action = ui.parse(text, state, 0)
    except UserError as exc:
        assert "roll" in str(exc) and "\n" not in str(exc)
    else:
        assert action in (Roll(0), Stop(0))


@pytest.mark.parametrize(("text", "move"), [("roll", Roll(0)), (" R ", Roll(0)), ("Stop", Stop(0))])
def test_parse_reads_the_commands(text: str, move: object) -> None:
    state = position(where=[3, 9], dice=[1])
    assert PushOverText(state.game).parse(text, state, 0) == move


def test_render_shows_pieces_bottoms_chips_and_news() -> None:
    state = position(where=[3, 9, OUT], bare=[12], free=0, pot=2, columns=[1, 0, 2])
    turn(state, 2)  # red moves 3 -> 5
    turn(state, 3, 3)  # blue rolls out on 9
    text = PushOverText(state.game).render(state, 0)
    track = next(line for line in text.splitlines() if line.startswith("START"))
    assert (
        track.split()[1:]
        == [".", ".", ".", ".", "R", ".", ".", ".", "o", ".", ".", "o"] + ["."] * 4
    )
    assert "pot 3 chips" in text and "rolled out" in text
    assert "blue rolled out with 6 on 2 dice" in text
    assert "green misses the turn" in text
