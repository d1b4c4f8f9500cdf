"""benchmarks/bench_tournament.py: the tournament and the bare loop play the same games (it
checks the points agree) and the ratio is printed; the figures themselves are the benchmark's."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_tournament.py"
MOD: dict[str, Any] = runpy.run_path(str(SCRIPT))


def test_the_benchmark_plays_the_same_games_both_ways_and_prints_the_ratio(
    capsys: pytest.CaptureFixture[str],
) -> None:
    MOD["main"](["--games", "20", "--rounds", "2"])
    out = capsys.readouterr().out
    assert "pushover best,expected: 40 games in 2 rounds" in out
    assert "games per CPU-second" in out and "ratio" in out and "load average" in out
