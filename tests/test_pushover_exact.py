"""The exact winning chance of a policy of ``push_over_v0``'s observation against a bot:
checked against the solver's own values, against symmetry, and against games played through
the environment; and its refusals."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pusher_sim import pushover_exact as exact
from pusher_sim.envs import push_over_v0
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.agents import RandomAgent
from pusher_sim.turnloop.state import State
from pushover.dice import expected_movement_plan
from pushover.game import PushOverGame
from pushover.solver import Keys, decision_nodes, explore, solve
from tests.test_pushover_solver import TINY


def node_of(observation: np.ndarray, config: Any = TINY) -> tuple[int, int]:
    state = exact.state_of(config, observation)
    return len(state.dice), sum(state.dice)


def best_reply_policy(config: Any = TINY) -> tuple[Any, np.ndarray]:
    """The solver's best reply to ``expected`` as a policy of the observation, and its values
    from the two starts."""
    graph = explore(config)
    solution = solve(config, graph, expected_movement_plan(config).roll)
    keys = Keys(config)
    bit = {node: b for b, node in enumerate(decision_nodes(config))}

    def policy(observation: np.ndarray) -> int:
        state = exact.state_of(config, observation)
        at = int(np.searchsorted(graph.keys, keys.of(state, 0)))
        rolls = int(solution.policy[at]) >> bit[(len(state.dice), sum(state.dice))] & 1
        return 0 if rolls else 1

    return policy, solution.values[list(graph.starts)]


def test_every_observation_reads_back_as_its_position_and_dice() -> None:
    places = exact.positions(TINY)
    keys = exact.ObservedKeys(TINY)
    for j, node in enumerate(decision_nodes(TINY)):
        seen = places.observations(j)
        for row, index in enumerate(places.mine.tolist()):
            state = exact.state_of(TINY, seen[row])
            assert keys.of(state, 0) == places.graph.keys[index]
            assert (len(state.dice), sum(state.dice)) == node


def test_the_best_reply_as_a_policy_of_the_observation_wins_its_solved_value() -> None:
    policy, solved = best_reply_policy()
    chance = exact.win_chance(policy, "expected", TINY)
    assert chance.first == pytest.approx(solved[0], abs=1e-11)
    assert chance.second == pytest.approx(solved[1], abs=1e-11)
    best = exact.best_win_chance("expected", TINY)
    assert best.mean == pytest.approx(chance.mean, abs=1e-11)
    assert exact.regret(policy, "expected", TINY) == pytest.approx(0.0, abs=1e-11)


def test_a_policy_playing_the_bot_itself_wins_half_from_the_two_seats_together() -> None:
    plan = expected_movement_plan(TINY).roll

    def same(observation: np.ndarray) -> int:
        return 0 if plan[node_of(observation)] else 1

    chance = exact.win_chance(same, "expected", TINY)
    assert chance.first + chance.second == pytest.approx(1.0, abs=1e-11)
    assert chance.first != pytest.approx(chance.second)  # moving first is worth something
    # randomised on both sides: the random policy against the random bot
    coin = exact.win_chance(lambda o: [0.5, 0.5], RandomAgent(), TINY)
    assert coin.first + coin.second == pytest.approx(1.0, abs=1e-11)


def test_batched_and_one_at_a_time_policies_agree() -> None:
    plan = expected_movement_plan(TINY).roll

    def mixed(observation: np.ndarray) -> list[float]:
        p = 0.8 if plan[node_of(observation)] else 0.3
        return [p, 1.0 - p]

    def batch(observations: np.ndarray) -> np.ndarray:
        return np.array([mixed(o) for o in observations])

    one = exact.win_chance(mixed, "random", TINY)
    many = exact.win_chance(batch, "random", TINY, batched=True)
    assert one == many


def test_the_exact_figure_agrees_with_games_played_through_push_over_v0() -> None:
    """2,000 games of the best reply against the random bot, half moving first: the exact
    mean is within four standard errors of the count."""
    policy, _ = best_reply_policy()
    chance = exact.win_chance(policy, "random", TINY)
    env = push_over_v0.env(**TINY.to_json())
    bot = RandomAgent()
    rng = np.random.default_rng(5)
    games, wins = 2000, 0
    for n in range(games):
        me = f"player_{n % 2}"
        env.reset(seed=n)
        for agent in env.agent_iter():
            _, reward, done, cut, _ = env.last()
            if done or cut:
                wins += agent == me and reward > 0
                env.step(None)
                continue
            seen = env.observe(agent)
            if seen["action_mask"].sum() == 1:  # the first die: rolling is forced
                action = int(np.argmax(seen["action_mask"]))
            elif agent == me:
                action = policy(seen["observation"])
            else:
                state = env.unwrapped.game_state
                move = bot.act(state, state.current_player(), state.legal_actions(), rng)
                action = 0 if type(move).__name__ == "Roll" else 1
            env.step(action)
    rate = wins / games
    spread = 4 * np.sqrt(chance.mean * (1 - chance.mean) / games)
    assert abs(rate - chance.mean) < spread


class Coin:
    """Draws random numbers without saying how."""

    def act(self, state: State, seat: int, legal: Any, rng: np.random.Generator) -> Action:
        return legal[int(rng.integers(len(legal)))]  # type: ignore[no-any-return]


def test_refusals_are_one_line() -> None:
    with pytest.raises(ValueError, match="action_probabilities"):
        exact.win_chance(lambda o: 0, Coin(), TINY)
    with pytest.raises(ValueError, match="0 \\(roll\\) or 1 \\(stop\\)"):
        exact.win_chance(lambda o: 2, "expected", TINY)
    with pytest.raises(ValueError, match="two probabilities"):
        exact.win_chance(lambda o: [0.7, 0.7], "expected", TINY)
    with pytest.raises(ValueError, match="unknown Push Over bot"):
        exact.win_chance(lambda o: 0, "nobody", TINY)
    with pytest.raises(ValueError, match="two-player"):
        exact.positions(exact.PushOverConfig(players=3))
    bad = np.zeros(3, dtype=np.float32)
    with pytest.raises(ValueError, match="not an observation"):
        exact.state_of(TINY, bad)
    assert PushOverGame(TINY).config == TINY


@pytest.mark.slow
def test_the_standard_game_gives_the_solved_figures() -> None:
    """81.10% for the best reply to ``expected`` and 50% for ``expected`` against itself."""
    config = exact.STANDARD
    best = exact.best_win_chance("expected", config)
    assert best.first == pytest.approx(0.815432, abs=1e-6)
    assert best.second == pytest.approx(0.806562, abs=1e-6)
    plan = expected_movement_plan(config).roll
    same = exact.win_chance(lambda o: 0 if plan[node_of(o, config)] else 1, "expected", config)
    assert same.first == pytest.approx(0.505649, abs=1e-6)
    assert same.first + same.second == pytest.approx(1.0, abs=1e-11)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31 - 1), st.sampled_from([TINY, exact.STANDARD]))
def test_any_observation_of_a_played_game_reads_back_exactly(seed: int, config: Any) -> None:
    """Whatever a seat sees in a game of random moves, :func:`state_of` reads back a position
    the codec shows alike, with the key of the real position (its pot capped at the target)."""
    env = push_over_v0.env(**config.to_json())
    codec = exact.PushOverCodec(config)
    keys = exact.ObservedKeys(config)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    for agent in env.agent_iter():
        seen, _, done, cut, _ = env.last()
        if done or cut:
            env.step(None)
            continue
        state = exact.state_of(config, seen["observation"])
        assert np.array_equal(codec.observe(state.observation(0)), seen["observation"])
        real = env.unwrapped.game_state
        seat = int(agent.split("_")[1])
        assert keys.of(state, 0) == keys.of(real, seat)
        assert (len(state.dice), sum(state.dice)) == (len(real.dice), sum(real.dice))
        mask = seen["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
