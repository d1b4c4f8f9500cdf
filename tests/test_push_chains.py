"""benchmarks/push_chains.py: chains counted right, a short run's report, bad input in one line."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "push_chains.py"
MOD: dict[str, Any] = runpy.run_path(str(SCRIPT))


def test_a_chain_is_a_run_of_pushes_by_one_seat() -> None:
    chains_of = MOD["chains_of"]
    # Seat 0 pushes three times, places; seat 1 pushes once; seat 0 pushes twice; seat 1 once.
    movers = [(0, True), (0, True), (0, True), (0, False), (1, True), (0, True), (0, True)]
    assert chains_of([*movers, (1, True)]) == [3, 1, 2, 1]
    assert chains_of([(0, False), (1, False)]) == []
    assert chains_of([(1, True), (1, False), (1, True)]) == [1, 1]


def test_a_short_run_reports_lengths_chains_and_soft_pushes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run = ["greedy", "random", "--games", "2", "--seed", "3", "--model", "7"]
    saved = str(tmp_path / "games.jsonl")
    assert MOD["main"]([*run, "--out", saved]) == 0
    text = capsys.readouterr().out
    out = text.splitlines()
    # A resumed run plays none of the games its file holds and reports the same.
    assert MOD["main"]([*run, "--out", saved, "--resume"]) == 0
    again = capsys.readouterr().out
    assert (
        again.splitlines()[1:] == out[1:]
        and len((tmp_path / "games.jsonl").read_text().splitlines()) == 2
    )
    assert out[0].startswith("greedy vs random, physics model 7, hand ordinary: 2 games,")
    assert out[0].endswith("CPU-s a game")
    assert out[1].startswith("longest chain of pushes by one seat: ")
    assert "chains longer than 8: " in out[1]
    assert out[2].startswith("chains (length: how many): 1: ")
    assert out[3].startswith("pushes under 10% strength: ")
    games = [MOD["play"]("greedy", "random", i, 3, "7", "exact") for i in range(2)]
    summary = MOD["summary"](games)
    assert summary["longest_chain"] == max(c for g in games for c in g.chains)
    assert sum(k * v for k, v in summary["histogram"].items()) == summary["pushes"]
    assert games[0].seats == ("greedy", "random") and games[1].seats == ("random", "greedy")


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["greedy", "nobody"], "unknown seat"),
        (["greedy", "random", "--games", "0"], "at least 1"),
        (["greedy", "random", "--model", "5"], "not one this build can run"),
        (["greedy", "random", "--hand", "firm"], "is none of exact, steady"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert MOD["main"](argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1
