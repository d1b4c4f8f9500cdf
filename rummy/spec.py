"""Push's entry in the game registry: how to make it, its bots, its text UI, its figures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pusher_sim.turnloop.registry import GameSpec
from pusher_sim.turnloop.state import Game, State
from rummy.bots import random_bot, strong_bot
from rummy.game import RummyGame
from rummy.planner import planner_bot
from rummy.state import STOCK, RummyState
from rummy.text import RummyText


def make_game(config: Mapping[str, Any]) -> RummyGame:
    return RummyGame.from_mapping(config)


def summarise(states: Sequence[State]) -> dict[str, float]:
    """Mean team totals, and per deal how often someone went out, the stock ran out, and
    what share of players laid their contract."""
    finals = [s for s in states if isinstance(s, RummyState)]
    deals = [r for s in finals for r in s.results]
    if not finals or not deals:
        return {}
    return {
        "mean_score_team_a": sum(s.totals()[0] for s in finals) / len(finals),
        "mean_score_team_b": sum(s.totals()[1] for s in finals) / len(finals),
        "go_out_rate": sum(r.went_out >= 0 for r in deals) / len(deals),
        "stock_out_rate": sum(r.ended_by == STOCK for r in deals) / len(deals),
        "contract_rate": sum(sum(r.laid) for r in deals) / (4 * len(deals)),
        "contract_rate_team_a": sum(r.laid[0] + r.laid[2] for r in deals) / (2 * len(deals)),
        "contract_rate_team_b": sum(r.laid[1] + r.laid[3] for r in deals) / (2 * len(deals)),
    }


def _text_ui(game: Game) -> RummyText:
    return RummyText(game)


SPEC = GameSpec(
    name=RummyGame.name,
    title="Push",
    rule_letter="R",
    rules="rummy:rules.md",
    summary="Push: partnership rummy, 4 players, 108 cards, five deals with contracts",
    make_game=make_game,
    players=(4,),
    bots={"random": random_bot, "strong": strong_bot, "planner": planner_bot, "bot": planner_bot},
    bot_help={
        "random": "uniform over the listed legal actions",
        "strong": "plays for the contract with the exact solver, sheds, pushes",
        "planner": "the strong bot, drawing and discarding by the cards its contract still lacks"
        " and by what its discard hands the next player",
        "bot": "the planner bot",
    },
    default_seats=("human", "bot", "bot", "bot"),
    host_seats=("human", "open", "bot", "open"),
    text_ui=_text_ui,
    summarise=summarise,
    table="pusher_sim.ui.rummy.rummy_table:open_table",
    page_table="pusher_sim.net:page/rummy.js",
    pettingzoo="pusher_sim.envs.push_rummy_v0",
    openspiel="pusher_sim.envs.openspiel.push_rummy:PushRummySpielGame",
    codec="pusher_sim.envs.rummy_codec:for_game",
    zero_sum=True,
)
