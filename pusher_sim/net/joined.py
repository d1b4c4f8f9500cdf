"""Joining a hosted match without a window (a headless bot), and what a joiner keeps after.

The token a host issues is kept (:mod:`pusher_sim.net.held_seats`), so joining the same address
again takes the same seat back. ``--save`` writes, once the match is over, the log as the host
keeps it (a game that hides nothing) or everything the seat saw (Push).
"""

from __future__ import annotations

import argparse
import json
import secrets
from pathlib import Path

from pusher_sim.atomic import atomic_write
from pusher_sim.errors import UserError
from pusher_sim.net import protocol
from pusher_sim.net.bot_client import BotResult, play_bot
from pusher_sim.net.client import Follower, Link
from pusher_sim.net.held_seats import held_token, keep_token, seat_key
from pusher_sim.net.host_messages import End, Message, Refused, Welcome
from pusher_sim.turnloop.agents import Agent
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.turnloop.state import Game

SEEN_FORMAT = "pusher-seat-view/1"


def say(line: str) -> None:
    print(f"pusher join: {line}", flush=True)


def join_as_bot(args: argparse.Namespace, uri: str) -> int:
    """``pusher join ADDR --bot NAME``: the bot plays the seat headless to the match's end."""
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
