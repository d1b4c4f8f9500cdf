"""Pusher's entry in the game registry: how to make the game, its bots, its text view, and the
figures ``pusher simulate`` reports.

This is the one module of the package that may reach the physics, and only lazily, inside
:func:`_physics`, so the rules, tests and scripted play never import pymunk.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, fields, replace
from typing import Any

from pusher_sim.errors import ConfigError
from pusher_sim.push import PushResolver
from pusher_sim.pusher.bots import GreedyPusherBot, RandomPusherBot
from pusher_sim.pusher.config import PusherConfig
from pusher_sim.pusher.memo import RememberingResolver
from pusher_sim.pusher.scripted import ScriptedResolver
from pusher_sim.pusher.search_bot import DEFAULT_BUDGET, SearchPusherBot, SearchSettings
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.pusher.text import PusherTextUI
from pusher_sim.turnloop.agents import Agent
from pusher_sim.turnloop.registry import GameSpec, TextUI
from pusher_sim.turnloop.state import Game, State

MAX_PUSH_STEPS = 100_000
"""Most physics steps one push may take (the model's defaults allow 9,600): bounds the work a
saved game can ask of a replay, whatever time step and simulated-time cap it carries."""


def make_game(options: Mapping[str, Any]) -> PusherGame:
    config = PusherConfig.from_mapping(options)
    if config.resolver == "scripted":
        return PusherGame(config, ScriptedResolver(config.scripted))
    config, resolver = _physics(config)
    return PusherGame(config, resolver)


def _physics(config: PusherConfig) -> tuple[PusherConfig, PushResolver]:
    """The pymunk resolver, and the config with every physics value and the model version
    written in, so that a saved game replays anywhere and carries its physics (never a path to
    it), and a game saved under another model is refused plainly instead of replaying
    differently."""
    from pusher_sim.physics import MODEL_VERSION, PhysicsConfig, PhysicsResolver

    if config.physics_model not in (None, MODEL_VERSION):
        raise ConfigError(
            f"this game was played under physics model {config.physics_model}; this build runs "
            f"model {MODEL_VERSION}, whose pushes would come out differently"
        )
    values = dict(config.physics or {})
    unknown = set(values) - {f.name for f in fields(PhysicsConfig)}
    if unknown:
        raise ConfigError(f"physics config: unknown value {sorted(unknown)[0]!r:.40}")
    physics = PhysicsConfig(**values)
    steps = physics.max_sim_time / physics.time_step
    if steps > MAX_PUSH_STEPS:
        raise ConfigError(
            f"physics config: max_sim_time / time_step allows {steps:.3g} steps per push; "
            f"a game may ask for at most {MAX_PUSH_STEPS:,}"
        )
    pinned = replace(config, physics=asdict(physics), physics_model=MODEL_VERSION)
    # A bot tries pushes before playing one; the memory saves simulating the chosen one twice.
    return pinned, RememberingResolver(PhysicsResolver(physics))


def _game(game: Game) -> PusherGame:
    if not isinstance(game, PusherGame):
        raise TypeError(f"not a Pusher game: {type(game).__name__}")
    return game


def _random_bot(game: Game) -> Agent:
    return RandomPusherBot()


def _greedy_bot(game: Game) -> Agent:
    return GreedyPusherBot()


def _search_bot(game: Game) -> Agent:
    return SearchPusherBot(SearchSettings.at_budget(DEFAULT_BUDGET))


def _quick_search_bot(game: Game) -> Agent:
    return SearchPusherBot(SearchSettings.at_budget(DEFAULT_BUDGET // 4))


def _text_ui(game: Game) -> TextUI:
    return PusherTextUI(_game(game))


def summarise(states: Sequence[State]) -> dict[str, float]:
    """Mean pushes per game, balls returned per push, and the share of unsettled pushes."""
    finals = [s for s in states if isinstance(s, PusherState)]
    games = len(finals) or 1
    pushes = sum(s.pushes for s in finals)
    returned = sum(s.returned for s in finals)
    unsettled = sum(s.unsettled for s in finals)
    return {
        "mean_pushes_per_game": pushes / games,
        "mean_balls_returned_per_push": returned / pushes if pushes else 0.0,
        "unsettled_pushes": float(unsettled),
        "move_cap_draws": float(sum(1 for s in finals if s.end == "move_cap")),
    }


SPEC = GameSpec(
    name="pusher",
    summary="the 1993 marble board: place, form triangles, push, bring all 17 balls home",
    make_game=make_game,
    players=(2, 3),
    bots={
        "random": _random_bot,
        "greedy": _greedy_bot,
        "quick": _quick_search_bot,
        "strong": _search_bot,
        "bot": _search_bot,
    },
    bot_help={
        "random": "random cup; random press point and flick",
        "greedy": "weighs placements; tries up to 12 pushes, keeps the first good or the best",
        "quick": f"the strong bot searching {DEFAULT_BUDGET // 4} trial pushes, not "
        f"{DEFAULT_BUDGET}",
        "strong": f"searches {DEFAULT_BUDGET} trial pushes (press point, strength, flick) "
        "with the physics; places looking at the push it forces",
        "bot": "the strong bot",
    },
    default_seats=("human", "bot"),
    text_ui=_text_ui,
    summarise=summarise,
    window="pusher_sim.ui.shell.app:run",
)
