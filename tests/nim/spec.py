"""Nim's entry in the game registry: everything the project's tools need to play it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pusher_sim.turnloop.agents import Agent, RandomAgent
from pusher_sim.turnloop.registry import GameSpec, TextUI
from pusher_sim.turnloop.state import Game
from tests.nim.bots import NimSumBot
from tests.nim.game import NimGame
from tests.nim.text import NimText


def make_game(config: Mapping[str, Any]) -> NimGame:
    return NimGame(config)


def _random(game: Game) -> Agent:
    return RandomAgent()


def _perfect(game: Game) -> Agent:
    return NimSumBot()


def _text_ui(game: Game) -> TextUI:
    return NimText()


SPEC = GameSpec(
    name="nim",
    title="Nim",
    rule_letter="N",
    rules="tests.nim:rules.md",
    summary="Nim: take counters from one of three heaps; whoever takes the last wins",
    make_game=make_game,
    players=(2,),
    bots={"random": _random, "perfect": _perfect},
    bot_help={"random": "takes at random", "perfect": "moves to a nim-sum of zero when it can"},
    default_seats=("human", "perfect"),
    text_ui=_text_ui,
    codec="tests.nim.codec:NimCodec",
    zero_sum=True,
)
