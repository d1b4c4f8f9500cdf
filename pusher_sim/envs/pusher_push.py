"""``PusherPush-v0`` and ``PusherPushDiscrete-v0``: single-agent Gymnasium environments in which
the agent makes one seat's pushes and a bot plays everything else; the first takes a push as six
continuous numbers, the second as an id of the push grid (:mod:`pusher_sim.envs.pusher_grid`)
with a mask.

``reset(seed=s)`` plays a game forward to the agent seat's next push (the same seed, the same
episode); a step is one push, then the game goes on until the agent must push again or the game
ends. ``reward="push"`` (default) counts the balls the push sent home, +1 for another colour's,
-1 for the pusher's own; ``reward="win"`` pays +1/-1 at the end only. ``info`` has the same keys
and types at every step (``seat``, ``winner`` = :data:`NO_WINNER` until someone wins,
``pushes``, ``triangles``), as vector envs need. The default opponent is ``random``: a
searching bot makes every step several times dearer. docs/agents.md has the whole contract.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, Generic, TypeVar

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from pusher_sim.envs import pusher_codec
from pusher_sim.envs.aec import ILLEGAL_REWARD
from pusher_sim.envs.pusher_grid import DEFAULT_GRID, PusherGridCodec
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.spec import SPEC, make_game
from pusher_sim.pusher.state import PusherGame, PusherObservation, PusherState
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.agents import Agent
from pusher_sim.turnloop.state import State

REWARDS = ("push", "win")
"""The reward schemes of the module docstring."""
NO_WINNER = -1
"""``info["winner"]`` while nobody has won (game on, drawn or truncated)."""

WARMUP_ATTEMPTS = 50
"""Games tried from one seed before giving up on reaching a push (only tiny boards need more
than one)."""


ObsT = TypeVar("ObsT")
ActT = TypeVar("ActT")


class PushEpisodes(gym.Env[ObsT, ActT], ABC, Generic[ObsT, ActT]):
    """The episodes, opponent and rewards of the module docstring; a subclass says how the
    agent sees the board and how its action reads as a push. ``game`` takes any Pusher config
    field (``board_radius``, ``balls_per_player``, ``resolver`` ...); ``opponent`` and
    ``placer`` are bot names of ``pusher --help``."""

    metadata = {"render_modes": ["rgb_array"], "render_fps": 2}  # noqa: RUF012 (gymnasium's)

    def __init__(
        self,
        render_mode: str | None = None,
        game: Mapping[str, Any] | None = None,
        opponent: str = "random",
        placer: str = "greedy",
        warmup_pushes: int = 0,
        max_pushes: int = 200,
        render_size: tuple[int, int] = (640, 480),
        reward: str = "push",
    ) -> None:
        if render_mode not in (None, "rgb_array"):
            raise ValueError(f"render_mode must be None or 'rgb_array', not {render_mode!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r:.40}")
        if warmup_pushes < 0 or max_pushes < 1:
            raise ValueError("warmup_pushes must be >= 0 and max_pushes >= 1")
        for name in (opponent, placer):
            if name not in SPEC.bots:
                raise ValueError(
                    f"unknown Pusher bot {name!r} (choose from {', '.join(SPEC.bots)})"
                )
        self.render_mode = render_mode
        self.reward = reward
        self.game: PusherGame = make_game(dict(game or {}))
        self.opponent: Agent = SPEC.bots[opponent](self.game)
        self.placer: Agent = SPEC.bots[placer](self.game)
        self.warmer: Agent = SPEC.bots["random"](self.game)
        self.warmup_pushes = warmup_pushes
        self.max_pushes = max_pushes
        self.render_size = render_size
        self.state: PusherState = self.game.new_initial_state()
        self.seat = 0
        self.pushes = 0
        self.illegal = False
        """The last action was outside the mask, which ended the episode (discrete only)."""
        self._painter: Any = None

    # -- the episode ---------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsT, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        for _ in range(WARMUP_ATTEMPTS):
            self.seat = int(rng.integers(self.game.num_players))
            self.state = self.game.new_initial_state()
            self.state.seed_draws(int(rng.integers(2**63 - 1)))  # the table's hand (P8)
            own_pushes = int(rng.integers(self.warmup_pushes + 1))
            self._warm_up(own_pushes)
            if self._agent_must_push():
                break
        else:
            raise RuntimeError("no position where the agent must push: the board is too small")
        self.pushes = 0
        self.illegal = False
        return self._observe(), self._info()

    def step(self, action: ActT) -> tuple[ObsT, float, bool, bool, dict[str, Any]]:
        if not self._agent_must_push() or self.illegal:
            raise RuntimeError("the episode is over: call reset()")
        move = self._decode(action)
        if move is None:
            # An action the mask rules out ends the episode with a penalty, the position as it
            # was (PettingZoo's TerminateIllegalWrapper does the same).
            self.illegal = True
            return self._observe(), ILLEGAL_REWARD, True, False, self._info()
        self.state.apply(move)
        self.pushes += 1
        mine = self.game.colours[self.seat]
        back = self.state.last_returned
        sent_home = float(sum(1 if colour != mine else -1 for _, colour in back))
        self._play_others()
        terminated = self.state.is_terminal()
        truncated = not terminated and self.pushes >= self.max_pushes
        if self.reward == "push":
            reward = sent_home
        elif terminated and self.state.winner is not None:
            reward = 1.0 if self.state.winner == self.seat else -1.0
        else:
            reward = 0.0
        return self._observe(), reward, terminated, truncated, self._info()

    def render(self) -> np.ndarray | None:
        if self.render_mode != "rgb_array":
            return None
        from pusher_sim.envs.render import PositionPainter

        if self._painter is None:
            self._painter = PositionPainter(self.state, self.render_size)
        names = ["agent" if s == self.seat else "bot" for s in range(self.game.num_players)]
        headline = f"{type(self).__name__}: agent plays {self.game.colours[self.seat].label}"
        frame: np.ndarray = self._painter.rgb(self.state, names, headline)
        return frame

    # -- helpers -------------------------------------------------------------------------------

    def _agent_must_push(self) -> bool:
        st = self.state
        return not st.is_terminal() and st.to_move == self.seat and st.duty().kind == "push"

    def _warm_up(self, own_pushes: int) -> None:
        st = self.state
        rng = self.np_random
        for _ in range(self.game.max_game_length):
            if st.is_terminal():
                return
            if st.to_move != self.seat:
                agent = self.opponent if st.duty().kind == "push" else self.warmer
            elif st.duty().kind != "push":
                agent = self.warmer
            elif own_pushes > 0:
                own_pushes -= 1
                agent = self.warmer
            else:
                return
            st.apply(agent.act(st, st.to_move, st.legal_actions(), rng))

    def _play_others(self) -> None:
        st = self.state
        rng = self.np_random
        while not st.is_terminal() and not self._agent_must_push():
            agent = self.placer if st.to_move == self.seat else self.opponent
            st.apply(agent.act(st, st.to_move, st.legal_actions(), rng))

    @abstractmethod
    def _observe(self) -> ObsT:
        """The agent's observation now."""

    @abstractmethod
    def _decode(self, action: ActT) -> Action | None:
        """The push ``action`` stands for now; None for an action the mask rules out (ValueError
        for one that is no action at all)."""

    def _info(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "winner": NO_WINNER if self.state.winner is None else int(self.state.winner),
            "pushes": self.pushes,
            "triangles": [list(map(list, a.triangle)) for a in _pushes(self.state)],
        }


class PusherPushEnv(PushEpisodes[dict[str, Any], np.ndarray]):
    """``PusherPush-v0``: the six-number continuous push of :mod:`pusher_codec`."""

    def __init__(self, render_mode: str | None = None, **options: Any) -> None:
        super().__init__(render_mode, **options)
        self.observation_space = pusher_codec.observation_space(self.game)
        self.action_space = pusher_codec.action_space()

    def _observe(self) -> dict[str, Any]:
        view = self.state.observation(self.seat)
        assert isinstance(view, PusherObservation)
        obs = pusher_codec.observe(self.game, view, self.seat)
        if self._agent_must_push():
            obs["options"] = pusher_codec.option_flags(self.state)
        return obs

    def _decode(self, action: np.ndarray) -> Action:
        return pusher_codec.decode(self.state, action)


class PusherPushDiscreteEnv(PushEpisodes[np.ndarray, np.int64]):
    """``PusherPushDiscrete-v0``: the same episodes with the fixed action ids of
    :mod:`pusher_grid` (``Discrete``; only push ids are ever allowed here). The observation is
    :class:`~pusher_sim.envs.pusher_grid.PusherGridCodec`'s vector; the mask is
    ``info["action_mask"]`` (int8, all 0 once the episode is over) and :meth:`action_masks`
    (bool), the method maskable PPO (sb3-contrib) calls. An id outside the mask ends the episode
    with reward ``ILLEGAL_REWARD`` (-1) and ``info["illegal"]`` True, the position unchanged, as
    PettingZoo's classic games do; a value that is no id at all is a ValueError."""

    def __init__(self, render_mode: str | None = None, **options: Any) -> None:
        super().__init__(render_mode, **options)
        self.codec = PusherGridCodec(self.game, DEFAULT_GRID)
        self.observation_space = spaces.Box(
            0.0, 1.0, shape=(self.codec.observation_size,), dtype=np.float32
        )
        self.action_space = spaces.Discrete(self.codec.num_actions)

    def action_masks(self) -> np.ndarray:
        """The ids allowed now, as booleans."""
        return self._mask().astype(bool)

    def _mask(self) -> np.ndarray:
        if not self._agent_must_push() or self.illegal:
            return np.zeros(self.codec.num_actions, dtype=np.int8)
        return self.codec.mask(self.state)

    def _observe(self) -> np.ndarray:
        return self.codec.observe(self.state.observation(self.seat))

    def _decode(self, action: np.int64) -> Action | None:
        if not self.action_space.contains(action):
            raise ValueError(f"an action is an id 0..{self.codec.num_actions - 1}, not {action!r}")
        if not self._mask()[int(action)]:
            return None
        return self.codec.action(self.state, action)

    def _info(self) -> dict[str, Any]:
        return {**super()._info(), "action_mask": self._mask(), "illegal": self.illegal}


def _pushes(state: State) -> list[Push]:
    if state.is_terminal():
        return []
    return [a for a in state.legal_actions() if isinstance(a, Push)]
