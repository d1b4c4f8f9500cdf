"""The games as OpenSpiel Python games, so that OpenSpiel's MCTS, CFR and evaluation run on
them: ``register()`` then ``pyspiel.load_game("python_push_over", {"players": 2})``,
``pyspiel.load_game("python_push_rummy", {"deals": 1})``, ``pyspiel.load_game("python_pusher",
{"board_radius": 3, "balls_per_player": 6})``, or for any other registered game with a codec
``pyspiel.load_game("python_<name>", {"config": "{...}"})``.

Each game is one module against its registry entry (the entry's ``openspiel`` names it; a game
without one gets :mod:`~pusher_sim.envs.openspiel.registered`); :mod:`.core` is what they share.
Chance nodes are the turn loop's; every game has an information state (perfect recall: the
seat's own record of every view it has had, never another hand), so that CFR, exploitability
and ``TabularPolicy`` run; docs/agents.md has the details. Needs the ``rl`` extra (``pyspiel``).
The names below are imported from their modules on first use.
"""

from __future__ import annotations

import importlib

import pyspiel

from pusher_sim.envs.openspiel.registered import RegisteredSpielGame
from pusher_sim.lazy import exports
from pusher_sim.turnloop.registry import GAMES, get_spec

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pusher_sim.envs.openspiel.ids import ListedChance
    from pusher_sim.envs.openspiel.position import Position
    from pusher_sim.envs.openspiel.push_over import PUSH_OVER, PushOverSpielGame
    from pusher_sim.envs.openspiel.push_rummy import PUSH_RUMMY, PushRummySpielGame
    from pusher_sim.envs.openspiel.pusher import PUSHER, PusherSpielGame

__all__ = [
    "PUSHER",
    "PUSH_OVER",
    "PUSH_RUMMY",
    "ListedChance",
    "Position",
    "PushOverSpielGame",
    "PushRummySpielGame",
    "PusherSpielGame",
    "register",
]

_registered: set[str] = set()


def register() -> None:
    """Register with OpenSpiel every registered game not yet registered in this process: the
    OpenSpiel game its entry names, or for a game with a codec and none, the generic one."""
    for name in GAMES:
        if name in _registered:
            continue
        spec = get_spec(name)
        if spec.openspiel:
            module, attr = spec.openspiel.split(":")
            game = getattr(importlib.import_module(module), attr)
        elif spec.codec:
            game = RegisteredSpielGame.of(spec)
        else:
            continue
        pyspiel.register_game(game.game_type(), game)
        _registered.add(name)


if not TYPE_CHECKING:
    __getattr__, __dir__ = exports(__name__)
