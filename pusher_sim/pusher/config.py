"""Pusher's config: the table size and every decision of its rules (docs/rules.md), as data.

A config travels in every game log (``PusherGame.config_json``), so a log replays under the rules
it was played with. Each field says which rule it belongs to.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from pusher_sim.board import PLAYER_COLOURS, Board, Colour
from pusher_sim.errors import ConfigError
from pusher_sim.pusher.hand import DEFAULT_HAND, HANDS, Hand, hand_from
from pusher_sim.turnloop.schema import Flag, ListOf, Maybe, Obj, Real, Rule, ShapeError, Text, Whole

MAX_BOARD_RADIUS = 10
"""Largest board a config may ask for: 331 cups (the published board has radius 5, 91 cups)."""
MAX_BALLS_PER_PLAYER = 100

ResolverKind = Literal["physics", "scripted"]
NoTriangleCup = Literal["place_freely", "pass"]
OwnColourOnly = Literal["skip", "place_freely"]


@dataclass(frozen=True)
class ScriptedConfig:
    """The scripted resolver's knobs (see :mod:`pusher_sim.pusher.scripted`)."""

    max_flick_speed: float = 1.0
    """m/s; the hardest flick :meth:`PusherState.validate` accepts under this resolver."""
    base_cups: float = 1.0
    """How far, in cup pitches, each triangle ball is driven away from the press point."""
    flick_cups: float = 3.0
    """Extra pitches a flick at full speed adds along its direction."""

    def __post_init__(self) -> None:
        for name in ("max_flick_speed", "base_cups", "flick_cups"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ConfigError(f"scripted.{name} must be a number, got {value!r}")
            if not (math.isfinite(value) and value >= 0):
                raise ConfigError(f"scripted.{name} must be finite and not negative")
        if self.max_flick_speed <= 0:
            raise ConfigError("scripted.max_flick_speed must be positive")


@dataclass(frozen=True)
class PusherConfig:
    """Everything that makes one Pusher game, with the rules' decisions as defaults."""

    players: int = 2
    """P1: 2 or 3."""
    balls_per_player: int = 17
    """P1: each player's balls (the published game: 17)."""
    board_radius: int = 5
    """Rings around the centre cup: 5 is the published 91-cup board; smaller ones suit tests."""
    colours: tuple[str, ...] = ()
    """P1: each seat's colour (red/blue/yellow); empty means red, blue, yellow in seat order."""
    black_is_foreign: bool = True
    """P2: the black centre cup takes anyone's ball."""
    on_own_colour_only: OwnColourOnly = "skip"
    """P7: every cup that would form a triangle is the mover's colour: skip, or place freely."""
    when_no_triangle_cup: NoTriangleCup = "place_freely"
    """P7 decision: a pair exists but no empty cup would form a triangle: place freely, or pass."""
    draw_when_all_pass: bool = True
    """P7 decision: every player passing in turn ends the game as a draw."""
    free_roll_empty_neighbours: int = 1
    """P9 decision: a ball can roll freely with at least this many empty neighbouring cups."""
    press_region: float = 1.0
    """P8 decision: the press point must lie in the triangle of the three cup centres shrunk by
    this factor about its centre (1.0 = anywhere inside; 0.0 = the centre only)."""
    resolver: ResolverKind = "physics"
    """Who says where the balls rest after a push (P8, P13)."""
    physics: Mapping[str, Any] | None = None
    """The physics values: a mapping of them (each game pins all of them when it is made, so a
    log carries its physics, never a path to it), or None for the model's defaults."""
    physics_model: str | None = None
    """The physics model version a game is played under (set when the game is made, so a log
    says which model resolved its pushes); None until then."""
    scripted: ScriptedConfig = field(default_factory=ScriptedConfig)
    move_cap: int = 3000
    """Actions after which an unfinished game ends as a draw, so that no game runs forever."""
    hand: Hand = field(default_factory=lambda: HANDS[DEFAULT_HAND])
    """P8 decision: the table's hand, with which every seat's push is made (a name of
    :data:`~pusher_sim.pusher.hand.HANDS`, or its spreads); a saved game from before the hand
    reads as ``exact``."""

    def __post_init__(self) -> None:
        if self.players not in (2, 3):
            raise ConfigError(f"Pusher takes 2 or 3 players, got {self.players}")
        if self.balls_per_player < 1:
            raise ConfigError(f"balls_per_player must be at least 1, got {self.balls_per_player}")
        if not 1 <= self.board_radius <= MAX_BOARD_RADIUS:
            raise ConfigError(
                f"board_radius must be 1..{MAX_BOARD_RADIUS}, got {self.board_radius}"
            )
        if self.balls_per_player > MAX_BALLS_PER_PLAYER:
            raise ConfigError(
                f"balls_per_player must be 1..{MAX_BALLS_PER_PLAYER}, got {self.balls_per_player}"
            )
        if self.physics is not None and not isinstance(self.physics, Mapping):
            raise ConfigError(
                f"physics must be an object of physics values, not {self.physics!r:.40}"
            )
        names = self.colours or tuple(c.label for c in PLAYER_COLOURS[: self.players])
        known = {c.label for c in PLAYER_COLOURS}
        if len(names) != self.players or len(set(names)) != len(names) or set(names) - known:
            raise ConfigError(
                f"colours must be {self.players} different ones of red/blue/yellow, got {names}"
            )
        object.__setattr__(self, "colours", tuple(names))
        if self.on_own_colour_only not in ("skip", "place_freely"):
            raise ConfigError(
                f"on_own_colour_only: skip or place_freely, not {self.on_own_colour_only!r}"
            )
        if self.when_no_triangle_cup not in ("place_freely", "pass"):
            raise ConfigError(
                f"when_no_triangle_cup: place_freely or pass, not {self.when_no_triangle_cup!r}"
            )
        if not 1 <= self.free_roll_empty_neighbours <= 6:
            raise ConfigError("free_roll_empty_neighbours must be 1..6 (a push needs a free cup)")
        if not (math.isfinite(self.press_region) and 0.0 <= self.press_region <= 1.0):
            raise ConfigError(f"press_region must be in [0, 1], got {self.press_region}")
        if self.resolver not in ("physics", "scripted"):
            raise ConfigError(f"resolver must be physics or scripted, got {self.resolver!r}")
        if self.move_cap < 1:
            raise ConfigError(f"move_cap must be at least 1, got {self.move_cap}")
        object.__setattr__(self, "hand", hand_from(self.hand))

    @property
    def seat_colours(self) -> tuple[Colour, ...]:
        return tuple(Colour[name.upper()] for name in self.colours)

    def board(self) -> Board:
        return Board(radius=self.board_radius)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["colours"] = list(self.colours)
        if isinstance(self.physics, Mapping):
            data["physics"] = dict(self.physics)
        data["hand"] = self.hand.to_json()
        return data

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> PusherConfig:
        """Read a config (a log's, or options): exact types and bounded numbers, no coercion."""
        SHAPE.check(data, "pusher config")
        values = dict(data)
        if "colours" in values:
            values["colours"] = tuple(values["colours"])
        if "scripted" in values and not isinstance(values["scripted"], ScriptedConfig):
            values["scripted"] = ScriptedConfig(**values["scripted"])
        if values.get("physics") is not None:
            values["physics"] = dict(values["physics"])
        if "hand" not in values and set(values) >= WRITTEN_BEFORE_HAND:
            values["hand"] = HANDS["exact"]  # a saved game from before the hand: made exactly
        return cls(**values)


def _scripted(value: object, where: str) -> None:
    if not isinstance(value, ScriptedConfig):
        SCRIPTED_SHAPE.check(value, where)


def _hand(value: object, where: str) -> None:
    if not isinstance(value, Hand):
        try:
            hand_from(value)
        except ConfigError as exc:
            raise ShapeError(f"{where}: {exc}") from None


def _physics_values(value: object, where: str) -> None:
    """An object of named numbers and switches (true/false: which of a model's changes are on).
    Which names, which type and what bounds is the physics config's to say (the game checks them
    against it when it is made); here only the JSON shape is checked."""
    if not isinstance(value, Mapping):
        raise ShapeError(
            f"{where} must be an object of physics values (a log carries them, not a path), "
            f"got {value!r:.40}"
        )
    if len(value) > 200:
        raise ShapeError(f"{where} has {len(value)} entries")
    for key, item in value.items():
        Text(max_len=64).check(key, f"{where} key")
        if not isinstance(item, bool):
            Real(-1e9, 1e9).check(item, f"{where}.{key}")


SHAPE = Obj(
    {
        "players": Whole(2, 3),
        "balls_per_player": Whole(1, MAX_BALLS_PER_PLAYER),
        "board_radius": Whole(1, MAX_BOARD_RADIUS),
        "colours": ListOf(Text(tuple(c.label for c in PLAYER_COLOURS)), 3),
        "black_is_foreign": Flag(),
        "on_own_colour_only": Text(("skip", "place_freely")),
        "when_no_triangle_cup": Text(("place_freely", "pass")),
        "draw_when_all_pass": Flag(),
        "free_roll_empty_neighbours": Whole(1, 6),
        "press_region": Real(0.0, 1.0),
        "resolver": Text(("physics", "scripted")),
        "physics": Maybe(Rule(_physics_values)),
        "physics_model": Maybe(Text(max_len=16)),
        "scripted": Rule(lambda value, where: _scripted(value, where)),
        "move_cap": Whole(1, 20_000),
        "hand": Rule(lambda value, where: _hand(value, where)),
    }
)
"""Every field's JSON type and bounds: a log's config is checked against it before use."""

SCRIPTED_SHAPE = Obj(
    {
        "max_flick_speed": Real(0.0, 100.0),
        "base_cups": Real(0.0, 100.0),
        "flick_cups": Real(0.0, 100.0),
    }
)

WRITTEN_BEFORE_HAND = frozenset(SHAPE.fields) - {"hand", "physics_model"}
"""A config with every one of these fields and no hand is a game log's from before the hand (a
game's config is written whole, and every log has had these since the first; ``physics_model``
came later); fewer fields are options for a new game, which gets the default hand."""
