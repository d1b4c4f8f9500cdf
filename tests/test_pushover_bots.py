"""Push Over's bots: the expected-movement bot plays its DP table; the strong bot reads the board
and beats the expected-movement bot."""

from __future__ import annotations

import numpy as np
import pytest

from pusher_sim.turnloop import Match
from pusher_sim.turnloop.agents import Agent
from pushover.actions import Roll, Stop
from pushover.bots import ExpectedMovementBot, StrongBot
from pushover.config import PushOverConfig
from pushover.dice import expected_movement_plan
from pushover.evaluation import Weights, evaluate
from pushover.game import PushOverGame
from pushover.spec import SPEC
from pushover.state import OUT, PushOverState
from tests.pushover_positions import position


def choice(bot: Agent, state: PushOverState) -> object:
    return bot.act(state, state.to_move, state.legal_actions(), np.random.default_rng(0))


@pytest.mark.parametrize(
    ("dice", "roll"),
    [
        ((), True),
        ((1,), True),
        ((2,), True),
        ((3,), False),
        ((1, 1), True),
        ((1, 2), False),
        ((2, 2), False),
    ],
)
def test_expected_bot_plays_the_dp_table(dice: tuple[int, ...], roll: bool) -> None:
    state = position(where=[3, 9], dice=dice)
    plan = expected_movement_plan(state.cfg)
    assert plan.roll[(len(dice), sum(dice))] is roll
    assert choice(ExpectedMovementBot(state.game), state) == (Roll(0) if roll else Stop(0))


def test_strong_bot_keeps_a_safe_lead_instead_of_gambling_for_the_win() -> None:
    # One chip from the win and far ahead: the expected bot rolls a 1-in-3 roll-out risk here.
    state = position(where=[4, 16], columns=[7, 5], dice=(2,))
    assert choice(ExpectedMovementBot(state.game), state) == Roll(0)
    assert choice(StrongBot(state.game), state) == Stop(0)


def test_strong_bot_gambles_when_the_gamble_wins_the_game() -> None:
    # Two dice showing 1+1: a third die of 1 or 2 moves 9 or 12 from stop 8, past the pot of
    # 3 chips that wins; behind on chips, that is worth the roll-out risk.
    state = position(where=[8, 10], columns=[5, 7], pot=3, dice=(1, 1))
    assert choice(StrongBot(state.game), state) == Roll(0)


def test_strong_bot_never_rolls_into_a_sure_roll_out() -> None:
    for where in ([3, 9], [12, 5, OUT], [15, 1, 7, 9]):
        state = position(where=where, dice=(2, 2))
        assert choice(StrongBot(state.game), state) == Stop(0)


def test_evaluation_is_a_winning_chance() -> None:
    w = Weights()
    state = position(where=[14, 9], columns=[7, 0])
    value = evaluate(state, 0, w)
    assert 0.5 < value < 1 and evaluate(state, 1, w) < 0.5
    won = state.after_move(1, 3)
    assert won.is_terminal() and evaluate(won, 0, w) == 1.0 and evaluate(won, 1, w) == 0.0


def test_bot_alias_is_the_strong_bot() -> None:
    game = PushOverGame()
    assert isinstance(SPEC.bots["bot"](game), StrongBot)
    assert isinstance(SPEC.bots["expected"](game), ExpectedMovementBot)


def duel(games: int, players: int = 2) -> list[float]:
    """Win rates of strong (seat list position 0) against expected bots, seats rotated."""
    game = PushOverGame(PushOverConfig(players=players))
    wins = [0] * players
    for i in range(games):
        shift = i % players
        agents: list[Agent] = [StrongBot(game)] + [
            ExpectedMovementBot(game) for _ in range(players - 1)
        ]
        agents = agents[-shift:] + agents[:-shift] if shift else agents
        returns = Match(game, agents, seed=10_000 + i).run().returns()
        if max(returns) > min(returns):
            wins[(returns.index(1.0) - shift) % players] += 1
    return [w / games for w in wins]


def test_strong_bot_beats_the_expected_movement_bot() -> None:
    """About 75% in two-player games; 400 games put 60% seven standard errors below that."""
    assert duel(400)[0] > 0.6


@pytest.mark.slow
def test_strong_bot_beats_the_expected_movement_bot_over_2000_games() -> None:
    two = duel(2000)
    four = duel(2000, players=4)
    assert two[0] > 0.65
    assert four[0] > 0.25 + 0.05  # a fair share of four seats is 25%
