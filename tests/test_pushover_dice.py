"""The dice DP (O2): exact values, checked against brute force over every dice sequence and
every roll/stop policy, and against play through the real game state."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from pushover.bots import ExpectedMovementBot
from pushover.config import PushOverConfig
from pushover.dice import Node, expected_movement_plan, solve, turn_figures
from pushover.game import PushOverGame

VARIANTS = [
    PushOverConfig(),
    PushOverConfig(die_faces=(1, 2, 3, 4), roll_limit=6),
    PushOverConfig(die_faces=(1, 2), roll_limit=3, max_dice=4, move_multipliers=(1, 2, 3, 5)),
]


def brute_force(cfg: PushOverConfig, policy: dict[Node, bool]) -> tuple[Fraction, Fraction]:
    """Expected move and roll-out chance of ``policy``, by playing it on every equally likely
    sequence of ``max_dice`` dice (dice after the turn ends are simply not looked at)."""
    sequences = list(itertools.product(cfg.die_faces, repeat=cfg.max_dice))
    moved = Fraction(0)
    outs = 0
    for seq in sequences:
        total = 0
        for k, face in enumerate(seq, start=1):
            total += face
            if total > cfg.roll_limit:
                outs += 1
                break
            if k == cfg.max_dice or not policy[(k, total)]:
                moved += total * cfg.move_multipliers[k - 1]
                break
    return moved / len(sequences), Fraction(outs, len(sequences))


def decision_nodes(cfg: PushOverConfig) -> list[Node]:
    """Every (dice, total) after which a player may still choose, found by enumeration."""
    nodes = set()
    for k in range(1, cfg.max_dice):
        for seq in itertools.product(cfg.die_faces, repeat=k):
            partial = list(itertools.accumulate(seq))
            if partial[-1] <= cfg.roll_limit:
                nodes.add((k, partial[-1]))
    return sorted(nodes)


def test_o2_expected_movement_exact_values() -> None:
    """By hand: after 2 dice showing 2 roll (7 > 4), showing 3 or 4 stop; after 1 die showing
    1 or 2 roll, showing 3 stop. E = (7 + 14/3 + 3) / 3 = 44/9; roll-out = (1/9 + 1/3) / 3."""
    cfg = PushOverConfig()
    plan = expected_movement_plan(cfg)
    figures = turn_figures(cfg, plan.roll)
    assert plan.value[(0, 0)] == Fraction(44, 9) == figures.expected_move
    assert figures.roll_out_probability == Fraction(4, 27)
    assert plan.roll == {
        (0, 0): True,
        (1, 1): True,
        (1, 2): True,
        (1, 3): False,
        (2, 2): True,
        (2, 3): False,
        (2, 4): False,
    }


@pytest.mark.parametrize("cfg", VARIANTS, ids=["standard", "d4-limit6", "d2-four-dice"])
def test_o2_dp_matches_brute_force_over_every_policy(cfg: PushOverConfig) -> None:
    nodes = decision_nodes(cfg)
    plan = expected_movement_plan(cfg)
    figures = turn_figures(cfg, plan.roll)
    assert brute_force(cfg, plan.roll) == (figures.expected_move, figures.roll_out_probability)
    best = max(
        brute_force(cfg, dict(zip(nodes, choice, strict=True)))[0]
        for choice in itertools.product([False, True], repeat=len(nodes))
    )
    assert best == plan.value[(0, 0)]


def test_o2_dp_from_a_later_node_uses_the_given_values() -> None:
    cfg = PushOverConfig()
    # Rolling out is a disaster and every move is worth the same: never roll after the first.
    plan = solve(cfg, lambda dice, total: 1.0, -100.0, start=(1, 1))
    assert plan.roll[(1, 1)] is False
    # A move of 12 (three dice: 1+1+2) is worth everything: roll on from 1, 1.
    plan = solve(cfg, lambda dice, total: 100.0 if (dice, total) == (3, 4) else 0.0, 0.0)
    assert plan.roll[(1, 1)] and plan.roll[(2, 2)]


def sample_turns(turns: int, seed: int) -> tuple[list[int], int]:
    """Moves of ``turns`` consecutive turns played by four expected-movement bots through the
    game state (games restart as they end), and how many of them were roll-outs."""
    game = PushOverGame(PushOverConfig(players=4))
    bot = ExpectedMovementBot(game)
    rng = np.random.default_rng(seed)
    moves: list[int] = []
    outs = 0
    state = game.new_initial_state()
    while len(moves) < turns:
        if state.is_terminal():
            state = game.new_initial_state()
        ended = state.counts["moves"] + state.counts["rollouts"]
        stops, before_outs = state.counts["stops_moved"], state.counts["rollouts"]
        if state.is_chance():
            state.apply(state.sample_chance(rng))
        else:
            seat = state.current_player()
            state.apply(bot.act(state, seat, state.legal_actions(), rng))
        if state.counts["moves"] + state.counts["rollouts"] > ended:
            moves.append(state.counts["stops_moved"] - stops)
            outs += state.counts["rollouts"] - before_outs
    return moves, outs


@pytest.mark.parametrize("turns", [20_000, 100_000])
def test_o2_expected_bot_play_agrees_with_the_dp_within_3_standard_errors(turns: int) -> None:
    cfg = PushOverConfig()
    figures = turn_figures(cfg, expected_movement_plan(cfg).roll)
    moves, outs = sample_turns(turns, seed=turns)
    mean_se = math.sqrt(float(figures.move_variance) / turns)
    assert abs(sum(moves) / turns - float(figures.expected_move)) < 3 * mean_se
    p = float(figures.roll_out_probability)
    assert abs(outs / turns - p) < 3 * math.sqrt(p * (1 - p) / turns)
    # Power: a policy one step off (stopping after 2 dice showing 2) would be caught.
    worse = dict(expected_movement_plan(cfg).roll) | {(2, 2): False}
    gap = float(figures.expected_move - turn_figures(cfg, worse).expected_move)
    assert gap > 6 * mean_se
