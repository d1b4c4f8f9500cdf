"""Pusher as the OpenSpiel game ``python_pusher``, on the fixed push grid of
:mod:`pusher_sim.envs.pusher_grid`: a listed push stands for every grid push of its triangle,
so the legal ids come from the grid's mask, not from numbering the listed actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from pusher_sim.envs.openspiel.core import TurnLoopSpielGame, turn_loop_game_type
from pusher_sim.envs.pusher_grid import DEFAULT_GRID, PusherGridCodec
from pusher_sim.pusher.hand import DEFAULT_HAND
from pusher_sim.pusher.spec import make_game as make_pusher
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import Observation, State

PUSHER = "python_pusher"


class GridIds:
    """Pusher's push grid as a :class:`~pusher_sim.envs.openspiel.ids.Codec`: a listed push
    stands for every grid push of its triangle."""

    history_size = 0  # the view is the whole position

    def __init__(self, codec: PusherGridCodec) -> None:
        self.codec = codec
        self.observation_size = codec.observation_size

    def observe(self, observation: Observation) -> np.ndarray:
        return self.codec.observe(observation)

    def note(self, record: np.ndarray, state: State, action: Action) -> None:
        pass

    def recall(self, record: np.ndarray, seat: int) -> np.ndarray:
        return record

    def legal(self, state: State) -> list[int]:
        return [int(k) for k in np.flatnonzero(self.codec.mask(_pusher(state)))]

    def action(self, state: State, key: int) -> Action:
        return self.codec.action(_pusher(state), key)

    def describe(self, state: State, key: int) -> str | None:
        st = _pusher(state)
        legal = 0 <= key < self.codec.num_actions and self.codec.mask(st)[key]
        return str(self.codec.action(st, key)) if legal else None


def _pusher(state: State) -> PusherState:
    if not isinstance(state, PusherState):
        raise TypeError(f"not a Pusher position: {type(state).__name__}")
    return state


PUSHER_PARAMETERS: dict[str, Any] = {
    "players": 2,
    "board_radius": 5,
    "balls_per_player": 17,
    "resolver": "physics",
    "hand": DEFAULT_HAND,
}
"""``python_pusher``'s parameters and their defaults (those of
:class:`~pusher_sim.pusher.PusherConfig`; ``hand`` names the table's hand, docs/rules.md P8: a
push made is drawn from the move number, so a state's transitions stay a function of its
history and the game needs no chance node)."""


def _pusher_type() -> Any:
    """Perfect information, no chance (the physics is deterministic), zero-sum: the winner gets
    1 and each other seat -1 / (players - 1), a draw 0 to all."""
    return turn_loop_game_type(
        PUSHER,
        "Pusher (marble pushing) on a fixed push grid",
        perfect_information=True,
        zero_sum=True,
        min_players=2,
        max_players=3,
        parameters=PUSHER_PARAMETERS,
        chance=False,
    )


class PusherSpielGame(TurnLoopSpielGame):
    """Pusher with the actions of :mod:`pusher_sim.envs.pusher_grid`; parameters
    :data:`PUSHER_PARAMETERS` (``resolver="scripted"`` for fast, non-physical pushes)."""

    game_type = staticmethod(_pusher_type)

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        values = {**PUSHER_PARAMETERS, **(params or {})}
        game = make_pusher(values)
        assert isinstance(game, PusherGame)
        codec = PusherGridCodec(game, DEFAULT_GRID)
        players = game.num_players
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.num_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0 / (players - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=game.max_game_length,
        )
        super().__init__(_pusher_type(), info, values, game, GridIds(codec))
