"""The host's save: the match's log, what sits in each seat and the hashes of the seats' tokens.

Written atomically after every move and every seat taken, so ``pusher host --load`` after a
crash (even SIGKILL) resumes the match where its last move left it, and joiners come back with
the tokens they hold. Only each token's SHA-256 is written: the file is no key to a seat.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pusher_sim import strict_json
from pusher_sim.atomic import atomic_write
from pusher_sim.errors import CorruptFile
from pusher_sim.saves import saves_dir
from pusher_sim.turnloop.log import MAX_LOG_BYTES, MAX_SEATS, GameLog, log_row, log_text
from pusher_sim.turnloop.schema import ListOf, Maybe, Obj, Rule, ShapeError, Text, describe

FORMAT = "pusher-host/1"


def _log(value: object, where: str) -> None:
    if not isinstance(value, dict):
        raise ShapeError(f"{where} must be an object, got {describe(value)}")


SHAPE = Obj(
    {
        "format": Text((FORMAT,)),
        "seats": ListOf(Text(max_len=32), MAX_SEATS, min_len=1),
        "tokens": ListOf(Maybe(Text(max_len=64)), MAX_SEATS, min_len=1),
        "log": Rule(_log),  # a game log: GameLog.from_json checks it
    },
    required=frozenset({"format", "seats", "tokens", "log"}),
)


def hosted_path(game: str) -> Path:
    """Where ``pusher host`` keeps a match of ``game`` unless told otherwise."""
    return saves_dir() / f"hosted-{game}.json"


def save_hosted(
    path: Path,
    kinds: list[str],
    tokens: list[str | None],
    log: GameLog,
    durable: bool = True,
    rows: LogRows | None = None,
) -> None:
    """Write the host's save whole (``durable=False`` after a move: see
    :func:`~pusher_sim.atomic.atomic_file`; a crash of the host loses nothing). ``rows`` keeps
    the lines of the moves already written, so a save after each move encodes only the new
    one."""
    head = {"format": FORMAT, "seats": kinds, "tokens": tokens}
    lines = [f' "{k}": {v}' for k, v in ((k, _compact(v)) for k, v in head.items())]
    data = log.to_json()
    done = None if rows is None else rows.rendered(data["actions"], data["outcomes"])
    body = log_text(data, done).rstrip("\n").replace("\n", "\n ")
    atomic_write(path, "{\n" + ",\n".join([*lines, f' "log": {body}']) + "\n}\n", durable)


class LogRows:
    """The lines of a growing log's actions and outcomes, each encoded once.

    A line is kept while the entry it was made from is the very object at its place in the log
    (a log only grows during a hosted match; after anything else the lines are made again)."""

    def __init__(self) -> None:
        self._made: dict[str, list[tuple[object, str]]] = {"actions": [], "outcomes": []}

    def rendered(self, actions: list[Any], outcomes: list[Any]) -> dict[str, list[str]]:
        return {
            key: self._extend(self._made[key], entries)
            for key, entries in (("actions", actions), ("outcomes", outcomes))
        }

    @staticmethod
    def _extend(made: list[tuple[object, str]], entries: list[Any]) -> list[str]:
        keep = min(len(made), len(entries))
        while keep and made[keep - 1][0] is not entries[keep - 1]:
            keep -= 1
        del made[keep:]
        made.extend((entry, log_row(entry)) for entry in entries[keep:])
        return [line for _, line in made]


def _compact(value: Any) -> str:
    import json

    return json.dumps(value, separators=(", ", ": "))


def load_hosted(path: str | Path) -> tuple[list[str], list[str | None], GameLog]:
    """Read a host's save back under the bounds of a saved log (CorruptFile naming the file)."""
    data = strict_json.load(path, MAX_LOG_BYTES + 64_000)
    try:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CorruptFile(f"not a {FORMAT} save of a hosted match")
        SHAPE.check(data, "save")
        log = GameLog.from_json(data["log"])
        if not len(data["seats"]) == len(data["tokens"]) == len(log.seats):
            raise CorruptFile("the seats, their tokens and the log's seats differ in number")
    except CorruptFile as exc:
        raise CorruptFile(f"{path}: {exc}") from None
    return list(data["seats"]), list(data["tokens"]), log
