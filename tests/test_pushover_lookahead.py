"""The lookahead bot: the exact expectation over the next player's turn it values endings by,
the strong bot's sound choices kept, and its margin over the expected-movement bot."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from pusher_sim.turnloop import Match
from pushover.actions import Roll, Stop
from pushover.bots import ExpectedMovementBot, LookaheadBot, StrongBot, expected_under
from pushover.config import PushOverConfig
from pushover.dice import expected_movement_plan, move_length, turn_figures
from pushover.game import PushOverGame
from pushover.state import OUT, PushOverState
from tests.pushover_positions import position


def choice(bot: LookaheadBot, state: PushOverState) -> object:
    return bot.act(state, state.to_move, state.legal_actions(), np.random.default_rng(0))


def test_o2_expectation_over_a_turn_matches_the_exact_turn_figures() -> None:
    cfg = PushOverConfig(players=2)
    plan = expected_movement_plan(cfg)
    moved = expected_under(cfg, plan.roll, lambda d, t: move_length(cfg, d, t) if d else 0)
    assert moved == pytest.approx(float(Fraction(44, 9)))
    out = expected_under(cfg, plan.roll, lambda d, t: 0.0 if d else 1.0)
    assert out == pytest.approx(float(turn_figures(cfg, plan.roll).roll_out_probability))


def test_o10_lookahead_keeps_a_safe_lead_and_takes_the_winning_gamble() -> None:
    safe = position(where=[4, 16], columns=[7, 5], dice=(2,))
    assert choice(LookaheadBot(safe.game), safe) == Stop(0)
    gamble = position(where=[8, 10], columns=[5, 7], pot=3, dice=(1, 1))
    assert choice(LookaheadBot(gamble.game), gamble) == Roll(0)


def test_o3_lookahead_never_rolls_into_a_sure_roll_out() -> None:
    for where in ([3, 9], [12, 5, OUT], [15, 1, 7, 9]):
        state = position(where=where, dice=(2, 2))
        assert choice(LookaheadBot(state.game), state) == Stop(0)


def test_lookahead_values_an_ending_by_the_next_players_reply() -> None:
    # After red's turn ends, blue moves next; the lookahead value is the expectation over
    # blue's dice, so it differs from the static value of the same position.
    state = position(where=[5, 3], to_move=0, dice=(1,))
    after = state.after_move(1, 1)
    look, strong = LookaheadBot(state.game), StrongBot(state.game)
    assert after.to_move == 1
    assert 0.0 < look._leaf(after, 0) < 1.0
    assert look._leaf(after, 0) != pytest.approx(strong._leaf(after, 0))


def duel(games: int, seed: int) -> float:
    """The lookahead bot's share of two-player games against the expected-movement bot, the
    seats swapped on each seed."""
    game = PushOverGame(PushOverConfig(players=2))
    look, expected = LookaheadBot(game), ExpectedMovementBot(game)
    wins = 0
    for i in range(games):
        agents = [look, expected] if i % 2 == 0 else [expected, look]
        returns = Match(game, agents, seed=seed + i // 2).run().returns()
        wins += returns[i % 2] == 1.0
    return wins / games


def test_lookahead_beats_the_expected_movement_bot() -> None:
    assert duel(200, seed=50_000) > 0.7


@pytest.mark.slow
def test_lookahead_beats_the_expected_movement_bot_75_percent_over_4000_games() -> None:
    """The same games as benchmarks/bot_strength.py with --seed 1000: 77.0% (3,082 of 4,000)."""
    assert duel(4000, seed=1000) >= 0.75


def test_the_bots_play_on_the_longest_track_the_bounds_allow() -> None:
    """Track 1000, pot stop 1000, 1000 chips to win: one seat 999 chips up is thousands of
    turns ahead, whose exponential once overflowed in ``win_chance`` (an OverflowError from
    the lookahead bot); a chance that far behind is 0, never an error."""
    from pushover.config import MAX_STOPS
    from pushover.evaluation import RaceEvaluator

    longest = {"track_length": MAX_STOPS, "pot_stop": MAX_STOPS, "chips_to_win_two_players": 1000}
    far = position(where=[999, 1], columns=[999, 0], **longest)
    evaluator = RaceEvaluator(far.game.config)
    assert evaluator.win_chance(far, 0) == 1.0 and evaluator.win_chance(far, 1) == 0.0
    assert evaluator.lead(far, 0) > 2000
    for bot in (LookaheadBot(far.game), StrongBot(far.game)):
        for state in (far, position(where=[999, 1], columns=[0, 999], to_move=1, **longest)):
            assert choice(bot, state) in state.legal_actions()  # type: ignore[arg-type]
    near = position(where=[5, 3], **longest)  # one lap from the pot stop each, seat 0 ahead
    chances = [evaluator.win_chance(near, seat) for seat in range(2)]
    assert 0.0 < chances[1] < 0.5 < chances[0] < 1.0 and sum(chances) == pytest.approx(1.0)
