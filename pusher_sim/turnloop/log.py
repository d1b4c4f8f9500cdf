"""Game logs: the game, its config, the seed, the seats and every action. A log replays exactly."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pusher_sim import strict_json
from pusher_sim.atomic import atomic_write
from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.turnloop.schema import ListOf, Obj, Rule, ShapeError, Text, Whole, describe
from pusher_sim.turnloop.state import CHANCE, Game, State

FORMAT = "pusher-log/1"

MAX_LOG_BYTES = 16_000_000
"""Largest log file read. The longest game any config allows writes a few MB."""
MAX_SEED = 2**63 - 1
MAX_ACTIONS = 1_000_000
"""Most actions a log may hold whatever its game; each game's own ``max_game_length`` is
checked too, before any is replayed."""
MAX_SEATS = 8


def _action_entry(value: object, where: str) -> None:
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise ShapeError(f"{where} must be an object with a 'type', got {describe(value)}")


def _config(value: object, where: str) -> None:
    if not isinstance(value, dict):
        raise ShapeError(f"{where} must be an object, got {describe(value)}")


SHAPE = Obj(
    {
        "format": Text((FORMAT,)),
        "game": Text(max_len=32),
        "config": Rule(_config),  # its contents are the game's to check (its from_mapping)
        "seed": Whole(0, MAX_SEED),
        "seats": ListOf(Text(max_len=32), MAX_SEATS, min_len=1),
        "actions": ListOf(Rule(_action_entry), MAX_ACTIONS),
        "movers": ListOf(Whole(-1, MAX_SEATS - 1), MAX_ACTIONS),
    },
    required=frozenset({"format", "game", "config", "seed", "seats", "actions", "movers"}),
)


@dataclass
class GameLog:
    game: str
    config: dict[str, Any]
    seed: int
    seats: list[str]
    actions: list[dict[str, Any]] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)
    """Who made each action: a seat, or CHANCE."""

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "config": self.config,
            "seed": self.seed,
            "seats": self.seats,
            "actions": self.actions,
            "movers": self.movers,
        }

    def save(self, path: str | Path) -> None:
        """Write the log atomically: a failed write leaves any earlier file as it was."""
        atomic_write(path, json.dumps(self.to_json(), indent=1, allow_nan=False) + "\n")

    @classmethod
    def from_json(cls, data: Any) -> GameLog:
        """Read a log from parsed JSON, refusing any field of the wrong type or size.

        The config is only checked to be an object here; the game checks its contents.
        """
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CorruptFile(f"not a {FORMAT} game log")
        SHAPE.check(data, "log")
        if len(data["movers"]) != len(data["actions"]):
            raise CorruptFile("game log has a different number of actions and movers")
        return cls(
            game=data["game"],
            config=dict(data["config"]),
            seed=data["seed"],
            seats=list(data["seats"]),
            actions=list(data["actions"]),
            movers=list(data["movers"]),
        )

    @classmethod
    def load(cls, path: str | Path) -> GameLog:
        """Read a log file under the bounds of :mod:`pusher_sim.strict_json` and :data:`SHAPE`."""
        data = strict_json.load(path, MAX_LOG_BYTES)
        try:
            return cls.from_json(data)
        except CorruptFile as exc:
            raise CorruptFile(f"{path}: {exc}") from None


def replay(game: Game, log: GameLog, upto: int | None = None) -> State:
    """The state after the log's first ``upto`` actions (all by default).

    A log whose actions do not decode or are not legal where they stand is corrupt, and so is
    one with more seats or actions than its game can have (checked before any is replayed).
    """
    if len(log.seats) != game.num_players:
        raise CorruptFile(
            f"the log has {len(log.seats)} seats, but its {game.name} config is for "
            f"{game.num_players} players"
        )
    stray = next((m for m in log.movers if not CHANCE <= m < game.num_players), None)
    if stray is not None:
        raise CorruptFile(
            f"the log names mover {stray}; a {game.name} game has seats 0..{game.num_players - 1}"
        )
    if len(log.actions) > game.max_game_length:
        raise CorruptFile(
            f"the log has {len(log.actions)} actions; a {game.name} game ends within "
            f"{game.max_game_length}"
        )
    state = game.new_initial_state()
    for n, (entry, mover) in enumerate(zip(log.actions[:upto], log.movers, strict=False)):
        if state.current_player() != mover:
            raise CorruptFile(
                f"log action {n + 1} is by {mover}, but {state.current_player()} moves"
            )
        try:
            action = game.action_codec.decode(entry)
        except CorruptFile as exc:
            raise CorruptFile(f"log action {n + 1}: {exc}") from None
        try:
            state.apply(action)
        except IllegalMove as exc:
            raise CorruptFile(
                f"log action {n + 1} ({entry['type']}) is illegal there: {exc}"
            ) from None
    return state
