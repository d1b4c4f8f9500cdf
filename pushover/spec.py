"""Push Over's entry in the game registry: how the command line makes it, its bots, its text
view, and the figures ``pusher simulate`` reports for it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pusher_sim.turnloop.agents import Agent, RandomAgent
from pusher_sim.turnloop.registry import GameSpec, TextUI
from pusher_sim.turnloop.state import Game, State
from pushover.bots import ExpectedMovementBot, LookaheadBot, SolvedBot, StrongBot
from pushover.config import PushOverConfig
from pushover.game import PushOverGame
from pushover.state import PushOverState
from pushover.text import PushOverText


def make_game(config: Mapping[str, Any]) -> PushOverGame:
    return PushOverGame(PushOverConfig.from_mapping(config))


def _game(game: Game) -> PushOverGame:
    if not isinstance(game, PushOverGame):
        raise TypeError(f"not a Push Over game: {type(game).__name__}")
    return game


def _random(game: Game) -> Agent:
    return RandomAgent()


def _expected(game: Game) -> Agent:
    return ExpectedMovementBot(_game(game))


def _strong(game: Game) -> Agent:
    return StrongBot(_game(game))


def _lookahead(game: Game) -> Agent:
    return LookaheadBot(_game(game))


def _best(game: Game) -> Agent:
    return SolvedBot(_game(game), "best")


def _perfect(game: Game) -> Agent:
    return SolvedBot(_game(game), "perfect")


def _text_ui(game: Game) -> TextUI:
    return PushOverText(_game(game))


def summarise(states: Sequence[State]) -> dict[str, float]:
    """Per-game means of the counters every position keeps, and rates per turn played."""
    finals = [s for s in states if isinstance(s, PushOverState)]
    if not finals:
        return {}
    games = len(finals)

    def total(name: str) -> int:
        return sum(s.counts[name] for s in finals)

    played = total("moves") + total("rollouts")
    banked = sum(sum(s.columns) for s in finals)
    return {
        "mean_turns": total("turns") / games,
        "rollout_rate": total("rollouts") / played if played else 0.0,
        "chips_per_game": sum(s.drawn for s in finals) / games,
        "chips_banked_per_game": banked / games,
        "pots_per_game": total("pots_taken") / games,
        "mean_move_per_turn": total("stops_moved") / played if played else 0.0,
        "missed_turn_rate": total("missed") / total("turns") if total("turns") else 0.0,
        "pushoffs_per_game": (total("pushoffs_full") + total("pushoffs_bare")) / games,
        "restarts_per_game": total("restarts") / games,
    }


SPEC = GameSpec(
    name=PushOverGame.name,
    title="Push Over",
    rule_letter="O",
    rules="pushover:rules.md",
    summary="Push Over (Parker Brothers 1981): push your luck with the dice, push others off",
    make_game=make_game,
    players=(2, 3, 4),
    bots={
        "random": _random,
        "expected": _expected,
        "strong": _strong,
        "lookahead": _lookahead,
        "best": _best,
        "perfect": _perfect,
        "bot": _perfect,
    },
    bot_help={
        "random": "rolls or stops at random",
        "expected": "maximises expected movement per turn (exact DP over the dice)",
        "strong": "DP over the dice against the board: pot, push-offs, roll-out cost",
        "lookahead": "the strong bot, valuing each ending of its turn over the next player's reply",
        "best": "2 players: the exact best reply to `expected` (a solved table); else lookahead",
        "perfect": "2 players: exact perfect play (a solved table); else lookahead",
        "bot": "the perfect bot (with 3 or 4 players: lookahead)",
    },
    default_seats=("human", "bot", "bot"),
    text_ui=_text_ui,
    summarise=summarise,
    table="pusher_sim.ui.pushover.pushover_table:open_table",
    page_table="pusher_sim.net:page/pushover.js",
    pettingzoo="pusher_sim.envs.push_over_v0",
    openspiel="pusher_sim.envs.openspiel.push_over:PushOverSpielGame",
    codec="pusher_sim.envs.pushover_codec:for_game",
)
