"""The host's save: the match's log, what sits in each seat and the hashes of the seats' tokens.

Written whole and atomically whenever a seat is taken (and at a session's first move); each
move after that is one line appended to the save's journal beside it (``NAME.moves``) with a
single ``write``, before any peer hears of the move. So ``pusher host --load`` after a crash
(even SIGKILL) resumes the match where its last move left it, and joiners come back with the
tokens they hold, while a move costs a few microseconds of disk work instead of rewriting the
whole match. Only each token's SHA-256 is written: the file is no key to a seat.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pusher_sim import strict_json
from pusher_sim.atomic import atomic_write
from pusher_sim.errors import CorruptFile, UserError
from pusher_sim.saves import saves_dir
from pusher_sim.turnloop.log import MAX_LOG_BYTES, MAX_SEATS, GameLog, log_text
from pusher_sim.turnloop.schema import (
    ListOf,
    Maybe,
    Obj,
    Rule,
    ShapeError,
    Text,
    Whole,
    describe,
)

FORMAT = "pusher-host/1"


def _log(value: object, where: str) -> None:
    if not isinstance(value, dict):
        raise ShapeError(f"{where} must be an object, got {describe(value)}")


SHAPE = Obj(
    {
        "format": Text((FORMAT,)),
        "seats": ListOf(Text(max_len=32), MAX_SEATS, min_len=1),
        "tokens": ListOf(Maybe(Text(max_len=64)), MAX_SEATS, min_len=1),
        "bind": Text(max_len=255),
        "port": Whole(0, 65535),
        "log": Rule(_log),  # a game log: GameLog.from_json checks it
    },
    required=frozenset({"format", "seats", "tokens", "log"}),
)


def _entry(value: object, where: str) -> None:
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise ShapeError(f"{where} must be an object with a 'type', got {describe(value)}")


def _outcome(value: object, where: str) -> None:
    if value is not None and not isinstance(value, dict):
        raise ShapeError(f"{where} must be an object or null, got {describe(value)}")


MOVE_SHAPE = Obj(
    {
        "n": Whole(0, 10_000_000),
        "action": Rule(_entry),
        "mover": Whole(-1, MAX_SEATS - 1),
        "outcome": Rule(_outcome),
    },
    required=frozenset({"n", "action", "mover", "outcome"}),
)
"""One line of the journal: move ``n`` (0-based) as the log records it."""


def journal_path(path: Path) -> Path:
    """The journal of the moves played since the save at ``path`` was last written whole."""
    return path.with_name(f"{path.name}.moves")


def hosted_path(game: str) -> Path:
    """Where ``pusher host`` keeps a match of ``game`` unless told otherwise."""
    return saves_dir() / f"hosted-{game}.json"


@dataclass(frozen=True)
class SavedHost:
    """A hosted match as its save keeps it: what sits in each seat, the hashes of the seats'
    tokens, where it was served (so ``--load`` serves it there again) and its log."""

    kinds: list[str]
    tokens: list[str | None]
    log: GameLog
    bind: str | None = None
    port: int | None = None


def save_hosted(path: Path, saved: SavedHost, durable: bool = True) -> None:
    """Write the host's save whole (``durable=False`` after a move: see
    :func:`~pusher_sim.atomic.atomic_file`; a crash of the host loses nothing)."""
    head: dict[str, Any] = {"format": FORMAT, "seats": saved.kinds, "tokens": saved.tokens}
    if saved.port is not None:
        head |= {"bind": saved.bind, "port": saved.port}
    log = saved.log
    lines = [f' "{k}": {v}' for k, v in ((k, _compact(v)) for k, v in head.items())]
    body = log_text(log.to_json()).rstrip("\n").replace("\n", "\n ")
    atomic_write(path, "{\n" + ",\n".join([*lines, f' "log": {body}']) + "\n}\n", durable)


def _compact(value: Any) -> str:
    import json

    return json.dumps(value, separators=(", ", ": "))


def load_hosted(path: str | Path) -> SavedHost:
    """Read a host's save back, with the moves its journal adds, under the bounds of a saved log
    (CorruptFile naming the file)."""
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
    journal = journal_path(Path(path))
    if journal.exists():
        try:
            log = GameLog.from_json(_follow(log, strict_json.read_bytes(journal, MAX_LOG_BYTES)))
        except CorruptFile as exc:
            raise CorruptFile(f"{journal}: {exc}") from None
    kinds, tokens = list(data["seats"]), list(data["tokens"])
    return SavedHost(kinds, tokens, log, data.get("bind"), data.get("port"))


def _follow(log: GameLog, raw: bytes) -> dict[str, Any]:
    """The log with the journal's moves after its own (a line the save already holds is
    skipped; an unfinished last line, a write the host never completed, is no move)."""
    data = log.to_json()
    lines = raw.split(b"\n")[:-1]  # whatever follows the last newline was never finished
    for number, line in enumerate(lines, 1):
        move = strict_json.parse_exact(line, f"line {number}")
        MOVE_SHAPE.check(move, f"line {number}")
        if move["n"] > len(data["actions"]):
            raise CorruptFile(f"line {number} is move {move['n'] + 1}, after a gap")
        if move["n"] == len(data["actions"]):
            data["actions"].append(move["action"])
            data["movers"].append(move["mover"])
            data["outcomes"].append(move["outcome"])
    return data


class HostFile:
    """Where a hosted match is kept: the save written whole, and each move appended to its
    journal in between. A folder that cannot take it is said once (``problem``) and play goes
    on, as at home."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem = ""
        """Why the last write failed ("" if it did not)."""
        self._journal: Journal | None = None
        """Where each move is appended once the save has been written whole this session."""

    def write(self, saved: SavedHost, over: bool, durable: bool = True) -> None:
        """Write the save whole and start its journal afresh (none once the match is over:
        the save then holds it all)."""
        try:
            save_hosted(self.path, saved, durable)
            if self._journal is not None:
                self._journal.close()
                self._journal = None
            if over:
                journal_path(self.path).unlink(missing_ok=True)
            else:
                self._journal = Journal(self.path)
        except UserError as exc:
            self.problem = str(exc)
        else:
            self.problem = ""

    def add_move(self, saved: SavedHost, over: bool) -> None:
        """The move just played: one line appended to the journal (one ``write``, no flush to
        the disk: a crash of the host loses nothing); the whole save when there is no journal
        yet, the disk refused the line or the match is over (its save is then one whole file,
        durable)."""
        if self._journal is not None and not over:
            try:
                self._journal.add(saved.log)
            except UserError:
                pass
            else:
                self.problem = ""
                return
        self.write(saved, over, durable=over)


class Journal:
    """The moves of a hosted match appended to :func:`journal_path`, one line each."""

    def __init__(self, path: Path) -> None:
        """Start an empty journal (the save beside it has just been written whole)."""
        self.path = journal_path(path)
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND
        try:
            self._fd: int | None = os.open(self.path, flags, 0o600)
            os.fchmod(self._fd, 0o600)  # private like the save: it holds Push's shuffles
        except OSError as exc:
            raise UserError(f"cannot write {self.path}: {exc.strerror or exc}") from None

    def add(self, log: GameLog) -> None:
        """Append the log's last move with one ``write`` (UserError if the disk refused it)."""
        n = len(log.actions) - 1
        move = {"n": n, "action": log.actions[n], "mover": log.movers[n]}
        line = _compact({**move, "outcome": log.outcome(n)}) + "\n"
        raw = line.encode("utf-8")
        if self._fd is None:
            raise UserError(f"{self.path} is closed")
        try:
            written = os.write(self._fd, raw)
        except OSError as exc:
            raise UserError(f"could not write {self.path}: {exc.strerror or exc}") from None
        if written != len(raw):
            raise UserError(f"could not write {self.path}: the disk took part of a move")

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
