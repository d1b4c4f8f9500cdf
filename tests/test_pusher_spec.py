"""Pusher's registry entry: the real physics behind the default game, the rules kept free of
pymunk and pygame, and logs that replay through the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pusher_sim.cli import main
from pusher_sim.errors import ConfigError
from pusher_sim.pusher import Push
from pusher_sim.pusher.memo import RememberingResolver
from pusher_sim.pusher.spec import SPEC, make_game
from pusher_sim.turnloop import GameLog, Match, get_spec, replay


def test_the_registry_finds_pusher_with_its_window_and_text_view() -> None:
    assert get_spec("pusher") is SPEC
    assert SPEC.table == "pusher_sim.ui.pusher.pusher_table:open_table"
    assert SPEC.players == (2, 3)
    assert SPEC.default_seats == ("human", "bot")


def test_rules_never_import_pymunk_or_pygame() -> None:
    code = (
        "import sys\n"
        "import pusher_sim.pusher, pusher_sim.pusher.spec\n"
        "g = pusher_sim.pusher.spec.make_game({'resolver': 'scripted'})\n"
        "g.new_initial_state().legal_actions()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pymunk', 'pygame')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_default_game_pushes_with_the_physics() -> None:
    game = make_game({"players": 2})
    assert isinstance(game.resolver, RememberingResolver)
    assert type(game.resolver.inner).__name__ == "PhysicsResolver"
    tilted = make_game({"physics": {"tilt": 0.01}})
    assert tilted.resolver.inner.config.tilt == 0.01  # type: ignore[attr-defined]
    with pytest.raises(ConfigError):
        make_game({"physics": {"wind": 3.0}})


@pytest.mark.parametrize("path", ["/dev/zero", "assets/physics.toml"])
def test_a_game_carries_its_physics_values_never_a_path(path: str) -> None:
    with pytest.raises(ConfigError, match="physics must be an object of physics values"):
        make_game({"physics": path})


def test_a_game_bounds_the_steps_one_push_may_take() -> None:
    with pytest.raises(ConfigError, match="steps per push"):
        make_game({"physics": {"time_step": 1e-5, "max_sim_time": 3600}})


def test_a_physics_game_replays_identically_from_its_log() -> None:
    game = make_game({"players": 2, "board_radius": 3, "balls_per_player": 6})
    match = Match(game, SPEC.make_agents(game, ["bot", "random"]), seed=4)
    match.run()
    pushes = [a for a in match.log.actions if a["type"] == "Push"]
    assert pushes and any(isinstance(a["speed"], float) and a["speed"] > 0 for a in pushes)
    log = GameLog.from_json(json.loads(json.dumps(match.log.to_json())))
    fresh = SPEC.make_game(log.config)  # a new resolver: nothing remembered
    assert replay(fresh, log) == match.state
    assert match.state.is_terminal()


def test_simulate_and_replay_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = make_game({"resolver": "scripted", "board_radius": 3, "balls_per_player": 6})
    match = Match(game, SPEC.make_agents(game, ["random", "bot"]), seed=2)
    match.run()
    path = tmp_path / "game.json"
    match.log.save(path)
    assert main(["replay", str(path), "--verbose"]) == 0
    out = capsys.readouterr().out
    assert "actions replayed; game over" in out
    assert ("wins" in out) or ("draw" in out)
    assert any(isinstance(game.action_codec.decode(a), Push) for a in match.log.actions)
