"""What a host says to a client, read strictly: each message kind's shape (:data:`HOST_SHAPES`)
and the frozen message a client's inbox holds for it (:func:`read_host`). A host that breaks the
protocol raises :class:`~pusher_sim.net.protocol.ProtocolError`, never a crash of the client."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pusher_sim.errors import CorruptFile
from pusher_sim.net import protocol
from pusher_sim.net.protocol import ProtocolError
from pusher_sim.turnloop.schema import (
    Flag,
    ListOf,
    Maybe,
    Obj,
    Real,
    Rule,
    Shape,
    ShapeError,
    Text,
    Whole,
)
from pusher_sim.turnloop.seat_view import SPECTATOR, SeatView, SeenMove


@dataclass(frozen=True)
class Welcome:
    seat: int
    token: str | None
    view: SeatView
    seats: list[dict[str, Any]]
    started: bool
    you: dict[str, Any] = field(default_factory=dict)
    """``{"seat", "name", "role"}``: who the host takes this connection for."""
    chat: list[dict[str, Any]] = field(default_factory=list)
    """The last chat lines, oldest first, each ``{"n", "seat", "name", "text"}``."""


@dataclass(frozen=True)
class News:
    number: int
    seen: SeenMove
    to_move: int
    observation: dict[str, Any]
    legal: list[dict[str, Any]]
    path: Any
    """What the host recorded for the window to play the move back (a Pusher push's path), as
    sent: :meth:`pusher_sim.net.client.Follower.played_back` reads it."""


@dataclass(frozen=True)
class SeatsNews:
    seats: list[dict[str, Any]]
    started: bool
    note: str
    """What just changed, one line ("" for no word)."""
    watchers: list[str] = field(default_factory=list)
    waiting: int = 0
    """Seats still to be taken before play starts."""


@dataclass(frozen=True)
class Start:
    """Play has just begun: the seat's observation and, if it is to move, its legal actions."""

    moves: int
    to_move: int
    observation: dict[str, Any]
    legal: list[dict[str, Any]]


@dataclass(frozen=True)
class ChatLine:
    """One line of the table's chat (``seat`` -3: a spectator), shown as plain text only."""

    n: int
    seat: int
    name: str
    text: str


@dataclass(frozen=True)
class Refused:
    code: str
    message: str


@dataclass(frozen=True)
class End:
    returns: list[float]
    seed: int | None


@dataclass(frozen=True)
class Closed:
    """The link is over: the match ended, the host refused us, or it stayed away too long."""

    reason: str
    ok: bool


@dataclass(frozen=True)
class Dropped:
    """The connection dropped after the host's welcome; the link is connecting again (a window
    says so at once, before anyone acts). The next :class:`Welcome` means it is back."""

    reason: str


Message = Welcome | News | SeatsNews | Start | ChatLine | Refused | End | Closed | Dropped


def _object(value: object, where: str) -> None:
    if not isinstance(value, dict):
        raise ShapeError(f"{where} must be an object")


_SEAT = Obj(
    {
        "seat": Whole(0, 7),
        "kind": Text(max_len=protocol.MAX_NAME),
        "name": Maybe(Text(max_len=protocol.MAX_NAME)),
        "taken": Flag(),
        "present": Flag(),
        "bot": Flag(),
    },
    required=frozenset({"seat", "kind", "name", "taken", "present", "bot"}),
)
_LINE: dict[str, Shape] = {
    "n": Whole(1, 1 << 62),
    "seat": Whole(SPECTATOR, 7),
    "name": Text(max_len=protocol.MAX_NAME),
    "text": Text(max_len=protocol.MAX_CHAT),
}
_HEAD: dict[str, Shape] = {"v": Whole(0, 1 << 30), "kind": Text()}
_LEGAL = ListOf(Rule(_object), 100_000)
HOST_SHAPES = {
    "welcome": Obj(
        {
            **_HEAD,
            "seat": Whole(SPECTATOR, 7),
            "token": Maybe(Text(max_len=protocol.TOKEN_CHARS)),
            "you": Obj(
                {
                    "seat": Whole(SPECTATOR, 7),
                    "name": Text(max_len=protocol.MAX_NAME),
                    "role": Text((protocol.PLAY, protocol.WATCH)),
                },
                required=frozenset({"seat", "name", "role"}),
            ),
            "moves": Whole(0, protocol.MAX_MOVES),
            "view": Rule(_object),
            "seats": ListOf(_SEAT, 8),
            "started": Flag(),
            "chat": ListOf(Obj(_LINE, required=frozenset(_LINE)), protocol.CHAT_HISTORY),
        },
        required=frozenset(
            {"v", "kind", "seat", "token", "you", "moves", "view", "seats", "started", "chat"}
        ),
    ),
    "start": Obj(
        {
            **_HEAD,
            "moves": Whole(0, protocol.MAX_MOVES),
            "to_move": Whole(-2, 7),
            "observation": Rule(_object),
            "legal": _LEGAL,
        },
        required=frozenset({"v", "kind", "moves", "to_move", "observation", "legal"}),
    ),
    "move": Obj(
        {
            **_HEAD,
            "number": Whole(1, protocol.MAX_MOVES),
            "seen": Rule(_object),
            "to_move": Whole(-2, 7),
            "observation": Rule(_object),
            "legal": _LEGAL,
            "path": Maybe(Rule(_object)),
        },
        required=frozenset({"v", "kind", "number", "seen", "to_move", "observation", "legal"}),
    ),
    "seats": Obj(
        {
            **_HEAD,
            "seats": ListOf(_SEAT, 8),
            "watchers": ListOf(Text(max_len=protocol.MAX_NAME), 1 << 16),
            "waiting": Whole(0, 8),
            "started": Flag(),
            "note": Maybe(Text(max_len=400)),
        },
        required=frozenset({"v", "kind", "seats", "watchers", "waiting", "started", "note"}),
    ),
    "chat": Obj({**_HEAD, **_LINE}, required=frozenset({"v", "kind", *_LINE})),
    "error": Obj(
        {**_HEAD, "code": Text(), "message": Text(max_len=400)},
        required=frozenset({"v", "kind", "code", "message"}),
    ),
    "end": Obj(
        {**_HEAD, "returns": ListOf(Real(-1e9, 1e9), 8), "seed": Maybe(Whole(0, 2**63 - 1))},
        required=frozenset({"v", "kind", "returns", "seed"}),
    ),
}


def read_host(frame: str | bytes) -> Message:
    """One frame from the host, checked (ProtocolError: the host broke the protocol)."""
    data = protocol.parse_frame(frame, protocol.MAX_HOST_FRAME, "the host's message", True)
    kind = data["kind"]
    shape = HOST_SHAPES.get(kind)
    if shape is None:
        raise ProtocolError(protocol.UNKNOWN_KIND, f"the host sent an unknown kind {kind!r:.40}")
    try:
        shape.check(data, kind)
        if kind == "welcome":
            view = SeatView.from_json(data["view"])
            return Welcome(
                data["seat"],
                data["token"],
                view,
                data["seats"],
                data["started"],
                data["you"],
                data["chat"],
            )
        if kind == "start":
            return Start(data["moves"], data["to_move"], data["observation"], data["legal"])
        if kind == "move":
            return News(
                data["number"],
                SeenMove.from_json(data["seen"]),
                data["to_move"],
                data["observation"],
                data["legal"],
                data.get("path"),
            )
        if kind == "seats":
            note = data["note"] or ""
            return SeatsNews(
                data["seats"], data["started"], note, data["watchers"], data["waiting"]
            )
        if kind == "chat":
            return ChatLine(data["n"], data["seat"], data["name"], data["text"])
        if kind == "error":
            return Refused(data["code"], data["message"])
        return End(data["returns"], data["seed"])
    except CorruptFile as exc:
        raise ProtocolError(protocol.BAD_MESSAGE, f"the host's {kind}: {exc}") from None
