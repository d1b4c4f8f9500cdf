"""Issue 37: the registry is the one list of games. The code every game shares (the command line,
the host and the page's server, the window's shell, the generic envs) names no game; the game
``pusher host`` plays when none is named is the registry's ``DEFAULT_GAME``."""

from __future__ import annotations

import argparse
import ast
from dataclasses import replace
from pathlib import Path

import pytest

from pusher_sim import host_cli
from pusher_sim.net import hosting
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import GAMES, Playback, get_spec
from pusher_sim.ui.shell.start_screen import is_over
from tests.nim.spec import SPEC as NIM

ROOT = Path(__file__).resolve().parents[1]
SHARED = (
    "pusher_sim/cli.py",
    "pusher_sim/host_cli.py",
    "pusher_sim/join_cli.py",
    "pusher_sim/rules_cli.py",
    "pusher_sim/rules_text.py",
    "pusher_sim/net",
    "pusher_sim/ui/common",
    "pusher_sim/ui/shell",
    "pusher_sim/envs/registered.py",
    "pusher_sim/envs/seat_env.py",
    "pusher_sim/envs/openspiel/core.py",
    "pusher_sim/envs/openspiel/registered.py",
    "pusher_sim/tournament",
)
"""The modules no game owns (a game's own table, codec or environment names its game)."""
PROGRAM = {"pusher", "Pusher"}
"""The program's and the project's name as well as a game's: not counted."""


def shared_modules() -> list[Path]:
    found = []
    for where in SHARED:
        path = ROOT / where
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


def test_no_shared_module_names_a_game() -> None:
    names = set()
    for name in GAMES:
        names |= {name, get_spec(name).title}
    names -= PROGRAM
    assert {"rummy", "Push Over"} <= names
    found = []
    modules = shared_modules()
    assert len(modules) > 40
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in names:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert not found, "\n".join(found)


def test_the_host_plays_the_registrys_default_game(
    nim: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``pusher host`` without a game once played ``"pusher"``, named in the host's code."""
    monkeypatch.setenv("PUSHER_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(hosting, "DEFAULT_GAME", nim)
    args = hosting.hosting_args(None, [], 0, "127.0.0.1")  # type: ignore[arg-type]
    args.seats = None
    table = hosting.hosted_from(args)
    assert table.spec.name == nim and table.match.game.name == nim
    assert [seat.kind for seat in table.seats] == ["human", "open"]


def test_the_hosts_help_names_the_registrys_default_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(host_cli, "DEFAULT_GAME", "nim")
    parser = argparse.ArgumentParser()
    host_cli.configure(parser)
    assert "default: nim" in parser.format_help()


SLOW_NIM = replace(NIM, playback=Playback(slow=lambda action: True, step=None, read=None))  # type: ignore[arg-type]
"""Nim as if its every move were resolved once by a simulation (as a Pusher push is)."""


def test_whether_a_saved_game_is_over_asks_the_entry_which_moves_are_simulated(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The start screen once asked whether a log's actions were of type ``"Push"``."""
    game = NIM.make_game({})
    match = Match(game, NIM.make_agents(game, ["perfect", "random"]), seed=3)
    match.run()
    assert match.state.is_terminal()
    monkeypatch.setitem(GAMES, "nim", "tests.nim.spec:SPEC")
    assert is_over(match.log)
    monkeypatch.setitem(GAMES, "nim", "tests.test_no_list_of_games:SLOW_NIM")
    assert not is_over(match.log)  # no recorded outcome: telling would simulate every move
