"""Real saved games of all three games, made by bots, for the loading, saving and fuzz tests."""

from __future__ import annotations

import json
from typing import Any

from pusher_sim.turnloop import Match, get_spec

PUSHER_SCRIPTED = {"resolver": "scripted", "board_radius": 3, "balls_per_player": 6}


def bot_log(game: str, seats: list[str], config: dict[str, Any], moves: int, seed: int = 1) -> Any:
    """A log of ``moves`` bot moves (or a whole game, if shorter); ``seats`` is what it records
    (a "human" there plays on as a bot here, so the log has moves for every seat)."""
    spec = get_spec(game)
    made = spec.make_game({**config, "players": len(seats)})
    bots = ["random" if s == "human" else s for s in seats]
    match = Match(made, spec.make_agents(made, bots), seed=seed, seat_names=seats)
    match.run(max_steps=moves)
    return json.loads(json.dumps(match.log.to_json()))


def pushover_log(moves: int = 40) -> Any:
    return bot_log("pushover", ["human", "expected", "random"], {}, moves)


def rummy_log(moves: int = 120) -> Any:
    return bot_log("rummy", ["human", "bot", "random", "random"], {}, moves)


def pusher_scripted_log(moves: int = 60) -> Any:
    """A whole small Pusher game (places and pushes) under the scripted resolver."""
    return bot_log("pusher", ["human", "random"], PUSHER_SCRIPTED, moves)


def pusher_physics_log() -> Any:
    """A Pusher game under the physics up to its first push: its config pins every physics
    value, and replaying it runs the physics once."""
    spec = get_spec("pusher")
    made = spec.make_game({"players": 2, "board_radius": 3, "balls_per_player": 6})
    match = Match(made, spec.make_agents(made, ["random", "random"]), seed=3)
    match.log.seats = ["human", "random"]
    while not match.state.is_terminal() and not any(a["type"] == "Push" for a in match.log.actions):
        match.step()
    return json.loads(json.dumps(match.log.to_json()))


def write(path: Any, data: Any) -> Any:
    path.write_text(json.dumps(data))
    return path
