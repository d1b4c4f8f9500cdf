"""The agents demo under benchmarks/ runs: a random and a bot policy step every environment."""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path

import pytest

DEMO = Path(__file__).resolve().parent.parent / "benchmarks" / "agents_demo.py"


def test_agents_demo_steps_every_environment_with_both_policies(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", os.environ.get("SDL_VIDEODRIVER", "dummy"))
    # Any Pusher bot exercises the same path (its move encoded as the environment's action);
    # the random one keeps this test quick whatever search bots the registry gains.
    monkeypatch.setattr(sys, "argv", [str(DEMO), "--seed", "1", "--pusher-bot", "random"])
    with pytest.raises(SystemExit) as end:
        runpy.run_path(str(DEMO), run_name="__main__")
    assert end.value.code == 0
    out = capsys.readouterr().out
    for env in (
        "PusherPush-v0",
        "pusher_v0",
        "pusher_v0 discrete",
        "push_rummy_v0",
        "push_over_v0",
    ):
        for policy in ("random", "bot"):
            assert f"{env} {policy:>6}:" in out
