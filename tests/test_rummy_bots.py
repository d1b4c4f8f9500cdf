"""Push bots: the strong team against the random team, and fair play (observation only)."""

from __future__ import annotations

import numpy as np
import pytest

from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.simulate import simulate
from rummy.actions import LayMelds, PushDraw, ReplaceWild, TakeDiscard
from rummy.bots import StrongBot, random_bot, strong_bot
from rummy.config import RummyConfig
from rummy.game import RummyGame
from rummy.spec import SPEC
from rummy.state import RummyState
from tests.rummy_positions import position
from tests.test_rummy_state import assert_blind_to_hidden_cards


def strong_vs_random(matches: int, seed: int) -> tuple[float, float, float]:
    game = RummyGame()
    agents = [strong_bot(game), random_bot(game), strong_bot(game), random_bot(game)]
    wins = 0
    totals = [0, 0]
    for i in range(matches):
        state = Match(game, agents, seed=seed + i).run()
        assert isinstance(state, RummyState) and state.is_terminal()
        a, b = state.totals()
        wins += a < b
        totals[0] += a
        totals[1] += b
    return wins / matches, totals[0] / matches, totals[1] / matches


def test_strong_team_beats_random_team() -> None:
    rate, strong, weak = strong_vs_random(12, seed=100)
    assert rate >= 0.9 and strong < weak / 2


@pytest.mark.slow
def test_strong_team_beats_random_team_over_1000_matches() -> None:
    rate, strong, weak = strong_vs_random(1000, seed=1)
    print(f"strong team wins {rate:.1%}; mean totals strong {strong:.1f} random {weak:.1f}")
    assert rate >= 0.9 and strong < weak / 2


@pytest.mark.parametrize("seed", range(6))
def test_strong_bot_reads_only_what_its_seat_sees(seed: int) -> None:
    """Changing hidden cards (others' hands, the stock) never changes the bot's choice."""
    assert_blind_to_hidden_cards(StrongBot(RummyConfig()), seed)


def test_strong_bot_lays_the_contract_and_replaces_wilds() -> None:
    bot = StrongBot(RummyConfig())
    rng = np.random.default_rng(0)
    state = position(["7C 7D 7H 9S 9D JK QH", "3C", "4C", "5C"], phase="meld")
    assert isinstance(bot.act(state, 0, state.legal_actions(), rng), LayMelds)
    state = position(
        ["7H 9C QD", "3C", "KD", "AS"],
        melds=[(1, "set", "7C 7D JK=7H"), (0, "run", "10C JC QC")],
        phase="meld",
        laid=(True, True, False, False),
    )
    action = bot.act(state, 0, state.legal_actions(), rng)
    assert isinstance(action, ReplaceWild)


def test_strong_bot_takes_a_useful_discard_and_pushes_a_useless_one() -> None:
    bot = StrongBot(RummyConfig())
    rng = np.random.default_rng(0)
    useful = position(["7C 7D 9S 9D KH 4C", "3C", "4D", "5C"], stock="QS", discard="7H")
    assert bot.act(useful, 0, useful.legal_actions(), rng) == TakeDiscard()
    useless = position(["7C 7D 9S 9D KH 4C", "3C", "4D", "5C"], stock="QS", discard="JS")
    assert bot.act(useless, 0, useless.legal_actions(), rng) == PushDraw()


def test_simulate_reports_rummy_figures() -> None:
    summary = simulate(
        SPEC, ["bot", "random", "bot", "random"], games=3, seed=1, config={"deals": 2}
    )
    for key in ("mean_score_team_a", "mean_score_team_b", "go_out_rate", "contract_rate"):
        assert key in summary
    assert summary["mean_score_team_a"] < summary["mean_score_team_b"]
