"""What a seat may be told, checked message by message against the host's own log.

A message to a seat may hold only what :func:`~pusher_sim.turnloop.seat_view.seat_view` gives
that seat at that move: its observation (for Push: its own hand, the table, and the hands shown
when a deal is scored, R11), the moves as it saw them (a shuffle without its order), and its
legal actions when it is to move; and, at the end of a game that hides nothing, the seed. Every
message is rebuilt from the host's log and compared whole, and no message may hold a key the
protocol does not list, so a host that sent the full state, another hand or the stock's order in
any field fails here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from pusher_sim.turnloop.log import GameLog, Replayed, replay
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.turnloop.seat_view import seat_view, seen_move
from pusher_sim.turnloop.state import State

KEYS = {
    "welcome": {"v", "kind", "seat", "token", "you", "moves", "view", "seats", "started", "chat"},
    "start": {"v", "kind", "moves", "to_move", "observation", "legal"},
    "move": {"v", "kind", "number", "seen", "to_move", "observation", "legal", "path"},
    "seats": {"v", "kind", "seats", "watchers", "waiting", "started", "note"},
    "chat": {"v", "kind", "n", "seat", "name", "text"},
    "error": {"v", "kind", "code", "message"},
    "end": {"v", "kind", "returns", "seed"},
}
SEAT_KEYS = {"seat", "kind", "name", "taken", "present", "bot"}


def positions(log: GameLog) -> list[State]:
    """The position after each number of moves, 0 to all."""
    game = get_spec(log.game).make_game(log.config)
    states = [game.new_initial_state()]

    def keep(step: Replayed) -> None:
        states.append(step.state.clone())

    replay(game, log, each=keep)
    return states


def view_after(log: GameLog, moves: int, seat: int) -> dict[str, Any]:
    game = get_spec(log.game).make_game(log.config)
    cut = GameLog.from_json(log.to_json())
    cut.truncate(moves)
    match = Match(game, [None] * game.num_players, log=cut)
    return dict(json.loads(json.dumps(seat_view(match, seat).to_json())))


def check_messages(lines: Iterable[str], log: GameLog, seat: int) -> int:
    """Assert that every message holds only what ``seat`` may know; the number checked."""
    game = get_spec(log.game).make_game(log.config)
    states = positions(log)
    checked = 0
    for line in lines:
        data = json.loads(line)
        kind = data["kind"]
        assert set(data) == KEYS[kind], (kind, sorted(data))
        if kind == "welcome":
            assert data["seat"] == seat
            view = data["view"]
            assert view == view_after(log, len(view["history"]), seat), "welcome says too much"
            assert data["moves"] == len(view["history"]) and data["you"]["seat"] == seat
        elif kind == "start":
            state = states[data["moves"]]
            to_move = state.current_player()
            legal = [a.to_json() for a in state.legal_actions()] if to_move == seat >= 0 else []
            assert data["observation"] == state.observation(seat).to_json(), "start"
            assert data["to_move"] == to_move and data["legal"] == json.loads(json.dumps(legal))
        elif kind == "move":
            n = data["number"]
            state = states[n]
            seen = seen_move(game, log.actions[n - 1], log.movers[n - 1], log.outcome(n - 1))
            assert data["seen"] == json.loads(json.dumps(seen.to_json())), f"move {n}"
            assert data["observation"] == state.observation(seat).to_json(), f"move {n}"
            to_move = state.current_player()
            legal = [a.to_json() for a in state.legal_actions()] if to_move == seat >= 0 else []
            assert data["to_move"] == to_move and data["legal"] == json.loads(json.dumps(legal))
        elif kind == "end":
            assert data["seed"] is None if game.hides_information else data["seed"] == log.seed
        if "seats" in data:
            assert all(set(s) == SEAT_KEYS for s in data["seats"])
        checked += 1
    return checked
