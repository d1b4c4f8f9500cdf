"""benchmarks/search_hand.py: the strong bot's settings given a named hand, and a one-line
refusal of an unknown one."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

from pusher_sim.pusher.search_bot import SearchSettings

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "search_hand.py"
MOD: dict[str, Any] = runpy.run_path(str(SCRIPT))


def test_a_named_hand_reaches_every_bot_made_at_a_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SearchSettings, "at_budget", SearchSettings.at_budget)  # restored after
    assert SearchSettings.at_budget(48).hand is None  # the shipped bot resolves exactly
    MOD["with_hand"]("half")
    settings = SearchSettings.at_budget(48, workers=2)
    assert settings.hand == MOD["HANDS"]["half"]["hand"]
    assert (settings.budget, settings.look_trials, settings.workers) == (48, 6, 2)


def test_an_unknown_hand_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert MOD["main"](["steady", "chains"]) == 2
    assert capsys.readouterr().out.startswith("usage:")
