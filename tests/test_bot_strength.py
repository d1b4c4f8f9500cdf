"""benchmarks/bot_strength.py: the Wilson interval, alternated seats, a run that can resume, and
one-line refusals of bad input."""

from __future__ import annotations

import json
import runpy
from pathlib import Path
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bot_strength.py"
MOD: dict[str, Any] = runpy.run_path(str(SCRIPT))


def test_wilson_interval_matches_the_formula() -> None:
    lo, hi = MOD["wilson"](75, 100)
    assert lo == pytest.approx(0.6569, abs=1e-4) and hi == pytest.approx(0.8245, abs=1e-4)
    assert MOD["wilson"](10, 10)[1] == pytest.approx(1.0)
    assert MOD["wilson"](0, 10)[0] == pytest.approx(0.0)


def test_seats_alternate_around_the_table() -> None:
    assert MOD["lineup"]("a", "b", 2, True) == ["a", "b"]
    assert MOD["lineup"]("a", "b", 2, False) == ["b", "a"]
    assert MOD["lineup"]("a", "b", 4, True) == ["a", "b", "a", "b"]


def test_a_run_writes_every_game_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "po.jsonl"
    args = ["pushover", "strong", "expected", "--seed", "5", "--out", str(out)]
    assert MOD["main"]([*args, "--games", "4"]) == 0
    first = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["index"] for r in first] == [0, 1, 2, 3]
    assert [r["seats"] for r in first[:2]] == [["strong", "expected"], ["expected", "strong"]]
    assert first[0]["seed"] == first[1]["seed"] == 5
    assert MOD["main"]([*args, "--games", "6", "--resume"]) == 0
    again = [json.loads(line) for line in out.read_text().splitlines()]
    assert again[:4] == first and len(again) == 6
    assert "6 games" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["chess", "a", "b"], "unknown game"),
        (["pushover", "strong", "nobody"], "unknown seat"),
        (["pushover", "strong", "expected", "--games", "0"], "at least 1"),
        (["rummy", "strong", "random", "--players", "3"], "4 seats"),
        (["pushover", "strong", "expected", "--model", "7"], "for pusher only"),
        (["pusher", "strong", "greedy", "--model", "99"], "not one this build runs"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert MOD["main"](argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_a_corrupt_file_to_resume_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bad.jsonl"
    out.write_text("{not json\n")
    argv = ["pushover", "strong", "expected", "--out", str(out), "--resume"]
    assert MOD["main"](argv) == 2
    assert "cannot resume" in capsys.readouterr().err
