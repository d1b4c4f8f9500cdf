"""benchmarks/bot_ladder.py: ratings weakest first with bootstrap intervals around them, and a
bad hand refused in one line."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bot_ladder.py"
MOD: dict[str, Any] = runpy.run_path(str(SCRIPT))


def test_the_ladder_is_weakest_first_with_intervals_around_each_rating() -> None:
    rows = [
        {"bot": "a", "opponent": "b", "games": 10, "wins": 8, "losses": 2, "draws": 0},
        {"bot": "a", "opponent": "c", "games": 10, "wins": 10, "losses": 0, "draws": 0},
        {"bot": "b", "opponent": "c", "games": 10, "wins": 6, "losses": 3, "draws": 1},
    ]
    ladder = MOD["ladder"](["a", "b", "c"], rows)
    assert [bot for bot, *_ in ladder] == ["c", "b", "a"]
    for _, rating, low, high in ladder:
        assert low < rating < high
    assert ladder == MOD["ladder"](["a", "b", "c"], rows)  # seeded
    assert MOD["line"]("a", 1720.4, 1599.0, 1854.0) == "a: rated 1720 (1599-1854)"


def test_an_unknown_hand_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert MOD["main"](["--hand", "firm", "--bots", "random,greedy"]) == 2
    err = capsys.readouterr().err
    assert "is none of exact" in err and err.count("\n") == 1


def test_the_start_screen_shows_each_measured_bots_rating() -> None:
    from pusher_sim.pusher.ladder import LADDER
    from pusher_sim.pusher.spec import SPEC

    assert set(LADDER) <= set(SPEC.bots) and LADDER
    for bot, rating in LADDER.items():
        assert SPEC.bot_help[bot].endswith(f"; {rating}")
    assert "rated" not in SPEC.bot_help["blind"]
