"""The joining side: a link to a host that comes back after a drop, and the seat it follows.

:class:`Link` runs the connection on a thread of its own (a window's frame loop and a bot's
loop only poll :attr:`Link.inbox`): it says hello, reads every frame from the host strictly
(:func:`read_host`) and, when the connection drops before the match ends, connects again with
the seat's token for up to :attr:`Link.retry_for` seconds. :class:`Follower` keeps the seat's
:class:`~pusher_sim.turnloop.seat_view.SeatMirror` up to date from the host's welcome and news,
so whatever plays the seat (a bot, a table) draws only from what the seat may see.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from pusher_sim.errors import CorruptFile, UserError
from pusher_sim.net import protocol
from pusher_sim.net.bucket import Bucket
from pusher_sim.net.protocol import ProtocolError
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.registry import get_spec
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
from pusher_sim.turnloop.seat_view import SPECTATOR, SeatMirror, SeatView, SeenMove
from pusher_sim.turnloop.state import Game

PACE_RATE = 10.0
"""Messages a second a client sends at most on average: half what a host allows, whatever
plays the seat (a bot answers in microseconds)."""
PACE_BURST = 20
"""Messages a client sends at once before :data:`PACE_RATE` holds it back: half the host's."""

FATAL = frozenset({protocol.BAD_TOKEN, protocol.NO_SEAT, protocol.BAD_VERSION, protocol.FULL})
"""Refusals that connecting again cannot mend. (``seat-taken`` can: right after a drop the
host has not yet seen the old connection close, so the link asks again while it may.)"""


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
    sent: :meth:`Follower.played_back` reads it."""


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


OUT_OF_REACH = "the host is out of reach: reconnecting..."
HOST_STOPPED = "the host has stopped hosting (the match is saved): waiting for it to come back"
GOING_AWAY = 1001
"""The close code of a host that stops."""

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


def address_uri(address: str) -> str:
    """``host:port`` (or a ws:// or wss:// URI) as the URI to connect to."""
    text = address.strip()
    if "://" not in text:
        text = f"ws://{text}"
    if not text.startswith(("ws://", "wss://")):
        raise UserError(f"join a host by host:port or ws://host:port, not {address!r:.80}")
    return text


class Link:
    """A connection to a host, kept: it reconnects with the seat's token after a drop."""

    def __init__(
        self,
        address: str,
        role: str = protocol.PLAY,
        seat: int | None = None,
        token: str | None = None,
        name: str = "",
        retry_for: float = 30.0,
        transcript: Path | None = None,
        paced: bool = True,
    ) -> None:
        """``paced`` False sends at once, whatever the rate: only for a host whose limits are
        lifted (benchmarks/bench_network.py measures the protocol's own cost)."""
        self.uri = address_uri(address)
        self.role, self.seat, self.token, self.name = role, seat, token, name
        self.retry_for = retry_for
        self.inbox: queue.Queue[Message] = queue.Queue()
        self.notify: Callable[[], None] | None = None
        """Called on the link's thread after each message is queued (a window wakes up)."""
        self.transcript = transcript
        """A file every frame received is appended to, one per line (``--transcript``)."""
        self._ws: ClientConnection | None = None
        self._stop = threading.Event()
        self._pacing = threading.Lock()
        self._pace = Bucket(PACE_RATE, PACE_BURST) if paced else None
        self._welcomed = False
        self._dropped_because = OUT_OF_REACH
        self._taken = ""
        """The host's last word that the seat is held (said if the link gives up)."""
        self._thread = threading.Thread(target=self._run, name="pusher-link", daemon=True)

    def start(self) -> Link:
        self._thread.start()
        return self

    def send(self, text: str) -> bool:
        """Send, within :data:`PACE_RATE` and :data:`PACE_BURST` (waiting for the pace if
        need be); False if the link is down (the caller acts again after the next welcome)."""
        with self._pacing:
            while self._pace is not None and not self._pace.take():
                if self._stop.wait(1.0 / PACE_RATE):
                    return False
            ws = self._ws
            if ws is None:
                return False
            try:
                ws.send(text)
            except (ConnectionClosed, OSError):
                return False
        return True

    def close(self) -> None:
        self._stop.set()
        ws = self._ws
        if ws is not None:
            with contextlib.suppress(Exception):
                ws.close()
        self._thread.join(timeout=5.0)

    def _put(self, message: Message) -> None:
        self.inbox.put(message)
        if self.notify is not None:
            with contextlib.suppress(Exception):  # a window already closed
                self.notify()

    def _run(self) -> None:
        down_since: float | None = None
        while not self._stop.is_set():
            self._welcomed = False
            outcome = self._session()
            if outcome is not None:
                self._put(outcome)
                return
            if self._welcomed:  # it was seated: the time away counts from this drop
                down_since = None
                self._put(Dropped(self._dropped_because))
            now = time.monotonic()
            down_since = down_since or now
            if now - down_since > self.retry_for:
                why = self._taken or f"the host at {self.uri} stayed away"
                self._put(Closed(why, False))
                return
            self._stop.wait(0.25)
        self._put(Closed("left the table", True))

    def _session(self) -> Closed | None:
        """One connection, to its end: a Closed to stop for good, None to connect again."""
        try:
            with connect(
                self.uri,
                compression=None,
                max_size=protocol.MAX_HOST_FRAME,
                open_timeout=5,
                ping_interval=5,
                ping_timeout=10,
                close_timeout=2,
                proxy=None,
            ) as ws:
                self._ws = ws
                try:
                    return self._converse(ws)
                finally:
                    self._ws = None
        except InvalidURI as exc:
            return Closed(f"not a host address: {exc}", False)
        except ProtocolError as exc:
            return Closed(f"the host broke the protocol: {exc}", False)
        except (OSError, InvalidHandshake, TimeoutError, ConnectionClosed):
            return None  # down, full (HTTP 503) or gone: try again while retry_for lasts

    def _converse(self, ws: ClientConnection) -> Closed | None:
        self._dropped_because = OUT_OF_REACH
        ws.send(protocol.hello(self.role, self.seat, self.token, self.name))
        for frame in ws:
            if self.transcript is not None:
                text = frame if isinstance(frame, str) else frame.decode("utf-8", "replace")
                with self.transcript.open("a", encoding="utf-8") as out:
                    out.write(text.replace("\n", " ") + "\n")
            message = read_host(frame)
            if isinstance(message, Welcome):
                self._welcomed = True
                if message.token is not None:
                    self.token = message.token
                self.seat = None if message.seat < 0 else message.seat
            if isinstance(message, Refused) and message.code == protocol.SEAT_TAKEN:
                taken, self._taken = self._taken, f"the host refused: {message.message}"
                if not taken:  # said once, not at every try
                    self._put(message)
                return None
            self._put(message)
            if isinstance(message, End):
                return Closed("the match is over", True)
            if isinstance(message, Refused) and message.code in FATAL:
                return Closed(f"the host refused: {message.message}", False)
        if ws.close_code == GOING_AWAY:
            self._dropped_because = HOST_STOPPED
        return None


class Follower:
    """One seat's knowledge of a hosted match: its current view and the mirror drawn from it."""

    def __init__(self, welcome: Welcome) -> None:
        view = welcome.view
        spec = get_spec(view.game)
        self.playback = spec.playback
        try:
            self.game: Game = spec.make_game(view.config)
        except UserError as exc:
            raise CorruptFile(f"the host's {view.game} config: {exc}") from None
        self.seat = welcome.seat
        self.started = welcome.started
        """Play has begun (every person's seat was taken): before, nobody moves."""
        self.mirror = SeatMirror(self.game, welcome.seat)
        self.view = view
        self.mirror.follow(view)

    def rejoin(self, welcome: Welcome) -> list[SeenMove]:
        """The whole view again after a reconnection: the moves missed meanwhile."""
        self.view, self.started = welcome.view, welcome.started
        return list(self.mirror.follow(welcome.view))

    def start(self, start: Start) -> None:
        """Play has begun: the seat's first observation and legal actions."""
        if start.moves != self.view.moves:
            raise CorruptFile(f"play started at move {start.moves}, after move {self.view.moves}")
        self.started = True
        self.view = replace(
            self.view,
            to_move=start.to_move,
            observation=start.observation,
            legal=tuple(start.legal),
        )
        self.mirror.follow(self.view)

    def news(self, news: News) -> SeenMove:
        """One more move (CorruptFile if it is not the next one)."""
        if news.number != self.view.moves + 1:
            raise CorruptFile(f"move {news.number} came after move {self.view.moves}")
        self.view = replace(
            self.view,
            to_move=news.to_move,
            observation=news.observation,
            legal=tuple(news.legal),
            history=(*self.view.history, news.seen),
        )
        self.mirror.follow(self.view)
        return news.seen

    def played_back(self, seen: SeenMove, path: Any) -> object:
        """What the table plays ``seen`` back from, read through the game's
        :attr:`~pusher_sim.turnloop.registry.GameSpec.playback` from the move's outcome and
        the ``path`` the host sent (None: nothing to play; CorruptFile: out of shape)."""
        if self.playback is None:
            if path is not None:
                raise CorruptFile(f"the host sent a path, which {self.view.game} moves have none")
            return None
        return self.playback.read(seen.outcome, path)

    @property
    def my_turn(self) -> bool:
        view = self.view
        return self.started and self.seat >= 0 and view.to_move == self.seat and bool(view.legal)

    def log(self, seed: int) -> GameLog:
        """The host's log, rebuilt from the moves (a game that hides nothing, after the end)."""
        history = self.view.history
        if any(m.action is None for m in history):
            raise CorruptFile("a game with hidden moves has no full log on a client")
        log = GameLog(
            self.view.game,
            dict(self.view.config),
            seed,
            list(self.view.seat_names),
            [dict(m.action) for m in history if m.action is not None],
            [m.mover for m in history],
        )
        log.outcomes = [None if m.outcome is None else dict(m.outcome) for m in history]
        return log
