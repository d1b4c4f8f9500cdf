"""``pusher host``: run one match as the only authority and let others join it.

Every mistake (an unknown seat, a bad option, a save that does not load) is one line and exit
status 2. The hosting is :mod:`pusher_sim.net.hosting`'s; this module sits above the window
because a ``human`` seat opens one (the host's own window joins like any other, over loopback).
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from pusher_sim import arguments, interrupts
from pusher_sim.errors import UserError
from pusher_sim.net.hosting import (
    DEFAULT_BIND,
    DEFAULT_PORT,
    host_in_background,
    hosted_from,
    load_hint,
    say,
    serve,
)
from pusher_sim.net.server import Limits
from pusher_sim.net.table import HostedMatch
from pusher_sim.turnloop.registry import DEFAULT_GAME, GAMES, HUMAN


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", nargs="?", choices=list(GAMES), help=f"default: {DEFAULT_GAME}")
    parser.add_argument(
        "--seats",
        help="comma-separated: open (for a joiner), human (this machine's window) or a bot name",
    )
    parser.add_argument(
        "--port",
        type=arguments.whole_number(0, 65535),
        help=f"0: any free one (default {DEFAULT_PORT}; with --load, the saved match's)",
    )
    parser.add_argument(
        "--bind",
        help=f"address to listen on (default {DEFAULT_BIND}, this machine only; with --load, "
        "the saved match's)",
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
        "--max-connections",
        type=arguments.whole_number(1, 1024),
        default=Limits.connections,
        metavar="N",
        help="spectators at once, and connections still saying hello at once (players never "
        f"count; default {Limits.connections})",
    )


def run(args: argparse.Namespace) -> int:
    table = hosted_from(args)
    if table.over():
        raise UserError(f"{table.save_to}: that match is over")
    people = [n for n, s in enumerate(table.seats) if s.kind == HUMAN]
    if people:
        return _host_with_window(args, table, people[0])
    try:
        return asyncio.run(serve(args, table))
    except KeyboardInterrupt as exc:
        say(f"interrupted; the match is saved in {table.save_to} (go on with: {load_hint(table)})")
        return interrupts.exit_code(exc)


def _host_with_window(args: argparse.Namespace, table: HostedMatch, seat: int) -> int:
    """The host's own seat is a window joined like any other, over loopback. Leaving it with
    *Keep hosting* closes the window and hosts on until Ctrl-C."""
    from pusher_sim.ui.common.hosting import Hosting, keep, left_running
    from pusher_sim.ui.shell.app import run_joined

    hosted = host_in_background(args, table, seat)
    hosting = Hosting.of(table.match.game.name, args.bind, hosted)
    keep(hosting)
    code = run_joined(hosted.address, seat=seat, token=hosted.token, hosting=hosting)
    if left_running(hosting):
        say("the window is closed; still hosting (Ctrl-C stops)")
        try:
            while hosted.running():
                hosted.thread.join(1.0)
        except KeyboardInterrupt:
            hosted.stop()
    if not table.over():
        print(
            f"pusher host: the match is saved in {table.save_to} (go on with: {load_hint(table)})",
            file=sys.stderr,
        )
    return code
