"""Game logs: the game, its config, the seed, the seats, every action and what it came to.

A log replays exactly. Where an action's result is not fixed by the action itself (where a
Pusher push's balls came to rest), the log records that result as a fact of the game, like a
die's face: replay uses it and never works it out again, so a game outlives the model that
played it. Format ``pusher-log/1`` (before outcomes were recorded) is still read.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pusher_sim import strict_json
from pusher_sim.atomic import atomic_write
from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.schema import ListOf, Obj, Rule, ShapeError, Text, Whole, describe
from pusher_sim.turnloop.state import CHANCE, Game, State

FORMAT = "pusher-log/2"
"""What this build writes: version 1 plus ``outcomes``, one entry per action."""
OLD_FORMATS = ("pusher-log/1",)
"""Formats still read: a version-1 log records no outcomes (its game works them out once, as it
did when the game was played)."""

MAX_LOG_BYTES = 16_000_000
"""Largest log file read. A Pusher game on the published board at its default move cap writes
under 3 MB, its pushes' outcomes included (docs/robustness.md)."""
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


def _outcome_entry(value: object, where: str) -> None:
    """null, or an object: its contents are the game's to check (when the action is replayed)."""
    if value is not None and not isinstance(value, dict):
        raise ShapeError(f"{where} must be null or an object, got {describe(value)}")


SHAPE = Obj(
    {
        "format": Text((FORMAT, *OLD_FORMATS)),
        "game": Text(max_len=32),
        "config": Rule(_config),  # its contents are the game's to check (its from_mapping)
        "seed": Whole(0, MAX_SEED),
        "seats": ListOf(Text(max_len=32), MAX_SEATS, min_len=1),
        "actions": ListOf(Rule(_action_entry), MAX_ACTIONS),
        "movers": ListOf(Whole(-1, MAX_SEATS - 1), MAX_ACTIONS),
        "outcomes": ListOf(Rule(_outcome_entry), MAX_ACTIONS),
    },
    required=frozenset({"format", "game", "config", "seed", "seats", "actions", "movers"}),
)


@dataclass
class GameLog:
    """A game as played: its name, config, seed and seats, then every action, who made it and
    what it came to. It saves as JSON (docs/saved-games.md) and :func:`replay` rebuilds the game
    from it."""

    game: str
    config: dict[str, Any]
    seed: int
    seats: list[str]
    actions: list[dict[str, Any]] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)
    """Who made each action: a seat, or CHANCE."""
    outcomes: list[dict[str, Any] | None] = field(default_factory=list)
    """What each action came to, where the action alone does not say (a push: where its balls
    came to rest, and which model said so); None where it does, or where the log records
    nothing (a version-1 log). Entries past the last action are stale and never read."""

    def outcome(self, n: int) -> dict[str, Any] | None:
        """The recorded outcome of action ``n`` (0-based), None if the log records none."""
        return self.outcomes[n] if n < min(len(self.outcomes), len(self.actions)) else None

    def record(self, entry: dict[str, Any], mover: int, outcome: dict[str, Any] | None) -> None:
        """Add an action, its mover and its outcome at the end of the log.

        The outcome goes in first and the mover last: an interrupt between them leaves a log
        whose complete entries (as many as there are movers) still replay.
        """
        del self.outcomes[len(self.actions) :]  # anything past the actions is stale
        self.outcomes.extend([None] * (len(self.actions) - len(self.outcomes)))
        self.outcomes.append(outcome)
        self.actions.append(entry)
        self.movers.append(mover)

    def truncate(self, keep: int) -> None:
        """Keep only the first ``keep`` actions (with their movers and outcomes)."""
        del self.actions[keep:]
        del self.movers[keep:]
        del self.outcomes[keep:]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "config": self.config,
            "seed": self.seed,
            "seats": self.seats,
            "actions": self.actions,
            "movers": self.movers,
            "outcomes": [self.outcome(n) for n in range(len(self.actions))],
        }

    def save(self, path: str | Path) -> Path:
        """Write the log atomically (a failed write leaves any earlier file as it was); the
        path written."""
        return atomic_write(path, log_text(self.to_json()))

    @classmethod
    def from_json(cls, data: Any) -> GameLog:
        """Read a log from parsed JSON, refusing any field of the wrong type or size.

        The config is only checked to be an object here; the game checks its contents.
        """
        if not isinstance(data, dict) or data.get("format") not in (FORMAT, *OLD_FORMATS):
            raise CorruptFile(f"not a {FORMAT} game log")
        SHAPE.check(data, "log")
        if len(data["movers"]) != len(data["actions"]):
            raise CorruptFile("game log has a different number of actions and movers")
        if data["format"] == FORMAT:
            if "outcomes" not in data:
                raise CorruptFile(f"a {FORMAT} game log must list its outcomes")
            if len(data["outcomes"]) != len(data["actions"]):
                raise CorruptFile("game log has a different number of actions and outcomes")
        elif "outcomes" in data:
            raise CorruptFile(f"a {data['format']} game log records no outcomes")
        outcomes = data.get("outcomes") or [None] * len(data["actions"])
        return cls(
            game=data["game"],
            config=dict(data["config"]),
            seed=data["seed"],
            seats=list(data["seats"]),
            actions=list(data["actions"]),
            movers=list(data["movers"]),
            outcomes=[None if o is None else dict(o) for o in outcomes],
        )

    @classmethod
    def load(cls, path: str | Path) -> GameLog:
        """Read a log file under the bounds of :mod:`pusher_sim.strict_json` and :data:`SHAPE`."""
        data = strict_json.load(path, MAX_LOG_BYTES)
        try:
            return cls.from_json(data)
        except CorruptFile as exc:
            raise CorruptFile(f"{path}: {exc}") from None


_ONE_PER_LINE = frozenset({"actions", "outcomes"})
_ONE_LINE = frozenset({"movers"})


def log_text(data: Mapping[str, Any]) -> str:
    """A log as saved: indented, but one action and one outcome per line and the movers on one,
    so a long game stays readable and small (a push's outcome lists every ball on the board:
    indented item by item it would take three times the room)."""
    parts = []
    for key, value in data.items():
        if key in _ONE_PER_LINE and value:
            rows = ",\n  ".join(_compact(item) for item in value)
            text = f"[\n  {rows}\n ]"
        elif key in _ONE_LINE:
            text = _compact(value)
        else:
            text = json.dumps(value, indent=1, allow_nan=False).replace("\n", "\n ")
        parts.append(f" {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(", ", ": "), allow_nan=False)


@dataclass(frozen=True)
class Replayed:
    """One action as :func:`replay` applied it, for a caller that follows the replay."""

    number: int
    """1-based, as a user counts moves."""
    mover: int
    action: Action
    outcome: dict[str, Any] | None
    """What the action came to: as the log records it, or as worked out where it records none."""
    state: State
    """The state just after the action: the replay's own, changed by the next action."""


def replay(
    game: Game,
    log: GameLog,
    upto: int | None = None,
    each: Callable[[Replayed], None] | None = None,
) -> State:
    """The state after the log's first ``upto`` actions (all by default).

    Each action is applied with the outcome the log records for it (:meth:`State.apply_logged`),
    never working it out again; ``each`` is called after every action. A log whose actions do
    not decode or are not legal where they stand is corrupt, and so is one with an outcome that
    cannot be what its action came to, or with more seats or actions than its game can have
    (checked before any is replayed).
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
        recorded: Mapping[str, Any] | None = log.outcome(n)
        try:
            state.apply_logged(action, recorded)
        except IllegalMove as exc:
            raise CorruptFile(
                f"log action {n + 1} ({entry['type']}) is illegal there: {exc}"
            ) from None
        except CorruptFile as exc:
            raise CorruptFile(f"log action {n + 1} ({entry['type']}): {exc}") from None
        if each is not None:
            each(Replayed(n + 1, mover, action, state.logged_outcome(), state))
    return state


def complete(game: Game, log: GameLog) -> State:
    """Replay ``log`` (as :func:`replay`) and write into it the outcomes it does not record (a
    version-1 log's), so each is worked out once and the log, saved again, records them all."""
    outcomes: list[dict[str, Any] | None] = []

    def keep(step: Replayed) -> None:
        outcomes.append(step.outcome)

    state = replay(game, log, each=keep)
    log.outcomes = outcomes
    return state
