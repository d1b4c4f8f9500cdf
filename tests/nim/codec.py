"""Nim for agents: action id ``heap * MAX_HEAP + count - 1`` and the heaps as a vector, the
game's :class:`~pusher_sim.envs.codec.DiscreteCodec` (it needs only numpy)."""

from __future__ import annotations

import numpy as np

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import Game, Observation, State
from tests.nim.game import HEAPS, MAX_HEAP, NimView, Take


class NimCodec:
    """Fixed action ids and the observation: each heap's size over :data:`MAX_HEAP`, then 1 if
    the viewer is to move."""

    num_actions = HEAPS * MAX_HEAP
    observation_size = HEAPS + 1

    def __init__(self, game: Game) -> None:
        self.game = game

    def action_id(self, state: State, action: Action) -> int:
        if not isinstance(action, Take):
            raise ValueError(f"{action!r} is not a Nim action")
        return action.heap * MAX_HEAP + action.count - 1

    def observe(self, observation: Observation) -> np.ndarray:
        if not isinstance(observation, NimView):
            raise TypeError(f"not a Nim view: {type(observation).__name__}")
        heaps = [h / MAX_HEAP for h in observation.heaps]
        return np.asarray([*heaps, float(observation.to_move == observation.seat)], np.float32)
