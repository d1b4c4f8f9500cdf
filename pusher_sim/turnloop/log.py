"""Game logs: the game, its config, the seed, the seats and every action. A log replays exactly."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.turnloop.state import Game, State

FORMAT = "pusher-log/1"


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
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def from_json(cls, data: Any) -> GameLog:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CorruptFile(f"not a {FORMAT} game log")
        try:
            log = cls(
                game=str(data["game"]),
                config=dict(data["config"]),
                seed=int(data["seed"]),
                seats=[str(s) for s in data["seats"]],
                actions=list(data["actions"]),
                movers=[int(m) for m in data["movers"]],
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptFile(f"game log is missing or mangles {exc}") from None
        if len(log.movers) != len(log.actions):
            raise CorruptFile("game log has a different number of actions and movers")
        return log

    @classmethod
    def load(cls, path: str | Path) -> GameLog:
        try:
            text = Path(path).read_text()
        except OSError as exc:
            raise CorruptFile(f"cannot read {path}: {exc.strerror}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CorruptFile(f"{path} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
        return cls.from_json(data)


def replay(game: Game, log: GameLog, upto: int | None = None) -> State:
    """The state after the log's first ``upto`` actions (all by default).

    A log whose actions do not decode or are not legal where they stand is corrupt.
    """
    state = game.new_initial_state()
    for n, (entry, mover) in enumerate(zip(log.actions[:upto], log.movers, strict=False)):
        if state.current_player() != mover:
            raise CorruptFile(
                f"log action {n + 1} is by {mover}, but {state.current_player()} moves"
            )
        action = game.action_codec.decode(entry)
        try:
            state.apply(action)
        except IllegalMove as exc:
            raise CorruptFile(
                f"log action {n + 1} ({entry['type']}) is illegal there: {exc}"
            ) from None
    return state
