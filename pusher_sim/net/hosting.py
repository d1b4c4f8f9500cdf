"""Hosting a match: the one asked for (new, or ``--load``), served on a thread of this process
or on its own, for ``pusher host`` (:mod:`pusher_sim.host_cli`) and the start screen's form.

The match is saved after every move (:mod:`pusher_sim.net.hostfile`); Ctrl-C, SIGTERM or a crash
lose nothing: ``pusher host --load`` goes on, and the joiners come back with their tokens.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import secrets
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pusher_sim.errors import UserError
from pusher_sim.net.held_seats import held_token, keep_token
from pusher_sim.net.host_addresses import join_addresses, page_link
from pusher_sim.net.hostfile import hosted_path, load_hosted
from pusher_sim.net.presence import OPEN, Seat
from pusher_sim.net.server import Limits, Server
from pusher_sim.net.table import HostedMatch
from pusher_sim.printable import printable
from pusher_sim.saves import check_saves_dir
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import DEFAULT_GAME, HUMAN, GameSpec, get_spec

DEFAULT_PORT = 4747
DEFAULT_BIND = "127.0.0.1"


def host_seats(spec: GameSpec) -> tuple[str, ...]:
    """The seats a host offers when none are named: the game's entry's ``host_seats``, or a
    person and joiners for the rest of its fewest seats."""
    return spec.host_seats or (HUMAN, *[OPEN] * (min(spec.players) - 1))


def say(line: str) -> None:
    """One line on the host's terminal (anything a peer sent in it shown escaped)."""
    print(f"pusher host: {printable(line)}", flush=True)


async def serve(
    args: argparse.Namespace,
    table: HostedMatch,
    ready: threading.Event | None = None,
    port_box: list[int] | None = None,
) -> int:
    limits = Limits(connections=args.max_connections, spectators=args.max_connections)
    server = Server(table, limits, args.abandon_after, say)
    try:
        port = await server.start(args.bind, args.port)
    except OSError as exc:
        raise UserError(
            f"cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}"
        ) from None
    if port_box is not None:
        port_box.append(port)
    if table.port != port:  # any free port was asked for: the joiners come back to this one
        table.port = port
        table.save()
    title = table.spec.title
    kinds = ", ".join(s.kind for s in table.seats)
    say(f"hosting {title} on ws://{args.bind}:{port} (seats: {kinds}; saved in {table.save_to})")
    addresses = join_addresses(args.bind, port)  # every one, as the host's window lists them
    for address in addresses:
        say(f"to join: pusher join {address}")
    for address in addresses:
        where, _, note = address.partition(" ")
        say(f"to play in a browser: {page_link((where,))} {note}".rstrip())
    if ready is not None:
        ready.set()
    await server.run()
    return 0


def _reachable(bind: str) -> str:
    """The address a friend types: this machine's own where the host listens on every one."""
    if bind in ("0.0.0.0", "::", ""):
        try:
            return socket.gethostbyname(socket.gethostname())
        except OSError:
            return socket.gethostname()
    return f"[{bind}]" if ":" in bind else bind


def _hosted(args: argparse.Namespace) -> HostedMatch:
    if args.load is not None:
        return _loaded(args)
    name = args.game or DEFAULT_GAME
    spec = get_spec(name)
    kinds = _seats(args.seats or ",".join(host_seats(spec)), spec)
    options = _options(args.set)
    try:
        game = spec.make_game({"players": len(kinds), **options})
    except UserError as exc:
        raise UserError(f"{name} options: {exc}") from None
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    log = GameLog(game.name, game.config_json(), seed, list(kinds))
    match = Match(game, _agents(spec, game, kinds), log=log)
    save_to = Path(args.save) if args.save else hosted_path(name)
    return HostedMatch.new(spec, match, kinds, save_to)


def _loaded(args: argparse.Namespace) -> HostedMatch:
    where = Path(args.load or args.save or hosted_path(args.game or DEFAULT_GAME))
    saved = load_hosted(where)
    kinds, tokens, log = saved.kinds, saved.tokens, saved.log
    if args.game and args.game != log.game:
        raise UserError(f"{where} is a {log.game} match, not {args.game}")
    if args.seats or args.set or args.seed is not None:
        raise UserError("--load goes on with the saved match: leave out --seats, --set and --seed")
    spec = get_spec(log.game)
    _seats(",".join(kinds), spec)
    try:
        game = spec.make_game(log.config)
        match = Match(game, _agents(spec, game, kinds), log=log)
    except UserError as exc:
        raise UserError(f"{where}: {exc}") from None
    seats = [Seat(kind, token) for kind, token in zip(kinds, tokens, strict=True)]
    table = HostedMatch(spec, match, seats, Path(args.save) if args.save else where)
    table.bind, table.port = saved.bind, saved.port
    return table


def _seats(text: str, spec: GameSpec) -> list[str]:
    kinds = [s.strip() for s in text.split(",")]
    for kind in kinds:
        if kind not in (OPEN, HUMAN) and kind not in spec.bots:
            known = ", ".join([OPEN, HUMAN, *spec.bots])
            raise UserError(f"unknown seat {kind!r:.40} for {spec.name} (choose from {known})")
    if kinds.count(HUMAN) > 1:
        raise UserError("one window hosts: at most one seat is human (the others join: open)")
    spec.check_seats(kinds)
    return kinds


def _agents(spec: GameSpec, game: Any, kinds: list[str]) -> list[Any]:
    return [None if k in (OPEN, HUMAN) else spec.bots[k](game) for k in kinds]


def _options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise UserError(f"--set takes KEY=VALUE, not {pair!r:.60}")
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value
    if "players" in options:
        raise UserError("--set players: the number of seats is what --seats lists")
    return options


@dataclass(frozen=True)
class HostedHere:
    """A match hosted by a thread of this process, and how this machine's seat joins it."""

    address: str
    """Where this machine's window connects (loopback where the host listens on all)."""
    shown: str
    """What the others type to join."""
    seat: int
    token: str
    save_to: Path | None
    thread: threading.Thread
    cancel: Callable[[], None]
    """Cancels the serving task (on its own event loop's thread)."""

    def stop(self) -> None:
        """Stop serving: every connection is closed with 1001 (the host is going), the port is
        free once this returns; the match stays saved (``pusher host --load`` goes on)."""
        self.cancel()
        self.thread.join(timeout=15.0)

    def running(self) -> bool:
        return self.thread.is_alive()


def host_in_background(args: argparse.Namespace, table: HostedMatch, seat: int) -> HostedHere:
    """Serve ``table`` on a daemon thread; the host's own ``seat`` gets a token (kept, so a
    ``--load`` later finds it) to join over loopback like any other window."""
    key = f"hosted at {table.save_to}"
    token = held_token(key) if table.seats[seat].token is not None else None
    if token is None:
        token = table.reserve(seat)
        keep_token(key, token)
    ready, port_box = threading.Event(), []  # type: ignore[var-annotated]
    failure: list[BaseException] = []
    serving: list[tuple[asyncio.AbstractEventLoop, asyncio.Task[int]]] = []

    async def hosting() -> int:
        task = asyncio.current_task()
        assert task is not None
        serving.append((asyncio.get_running_loop(), task))
        return await serve(args, table, ready, port_box)

    def on_thread() -> None:
        try:
            asyncio.run(hosting())
        except BaseException as exc:  # told on the calling thread (a stop is no failure)
            failure.append(exc)
            ready.set()

    def cancel() -> None:
        for loop, task in serving:
            with contextlib.suppress(RuntimeError):  # its loop already closed: it ended
                loop.call_soon_threadsafe(task.cancel)

    thread = threading.Thread(target=on_thread, name="pusher-host", daemon=True)
    thread.start()
    ready.wait()
    if failure:
        raise failure[0]
    here = "127.0.0.1" if args.bind in ("0.0.0.0", "::", "") else _reachable(args.bind)
    port = port_box[0]
    return HostedHere(
        f"{here}:{port}", f"{_reachable(args.bind)}:{port}", seat, token, table.save_to,
        thread, cancel,
    )  # fmt: skip


def hosting_args(game: str, seats: list[str], port: int, bind: str) -> argparse.Namespace:
    """The options of ``pusher host`` as the start screen's form gives them."""
    return argparse.Namespace(
        game=game, seats=",".join(seats), port=port, bind=bind, load=None, abandon_after=None,
        seed=None, set=[], save=None, max_connections=Limits.connections,
    )  # fmt: skip


def hosted_from(args: argparse.Namespace) -> HostedMatch:
    """The match ``args`` asks to host (a new one, or ``--load``), saved once before serving.
    Where it is served is ``--bind`` and ``--port`` if given, else where the save says it was
    (a match resumed where its joiners look for it), else this machine on the default port;
    ``args`` is completed with it."""
    check_saves_dir()
    table = _hosted(args)
    args.bind = args.bind or table.bind or DEFAULT_BIND
    args.port = args.port if args.port is not None else table.port
    args.port = DEFAULT_PORT if args.port is None else args.port
    table.bind, table.port = args.bind, args.port
    table.save()
    return table


def load_hint(table: HostedMatch) -> str:
    """The command that goes on with ``table`` where its joiners will look for it."""
    where = "" if table.bind in (None, DEFAULT_BIND) else f" --bind {table.bind}"
    return f"pusher host --load {table.save_to} --port {table.port}{where}"
