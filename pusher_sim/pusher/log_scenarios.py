"""Positions from real games: every push a saved Pusher game log made, as a scenario.

A log is replayed action by action; just before each push, the balls, the triangle pushed and
the pusher's colour become one :class:`Scenario`. Sweeping the flick and the press over such a
position asks what else the player could have done there.
"""

from __future__ import annotations

from pathlib import Path

from pusher_sim.board import Board
from pusher_sim.errors import CorruptFile, IllegalMove, UserError
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.scenario import Scenario
from pusher_sim.pusher.spec import SPEC
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.turnloop import GameLog


def positions_from_log(path: str | Path, board: Board) -> tuple[Scenario, ...]:
    """The position before each push in the Pusher game log at ``path``, in log order."""
    log = GameLog.load(path)
    if log.game != SPEC.name:
        raise UserError(f"--positions {path}: a {log.game} log has no Pusher positions")
    game = SPEC.make_game(log.config)
    if not isinstance(game, PusherGame) or game.board != board:
        raise UserError(f"--positions {path}: the log's board is not the standard 91-cup board")
    state = game.new_initial_state()
    found: list[Scenario] = []
    for n, entry in enumerate(log.actions, start=1):
        assert isinstance(state, PusherState)
        try:
            action = game.action_codec.decode(entry)
            if isinstance(action, Push):
                found.append(Scenario(dict(state.balls), action.triangle, state.colour))
            state.apply_logged(action, log.outcome(n - 1))  # as played: the hand is not redrawn
        except (IllegalMove, CorruptFile) as exc:
            raise UserError(f"--positions {path}: action {n} does not replay: {exc}") from None
    if not found:
        raise UserError(f"--positions {path}: the game has no pushes")
    return tuple(found)
