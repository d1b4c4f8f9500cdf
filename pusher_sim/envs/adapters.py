"""The seat adapters: a fixed discrete action space with a mask (Push Over, Push, and Pusher on
its push grid), and Pusher's continuous push."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from pusher_sim.envs import pusher_codec
from pusher_sim.envs.codec import DiscreteCodec, action_mask, legal_ids
from pusher_sim.envs.pusher_grid import DEFAULT_GRID, PusherGridCodec, PushGrid
from pusher_sim.pusher.state import PusherGame, PusherObservation, PusherState
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import State


class DiscreteAdapter:
    """Observations ``{"observation": vector, "action_mask": 0/1 per action id}``; the mask is
    all zeros for a seat that is not to move. Actions are ids."""

    def __init__(self, codec: DiscreteCodec) -> None:
        self.codec = codec
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -1.0, 1.0, shape=(codec.observation_size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(codec.num_actions,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(codec.num_actions)

    def observation_space(self) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self) -> spaces.Space[Any]:
        return self._action_space

    def observe(self, state: State, seat: int) -> dict[str, np.ndarray]:
        if state.current_player() == seat:
            mask = action_mask(self.codec, state)
        else:
            mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        return {"observation": self.codec.observe(state.observation(seat)), "action_mask": mask}

    def to_action(self, state: State, raw: Any) -> Action:
        try:
            key = int(raw)
        except (TypeError, ValueError):
            raise ValueError(f"an action is an id 0..{self.codec.num_actions - 1}") from None
        legal = legal_ids(self.codec, state)
        if key not in legal:
            raise ValueError(f"action {key} is not legal now (see the action mask)")
        return legal[key]


class PusherAdapter:
    """Pusher's views as arrays and the six-number action of :mod:`pusher_codec`."""

    def __init__(self, game: PusherGame) -> None:
        self.game = game
        self._obs_space: spaces.Space[Any] = pusher_codec.observation_space(game)
        self._action_space: spaces.Space[Any] = pusher_codec.action_space()
        self._painter: Any = None

    def observation_space(self) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self) -> spaces.Space[Any]:
        return self._action_space

    def observe(self, state: State, seat: int) -> dict[str, Any]:
        st = _pusher(state)
        view = st.observation(seat)
        assert isinstance(view, PusherObservation)
        obs = pusher_codec.observe(self.game, view, seat)
        if st.current_player() == seat:
            obs["options"] = pusher_codec.option_flags(st)
        return obs

    def to_action(self, state: State, raw: Any) -> Action:
        return pusher_codec.decode(_pusher(state), raw)

    def render(self, state: State) -> np.ndarray:
        """The position drawn off screen (:mod:`pusher_sim.envs.render`)."""
        from pusher_sim.envs.render import PositionPainter

        st = _pusher(state)
        if self._painter is None:
            self._painter = PositionPainter(st)
        frame: np.ndarray = self._painter.rgb(st, ["agent"] * st.game.num_players, "pusher_v0")
        return frame


class PusherGridAdapter(PusherAdapter):
    """Pusher on the fixed action ids of :mod:`pusher_grid`: observations
    ``{"observation": vector, "action_mask": 0/1 per id}`` as PettingZoo's classic games give
    them (the mask all zeros for a seat not to move); actions are ids."""

    def __init__(self, game: PusherGame, grid: PushGrid = DEFAULT_GRID) -> None:
        super().__init__(game)
        self.codec = PusherGridCodec(game, grid)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, 1.0, shape=(self.codec.observation_size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(self.codec.num_actions,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(self.codec.num_actions)

    def observe(self, state: State, seat: int) -> dict[str, Any]:
        st = _pusher(state)
        if st.current_player() == seat:
            mask = self.codec.mask(st)
        else:
            mask = np.zeros(self.codec.num_actions, dtype=np.int8)
        return {"observation": self.codec.observe(st.observation(seat)), "action_mask": mask}

    def to_action(self, state: State, raw: Any) -> Action:
        return self.codec.action(_pusher(state), raw)


def _pusher(state: State) -> PusherState:
    if not isinstance(state, PusherState):
        raise TypeError(f"not a Pusher position: {type(state).__name__}")
    return state
