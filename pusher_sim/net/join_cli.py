"""``pusher join ADDR``: take a seat at a hosted match, in a window or as a headless bot.

The token a host issues is kept (:mod:`pusher_sim.net.held_seats`), so joining the same address
again takes the same seat back. ``--save`` writes, once the match is over, the log as the host
keeps it (a game that hides nothing) or everything the seat saw (Push).
"""

from __future__ import annotations

import argparse
import json
import secrets
from pathlib import Path

from pusher_sim import arguments
from pusher_sim.atomic import atomic_write, check_writable
from pusher_sim.errors import UserError
from pusher_sim.net import protocol
from pusher_sim.net.bot_client import BotResult, play_bot
from pusher_sim.net.client import End, Follower, Link, Message, Refused, Welcome, address_uri
from pusher_sim.net.held_seats import held_token, keep_token, seat_key
from pusher_sim.saves import check_saves_dir
from pusher_sim.turnloop.agents import Agent
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.turnloop.state import Game

SEEN_FORMAT = "pusher-seat-view/1"


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


def say(line: str) -> None:
    print(f"pusher join: {line}", flush=True)


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
    key = seat_key(uri, args.seat)
    token = held_token(key)
    result = _bot_at(args, uri, key, token)
    refused = result.refusals[-1] if result.refusals else None
    if token is not None and refused is not None and refused.code == protocol.BAD_TOKEN:
        say("the seat held here belongs to another match: joining afresh")
        keep_token(key, None)
        result = _bot_at(args, uri, key, None)
    if not result.closed.ok:
        raise UserError(result.closed.reason)
    if result.end is not None and result.follower is not None:
        say(f"the match is over: {result.end.returns}")
        keep_token(key, None)
        if args.save:
            save_seen(Path(args.save), result.follower, result.end)
            say(f"saved to {args.save}")
    return 0


def _bot_at(args: argparse.Namespace, uri: str, key: str, token: str | None) -> BotResult:
    transcript = Path(args.transcript) if args.transcript else None
    name = args.name or args.bot[: protocol.MAX_NAME]
    link = Link(uri, protocol.PLAY, args.seat, token, name, args.retry_for, transcript)

    def noted(message: Message) -> None:
        if isinstance(message, Welcome) and message.token is not None:
            keep_token(key, message.token)
        if isinstance(message, Refused) and message.code == protocol.BAD_TOKEN:
            link.close()

    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        return play_bot(link.start(), lambda game: make_agent(args.bot, game), seed, say, noted)
    finally:
        link.close()


def make_agent(name: str, game: Game) -> Agent:
    from pusher_sim.tournament.play import bot_factory, make_bot

    spec = get_spec(game.name)
    return make_bot(name, bot_factory(spec, name), game)


def save_seen(path: Path, follower: Follower, end: End) -> None:
    """The host's log (a game that hides nothing: the end says the seed) or the seat's view."""
    if end.seed is not None:
        follower.log(end.seed).save(path)
    else:
        data = {"format": SEEN_FORMAT, "view": follower.view.to_json()}
        atomic_write(path, json.dumps(data, separators=(",", ":")) + "\n")
