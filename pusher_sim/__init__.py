"""Pusher, the 1993 marble board game, simulated with a pymunk physics model, and the turn loop,
command line and window that it shares with Push (``rummy``) and Push Over (``pushover``).

The names below are the library's public API for Pusher (docs/python-api.md shows them at work):
the board, a push and its outcome, Pusher's game and state, and the turn loop that plays any
game. The physics that resolves a push is :mod:`pusher_sim.physics`, not listed here because the
layers (``[tool.importlinter]`` in pyproject.toml) let only a few packages import it;
experiments and the agent environments are :mod:`pusher_sim.experiment` and
:mod:`pusher_sim.envs`. Each name is imported on first use, so
``import pusher_sim`` loads neither pymunk nor pygame.
"""

from __future__ import annotations

from pusher_sim.lazy import exports

TYPE_CHECKING = False  # importing typing costs 2 ms; type checkers read this name alike

if TYPE_CHECKING:
    from pusher_sim.board import Board, Cell, Colour, Triangle
    from pusher_sim.errors import IllegalMove, UserError
    from pusher_sim.push_resolution import (
        DEFAULT_STRENGTH,
        PushOutcome,
        PushPath,
        PushResolver,
        PushSpec,
    )
    from pusher_sim.pusher import (
        Pass,
        Place,
        Push,
        PusherConfig,
        PusherGame,
        PusherState,
        ScriptedResolver,
        format_position,
        parse_position,
    )
    from pusher_sim.tournament import play_tournament
    from pusher_sim.turnloop import (
        Agent,
        Game,
        GameLog,
        Match,
        RandomAgent,
        State,
        get_spec,
        replay,
    )

__all__ = [
    "DEFAULT_STRENGTH",
    "Agent",
    "Board",
    "Cell",
    "Colour",
    "Game",
    "GameLog",
    "IllegalMove",
    "Match",
    "Pass",
    "Place",
    "Push",
    "PushOutcome",
    "PushPath",
    "PushResolver",
    "PushSpec",
    "PusherConfig",
    "PusherGame",
    "PusherState",
    "RandomAgent",
    "ScriptedResolver",
    "State",
    "Triangle",
    "UserError",
    "format_position",
    "get_spec",
    "parse_position",
    "play_tournament",
    "replay",
]

if not TYPE_CHECKING:
    __getattr__, __dir__ = exports(__name__)
