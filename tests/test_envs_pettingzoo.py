"""The PettingZoo environments: PettingZoo's api_test, seed_test and parallel_api_test, masks
that match the rules, a rummy action numbering that never confuses two actions, no hidden card in
a view, and the global state."""

from __future__ import annotations

import warnings
from collections.abc import Callable

import numpy as np
import pytest
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from pusher_sim.envs import push_over_v0, push_rummy_v0, pusher_v0
from pusher_sim.envs.aec import ILLEGAL_REWARD, TurnLoopAEC
from pusher_sim.envs.codec import legal_ids
from pusher_sim.envs.rummy_codec import NUM_ACTIONS, RummyCodec
from rummy.state import RummyState

with warnings.catch_warnings():
    # pettingzoo.test imports PettingZoo's own classic environments, which warn on import.
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, parallel_api_test, seed_test

ENVS: dict[str, Callable[[], AECEnv]] = {
    "push_over_2": lambda: push_over_v0.env(players=2),
    "push_over_4": lambda: push_over_v0.env(players=4),
    "push_rummy": lambda: push_rummy_v0.env(deals=1),
    "pusher": lambda: pusher_v0.env(board_radius=3, balls_per_player=8),
    "pusher_3": lambda: pusher_v0.env(players=3, board_radius=3, balls_per_player=6),
    "push_over_raw": lambda: push_over_v0.raw_env(players=2),
    "pusher_raw": lambda: pusher_v0.raw_env(board_radius=3, balls_per_player=8),
}


@pytest.mark.parametrize("name", list(ENVS))
def test_env_passes_pettingzoo_api_test(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice on dict observations and names; not failures
        api_test(ENVS[name](), num_cycles=150)


@pytest.mark.parametrize("name", list(ENVS))
def test_env_passes_pettingzoo_seed_test(name: str) -> None:
    seed_test(ENVS[name], num_cycles=40)


def play(env: AECEnv, steps: int, seed: int = 0) -> None:
    """Random legal play for ``steps`` moves (or to the end)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter(steps):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if "action_mask" in obs:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        else:
            env.step(env.action_space(agent).sample())


@pytest.mark.parametrize("name", ["push_over_2", "push_rummy"])
def test_action_mask_is_exactly_the_legal_actions_and_only_for_the_mover(name: str) -> None:
    env = ENVS[name]()
    env.reset(seed=3)
    codec = env.adapter.codec  # type: ignore[attr-defined]
    rng = np.random.default_rng(3)
    for _ in range(300):
        if not env.agents:
            break
        agent = env.agent_selection
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = env.unwrapped.game_state.legal_actions()
        ids = np.flatnonzero(obs["action_mask"])
        assert sorted(codec.action_id(env.unwrapped.game_state, a) for a in legal) == ids.tolist()
        assert [env.adapter.to_action(env.unwrapped.game_state, i) for i in ids] == list(
            legal_ids(codec, env.unwrapped.game_state).values()
        )
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(ids)))


def test_rummy_numbering_gives_every_listed_action_its_own_id() -> None:
    """Over many random positions of a whole match, no two listed actions share an id (which
    :func:`legal_ids` would raise on) and every id is inside the space."""
    env = push_rummy_v0.env(deals=2)
    codec = RummyCodec(env.game.config)  # type: ignore[attr-defined]
    kinds: set[str] = set()
    for seed in range(3):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(600):
            if env.unwrapped.game_state.is_terminal():
                break
            legal = env.unwrapped.game_state.legal_actions()
            ids = [codec.action_id(env.unwrapped.game_state, a) for a in legal]
            assert len(set(ids)) == len(legal)
            assert all(0 <= i < NUM_ACTIONS for i in ids)
            kinds |= {type(a).__name__ for a in legal}
            env.step(int(rng.choice(ids)))
    assert {"TakeDiscard", "PushDraw", "Discard", "LayMelds", "LayOff"} <= kinds


def test_rummy_view_never_shows_another_hand_or_the_stock() -> None:
    """Shuffling the cards the seat cannot see (the other hands and the stock, sizes kept)
    leaves its observation exactly as it was; the others' observations do change."""
    env = push_rummy_v0.env(deals=1)
    play(env, 120, seed=4)
    state = env.unwrapped.game_state
    assert isinstance(state, RummyState) and not state.is_terminal()
    rng = np.random.default_rng(0)
    for seat in range(4):
        hidden = [c for s in range(4) if s != seat for c in state.hands[s]] + state.stock
        shuffled = [int(c) for c in rng.permutation(hidden)]
        other = state.clone()
        for s in range(4):
            if s != seat:
                n = len(other.hands[s])
                other.hands[s], shuffled = shuffled[:n], shuffled[n:]
        other.stock = shuffled
        other.check_invariants()
        before = env.adapter.observe(state, seat)["observation"]
        after = env.adapter.observe(other, seat)["observation"]
        assert np.array_equal(before, after)
        changed = [
            not np.array_equal(
                env.adapter.observe(state, s)["observation"],
                env.adapter.observe(other, s)["observation"],
            )
            for s in range(4)
            if s != seat
        ]
        assert any(changed)


def test_raw_env_illegal_action_raises_and_changes_nothing() -> None:
    env: TurnLoopAEC = push_over_v0.raw_env(players=2)
    env.reset(seed=0)
    before = env.unwrapped.game_state.to_json()
    with pytest.raises(ValueError, match="not legal"):
        env.step(1)  # stop before the first die: O2
    with pytest.raises(ValueError, match="id"):
        env.step("roll")
    assert env.unwrapped.game_state.to_json() == before
    env = pusher_v0.raw_env(board_radius=3, balls_per_player=8)
    env.reset(seed=0)
    before = env.unwrapped.game_state.to_json()
    for bad in ([0.0, np.nan, 0, 0, 0, 0], [np.inf, 0, 0, 0, 0, 0], [0.0] * 5, "push", None):
        with pytest.raises(ValueError, match="6 finite numbers"):
            env.step(bad)
    assert env.unwrapped.game_state.to_json() == before


def test_reset_without_seed_draws_a_new_game_each_time() -> None:
    env = push_rummy_v0.env(deals=1)
    env.reset(seed=5)
    first = env.observe("player_0")["observation"].copy()
    env.reset()
    second = env.observe("player_0")["observation"].copy()
    env.reset(seed=5)
    assert np.array_equal(env.observe("player_0")["observation"], first)
    assert not np.array_equal(first, second)


def test_game_end_pays_the_games_returns_and_truncation_caps_length() -> None:
    env = push_over_v0.env(players=2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.unwrapped.game_state.is_terminal()
    assert list(totals.values()) == env.unwrapped.game_state.returns() and sorted(
        totals.values()
    ) == [-1.0, 1.0]
    short = push_over_v0.env(players=2, max_steps=5)
    play(short, 100)
    assert not short.agents and not short.unwrapped.game_state.is_terminal()


def test_pusher_env_draws_the_board_and_the_others_print_text() -> None:
    env = pusher_v0.env(render_mode="rgb_array", board_radius=3, balls_per_player=8)
    play(env, 12, seed=2)
    frame = env.render()
    assert isinstance(frame, np.ndarray) and frame.shape == (480, 640, 3)
    text = push_over_v0.env(render_mode="ansi")
    text.reset(seed=0)
    assert "to_move" in str(text.render())
    with pytest.raises(ValueError, match="render_mode"):
        push_over_v0.env(render_mode="rgb_array")


WRAPPED = ["push_over_2", "push_over_4", "push_rummy", "pusher", "pusher_3"]


@pytest.mark.parametrize("name", WRAPPED)
def test_env_is_wrapped_as_pettingzoos_classic_envs_and_refuses_steps_before_reset(
    name: str,
) -> None:
    """Issue 20 (4): ``env()`` was the raw environment, and a step before ``reset`` an
    AttributeError from deep inside it."""
    from pettingzoo.utils import wrappers

    env = ENVS[name]()
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    assert isinstance(env.unwrapped, TurnLoopAEC)
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before step"):
        env.step(0)
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before observe"):
        env.observe("player_0")


@pytest.mark.parametrize("name", ["push_over_2", "push_over_4", "push_rummy"])
def test_illegal_action_ends_the_game_with_a_penalty_for_its_agent(name: str) -> None:
    """Issue 20 (4): as PettingZoo's classic games do, an action outside the mask ends the game
    for everyone, pays the agent who made it -1 and everyone else 0, and the game's own
    position is left as it was."""
    env = ENVS[name]()
    env.reset(seed=2)
    offender = env.agent_selection
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.unwrapped.game_state.to_json()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's own "illegal move" warning
        env.step(illegal)
    assert all(env.terminations.values())
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        _, reward, terminated, _, _ = env.last()
        assert terminated
        totals[agent] += reward
        env.step(None)
    assert totals == {a: ILLEGAL_REWARD if a == offender else 0.0 for a in env.possible_agents}
    assert env.unwrapped.game_state.to_json() == before
    with pytest.raises(AssertionError, match="not in action space"):
        env.reset(seed=2)
        env.step(env.action_space(env.agent_selection).n)


PARALLEL: dict[str, Callable[[], ParallelEnv]] = {
    "push_over_2": lambda: push_over_v0.parallel_env(players=2),
    "push_over_3": lambda: push_over_v0.parallel_env(players=3),
    "push_rummy": lambda: push_rummy_v0.parallel_env(deals=1),
    "pusher": lambda: pusher_v0.parallel_env(board_radius=3, balls_per_player=6),
    "pusher_grid": lambda: pusher_v0.parallel_env(
        board_radius=3, balls_per_player=6, resolver="scripted", discrete=True
    ),
}


@pytest.mark.parametrize("name", list(PARALLEL))
def test_parallel_env_passes_pettingzoo_parallel_api_test(name: str) -> None:
    """PettingZoo's parallel API, turn by turn (once refused: ``aec_to_parallel`` asserted)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(PARALLEL[name](), num_cycles=60)


def test_parallel_env_plays_only_the_movers_action_and_the_same_game_as_the_aec_env() -> None:
    """Every agent passes an action each step; the mover's is played, the others' ignored (an
    illegal one included), so the game is the one the AEC env plays with the mover's actions."""
    parallel, aec = push_over_v0.parallel_env(players=2), push_over_v0.env(players=2)
    observations, _ = parallel.reset(seed=5)
    aec.reset(seed=5)
    rng = np.random.default_rng(5)
    while parallel.agents:
        mover = aec.agent_selection
        other = next(a for a in parallel.agents if a != mover)
        assert not observations[other]["action_mask"].any()
        action = int(rng.choice(np.flatnonzero(observations[mover]["action_mask"])))
        ignored = {a: 1 - action for a in parallel.agents if a != mover}  # not theirs to play
        observations, rewards, terminations, _, _ = parallel.step({mover: action, **ignored})
        aec.step(action)
        assert np.array_equal(parallel.state(), aec.state())
        if any(terminations.values()):
            assert sorted(rewards.values()) == [-1.0, 1.0]
            break
    else:
        pytest.fail("the game never ended")


def test_state_is_every_seats_view_side_by_side() -> None:
    """PettingZoo's global state (for a centralised critic): in Push, every hand."""
    env = push_rummy_v0.env(deals=1)
    env.reset(seed=2)
    state = env.state()
    assert state in env.unwrapped.state_space
    raw = env.unwrapped
    views = [raw.observe(agent) for agent in raw.possible_agents]
    space = raw.observation_space("player_0")
    size = len(state) // 4
    for seat, view in enumerate(views):
        part = state[seat * size : (seat + 1) * size]
        assert np.array_equal(part, spaces.flatten(space, view))
    hands = [sorted(h) for h in raw.game_state.hands]
    assert len({tuple(h) for h in hands}) == 4  # four different hands, all in the one state


def test_plain_aec_to_parallel_is_refused_as_the_games_are_not_cyclic() -> None:
    """A seat may move several times running, so PettingZoo's cyclic conversion does not
    apply: it refuses with its own reason, and ``parallel_env()`` is the way in."""
    from pettingzoo.utils.conversions import aec_to_parallel

    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(push_over_v0.env(players=2))
