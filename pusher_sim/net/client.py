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
from dataclasses import replace
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from pusher_sim.errors import CorruptFile, UserError
from pusher_sim.net import protocol
from pusher_sim.net.bucket import Bucket
from pusher_sim.net.host_messages import (
    Closed,
    Dropped,
    End,
    Message,
    News,
    Refused,
    Start,
    Welcome,
    read_host,
)
from pusher_sim.net.protocol import ProtocolError
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.turnloop.seat_view import SeatMirror, SeenMove
from pusher_sim.turnloop.state import Game

PACE_RATE = 10.0
"""Messages a second a client sends at most on average: half what a host allows, whatever
plays the seat (a bot answers in microseconds)."""
PACE_BURST = 20
"""Messages a client sends at once before :data:`PACE_RATE` holds it back: half the host's."""

FATAL = frozenset({protocol.BAD_TOKEN, protocol.NO_SEAT, protocol.BAD_VERSION, protocol.FULL})
"""Refusals that connecting again cannot mend. (``seat-taken`` can: right after a drop the
host has not yet seen the old connection close, so the link asks again while it may.)"""


OUT_OF_REACH = "the host is out of reach: reconnecting..."
HOST_STOPPED = "the host has stopped hosting (the match is saved): waiting for it to come back"
GOING_AWAY = 1001
"""The close code of a host that stops."""


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
