"""Pusher's entry in the game registry: how to make the game, its bots, its text view, and the
figures ``pusher simulate`` reports.

This is the one module of the package that may reach the physics, and only lazily, inside
:func:`_physics`, so the rules, tests and scripted play never import pymunk.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, replace
from typing import TYPE_CHECKING, Any

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.errors import ConfigError, CorruptFile
from pusher_sim.push_resolution import PushOutcome, PushResolver, PushSpec, push_step_problem
from pusher_sim.pusher.bots import GreedyPusherBot, RandomPusherBot
from pusher_sim.pusher.config import PusherConfig
from pusher_sim.pusher.hand import Hand
from pusher_sim.pusher.ladder import with_rating
from pusher_sim.pusher.memo import RememberingResolver
from pusher_sim.pusher.playback import PLAYBACK
from pusher_sim.pusher.resimulate import resimulate
from pusher_sim.pusher.scripted import ScriptedResolver
from pusher_sim.pusher.search_bot import DEFAULT_BUDGET, SearchPusherBot, SearchSettings
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.pusher.text import PusherTextUI
from pusher_sim.turnloop.agents import Agent
from pusher_sim.turnloop.registry import GameSpec, TextUI
from pusher_sim.turnloop.state import Game, State

if TYPE_CHECKING:
    from pusher_sim.physics import PhysicsConfig


def make_game(options: Mapping[str, Any]) -> PusherGame:
    config = PusherConfig.from_mapping(options)
    if config.resolver == "scripted":
        return PusherGame(config, ScriptedResolver(config.scripted))
    config, resolver, unrecorded = _physics(config)
    return PusherGame(config, resolver, unrecorded)


def _physics(config: PusherConfig) -> tuple[PusherConfig, PushResolver, PushResolver]:
    """The config with every physics value and the model version written in, so that a saved
    game carries its physics (never a path to it); the resolver for the pushes made now (this
    build's model); and the one for pushes a log records no outcome for (the model the config
    names, which a log saved before outcomes were recorded was played under).

    A new game (its physics not yet pinned) may name an older model this build runs (a
    benchmark's ``--model 7``): it is played under that model.

    A game made under an older model goes on under this build's: with the values the game
    chose itself (those that differ from its model's defaults) and this model's defaults for
    the rest. The older model is only built if a push needs it, so a log that records every
    outcome loads even where that model can no longer run.
    """
    from pusher_sim.physics import MODEL_VERSION, PhysicsResolver
    from pusher_sim.physics.config import MODEL_SETTINGS, config_for_model

    played = config.physics_model or MODEL_VERSION
    values = dict(config.physics or {})
    if played == MODEL_VERSION or (config.physics is None and played in MODEL_SETTINGS):
        # This build's model, or a new game (nothing pinned yet) naming an older one it runs.
        now = _bounded(config_for_model(played, values))
        pinned = replace(config, physics=asdict(now), physics_model=played)
        inner: PushResolver = PhysicsResolver(now)
        if played != MODEL_VERSION:
            inner = _ModelNamed(inner, played)
        resolver = RememberingResolver(inner)
        # A bot tries pushes before playing one; the memory saves simulating the chosen one twice.
        return pinned, resolver, resolver
    if played in MODEL_SETTINGS:
        then = _bounded(config_for_model(played, values))
        defaults = asdict(config_for_model(played, {}))
        own = {k: v for k, v in values.items() if defaults.get(k) != v}
        unrecorded: PushResolver = _ModelNamed(PhysicsResolver(then), played)
        pinned = replace(config, physics=asdict(then))
    else:
        own = values
        unrecorded = _Unrunnable(played, MODEL_SETTINGS)
        pinned = config
    now = _bounded(config_for_model(MODEL_VERSION, own))
    return pinned, RememberingResolver(PhysicsResolver(now)), unrecorded


def _bounded(physics: PhysicsConfig) -> PhysicsConfig:
    """``physics``, unless one push under it may take more than
    :data:`~pusher_sim.push_resolution.MAX_PUSH_STEPS`."""
    too_many = push_step_problem(physics.time_step, physics.max_sim_time)
    if too_many:
        raise ConfigError(f"physics config: {too_many}")
    return physics


class _ModelNamed:
    """An older model run by this build's physics: its outcomes name the model they were
    resolved as (the physics names its own version)."""

    def __init__(self, inner: PushResolver, model: str) -> None:
        self.inner = inner
        self._model = model

    @property
    def max_flick_speed(self) -> float:
        return self.inner.max_flick_speed

    @property
    def model(self) -> str:
        return self._model

    def resolve(
        self, board: Board, balls: Mapping[Cell, Colour], push: PushSpec, *, record: bool = False
    ) -> PushOutcome:
        return replace(self.inner.resolve(board, balls, push, record=record), model=self._model)


class _Unrunnable:
    """The model of a log this build cannot run: fine while the log records every outcome, a
    corrupt log (one line) if a push needs it."""

    def __init__(self, model: str, runnable: Mapping[str, Any]) -> None:
        self._model = model
        self._runnable = ", ".join(sorted(runnable))

    @property
    def max_flick_speed(self) -> float:
        return 0.0

    @property
    def model(self) -> str:
        return self._model

    def resolve(
        self, board: Board, balls: Mapping[Cell, Colour], push: PushSpec, *, record: bool = False
    ) -> PushOutcome:
        raise CorruptFile(
            f"the log records no outcome for this push, and its physics model {self._model!r:.20}"
            f" is not one this build can run ({self._runnable})"
        )


def _game(game: Game) -> PusherGame:
    if not isinstance(game, PusherGame):
        raise TypeError(f"not a Pusher game: {type(game).__name__}")
    return game


def _random_bot(game: Game) -> Agent:
    return RandomPusherBot()


def _greedy_bot(game: Game) -> Agent:
    return GreedyPusherBot()


def _table_hand(game: Game) -> Hand | None:
    """The hand a searching bot values its pushes by: the table's (None where it is exact)."""
    hand = _game(game).config.hand
    return None if hand.exact else hand


def _search_bot(game: Game) -> Agent:
    return SearchPusherBot(SearchSettings.at_budget(DEFAULT_BUDGET, hand=_table_hand(game)))


def _quick_search_bot(game: Game) -> Agent:
    return SearchPusherBot(SearchSettings.at_budget(DEFAULT_BUDGET // 4, hand=_table_hand(game)))


def _blind_search_bot(game: Game) -> Agent:
    return SearchPusherBot(SearchSettings.at_budget(DEFAULT_BUDGET))


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
    name=PusherGame.name,
    title="Pusher",
    rule_letter="P",
    rules="pusher_sim.pusher:rules.md",
    summary="the 1993 marble board: place, form triangles, push, bring all 17 balls home",
    make_game=make_game,
    players=(2, 3),
    bots={
        "random": _random_bot,
        "greedy": _greedy_bot,
        "quick": _quick_search_bot,
        "strong": _search_bot,
        "blind": _blind_search_bot,
        "bot": _search_bot,
    },
    bot_help={
        bot: with_rating(bot, text)
        for bot, text in {
            "random": "random cup; random press point and flick",
            "greedy": "weighs placements; tries up to 12 pushes, keeps the first good or the best",
            "quick": f"the strong bot searching {DEFAULT_BUDGET // 4} trial pushes, not "
            f"{DEFAULT_BUDGET}",
            "strong": f"tries {DEFAULT_BUDGET} pushes as the table's hand makes them; places "
            "looking at the push it forces",
            "blind": "the strong bot judging pushes as if made exactly (a comparison)",
            "bot": "the strong bot",
        }.items()
    },
    default_seats=("human", "bot"),
    text_ui=_text_ui,
    summarise=summarise,
    table="pusher_sim.ui.pusher.pusher_table:open_table",
    page_table="pusher_sim.net:page/pusher.js",
    pettingzoo="pusher_sim.envs.pusher_v0",
    openspiel="pusher_sim.envs.openspiel.pusher:PusherSpielGame",
    zero_sum=True,
    resimulate=resimulate,
    playback=PLAYBACK,
)
