"""The wire format: JSON text frames with a version, read strictly and within a size bound.

Every message is one JSON object ``{"v": 2, "kind": ..., ...}`` in a text frame. A peer's
frame is read by :mod:`pusher_sim.strict_json` (bounded size and depth, no duplicate keys,
finite exact numbers) and its fields are checked against a shape per kind; anything else is a
:class:`ProtocolError` whose ``code`` the host sends back in an ``error`` frame. Nothing read
is executed, imported or used as a path: an action is decoded by its game's codec, which only
builds frozen dataclasses. docs/network.md lists every kind.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pusher_sim import strict_json
from pusher_sim.errors import CorruptFile
from pusher_sim.printable import without_controls
from pusher_sim.turnloop.schema import Maybe, Obj, Rule, ShapeError, Text, Whole, describe

VERSION = 2
"""The protocol version every message carries as ``v``; a peer speaking another is refused."""

MAX_PEER_FRAME = 64 * 1024
"""Largest frame a joined peer may send (a Push meld of 108 cards is under 4 KB)."""
MAX_HOST_FRAME = 16_000_000
"""Largest frame a client reads from its host: a Pusher view with every push of a long game
(the same bound as a saved log, :data:`~pusher_sim.turnloop.log.MAX_LOG_BYTES`)."""
MAX_NAME = 32
MAX_CHAT = 200
"""Characters of one chat line, after control characters are stripped."""
CHAT_HISTORY = 50
"""Chat lines a welcome repeats (the host keeps no more, and saves none)."""
TOKEN_CHARS = 43
"""A seat token: 32 random bytes in URL-safe base64 (``secrets.token_urlsafe(32)``)."""
MAX_MOVES = 1_000_000
WATCH = "watch"
PLAY = "play"

# Error codes (docs/network.md: each, and what the host does after it).
TOO_BIG = "too-big"
BAD_JSON = "bad-json"
BAD_VERSION = "version"
BAD_MESSAGE = "bad-message"
UNKNOWN_KIND = "unknown-kind"
NOT_YOUR_TURN = "not-your-turn"
STALE = "stale"
ILLEGAL = "illegal"
BAD_TOKEN = "bad-token"
SEAT_TAKEN = "seat-taken"
NO_SEAT = "no-seat"
FLOOD = "flood"
TIMEOUT = "timeout"
WATCHING = "watching"
CHAT_RATE = "chat-rate"
ORIGIN = "origin"
FULL = "full"


class ProtocolError(Exception):
    """A message the host (or a client) refuses: ``code`` names why, the text says what."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.reason = message

    def __reduce__(self) -> tuple[type[ProtocolError], tuple[str, str]]:
        return (type(self), (self.code, self.reason))


@dataclass(frozen=True)
class Hello:
    """The first message of every connection: play a seat (any open one, or ``seat``), take a
    held seat back with its ``token``, or watch."""

    role: str
    seat: int | None = None
    token: str | None = None
    name: str = ""


@dataclass(frozen=True)
class Chat:
    """One line of table chat from a peer, already stripped of control characters."""

    text: str


@dataclass(frozen=True)
class Act:
    """An action for move ``move`` (the number of moves played before it): an action aimed at
    a position that has moved on is refused as stale, never applied to the new one."""

    move: int
    action: dict[str, Any]


def _action(value: object, where: str) -> None:
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise ShapeError(f"{where} must be an object with a 'type', got {describe(value)}")


_TOKEN = Text(max_len=TOKEN_CHARS)
_RAW_TEXT = 4 * MAX_CHAT
"""A chat line or name as sent, before its control characters are stripped."""
PEER_SHAPES = {
    "hello": Obj(
        {
            "v": Whole(0, 1 << 30),
            "kind": Text(),
            "role": Text((PLAY, WATCH)),
            "seat": Maybe(Whole(0, 7)),
            "token": Maybe(_TOKEN),
            "name": Text(max_len=_RAW_TEXT),
        },
        required=frozenset({"v", "kind", "role"}),
    ),
    "chat": Obj(
        {"v": Whole(0, 1 << 30), "kind": Text(), "text": Text(max_len=_RAW_TEXT)},
        required=frozenset({"v", "kind", "text"}),
    ),
    "act": Obj(
        {
            "v": Whole(0, 1 << 30),
            "kind": Text(),
            "move": Whole(0, MAX_MOVES),
            "action": Rule(_action),
        },
        required=frozenset({"v", "kind", "move", "action"}),
    ),
}
"""What a joined peer may send, kind by kind."""


def version_line(theirs: object, from_host: bool) -> str:
    """The one line that refuses a peer of another protocol version, naming who to update."""
    if from_host:
        return f"this client speaks protocol {VERSION}, the host {describe(theirs)}: update both"
    return f"this host speaks protocol {VERSION}, the client {describe(theirs)}: update the client"


def parse_frame(
    frame: str | bytes, max_bytes: int, what: str, from_host: bool = False
) -> dict[str, Any]:
    """One text frame as a JSON object with ``v`` and ``kind``, under :mod:`strict_json`'s
    bounds (a binary frame is refused: the protocol is text)."""
    if not isinstance(frame, str):
        raise ProtocolError(BAD_MESSAGE, f"{what} is a binary frame: send text frames")
    raw = frame.encode("utf-8", "surrogatepass")
    if len(raw) > max_bytes:
        raise ProtocolError(TOO_BIG, f"{what} is {len(raw)} bytes (at most {max_bytes})")
    try:
        data = strict_json.parse_exact(raw, what, "a message")
    except CorruptFile as exc:
        raise ProtocolError(BAD_JSON, str(exc)) from None
    if not isinstance(data, dict):
        raise ProtocolError(BAD_MESSAGE, f"{what} must be a JSON object, got {describe(data)}")
    if data.get("v") != VERSION or isinstance(data.get("v"), bool):
        raise ProtocolError(BAD_VERSION, version_line(data.get("v"), from_host))
    if not isinstance(data.get("kind"), str):
        raise ProtocolError(BAD_MESSAGE, f"{what} has no 'kind'")
    return data


def plain_text(text: str, where: str, most: int, least: int = 0) -> str:
    """A name or chat line as it may be shown and printed: control characters stripped, ends
    trimmed; a lone surrogate (valid JSON, no text) or a length out of range is refused."""
    if any("\ud800" <= c <= "\udfff" for c in text):
        raise ProtocolError(BAD_MESSAGE, f"{where} holds a lone surrogate: it is not text")
    clean = without_controls(text).strip()
    if not least <= len(clean) <= most:
        raise ProtocolError(
            BAD_MESSAGE, f"{where} must be {least} to {most} characters, got {len(clean)}"
        )
    return clean


def read_peer(frame: str | bytes) -> Hello | Act | Chat:
    """A joined peer's frame, checked field by field (raises :class:`ProtocolError`)."""
    data = parse_frame(frame, MAX_PEER_FRAME, "the message")
    kind = data["kind"]
    shape = PEER_SHAPES.get(kind)
    if shape is None:
        raise ProtocolError(UNKNOWN_KIND, f"unknown message kind {kind!r:.40}")
    try:
        shape.check(data, kind)
    except ShapeError as exc:
        raise ProtocolError(BAD_MESSAGE, str(exc)) from None
    if kind == "hello":
        name = plain_text(data.get("name", ""), "hello.name", MAX_NAME)
        return Hello(data["role"], data.get("seat"), data.get("token"), name)
    if kind == "chat":
        return Chat(plain_text(data["text"], "chat.text", MAX_CHAT, 1))
    return Act(data["move"], data["action"])


def encode(kind: str, **fields: Any) -> str:
    """A message as sent: compact JSON, version first."""
    return encode_value({"v": VERSION, "kind": kind, **fields})


def encode_value(value: Any) -> str:
    """Any value as :func:`encode` writes it (a large field sent to every seat, such as a
    push's path, is encoded once and placed in each seat's message)."""
    return json.dumps(value, separators=(",", ":"), allow_nan=False)


def error(code: str, message: str) -> str:
    return encode("error", code=code, message=message[:400])


def hello(role: str, seat: int | None = None, token: str | None = None, name: str = "") -> str:
    return encode("hello", role=role, seat=seat, token=token, name=name[:MAX_NAME])


def act(move: int, action: dict[str, Any]) -> str:
    return encode("act", move=move, action=action)


def chat(text: str) -> str:
    return encode("chat", text=text)
