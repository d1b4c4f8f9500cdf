"""Issue 37: a game is one folder. The test game Nim (tests/nim/), registered only by the
``nim`` fixture, plays in every tool that reads the registry: ``pusher simulate``,
``pusher tournament`` (with workers, which read ``PUSHER_GAMES``), terminal play, ``pusher
rules`` from its own rules file, and ``pusher host``/``pusher join --bot`` across real processes;
a malformed registration is one line."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pusher_sim.net.hosting import host_seats
from pusher_sim.turnloop.conformance import random_play
from pusher_sim.turnloop.log import GameLog, replay
from pusher_sim.turnloop.registry import GAMES, GAMES_VARIABLE, get_spec, named_in_environment
from tests.cli_runner import one_line_error, run
from tests.hosted import Host, env_for, finish, join
from tests.nim.bots import nim_sum
from tests.nim.spec import SPEC as NIM


def pusher(argv: list[str], data: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``pusher argv`` as its own process (the registration reaches it by ``PUSHER_GAMES``)."""
    return subprocess.run(
        [sys.executable, "-m", "pusher_sim.cli", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        env=env_for(data),
        timeout=600,  # a hang guard only
    )


def test_nim_keeps_every_promise_of_the_state_api(nim: str) -> None:
    game = get_spec(nim).make_game({})
    for seed in range(5):
        report = random_play(game, seed)
        assert sorted(report.returns) == [-1.0, 1.0]


def test_the_perfect_bot_wins_every_game_it_can_win(nim: str) -> None:
    spec = get_spec(nim)
    game = spec.make_game({"heaps": [3, 4, 5]})
    assert nim_sum([3, 4, 5]) != 0  # the first seat can win
    for seed in range(10):
        perfect, rand = spec.make_agents(game, ["perfect", "random"])
        assert perfect is not None and rand is not None
        state = game.new_initial_state()
        rng = np.random.default_rng(seed)
        while not state.is_terminal():
            agent = perfect if state.current_player() == 0 else rand
            state.apply(agent.act(state, state.current_player(), state.legal_actions(), rng))
        assert state.returns() == [1.0, -1.0]


def test_pusher_simulate_plays_nim(nim: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, ["simulate", nim, "--games", "30", "--seats", "perfect,random", "--json"]
    )
    assert code == 0, err
    summary = json.loads(out)
    assert summary["game"] == "nim" and summary["win_rate"] == [1.0, 0.0]


def test_pusher_tournament_plays_nim_with_workers(nim: str, tmp_path: Path) -> None:
    argv = ["tournament", nim, "--bots", "perfect,random", "--games", "10", "--workers", "2"]
    done = pusher([*argv, "--json"], tmp_path)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    perfect = next(r for r in rows if r.get("bot") == "perfect" and r.get("opponent") == "random")
    assert perfect["wins"] == 10


def test_nim_plays_at_the_terminal(nim: str, tmp_path: Path) -> None:
    """A person against the perfect bot, typing a mistake, a malformed line and takes until the
    game ends; the saved game replays."""
    save = tmp_path / "nim.json"
    moves = "take 9 1\nhello\n" + "1 1\n1 2\n1 3\n" * 12
    argv = ["play", nim, "--terminal", "--seats", "human,perfect", "--save", str(save)]
    done = pusher(argv, tmp_path, moves)
    assert done.returncode == 0, done.stderr
    assert "N2: heap 1 has 3" in done.stdout and "say 'take COUNT HEAP'" in done.stdout
    log = GameLog.from_json(json.loads(save.read_text()))
    assert replay(get_spec(nim).make_game(log.config), log).is_terminal()


def test_pusher_rules_reads_nims_rules_from_its_folder(
    nim: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, ["rules", "N3"])
    assert code == 0 and out.startswith("N3 Win\n")
    code, out, _ = run(capsys, ["rules"])
    assert code == 0 and "Nim (pusher rules nim):\n  N1 Setup" in out
    assert "pusher rules nim" in get_spec(nim).text_ui(get_spec(nim).make_game({})).help()


def test_nim_is_played_across_processes_by_joined_bots(nim: str, tmp_path: Path) -> None:
    host = Host(tmp_path / "host", nim, "--seats", "open,open", "--seed", "4")
    a = join(tmp_path / "a", host.address, "--seat", "0", "--bot", "perfect")
    b = join(tmp_path / "b", host.address, "--seat", "1", "--bot", "random")
    finish(a, b, host)
    log = GameLog.from_json(host.log())
    state = replay(get_spec(nim).make_game(log.config), log)
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("nim=tests.nim.spec", "'nim=tests.nim.spec' is not name=module:attribute"),
        ("nim=tests.nowhere:SPEC", "cannot import tests.nowhere"),
        ("nim=tests.nim.spec:make_game", "tests.nim.spec:make_game is not a GameSpec"),
        ("pusher=tests.nim.spec:SPEC", "PUSHER_GAMES: pusher is a game already"),
    ],
)
def test_a_bad_registration_is_one_line(value: str, says: str, tmp_path: Path) -> None:
    entries, problems = named_in_environment(value)
    assert bool(problems) != bool(entries)
    done = subprocess.run(
        [sys.executable, "-m", "pusher_sim.cli", "rules"],
        capture_output=True,
        text=True,
        env=env_for(tmp_path, **{GAMES_VARIABLE: value}),
        timeout=600,  # a hang guard only
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert says in done.stderr and "Traceback" not in done.stderr


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_any_registration_text_is_entries_or_one_line_problems(text: str) -> None:
    entries, problems = named_in_environment(text)
    pieces = [p.strip() for p in text.split(",") if p.strip()]
    assert len(problems) + len(entries) <= len(pieces)
    assert all(p.startswith(f"{GAMES_VARIABLE}: ") and "\n" not in p for p in problems)
    for name, where in entries.items():
        assert f"{name}={where}" in pieces


@given(
    st.dictionaries(
        st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True),
        st.from_regex(r"[a-z_][a-z0-9_.]{0,12}:[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True),
        max_size=4,
    )
)
def test_registration_entries_read_back_as_written(entries: dict[str, str]) -> None:
    text = " , ".join(f"{name}={where}" for name, where in entries.items())
    assert named_in_environment(text) == (entries, [])


def test_the_seats_a_host_offers_come_from_the_entry() -> None:
    """What the host's own list of games said before, and Nim's without a list."""
    assert ",".join(host_seats(get_spec("pusher"))) == "human,open"
    assert ",".join(host_seats(get_spec("pushover"))) == "human,open"
    assert ",".join(host_seats(get_spec("rummy"))) == "human,open,bot,open"


def test_nims_default_host_seats_need_no_list(nim: str) -> None:
    assert host_seats(get_spec(nim)) == ("human", "open")


NIM_MISFILED_RULES = replace(NIM, rules="tests.nim:text.py")
NIM_LOST_RULES = replace(NIM, rules="tests.nim:nowhere.md")


@pytest.mark.parametrize(
    ("entry", "says"),
    [
        ("NIM_MISFILED_RULES", "tests.nim:text.py has no section '## Nim'"),
        ("NIM_LOST_RULES", "cannot read the rules of nim at tests.nim:nowhere.md"),
    ],
)
def test_a_rules_file_that_fails_its_game_is_one_line(
    entry: str, says: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(GAMES, "nim", f"tests.test_game_folder:{entry}")
    assert says in one_line_error(capsys, ["rules", "nim"])
