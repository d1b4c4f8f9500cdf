"""The host's connections: asyncio and websockets, every peer bounded in what it may cost.

One :class:`Server` serves one :class:`~pusher_sim.net.table.HostedMatch`. Each connection must
say ``hello`` within :attr:`Limits.hello_timeout`, may send at most :attr:`Limits.rate` messages
a second (in bursts of :attr:`Limits.burst`), each at most
:data:`~pusher_sim.net.protocol.MAX_PEER_FRAME` bytes, and is dropped once
:attr:`Limits.send_queue` messages wait for it unread; no more than
:attr:`Limits.connections` are open at once. A message that is wrong but harmless (bad JSON, a
wrong type, an unknown kind, an action out of turn, stale or illegal) is answered with an
``error`` frame and changes nothing; a peer that breaks a bound, forges a token or speaks
another version is told why and closed. Nothing a peer does raises on the host: the handler
turns every failure into a frame or a closed connection.

Moves are applied one at a time under one lock, off the event loop (a Pusher push is simulated:
tens of milliseconds), then autosaved and sent to every connection as its seat may see them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from pusher_sim.net import page_files, protocol
from pusher_sim.net.bucket import Bucket
from pusher_sim.net.chat import CHAT_BURST, CHAT_RATE, ChatRoom
from pusher_sim.net.protocol import Act, Chat, Hello, ProtocolError
from pusher_sim.net.table import HostedMatch, Played
from pusher_sim.turnloop.actions import Action


@dataclass(frozen=True)
class Limits:
    """What one peer may cost the host (docs/network.md, "Bounds")."""

    connections: int = 64
    """Connections still saying hello at once (a seated player is never counted, so a
    token's holder always gets back in)."""
    spectators: int = 64
    """Spectators at once."""
    hello_timeout: float = 5.0
    """Seconds a new connection has to complete the WebSocket handshake and say hello."""
    send_queue: int = 256
    """Messages waiting for a peer that does not read before it is dropped."""
    rate: float = 20.0
    """Messages a second a peer may send, on average."""
    burst: int = 40
    """Messages a peer may send at once before :attr:`rate` applies."""
    ping_interval: float = 5.0
    ping_timeout: float = 10.0
    close_timeout: float = 2.0


@dataclass(eq=False)
class Peer:
    """One connection that has said hello: its seat and the messages waiting for it."""

    ws: ServerConnection
    outbox: asyncio.Queue[str]
    seat: int = -1
    name: str = ""
    writer: asyncio.Task[None] | None = None
    dropped: bool = False


def quiet_logger() -> logging.Logger:
    """websockets' logger for the host: warnings as one line on stderr, never a traceback (a
    peer's bad handshake is its problem, not the host's)."""
    logger = logging.getLogger("pusher.net.websockets")
    if not logger.handlers:

        class OneLine(logging.Handler):
            def emit(self, record: logging.LogRecord) -> None:
                import sys

                with contextlib.suppress(Exception):
                    print(f"pusher host: {record.getMessage()[:200]}", file=sys.stderr)

        logger.addHandler(OneLine(logging.WARNING))
        logger.propagate = False
        logger.setLevel(logging.WARNING)
    return logger


class Server:
    """Serves one hosted match until it ends (and a moment after, for the last news to go)."""

    def __init__(
        self,
        table: HostedMatch,
        limits: Limits = Limits(),
        abandon_after: float | None = None,
        say: Callable[[str], None] = print,
    ) -> None:
        self.table = table
        self.limits = limits
        self.abandon_after = abandon_after
        self.say = say
        self.peers: set[Peer] = set()
        self.greeting = 0
        """Connections that have not said hello yet."""
        self.chat = ChatRoom()
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.ended = asyncio.Event()
        self._ws: WsServer | None = None
        self._said_problem = ""

    # -- listening --------------------------------------------------------------------------

    async def start(self, bind: str, port: int) -> int:
        """Listen on ``bind:port`` (0: any free port); the port listened on."""
        self._ws = await serve(
            self._handle,
            bind,
            port,
            compression=None,
            max_size=protocol.MAX_PEER_FRAME,
            max_queue=4,
            write_limit=64 * 1024,
            open_timeout=self.limits.hello_timeout,
            ping_interval=self.limits.ping_interval,
            ping_timeout=self.limits.ping_timeout,
            close_timeout=self.limits.close_timeout,
            process_request=self._admit,
            logger=quiet_logger(),
            server_header=None,
        )
        sockets = list(self._ws.sockets)
        return int(sockets[0].getsockname()[1])

    async def run(self) -> None:
        """Play the match to its end; return once every peer has had the end (or a moment)."""
        tasks = [asyncio.create_task(self._drive()), asyncio.create_task(self._watch_seats())]
        try:
            await self.ended.wait()
            await self._flush(5.0)
        finally:
            for task in tasks:
                task.cancel()
            if self._ws is not None:
                self._ws.close()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self._ws.wait_closed(), 5.0)

    def _admit(self, connection: ServerConnection, request: Request) -> Response | None:
        """Before the handshake: a plain GET is answered by :meth:`page`; a WebSocket upgrade
        from another web page's script (its Origin is not this host's) is refused, and so is
        one over the cap of connections still saying hello."""
        if request.headers.get("Upgrade", "").lower() != "websocket":
            return self.page(connection, request)
        origin = request.headers.get("Origin")
        if origin is not None and origin != f"http://{request.headers.get('Host', '')}":
            refusal = protocol.error(protocol.ORIGIN, "only this host's own page may connect")
            return connection.respond(HTTPStatus.FORBIDDEN, refusal + "\n")
        if self.greeting >= self.limits.connections:
            return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "the table is full\n")
        return None

    def page(self, connection: ServerConnection, request: Request) -> Response:
        """A plain HTTP request (no WebSocket upgrade): the browser page's files and the hosted
        game's table (:mod:`pusher_sim.net.page_files`)."""
        page = page_files.answer(request.path, self.table.spec)
        headers = Headers(page.headers(request.headers.get("Host", "")))
        return Response(page.status, HTTPStatus(page.status).phrase, headers, page.body)

    # -- one connection ---------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        self.greeting += 1
        peer: Peer | None = None
        try:
            peer = await self._greet(ws)
        except ConnectionClosed:
            pass
        except Exception as exc:  # a bug must cost this connection only, in one line
            self.say(f"connection dropped after an internal error: {type(exc).__name__}: {exc}")
        finally:
            self.greeting -= 1
        if peer is None:
            return
        try:
            await self._listen(peer)
        except ConnectionClosed:
            pass
        except Exception as exc:
            self.say(f"connection dropped after an internal error: {type(exc).__name__}: {exc}")
        finally:
            self._forget(peer)

    async def _greet(self, ws: ServerConnection) -> Peer | None:
        """Read the hello and seat the peer (or refuse and close it). A failure after the seat
        was taken gives the seat back before it propagates: no seat is held by a dead peer."""
        try:
            frame = await asyncio.wait_for(ws.recv(), self.limits.hello_timeout)
        except TimeoutError:
            await self._refuse(ws, protocol.TIMEOUT, "no hello in time")
            return None
        try:
            hello = protocol.read_peer(frame)
            if not isinstance(hello, Hello):
                raise ProtocolError(protocol.BAD_MESSAGE, "the first message must be a hello")
        except ProtocolError as exc:
            await self._refuse(ws, exc.code, str(exc))
            return None
        peer = Peer(ws, asyncio.Queue(self.limits.send_queue), name=hello.name)
        async with self.lock:  # a view is never read half-way through a move
            started = self.table.started
            try:
                if (
                    hello.role == protocol.WATCH
                    and len(self.table.watchers) >= self.limits.spectators
                ):
                    raise ProtocolError(protocol.FULL, "the table has all the spectators it takes")
                peer.seat, token = self.table.claim(hello, peer, time.monotonic())
            except ProtocolError as exc:
                refusal: ProtocolError | None = exc
            else:
                refusal = None
                try:
                    self._seat(peer, token, hello.token is not None, started)
                except BaseException:
                    self.peers.discard(peer)
                    if peer.writer is not None:  # the welcome is never sent
                        peer.writer.cancel()
                    fresh = hello.token is None
                    self.table.release(peer.seat, peer, fresh, time.monotonic())
                    raise
        if refusal is not None:
            await self._refuse(ws, refusal.code, str(refusal))
            return None
        self.changed.set()
        return peer

    def _seat(self, peer: Peer, token: str | None, back: bool, started: bool) -> None:
        """Welcome a peer just seated, tell everyone, and start play if it was the last."""
        self._send(peer, self.table.welcome(peer.seat, token, self.chat.history()))
        if peer.seat >= 0:
            peer.name = self.table.seats[peer.seat].name
        peer.writer = asyncio.create_task(self._write(peer))
        self.peers.add(peer)
        self._announce(self.table.arrival(peer.seat, peer, back))
        if self.table.started and not started:
            for each in list(self.peers):
                self._send(each, self.table.start(each.seat))

    async def _listen(self, peer: Peer) -> None:
        bucket = Bucket(self.limits.rate, self.limits.burst)
        chat = Bucket(CHAT_RATE, CHAT_BURST)
        async for frame in peer.ws:
            if peer.dropped:
                return
            if not bucket.take():
                await self._refuse(peer.ws, protocol.FLOOD, "too many messages")
                return
            try:
                message = protocol.read_peer(frame)
                if isinstance(message, Hello):
                    raise ProtocolError(protocol.BAD_MESSAGE, "hello was already said")
                if isinstance(message, Chat):
                    if not chat.take():
                        raise ProtocolError(
                            protocol.CHAT_RATE,
                            f"at most {CHAT_RATE:g} chat line a second (bursts of {CHAT_BURST})",
                        )
                    self._tell_all(self.chat.say(peer.seat, peer.name, message.text))
                else:
                    await self._act(peer, message)
            except ProtocolError as exc:
                if exc.code == protocol.BAD_VERSION:
                    await self._refuse(peer.ws, exc.code, str(exc))
                    return
                self._send(peer, protocol.error(exc.code, str(exc)))

    async def _act(self, peer: Peer, act: Act) -> None:
        async with self.lock:
            action = self.table.check(peer.seat, act)  # raises ProtocolError, changes nothing
            self._broadcast(await self._play(action))
        self.changed.set()

    async def _play(self, action: Action) -> Played:
        """Apply a checked action: off the event loop where a move is simulated (a push)."""
        if self.table.simulates(action):
            return await asyncio.to_thread(self.table.play, action)
        return self.table.play(action)

    async def _refuse(self, ws: ServerConnection, code: str, message: str) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(ws.send(protocol.error(code, message)), 1.0)
        with contextlib.suppress(Exception):
            await ws.close(1008, code)

    def _forget(self, peer: Peer) -> None:
        self.peers.discard(peer)
        if peer.writer is not None:
            peer.writer.cancel()
        note = self.table.leave(peer.seat, peer, time.monotonic())
        if note is not None:
            self._announce(note)
        self.changed.set()

    # -- sending ----------------------------------------------------------------------------

    def _send(self, peer: Peer, text: str) -> None:
        """Queue ``text`` for ``peer``; a peer whose queue is full does not read: drop it."""
        if peer.dropped:
            return
        try:
            peer.outbox.put_nowait(text)
        except asyncio.QueueFull:
            peer.dropped = True
            while not peer.outbox.empty():  # its backlog goes now, not when it is closed
                peer.outbox.get_nowait()
            peer.ws.transport.abort()

    async def _write(self, peer: Peer) -> None:
        with contextlib.suppress(ConnectionClosed, asyncio.CancelledError):
            while True:
                text = await peer.outbox.get()
                await peer.ws.send(text)

    async def _flush(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and any(
            not p.outbox.empty() for p in self.peers if not p.dropped
        ):
            await asyncio.sleep(0.02)

    def _broadcast(self, played: Played) -> None:
        if self.table.problem and self.table.problem != self._said_problem:
            self.say(f"cannot save the match: {self.table.problem}")
        self._said_problem = self.table.problem
        for peer in list(self.peers):
            self._send(peer, self.table.news(peer.seat, played))
        if self.table.over():
            for peer in list(self.peers):
                self._send(peer, self.table.end(peer.seat))
            self.say(self.table.result_line())
            self.ended.set()

    def _announce(self, note: str) -> None:
        """Tell everyone the seats as they are now, with ``note`` ("": no word) on the host's
        terminal too."""
        if note:
            with contextlib.suppress(OSError, ValueError):  # a terminal gone: play goes on
                self.say(note)
        self._tell_all(self.table.seats_message(note))

    def _tell_all(self, text: str) -> None:
        for peer in list(self.peers):
            self._send(peer, text)

    # -- the match --------------------------------------------------------------------------

    async def _drive(self) -> None:
        """Play chance and the bots' moves whenever one of them is to move."""
        if self.table.over():
            self.ended.set()
            return
        while True:
            self.changed.clear()
            if self.table.automatic():
                moves = self.table.moves
                if self.table.thinks():  # a bot: off the event loop, it may think for long
                    action = await asyncio.to_thread(self.table.next_action)
                else:  # chance: a draw from a generator
                    action = self.table.next_action()
                async with self.lock:
                    if self.table.moves == moves and self.table.automatic():
                        self._broadcast(await self._play(action))
                if self.ended.is_set():
                    return
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 1.0)

    async def _watch_seats(self) -> None:
        """Hand a seat left empty longer than ``abandon_after`` to a bot, and say so."""
        while self.abandon_after is not None:
            await asyncio.sleep(min(1.0, self.abandon_after / 4))
            for seat in self.table.abandoned(time.monotonic(), self.abandon_after):
                self._announce(f"{self.table.who(seat)} is played by a bot from now on")
                self.changed.set()
