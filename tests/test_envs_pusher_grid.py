"""The discrete Pusher: the push grid's ids, mask and observation, ``PusherPushDiscrete-v0``
(Gymnasium, maskable), ``pusher_v0.env(discrete=True)`` (PettingZoo) and ``python_pusher``
(OpenSpiel, with a game of its MCTS)."""

from __future__ import annotations

import math
import warnings
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as hst

from pusher_sim.envs import DISCRETE_ENV_ID, pusher_v0
from pusher_sim.envs.aec import ILLEGAL_REWARD
from pusher_sim.envs.pusher_grid import DEFAULT_GRID, PusherGridCodec, PushGrid, toward_corners
from pusher_sim.envs.pusher_push import PusherPushDiscreteEnv
from pusher_sim.pusher.actions import Pass, Place, Push
from pusher_sim.pusher.bots import RandomPusherBot
from pusher_sim.pusher.spec import make_game
from pusher_sim.pusher.state import PusherState

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

SMALL: dict[str, Any] = {"board_radius": 3, "balls_per_player": 8}
SCRIPTED_GAME = make_game({**SMALL, "resolver": "scripted"})


def push_positions(config: dict[str, Any], count: int, seed: int = 0) -> list[PusherState]:
    """Positions where a push is due, from random play."""
    game = make_game(config)
    rng = np.random.default_rng(seed)
    bot = RandomPusherBot()
    out: list[PusherState] = []
    while len(out) < count:
        st = game.new_initial_state()
        while not st.is_terminal() and len(out) < count:
            if st.duty().kind == "push":
                out.append(st.clone())
            st.apply(bot.act(st, st.to_move, st.legal_actions(), rng))
    return out


def test_grid_ids_mask_and_actions_agree_with_the_rules() -> None:
    """Every masked id is a legal action of the rules (a grid push of a pushable triangle, a
    listed cup, the pass), every unmasked one is refused, and the ids cover the cups, every
    triangle's grid and the pass exactly once."""
    game = SCRIPTED_GAME
    codec = PusherGridCodec(game)
    cups, tris = len(game.board.cells), len(game.board.triangles)
    assert DEFAULT_GRID.per_triangle == 4 * 3 * 13
    assert codec.num_actions == cups + tris * DEFAULT_GRID.per_triangle + 1
    rng = np.random.default_rng(1)
    st = game.new_initial_state()
    kinds = set()
    for _ in range(300):
        if st.is_terminal():
            st = game.new_initial_state()
        mask = codec.mask(st)
        ids = np.flatnonzero(mask)
        duty = st.duty()
        kinds.add(duty.kind)
        actions = [codec.action(st, k) for k in ids]
        for action in actions:
            assert st.is_legal(action)
        assert [codec.action_id(a) for a in actions] == ids.tolist()  # and back again
        if duty.kind == "push":
            assert len(ids) == len(duty.triangles) * DEFAULT_GRID.per_triangle
            assert {a.triangle for a in actions if isinstance(a, Push)} == set(duty.triangles)
        elif duty.kind == "place":
            assert {a.cell for a in actions if isinstance(a, Place)} == set(duty.cups)
        else:
            assert actions == [Pass()] and ids.tolist() == [codec.pass_id]
        bad = int(rng.choice(np.flatnonzero(mask == 0)))
        with pytest.raises(ValueError, match="not legal now"):
            codec.action(st, bad)
        st.apply(actions[int(rng.integers(len(actions)))])
    assert {"push", "place"} <= kinds


def test_grid_push_is_its_own_nearest_and_spans_the_flicks() -> None:
    game = make_game(SMALL)
    codec = PusherGridCodec(game)
    tri = game.board.triangles[7]
    pushes = [codec.grid_push(tri, k) for k in range(DEFAULT_GRID.per_triangle)]
    assert len(set(pushes)) == len(pushes)
    for k, push in enumerate(pushes):
        assert codec.nearest(push) == codec.push_id(tri, k)
    top = game.resolver.max_flick_speed
    speeds = sorted({round(p.speed / top, 9) for p in pushes})
    assert speeds == [0.0, 0.5, 1.0]
    angles = sorted({round(math.degrees(p.angle)) for p in pushes if p.speed})
    assert angles == [30, 90, 150, 210, 270, 330]
    with pytest.raises(ValueError, match="barycentric"):
        PushGrid(((0.5, 0.6, 0.0),), (0.5,), 6, (1.0,))
    assert toward_corners(0.5)[1] == pytest.approx((2 / 3, 1 / 6, 1 / 6))


def test_grid_observation_is_the_seats_own_side() -> None:
    """Two seats see the same board with 'mine' and 'the other's' swapped."""
    game = make_game(SMALL)
    codec = PusherGridCodec(game)
    st = push_positions({**SMALL, "resolver": "scripted"}, 1)[0]
    a, b = (codec.observe(st.observation(s)) for s in (0, 1))
    assert a.shape == b.shape == (codec.observation_size,) and a.dtype == np.float32
    assert a.min() >= 0.0 and a.max() <= 1.0
    cups = len(game.board.cells)
    held_a, held_b = a[: 4 * cups].reshape(cups, 4), b[: 4 * cups].reshape(cups, 4)
    assert np.array_equal(held_a[:, [0, 2, 1]], held_b[:, [0, 1, 2]])
    assert held_a[:, 1:].sum() == len(st.balls)
    assert a[8 * cups] == (st.to_move == 0) and b[8 * cups] == (st.to_move == 1)


# -- Gymnasium ---------------------------------------------------------------------------------


def discrete_env(**kwargs: Any) -> PusherPushDiscreteEnv:
    env = gym.make(DISCRETE_ENV_ID, game=SMALL, placer="random", **kwargs)
    assert isinstance(env.unwrapped, PusherPushDiscreteEnv)
    return env.unwrapped


def test_discrete_env_passes_gymnasium_check_env() -> None:
    env = discrete_env(render_mode="rgb_array")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env)


def test_discrete_env_masks_in_info_and_action_masks_and_plays_masked() -> None:
    env = discrete_env()
    rng = np.random.default_rng(0)
    ended = 0
    _, info = env.reset(seed=0)
    for _ in range(40):
        mask = env.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, info["action_mask"].astype(bool))
        duty = env.state.duty()
        assert mask.sum() == len(duty.triangles) * DEFAULT_GRID.per_triangle
        _, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not info["illegal"]
        if terminated or truncated:
            assert not info["action_mask"].any()
            ended += 1
            _, info = env.reset(seed=ended)
    assert ended >= 1


def test_discrete_env_illegal_id_ends_the_episode_with_a_penalty() -> None:
    env = discrete_env()
    _, info = env.reset(seed=3)
    before = env.state.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (ILLEGAL_REWARD, True, False, True)
    assert env.state.to_json() == before and not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(illegal)
    with pytest.raises(ValueError, match="an action is an id"):
        env.reset(seed=3)
        env.step(-1)  # type: ignore[arg-type]


def test_discrete_env_runs_in_an_async_vector_env() -> None:
    def make() -> gym.Env[Any, Any]:
        return gym.make(
            DISCRETE_ENV_ID, game={"board_radius": 3, "balls_per_player": 4}, placer="random"
        )

    envs = gym.vector.AsyncVectorEnv([make, make])
    try:
        _, infos = envs.reset(seed=[1, 2])
        rng = np.random.default_rng(0)
        for _ in range(6):
            # after an episode's end the mask is empty and the next step is the autoreset's
            actions = [
                int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in infos["action_mask"]
            ]
            _, _, _, _, infos = envs.step(np.array(actions))
            assert infos["action_mask"].shape == (2, envs.single_action_space.n)
            assert not infos["illegal"].any()
    finally:
        envs.close(terminate=True)


# -- PettingZoo --------------------------------------------------------------------------------


def test_pettingzoo_discrete_pusher_passes_api_and_seed_tests() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pusher_v0.env(discrete=True, **SMALL), num_cycles=60)
    seed_test(lambda: pusher_v0.env(discrete=True, **SMALL), num_cycles=20)


def test_pettingzoo_discrete_pusher_mask_is_the_rules_and_illegal_ends_the_game() -> None:
    env = pusher_v0.env(discrete=True, **SMALL)
    env.reset(seed=4)
    codec = env.adapter.codec
    rng = np.random.default_rng(4)
    for _ in range(20):  # under model 8 this game ends at its 30th step
        obs, *_ = env.last()
        st = env.unwrapped.game_state
        assert np.array_equal(obs["action_mask"], codec.mask(st))
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not any(env.terminations.values())
    offender = env.agent_selection
    obs, *_ = env.last()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards == {a: ILLEGAL_REWARD if a == offender else 0.0 for a in env.agents}


# -- OpenSpiel ---------------------------------------------------------------------------------


def test_openspiel_loads_python_pusher_and_mcts_plays_it() -> None:
    """OpenSpiel's own random simulation check and a whole game of its MCTS (random rollouts)
    against a random bot: on the scripted resolver (fast, stated here), then on the physics on
    a 19-cup board; each game has pushes in it."""
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed")
    from open_spiel.python.algorithms import mcts

    from pusher_sim.envs.openspiel import PUSHER, register

    register()
    for resolver in ("scripted", "physics"):
        params = {"board_radius": 2, "balls_per_player": 5, "resolver": resolver}
        game = pyspiel.load_game(PUSHER, params)
        kind = game.get_type()
        assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
        pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
        rng = np.random.RandomState(5)
        bots = [
            mcts.MCTSBot(game, 2.0, 6, mcts.RandomRolloutEvaluator(1, rng), random_state=rng),
            pyspiel.make_uniform_random_bot(1, 5),
        ]
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
        codec = game.codec.codec
        pushes = [a for a in state.history() if codec.cups <= a < codec.pass_id]
        assert pushes, resolver
        assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
        inner = state.position.state
        assert inner.is_terminal() and inner.moves == len(state.history())


@settings(max_examples=60, deadline=None)
@given(
    tri=hst.integers(0, 53),
    weights=hst.tuples(*[hst.floats(0.0, 1.0)] * 3).filter(lambda w: sum(w) > 1e-3),
    strength=hst.floats(0.0, 1.0),
    angle=hst.floats(-10.0, 10.0),
    share=hst.floats(0.0, 1.0),
)
def test_nearest_grid_push_is_nearest_in_each_part(
    tri: int, weights: tuple[float, float, float], strength: float, angle: float, share: float
) -> None:
    """Any push of a triangle rounds to a grid push of the same triangle whose press point,
    strength and flick velocity are each at least as near as any other grid value's."""
    game = SCRIPTED_GAME
    codec = PusherGridCodec(game)
    triangle = game.board.triangles[tri]
    w = tuple(x / sum(weights) for x in weights)
    offset = game.board.press_offset(triangle, w, game.config.press_region * 0.98)
    top = game.resolver.max_flick_speed
    push = Push(triangle, offset, angle, share * top, strength)
    key = codec.nearest(push)
    start = codec.push_id(triangle, 0)
    assert start <= key < start + DEFAULT_GRID.per_triangle
    got = codec.grid_push(triangle, key - start)
    others = [codec.grid_push(triangle, k) for k in range(DEFAULT_GRID.per_triangle)]

    def velocity(p: Push) -> tuple[float, float]:
        return (p.speed / top * math.cos(p.angle), p.speed / top * math.sin(p.angle))

    eps = 1e-12
    assert all(math.dist(got.offset, offset) <= math.dist(o.offset, offset) + eps for o in others)
    assert all(abs(got.strength - strength) <= abs(o.strength - strength) + eps for o in others)
    v = velocity(push)
    assert all(math.dist(velocity(got), v) <= math.dist(velocity(o), v) + eps for o in others)
