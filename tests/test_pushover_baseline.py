"""The trained Push Over baseline (``benchmarks/train_pushover.py``): the shipped policy is a
policy of ``push_over_v0``'s observation that plays through the environment, its file is
checked, and (slow) it scores within 1.5 points of the best reply exactly and is what its seed
trains again."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pusher_sim import pushover_exact as exact
from pusher_sim.envs import push_over_v0
from pusher_sim.errors import CorruptFile
from pushover.actions import Roll
from pushover.solver import decision_nodes

TRAIN: dict[str, Any] = runpy.run_path(
    str(Path(__file__).resolve().parent.parent / "benchmarks" / "train_pushover.py")
)


def test_the_shipped_policy_is_a_small_file_with_its_learning_curve() -> None:
    policy = TRAIN["read_policy"]()
    assert policy.config == exact.STANDARD
    assert TRAIN["POLICY_PATH"].stat().st_size < 40_000
    games = [g for g, _, _ in policy.curve]
    assert games == [0, *TRAIN["ROUNDS"]]
    final = (policy.curve[-1][1] + policy.curve[-1][2]) / 2
    assert final == pytest.approx(0.811, abs=0.015)


def test_the_shipped_policy_plays_through_push_over_v0_by_its_bytes() -> None:
    """Every decision it makes in 20 games against ``expected`` is its table's bit."""
    policy = TRAIN["read_policy"]()
    env = push_over_v0.env(players=2)
    opponent = exact.bot_named("expected")
    rng = np.random.default_rng(0)
    nodes = decision_nodes(exact.STANDARD)
    keys = exact.ObservedKeys(exact.STANDARD)
    decisions = 0
    for n in range(20):
        env.reset(seed=n)
        for agent in env.agent_iter():
            seen, _, done, cut, _ = env.last()
            if done or cut:
                env.step(None)
                continue
            if agent == "player_1":
                state = env.unwrapped.game_state
                move = opponent.act(state, 1, state.legal_actions(), rng)
                env.step(0 if isinstance(move, Roll) else 1)
                continue
            action = policy(seen["observation"])
            state = exact.state_of(exact.STANDARD, seen["observation"])
            if state.dice:
                at = int(np.searchsorted(policy.keys, keys.of(state, 0)))
                bit = nodes.index((len(state.dice), sum(state.dice)))
                assert action == (0 if int(policy.bytes[at]) >> bit & 1 else 1)
                decisions += 1
            env.step(action)
    assert decisions > 100


def test_a_damaged_policy_file_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(CorruptFile, match="damaged"):
        TRAIN["read_policy"](bad)
    with pytest.raises(CorruptFile, match="missing"):
        TRAIN["read_policy"](tmp_path / "none.npz")


@pytest.mark.slow
def test_the_shipped_policy_wins_within_a_point_and_a_half_of_the_best_reply_exactly() -> None:
    policy = TRAIN["read_policy"]()
    chance = exact.win_chance(policy, "expected")
    best = exact.best_win_chance("expected")
    assert best.mean == pytest.approx(0.810997, abs=1e-6)
    assert best.mean - chance.mean < 0.015
    assert chance.mean == pytest.approx((policy.curve[-1][1] + policy.curve[-1][2]) / 2)


@pytest.mark.slow
def test_training_from_the_seed_gives_the_shipped_policy_again(tmp_path: Path) -> None:
    assert TRAIN["main"](["--check"]) == 0


def test_training_on_a_tiny_variant_reaches_the_best_reply_and_repeats_from_its_seed() -> None:
    """The whole pipeline in seconds: games through ``push_over_v0``, counts, planning and
    exact scores, on the solver tests' tiny variant."""
    from tests.test_pushover_solver import TINY

    policy, curve = TRAIN["train"](7, (4, 16, 64), TINY, log=False)
    best = exact.best_win_chance("expected", TINY)
    assert [g for g, _ in curve] == [0, 4, 16, 64]
    assert best.mean - curve[0][1].mean > 0.01  # untrained, 1.5 points short
    assert best.mean - curve[-1][1].mean < 1e-6
    assert exact.win_chance(policy, "expected", TINY).mean == pytest.approx(curve[-1][1].mean)
    again, _ = TRAIN["train"](7, (4, 16, 64), TINY, log=False)
    assert np.array_equal(again.bytes, policy.bytes)
