"""The generic agent environments built for any registered game from its codec, run on the test
game Nim (tests/nim/), registered only by the ``nim`` fixture: PettingZoo's ``api_test`` and
``parallel_api_test``, Gymnasium's ``check_env`` on ``GameSeat-v0``, and OpenSpiel (the game
loaded by name, its checks, and the exploitability of its uniform policy)."""

from __future__ import annotations

import importlib
import json
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

from pusher_sim.envs import SEAT_ENV_ID, registered
from pusher_sim.envs.aec import ILLEGAL_REWARD
from pusher_sim.errors import UserError
from tests.nim.bots import nim_sum


def test_nim_passes_pettingzoo_api_test(nim: str) -> None:
    env = registered.env(nim)
    api_test(env, num_cycles=50)
    assert str(env.unwrapped) == "nim_v0"


def test_nim_passes_pettingzoo_parallel_api_test(nim: str) -> None:
    parallel_api_test(registered.parallel_env(nim, heaps=[2, 3, 7]), num_cycles=50)


def test_nim_passes_pettingzoo_seed_test(nim: str) -> None:
    seed_test(lambda: registered.env(nim), num_cycles=20)


def test_a_game_without_a_codec_has_no_generic_environment_said_in_one_line() -> None:
    with pytest.raises(UserError, match="pusher has no codec in its registry entry"):
        registered.raw_env("pusher")


def test_nim_passes_gymnasiums_check_env(nim: str) -> None:
    env = gymnasium.make(SEAT_ENV_ID, game=nim, opponent="perfect").unwrapped
    check_env(env, skip_render_check=True)


def test_the_seat_env_pays_the_seats_result_against_the_named_bot(nim: str) -> None:
    """Seat 1 against the perfect bot from 3-4-5 (a nim-sum of 2: seat 0 wins) always loses; an
    id outside the mask ends the episode with the penalty."""
    env = gymnasium.make(SEAT_ENV_ID, game=nim, opponent="perfect", seat=1)
    rng = np.random.default_rng(0)
    for seed in range(5):
        _, info = env.reset(seed=seed)
        done, reward = False, 0.0
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, reward, done, truncated, info = env.step(np.int64(rng.choice(legal)))
            assert not truncated
        assert reward == -1.0
    _, info = env.reset(seed=9)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(np.int64(illegal))
    assert done and reward == ILLEGAL_REWARD and info["illegal"]


def test_the_seat_env_refuses_a_human_or_unknown_opponent(nim: str) -> None:
    with pytest.raises(ValueError, match="the opponent is a bot of nim"):
        gymnasium.make(SEAT_ENV_ID, game=nim, opponent="human")
    with pytest.raises(UserError, match="unknown seat 'nobody' for nim"):
        gymnasium.make(SEAT_ENV_ID, game=nim, opponent="nobody")


def spiel(nim: str) -> Any:
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (rl extra)")
    from pusher_sim.envs.openspiel import register

    register()
    return pyspiel


def test_openspiel_loads_nim_by_name_and_its_checks_pass(nim: str) -> None:
    pyspiel = spiel(nim)
    game = pyspiel.load_game("python_nim", {"config": json.dumps({"heaps": [1, 2, 3]})})
    assert game.num_players() == 2 and game.num_distinct_actions() == 21
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    state = game.new_initial_state()
    assert state.information_state_string(0).startswith("seat 0, view 1")


def test_openspiel_exploitability_of_nims_uniform_policy_and_the_perfect_bots(nim: str) -> None:
    """From 1-2-3 (nim-sum 0, the second seat wins with perfect play): the uniform policy is
    exploitable; the policy of the nim-sum bot is not (exploitability 0)."""
    spiel(nim)
    import pyspiel
    from open_spiel.python import policy
    from open_spiel.python.algorithms import exploitability

    game = pyspiel.load_game("python_nim", {"config": json.dumps({"heaps": [1, 2, 3]})})
    uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
    assert uniform > 0.1

    def perfect(state: Any) -> dict[int, float]:
        heaps = state.position.state.heaps
        legal = state.legal_actions()
        for key in legal:
            heap, count = divmod(key, 7)
            after = list(heaps)
            after[heap] -= count + 1
            if nim_sum(after) == 0:
                return {key: 1.0}
        return {key: 1.0 / len(legal) for key in legal}

    best = policy.tabular_policy_from_callable(game, perfect)
    assert exploitability.exploitability(game, best) == pytest.approx(0.0)


@pytest.mark.parametrize(
    ("game", "own"), [("pushover", "push_over_v0"), ("rummy", "push_rummy_v0")]
)
def test_a_shipped_games_generic_environment_has_its_own_environments_spaces(
    game: str, own: str
) -> None:
    """The codec its entry names is the one its own environment uses."""
    config = {"players": 2} if game == "pushover" else {"deals": 1}
    generic = registered.raw_env(game, **config)
    mine = importlib.import_module(f"pusher_sim.envs.{own}").raw_env(**config)
    assert generic.observation_space("player_0") == mine.observation_space("player_0")
    assert generic.action_space("player_0") == mine.action_space("player_0")


def test_push_over_with_its_dice_passes_check_env_as_one_seat() -> None:
    """A game with chance nodes: the environment rolls the dice from its seed."""
    env = gymnasium.make(SEAT_ENV_ID, game="pushover", config={"players": 3}).unwrapped
    check_env(env, skip_render_check=True)
    _, info = env.reset(seed=4)
    assert info["action_mask"].tolist() in ([1, 0], [1, 1])  # roll; stop once a die is rolled
