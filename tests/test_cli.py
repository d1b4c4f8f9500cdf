"""The command line: every user mistake is one line on stderr and exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from pusher_sim.cli import main


def one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    with pytest.raises(SystemExit) as exit_info:
        code = main(argv)
        raise SystemExit(code)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["simulate", "chess"], "invalid choice"),
        (["simulate", "pushover", "--games", "-5"], "at least 1"),
        (["simulate", "pushover", "--games", "many"], "whole number"),
        (["simulate", "pushover", "--seed", "-1"], "at least 0"),
        (["simulate", "pushover", "--seats", "random,,random"], "empty seat"),
        (["simulate", "pushover", "--seats", "random,wizard"], "unknown seat 'wizard'"),
        (["simulate", "pushover", "--seats", "random"], "seats"),
        (["simulate", "pushover", "--seats", "human,random"], "bots only"),
        (["frobnicate"], "invalid choice"),
        (["play", "pushover", "--seats", "human,nobody"], "unknown seat"),
    ],
)
def test_bad_arguments_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert says in one_line_error(capsys, argv)


@pytest.mark.parametrize("text", ["", "not json", '{"format": "pusher-log/1"}', "[1, 2]"])
def test_corrupt_log_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    path = tmp_path / "log.json"
    path.write_text(text)
    assert "log" in one_line_error(capsys, ["replay", str(path)]).lower()


def test_missing_log_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert "cannot read" in one_line_error(capsys, ["replay", str(tmp_path / "nope.json")])
