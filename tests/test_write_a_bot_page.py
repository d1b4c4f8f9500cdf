"""docs/write-a-bot.md works as written (issue 36, item 11): each titled Python block is saved
under its title, each console line runs as typed in that folder, and the untitled Python block
runs as a script there."""

from __future__ import annotations

import re
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from pusher_sim.cli import main
from pusher_sim.turnloop.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "write-a-bot.md"
BLOCK = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def blocks() -> list[tuple[str, str, str]]:
    """(language, title or "", code) of every fenced block of the page."""
    found = []
    for language, info, code in BLOCK.findall(PAGE.read_text()):
        title = re.search(r'title="([^"]+)"', info)
        found.append((language, title[1] if title else "", code))
    return found


@pytest.fixture
def bot_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The page's bot modules saved in a folder, which is the working folder."""
    for language, title, code in blocks():
        if language == "python" and title:
            (tmp_path / title).write_text(code)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for _, title, _ in blocks():
        sys.modules.pop(title.removesuffix(".py"), None)


def test_the_page_has_a_bot_for_every_game_and_runs_each_in_a_tournament() -> None:
    commands = [c for language, _, c in blocks() if language == "console"]
    played = {shlex.split(c.strip().removeprefix("$ "))[2] for c in commands}
    assert played == set(GAMES)
    assert "def act(self, state, seat, legal, rng)" in PAGE.read_text()


def test_every_console_line_runs_as_typed(
    bot_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for language, _, code in blocks():
        if language != "console":
            continue
        argv = shlex.split(code.strip().removeprefix("$ "))
        assert argv[0] == "pusher"
        assert main(argv[1:]) == 0, capsys.readouterr().err
        out = capsys.readouterr().out
        bot = argv[argv.index("--bots") + 1].split(",")[0]
        assert bot in out and "games in" in out


def test_the_python_script_runs(bot_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scripts = [c for language, title, c in blocks() if language == "python" and not title]
    for code in scripts[1:]:  # the first untitled block is the protocol's signature
        exec(compile(code, str(PAGE), "exec"), {"__name__": "__main__"})
    assert "two_dice:TwoDice v expected" in capsys.readouterr().out
