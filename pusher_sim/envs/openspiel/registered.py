"""Any registered game with a codec as the OpenSpiel game ``python_<name>``: one parameter,
``config``, a JSON object of its config values; the turn loop's own chance outcomes, numbered
as the state lists them, and the game's codec's action ids and views."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pusher_sim.envs.codec import codec_of
from pusher_sim.envs.openspiel.core import (
    TurnLoopSpielGame,
    config_parameter,
    game_info,
    turn_loop_game_type,
)
from pusher_sim.envs.openspiel.ids import ListedIds
from pusher_sim.turnloop.registry import GameSpec


def spiel_name(spec: GameSpec) -> str:
    """The OpenSpiel name of a registered game (``python_nim``)."""
    return f"python_{spec.name}"


def chance_bound(codec: object) -> int:
    """The most outcomes a chance node of the game lists: its codec's ``max_chance_outcomes``,
    0 (no chance nodes) where the codec has none."""
    return int(getattr(codec, "max_chance_outcomes", 0))


def registered_type(spec: GameSpec) -> Any:
    """The OpenSpiel type of a registered game: perfect information unless the game hides
    some, zero-sum if its entry says so, chance nodes if its codec counts any."""
    game = spec.make_game({})
    return turn_loop_game_type(
        spiel_name(spec),
        spec.title,
        perfect_information=not game.hides_information,
        zero_sum=spec.zero_sum,
        min_players=min(spec.players),
        max_players=max(spec.players),
        parameters={"config": ""},
        chance=chance_bound(codec_of(spec, game)) > 0,
    )


class RegisteredSpielGame(TurnLoopSpielGame):
    """A registered game made from its entry and the ``config`` parameter; :meth:`of` makes the
    class of one game (a class, not a closure: OpenSpiel holds what it registers until the
    process ends, and only a class is let go of cleanly then)."""

    spec: ClassVar[GameSpec]

    @classmethod
    def of(cls, spec: GameSpec) -> type[RegisteredSpielGame]:
        """The OpenSpiel game class of the registered game ``spec``."""
        return type(f"{spec.name.title()}SpielGame", (cls,), {"spec": spec})

    @classmethod
    def game_type(cls) -> Any:
        return registered_type(cls.spec)

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        spec = self.spec
        variant, values = config_parameter(params)
        game = spec.make_game(values)
        codec = codec_of(spec, game)
        info = game_info(game, codec.num_actions, chance_bound(codec), zero_sum=spec.zero_sum)
        super().__init__(registered_type(spec), info, {"config": variant}, game, ListedIds(codec))
