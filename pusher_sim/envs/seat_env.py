"""``GameSeat-v0``: any registered game with a codec as a single-agent Gymnasium environment.
The agent plays one seat with the codec's action ids; a named bot of the game plays every other
seat, and the environment plays the chance nodes, all from the generator ``reset(seed=...)``
seeds, so the same seed and actions give the same episode.

``gymnasium.make("GameSeat-v0", game="nim", opponent="perfect")``; ``config`` takes the game's
config values, ``seat`` fixes the agent's seat (default: drawn each episode). The observation is
the codec's vector of the seat's own view; the mask of legal ids is ``info["action_mask"]``
(int8) and :meth:`SeatEnv.action_masks` (bool, for maskable PPO). The reward is the seat's
return when the game ends (every game ends within its bound); an id outside the mask ends the
episode with ``ILLEGAL_REWARD`` and ``info["illegal"]`` True, as PettingZoo's classic games do.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from pusher_sim.envs.aec import ILLEGAL_REWARD
from pusher_sim.envs.codec import action_mask, codec_of, legal_ids
from pusher_sim.turnloop.agents import Agent
from pusher_sim.turnloop.registry import HUMAN, get_spec


class SeatEnv(gym.Env[np.ndarray, np.int64]):
    """One seat of a registered game against its bots (the module docstring has the contract)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's)

    def __init__(
        self,
        game: str,
        opponent: str = "random",
        config: Mapping[str, Any] | None = None,
        seat: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        spec = get_spec(game)
        self.game = spec.make_game(dict(config or {}))
        if seat is not None and not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat must be 0..{self.game.num_players - 1}, not {seat}")
        if opponent == HUMAN:
            raise ValueError(f"the opponent is a bot of {game} ({', '.join(spec.bots)})")
        others = [opponent] * self.game.num_players
        self.bots: list[Agent | None] = spec.make_agents(self.game, others)
        self.codec = codec_of(spec, self.game)
        self.fixed_seat = seat
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            -1.0, 1.0, shape=(self.codec.observation_size,), dtype=np.float32
        )
        self.action_space = spaces.Discrete(self.codec.num_actions)
        self.state = self.game.new_initial_state()
        self.seat = 0
        self.illegal = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        drawn = int(self.np_random.integers(self.game.num_players))
        self.seat = drawn if self.fixed_seat is None else self.fixed_seat
        self.state = self.game.new_initial_state()
        self.illegal = False
        self._play_others()
        return self._observe(), self._info()

    def step(self, action: np.int64) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.state.is_terminal() or self.illegal:
            raise RuntimeError("the episode is over: call reset()")
        if not self.action_space.contains(action):
            raise ValueError(f"an action is an id 0..{self.codec.num_actions - 1}, not {action!r}")
        move = legal_ids(self.codec, self.state).get(int(action))
        if move is None:
            self.illegal = True
            return self._observe(), ILLEGAL_REWARD, True, False, self._info()
        self.state.apply(move)
        self._play_others()
        terminated = self.state.is_terminal()
        reward = float(self.state.returns()[self.seat]) if terminated else 0.0
        return self._observe(), reward, terminated, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The ids allowed now, as booleans."""
        return self._mask().astype(bool)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return "\n".join(f"{k}: {v}" for k, v in self.state.to_json().items())

    def _play_others(self) -> None:
        """Chance and the bots' seats, until the agent's seat is to move or the game is over."""
        st = self.state
        rng = self.np_random
        while not st.is_terminal() and st.current_player() != self.seat:
            if st.is_chance():
                st.apply(st.sample_chance(rng))
                continue
            bot = self.bots[st.current_player()]
            assert bot is not None
            st.apply(bot.act(st, st.current_player(), st.legal_actions(), rng))

    def _mask(self) -> np.ndarray:
        if self.state.is_terminal() or self.illegal:
            return np.zeros(self.codec.num_actions, dtype=np.int8)
        return action_mask(self.codec, self.state)

    def _observe(self) -> np.ndarray:
        return self.codec.observe(self.state.observation(self.seat))

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat, "action_mask": self._mask(), "illegal": self.illegal}
