"""PusherPush-v0: Gymnasium's own checker, seeding, the P10 reward and rendering headless."""

from __future__ import annotations

import os
import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from pusher_sim.envs import ENV_ID
from pusher_sim.envs.pusher_push import PusherPushEnv
from pusher_sim.pusher.actions import Push

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

SMALL: dict[str, Any] = {"board_radius": 3, "balls_per_player": 8}
"""A 37-cup board with the physics: pushes are a few milliseconds."""


def small_env(**kwargs: Any) -> PusherPushEnv:
    options: dict[str, Any] = {"game": SMALL, "opponent": "random", "placer": "random"}
    env = gym.make(ENV_ID, **{**options, **kwargs})
    assert isinstance(env.unwrapped, PusherPushEnv)
    return env.unwrapped


def test_pusher_push_passes_gymnasium_check_env() -> None:
    env = small_env(render_mode="rgb_array")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count as failures here
        check_env(env)


def test_pusher_push_same_seed_same_episode() -> None:
    def episode(seed: int) -> list[Any]:
        env = small_env()
        env.action_space.seed(seed)
        obs, info = env.reset(seed=seed)
        trace: list[Any] = [obs["board"].tolist(), info["seat"]]
        for _ in range(6):
            obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
            trace += [obs["board"].tolist(), reward]
            if terminated or truncated:
                break
        return trace

    assert episode(11) == episode(11)
    assert episode(11) != episode(12)


def test_pusher_push_starts_where_the_agent_must_push() -> None:
    env = small_env()
    for seed in range(5):
        obs, info = env.reset(seed=seed)
        st = env.state
        assert st.to_move == info["seat"] == env.seat
        assert st.duty().kind == "push"
        flagged = np.flatnonzero(obs["options"][len(env.game.board.cells) : -1])
        pushable = [env.game.board.triangles.index(t) for t in st.duty().triangles]
        assert flagged.tolist() == sorted(pushable)


def test_pusher_push_reward_is_p10_balls_sent_back_from_the_pushers_side() -> None:
    """The reward is +1 per ball of another colour sent home and -1 per own ball, read here from
    the trays of a copy of the position (not from the rules' own record of the push)."""
    env = small_env()
    rng = np.random.default_rng(5)
    seen_nonzero = 0
    for seed in range(40):
        env.reset(seed=seed)
        for _ in range(4):
            st = env.state
            mover = st.to_move
            action = rng.uniform(-1.0, 1.0, size=6).astype(np.float32)
            copy = st.clone()
            before = list(copy.trays)
            copy.apply(_decoded(env, action))
            own_back = copy.trays[mover] - (before[mover] - 1)
            others_back = sum(copy.trays[s] - before[s] for s in range(len(before)) if s != mover)
            _, reward, terminated, truncated, _ = env.step(action)
            assert reward == others_back - own_back
            seen_nonzero += reward != 0
            if terminated or truncated:
                break
        if seen_nonzero >= 3:
            break
    assert seen_nonzero >= 3


def _decoded(env: PusherPushEnv, action: np.ndarray) -> Push:
    from pusher_sim.envs.pusher_codec import decode

    push = decode(env.state, action)
    assert isinstance(push, Push)
    return push


def test_pusher_push_action_picks_triangle_press_strength_and_flick() -> None:
    env = small_env()
    env.reset(seed=3)
    st = env.state
    triangles = sorted(st.duty().triangles, key=env.game.board.triangles.index)
    last = _decoded(env, np.array([1.0, -1.0, -1.0, 1.0, 0.5, 1.0]))
    assert last.triangle == triangles[-1]
    assert last.strength == pytest.approx(1.0)
    assert last.angle == pytest.approx(np.pi / 2)
    assert last.speed == pytest.approx(env.game.resolver.max_flick_speed)
    first = _decoded(env, np.array([-1.0, 0.0, 0.0, -1.0, 0.0, -1.0]))
    assert first.triangle == triangles[0]
    assert (first.strength, first.speed) == (0.0, 0.0)
    # (u, v) = (1/2, 1/2): the middle of the edge between the first two cups, pulled in a hair.
    board = env.game.board
    middle = np.mean([board.position(c) for c in first.triangle[:2]], axis=0)
    centre = np.array(board.triangle_centre(first.triangle))
    assert np.allclose(centre + first.offset, centre + 0.98 * (middle - centre))
    for x in np.random.default_rng(0).uniform(-1, 1, size=(200, 6)):
        assert st.is_legal(_decoded(env, x))


def test_pusher_push_renders_the_board_headless() -> None:
    env = small_env(render_mode="rgb_array", render_size=(320, 240))
    env.reset(seed=1)
    frame = env.render()
    assert frame is not None and frame.shape == (240, 320, 3) and frame.dtype == np.uint8
    before = frame.copy()
    env.step(np.zeros(6, dtype=np.float32))
    assert not np.array_equal(before, env.render())  # the balls moved, and so did the picture


def test_pusher_push_refuses_bad_options() -> None:
    with pytest.raises(ValueError, match="unknown Pusher bot"):
        small_env(opponent="nobody")
    with pytest.raises(ValueError, match="render_mode"):
        PusherPushEnv(render_mode="ansi", game=SMALL)


def test_pusher_action_encoding_reads_back_as_the_same_push() -> None:
    """A bot's push, turned into six numbers, decodes to the same triangle, press point,
    strength and flick: a bot can drive the environment, and its moves can be imitated."""
    from pusher_sim.envs.pusher_codec import encode
    from pusher_sim.pusher.bots import random_push

    env = small_env()
    rng = np.random.default_rng(2)
    for seed in range(5):
        env.reset(seed=seed)
        st = env.state
        for tri in st.duty().triangles:
            push = random_push(env.game, tri, rng)
            push = Push(
                push.triangle, tuple(0.9 * o for o in push.offset), push.angle, push.speed, 0.3
            )  # type: ignore[arg-type]
            back = _decoded(env, encode(st, push))
            assert back.triangle == push.triangle
            assert np.allclose(back.offset, push.offset, atol=1e-7)
            assert back.strength == pytest.approx(0.3, abs=1e-6)
            assert np.isclose(np.cos(back.angle), np.cos(push.angle), atol=1e-5)
            assert np.isclose(np.sin(back.angle), np.sin(push.angle), atol=1e-5)
            assert back.speed == pytest.approx(push.speed, abs=1e-5)


QUICK: dict[str, Any] = {"board_radius": 3, "balls_per_player": 4}
"""Games of a few pushes: episodes end (by a win) within a handful of steps."""


def _make_quick() -> gym.Env[Any, Any]:
    return gym.make(ENV_ID, game=QUICK, opponent="random", placer="random")


def _info_types(info: dict[str, Any]) -> dict[str, type]:
    return {key: type(value) for key, value in info.items()}


def test_pusher_push_info_has_the_same_keys_and_types_at_every_step() -> None:
    """Issue 20 (1): ``winner`` was None until a game ended and an int afterwards."""
    env = small_env(game=QUICK)
    env.action_space.seed(0)
    _, info = env.reset(seed=0)
    expected = _info_types(info)
    assert expected == {"seat": int, "winner": int, "pushes": int, "triangles": list}
    winners = set()
    for seed in range(8):
        _, info = env.reset(seed=seed)
        assert _info_types(info) == expected and info["winner"] == -1
        while True:
            _, _, terminated, truncated, info = env.step(env.action_space.sample())
            assert _info_types(info) == expected
            if terminated or truncated:
                break
        winners.add(info["winner"])
        assert terminated and info["winner"] == env.state.winner and info["triangles"] == []
    assert winners == {0, 1}


def _run_vector(envs: gym.vector.VectorEnv[Any, Any, Any], steps: int) -> None:
    envs.action_space.seed(1)
    _, infos = envs.reset(seed=[3, 4])
    ended = 0
    for _ in range(steps):
        _, rewards, terminated, truncated, infos = envs.step(envs.action_space.sample())
        assert rewards.shape == (2,)
        assert infos["winner"].dtype.kind == "i" and set(infos["winner"]) <= {-1, 0, 1}
        assert infos["seat"].dtype.kind == "i"
        ended += int(terminated.sum() + truncated.sum())
    assert ended >= 2  # both environments went through an episode end and an autoreset


def test_pusher_push_runs_in_gymnasiums_sync_vector_env() -> None:
    envs = gym.vector.SyncVectorEnv([_make_quick, _make_quick])
    try:
        _run_vector(envs, 12)
    finally:
        envs.close()


def test_pusher_push_runs_in_gymnasiums_async_vector_env() -> None:
    envs = gym.vector.AsyncVectorEnv([_make_quick, _make_quick])
    try:
        _run_vector(envs, 12)
    finally:
        envs.close(terminate=True)  # never wait on a worker if the test failed half-way


def test_pusher_push_win_reward_is_the_result_at_the_end_and_zero_before() -> None:
    """Issue 20 (3): ``reward="win"`` pays +1 for the agent's win, -1 for a loss, at the end."""
    env = small_env(game=QUICK, reward="win")
    push_env = small_env(game=QUICK)
    results = set()
    for seed in range(12):
        for e in (env, push_env):
            e.action_space.seed(seed)
            e.reset(seed=seed)
        while True:
            action = env.action_space.sample()
            _, reward, terminated, truncated, info = env.step(action)
            *_, push_info = push_env.step(action)
            assert push_info == info  # the same game under the other reward
            if not (terminated or truncated):
                assert reward == 0.0
                continue
            break
        assert terminated
        won = info["winner"] == info["seat"]
        assert reward == (1.0 if won else -1.0)
        results.add(reward)
    assert results == {1.0, -1.0}
    with pytest.raises(ValueError, match="reward must be one of push, win"):
        small_env(reward="balls")
