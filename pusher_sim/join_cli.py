"""``pusher join ADDR``: take a seat at a hosted match, in a window or as a headless bot.

The joining is :mod:`pusher_sim.net`'s (a headless bot: :mod:`pusher_sim.net.joined`); this
module sits above the window because it opens one.
"""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path

from pusher_sim import arguments
from pusher_sim.atomic import check_writable
from pusher_sim.errors import UserError
from pusher_sim.net import protocol
from pusher_sim.net.client import address_uri
from pusher_sim.net.joined import join_as_bot, make_agent
from pusher_sim.saves import check_saves_dir


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", help="host:port as the host printed it")
    parser.add_argument("--seat", type=arguments.whole_number(0, 7), help="the seat to take")
    parser.add_argument("--bot", help="play with a bot (a name, or module:Class) without a window")
    parser.add_argument(
        "--show",
        action="store_true",
        help="with --bot: show the table in a window while the bot plays (it closes at the end)",
    )
    parser.add_argument("--watch", action="store_true", help="watch: see only what is public")
    parser.add_argument("--name", default="", help="the name the others see")
    parser.add_argument("--seed", type=arguments.seed, default=None, help="the bot's seed")
    parser.add_argument(
        "--save", type=arguments.path_arg("--save"), help="write the match here when it ends"
    )
    parser.add_argument(
        "--retry-for",
        type=arguments.finite(0.0, 86400.0),
        default=60.0,
        metavar="S",
        help="seconds to keep reconnecting after a drop (default 60)",
    )
    parser.add_argument(
        "--transcript",
        type=arguments.path_arg("--transcript"),
        help="append every message the host sends to this file, one per line",
    )
    parser.add_argument(
        "--speed",
        type=arguments.finite(0.1, 1000.0),
        default=1.0,
        help="how fast the window animates (1: as at home; more: faster)",
    )
    parser.add_argument("--size", help="window size WxH (default 1100x800)")
    parser.add_argument("--mute", action="store_true", help="no sound in the window")


def run(args: argparse.Namespace) -> int:
    if args.watch and (args.bot or args.seat is not None):
        raise UserError("--watch sits in no seat: leave out --seat and --bot")
    if args.show and not args.bot:
        raise UserError("--show shows a bot's game: name the bot with --bot")
    if args.save:
        check_writable(args.save)
    if len(args.name) > protocol.MAX_NAME:
        raise UserError(f"--name is at most {protocol.MAX_NAME} characters")
    check_saves_dir()
    uri = address_uri(args.address)
    if not args.bot or args.show:
        from pusher_sim.ui.common.remote_flow import Seated
        from pusher_sim.ui.shell.app import run_joined

        seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        seated = Seated(lambda game: make_agent(args.bot, game), seed) if args.bot else None
        code: int = run_joined(
            uri,
            seat=args.seat,
            watch=args.watch,
            save=args.save,
            size=args.size,
            speed=args.speed,
            mute=args.mute,
            name=args.name or (args.bot or "")[: protocol.MAX_NAME],
            retry_for=args.retry_for,
            seated=seated,
            transcript=Path(args.transcript) if args.transcript else None,
        )
        return code
    return join_as_bot(args, uri)
