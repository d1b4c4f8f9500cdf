"""``pusher host``: run one match as the only authority and let others join it.

Every mistake (an unknown seat, a bad option, a save that does not load) is one line and exit
status 2. The match is saved after every move (:mod:`pusher_sim.net.hostfile`); Ctrl-C, SIGTERM
or a crash lose nothing: ``pusher host --load`` goes on, and the joiners come back with their
tokens.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import socket
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pusher_sim import arguments, interrupts
from pusher_sim.errors import UserError
from pusher_sim.net.held_seats import held_token, keep_token
from pusher_sim.net.hostfile import hosted_path, load_hosted
from pusher_sim.net.server import Limits, Server
from pusher_sim.net.table import OPEN, HostedMatch, Seat
from pusher_sim.saves import check_saves_dir
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import GAMES, HUMAN, GameSpec, get_spec

DEFAULT_PORT = 4747
DEFAULT_SEATS = {"pusher": "human,open", "rummy": "human,open,bot,open", "pushover": "human,open"}


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", nargs="?", choices=list(GAMES), help="default: pusher")
    parser.add_argument(
        "--seats",
        help="comma-separated: open (for a joiner), human (this machine's window) or a bot name",
    )
    parser.add_argument("--port", type=arguments.whole_number(0, 65535), default=DEFAULT_PORT)
    parser.add_argument(
        "--bind", default="127.0.0.1", help="address to listen on (default: this machine only)"
    )
    parser.add_argument(
        "--load",
        nargs="?",
        const="",
        metavar="SAVE",
        help="go on with a hosted match (default: the last one hosted of GAME)",
    )
    parser.add_argument(
        "--abandon-after",
        type=arguments.finite(0.0, 86400.0, open_low=True),
        metavar="S",
        help="a bot plays a seat left empty this many seconds",
    )
    parser.add_argument("--seed", type=arguments.seed, default=None)
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (a JSON value), e.g. --set deals=1 --set board_radius=3",
    )
    parser.add_argument("--save", type=arguments.path_arg("--save"), help="where the match is kept")
    parser.add_argument(
        "--max-connections", type=arguments.whole_number(1, 1024), default=Limits.connections
    )


def run(args: argparse.Namespace) -> int:
    table = hosted_from(args)
    if table.over():
        raise UserError(f"{table.save_to}: that match is over")
    people = [n for n, s in enumerate(table.seats) if s.kind == HUMAN]
    if people:
        return _host_with_window(args, table, people[0])
    try:
        return asyncio.run(_serve(args, table))
    except KeyboardInterrupt as exc:
        say(
            f"interrupted; the match is saved in {table.save_to} "
            f"(go on with: pusher host --load {table.save_to})"
        )
        return interrupts.exit_code(exc)


def say(line: str) -> None:
    print(f"pusher host: {line}", flush=True)


async def _serve(
    args: argparse.Namespace,
    table: HostedMatch,
    ready: threading.Event | None = None,
    port_box: list[int] | None = None,
) -> int:
    limits = Limits(connections=args.max_connections)
    server = Server(table, limits, args.abandon_after, say)
    try:
        port = await server.start(args.bind, args.port)
    except OSError as exc:
        raise UserError(
            f"cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}"
        ) from None
    if port_box is not None:
        port_box.append(port)
    game = table.match.game.name
    kinds = ", ".join(s.kind for s in table.seats)
    say(f"hosting {game} on ws://{args.bind}:{port} (seats: {kinds}; saved in {table.save_to})")
    say(f"to join: pusher join {_reachable(args.bind)}:{port}")
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
    name = args.game or "pusher"
    spec = get_spec(name)
    kinds = _seats(args.seats or DEFAULT_SEATS[name], spec)
    options = _options(args.set)
    try:
        game = spec.make_game({"players": len(kinds), **options})
    except UserError as exc:
        raise UserError(f"{name} options: {exc}") from None
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    names = [HUMAN if k in (OPEN, HUMAN) else k for k in kinds]
    log = GameLog(game.name, game.config_json(), seed, names)
    match = Match(game, _agents(spec, game, kinds), log=log)
    save_to = Path(args.save) if args.save else hosted_path(name)
    table = HostedMatch.new(spec, match, kinds, save_to)
    table.save()
    return table


def _loaded(args: argparse.Namespace) -> HostedMatch:
    where = Path(args.load or args.save or hosted_path(args.game or "pusher"))
    kinds, tokens, log = load_hosted(where)
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
    return HostedMatch(spec, match, seats, Path(args.save) if args.save else where)


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

    def serve() -> None:
        try:
            asyncio.run(_serve(args, table, ready, port_box))
        except BaseException as exc:  # told on the calling thread
            failure.append(exc)
            ready.set()

    threading.Thread(target=serve, name="pusher-host", daemon=True).start()
    ready.wait()
    if failure:
        raise failure[0]
    here = "127.0.0.1" if args.bind in ("0.0.0.0", "::", "") else _reachable(args.bind)
    port = port_box[0]
    return HostedHere(
        f"{here}:{port}", f"{_reachable(args.bind)}:{port}", seat, token, table.save_to
    )


def _host_with_window(args: argparse.Namespace, table: HostedMatch, seat: int) -> int:
    """The host's own seat is a window joined like any other, over loopback."""
    hosted = host_in_background(args, table, seat)
    from pusher_sim.ui.shell.app import run_joined

    code = run_joined(hosted.address, seat=seat, token=hosted.token)
    if not table.over():
        print(f"pusher host: the match is saved in {table.save_to}", file=sys.stderr)
    return code


def hosting_args(game: str, seats: list[str], port: int, bind: str) -> argparse.Namespace:
    """The options of ``pusher host`` as the start screen's form gives them."""
    return argparse.Namespace(
        game=game, seats=",".join(seats), port=port, bind=bind, load=None, abandon_after=None,
        seed=None, set=[], save=None, max_connections=Limits.connections,
    )  # fmt: skip


def hosted_from(args: argparse.Namespace) -> HostedMatch:
    """The match ``args`` asks to host (a new one, or ``--load``), saved once before serving."""
    check_saves_dir()
    return _hosted(args)
