"""One PettingZoo AEC environment for any game of the turn loop; a :class:`SeatAdapter` says how
a game's views and actions look to agents.

Chance nodes (dice, shuffles) are played by the environment from a generator seeded by
``reset(seed=...)``, so the same seed and the same actions give the same game. Rewards are the
game's returns, paid to every seat when the game ends; an unfinished game stops as truncated
after ``max_steps`` agent moves (the game's own bound by default).

Each game module's ``raw_env()`` is a bare :class:`TurnLoopAEC` (an illegal action raises
ValueError and changes nothing); its ``env()`` wraps it as PettingZoo's classic environments
wrap theirs (:func:`classic_wrappers`); its ``parallel_env()`` offers PettingZoo's parallel API
turn by turn (:func:`turn_by_turn`). The position is ``game_state``; ``state()`` is PettingZoo's
global view (every seat's observation side by side, for a centralised critic).
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import Game, State

SEED_SPAN = 2**31
"""Seeds drawn for ``reset()`` without one lie below this."""
ILLEGAL_REWARD = -1.0
"""What an illegal action pays its agent under :func:`classic_wrappers` (the others get 0),
as in PettingZoo's classic games: the worst result a game of ours pays."""


class SeatAdapter(Protocol):
    """How one game's positions and actions look to agents."""

    def observation_space(self) -> spaces.Space[Any]: ...

    def action_space(self) -> spaces.Space[Any]: ...

    def observe(self, state: State, seat: int) -> Any:
        """``seat``'s observation, built from ``state.observation(seat)`` and (when it is to move)
        its legal actions only."""
        ...

    def to_action(self, state: State, raw: Any) -> Action:
        """The game action an agent's raw action stands for; ValueError if it stands for none."""
        ...


class TurnLoopAEC(AECEnv):  # type: ignore[misc]
    """A turn-loop game as a PettingZoo AEC environment (agents ``player_0`` ...)."""

    def __init__(
        self,
        name: str,
        game: Game,
        adapter: SeatAdapter,
        render_mode: str | None = None,
        max_steps: int | None = None,
    ) -> None:
        super().__init__()
        modes = ["ansi", *(["rgb_array"] if hasattr(adapter, "render") else [])]
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode must be None or one of {modes}, not {render_mode!r}")
        self.metadata = {"render_modes": modes, "is_parallelizable": False, "name": name}
        self.game = game
        self.adapter = adapter
        self.render_mode = render_mode
        self.max_steps = game.max_game_length if max_steps is None else max_steps
        self.possible_agents = [f"player_{s}" for s in range(game.num_players)]
        self.seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: adapter.observation_space() for a in self.possible_agents}
        self.action_spaces = {a: adapter.action_space() for a in self.possible_agents}
        self._views = spaces.Tuple([adapter.observation_space()] * game.num_players)
        self.state_space = spaces.flatten_space(self._views)
        self.game_state: State = game.new_initial_state()
        self._rng = np.random.default_rng(0)
        self._next_seed: int | None = 0
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def __str__(self) -> str:
        return str(self.metadata["name"])

    # -- the AEC cycle -------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            # No seed: the first reset plays seed 0, each later one a seed drawn from the last.
            seed = (
                self._next_seed
                if self._next_seed is not None
                else int(self._rng.integers(SEED_SPAN))
            )
        self._next_seed = None
        self._rng = np.random.default_rng(seed)
        self.game_state = self.game.new_initial_state()
        self.game_state.seed_draws(seed)  # a Pusher push made by the table's hand (P8)
        self._steps = 0
        self._play_chance()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> Any:
        return self.adapter.observe(self.game_state, self.seat_of[agent])

    def state(self) -> np.ndarray:
        """The global view: every seat's observation, flattened, seat by seat (in ``state_space``).
        In Push it holds every hand: for a centralised critic in training, never an agent's
        input. In Push Over and Pusher each view is already the whole position."""
        views = tuple(
            self.adapter.observe(self.game_state, s) for s in range(self.game.num_players)
        )
        return np.asarray(spaces.flatten(self._views, views))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self.adapter.to_action(self.game_state, action)
        self.game_state.apply(move)  # an illegal move raises IllegalMove and changes nothing
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._play_chance()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game_state.is_terminal():
            for a, r in zip(self.possible_agents, self.game_state.returns(), strict=True):
                if a in self.rewards:
                    self.rewards[a] = float(r)
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._select()

    def render(self) -> str | np.ndarray | None:
        """``ansi``: the state as text lines; ``rgb_array`` (Pusher): the board as a picture."""
        if self.render_mode == "rgb_array":
            frame: np.ndarray = self.adapter.render(self.game_state)  # type: ignore[attr-defined]
            return frame
        if self.render_mode != "ansi":
            return None
        return "\n".join(f"{k}: {v}" for k, v in self.game_state.to_json().items())

    def close(self) -> None:
        pass

    # -- helpers -------------------------------------------------------------------------------

    def _play_chance(self) -> None:
        while self.game_state.is_chance():
            self.game_state.apply(self.game_state.sample_chance(self._rng))

    def _select(self) -> None:
        seat = self.game_state.current_player()
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]


def classic_wrappers(raw: TurnLoopAEC, *, masked: bool) -> AECEnv:
    """``raw`` wrapped as PettingZoo's classic environments are: for a masked discrete action
    space, an action outside the mask ends the game with :data:`ILLEGAL_REWARD` for its agent
    (``TerminateIllegalWrapper``) and one outside the space is an assertion error
    (``AssertOutOfBoundsWrapper``); always, stepping, observing or rendering before ``reset``
    is PettingZoo's clear error (``OrderEnforcingWrapper``). Pusher's continuous action has no
    illegal values (numbers out of range are clipped, NaN is a ValueError), so it gets only the
    last."""
    env: AECEnv = raw
    if masked:
        env = wrappers.TerminateIllegalWrapper(env, illegal_reward=ILLEGAL_REWARD)
        env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def turn_by_turn(env: AECEnv) -> ParallelEnv:
    """``env`` under PettingZoo's parallel API, as PettingZoo converts a turn-based game
    (``turn_based_aec_to_parallel``): each step every live agent observes and passes an action,
    and the action of the agent to move is played (the others' are ignored; in a masked env the
    others' masks are all zeros). PettingZoo's plain ``aec_to_parallel`` does not fit these
    games, and the environments say so (``is_parallelizable`` False): it steps each agent once a
    cycle, and a seat here may move several times running (Push Over's rolls, Push's draw then
    discard, Pusher's push again while a triangle is left)."""
    return turn_based_aec_to_parallel(env)
