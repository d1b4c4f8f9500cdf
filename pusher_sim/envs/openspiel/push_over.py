"""Push Over as the OpenSpiel game ``python_push_over``: its codec's two actions (0 roll,
1 stop) and the turn loop's dice as chance nodes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pusher_sim.envs.codec import codec_of
from pusher_sim.envs.openspiel.core import (
    TurnLoopSpielGame,
    config_parameter,
    game_info,
    turn_loop_game_type,
)
from pusher_sim.envs.openspiel.ids import ListedIds
from pushover.game import PushOverGame
from pushover.spec import SPEC

PUSH_OVER = "python_push_over"


def _push_over_type(players: int = 2) -> Any:
    """Zero-sum for two players (a win pays +1 and -1, a draw 0 and 0); general-sum for more,
    where a win pays +1 and -1 to each of the others but a draw (the turn limit) pays 0 to all,
    so not even the sum is constant."""
    return turn_loop_game_type(
        PUSH_OVER,
        "Push Over (dice race)",
        perfect_information=True,
        zero_sum=players == 2,
        min_players=2,
        parameters={"players": 2, "config": ""},
    )


class PushOverSpielGame(TurnLoopSpielGame):
    """Push Over; parameters ``players`` (2-4) and ``config``, a JSON object of any other
    config values (a small variant for exact methods: ``'{"track_length": 4, ...}'``)."""

    game_type = staticmethod(_push_over_type)

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        players = int((params or {}).get("players", 2))
        variant, values = config_parameter(params, "players")
        game = SPEC.make_game({**values, "players": players})
        assert isinstance(game, PushOverGame)
        codec = codec_of(SPEC, game)
        faces = len(game.config.die_faces)
        info = game_info(game, codec.num_actions, faces, zero_sum=players == 2)
        params = {"players": players, "config": variant}
        super().__init__(_push_over_type(players), info, params, game, ListedIds(codec))
