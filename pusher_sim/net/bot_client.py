"""A headless agent at a hosted table: ``pusher join ADDR --bot NAME``.

The bot plays from its seat's :class:`~pusher_sim.turnloop.seat_view.SeatMirror`, the only
position a client has: for Push that holds its own hand and stand-ins for every card it cannot
see, so a fair bot (one that reads ``state.observation(seat)``) plays as it would at home, and
an unfair one can read nothing it should not. It answers each move the host says is its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from pusher_sim.errors import CorruptFile
from pusher_sim.net import protocol
from pusher_sim.net.client import Follower, Link
from pusher_sim.net.host_messages import (
    Closed,
    End,
    Message,
    News,
    Refused,
    SeatsNews,
    Start,
    Welcome,
)
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.agents import Agent
from pusher_sim.turnloop.state import Game


@dataclass
class BotResult:
    """How a bot's stay at the table ended, and what it saw."""

    closed: Closed
    follower: Follower | None
    end: End | None
    refusals: list[Refused] = field(default_factory=list)


def play_bot(
    link: Link,
    make_agent: Callable[[Game], Agent],
    seed: int,
    say: Callable[[str], None] = print,
    on_message: Callable[[Message], None] | None = None,
) -> BotResult:
    """Follow the table and answer every move that is the bot's, until the link closes."""
    follower: Follower | None = None
    agent: Agent | None = None
    end: End | None = None
    refusals: list[Refused] = []
    asked = -1  # the move number the bot last answered, so it answers each move once
    while True:
        message = link.inbox.get()
        if on_message is not None:
            on_message(message)
        if isinstance(message, Closed):
            return BotResult(message, follower, end, refusals)
        if isinstance(message, Welcome):
            if follower is None or follower.seat != message.seat:
                follower = Follower(message)
                agent = make_agent(follower.game)
            else:
                follower.rejoin(message)
            asked = -1  # a reconnection: whatever was sent before may be lost
            if message.seat >= 0:
                say(f"seated as {follower.game.seat_label(message.seat)}")
        elif isinstance(message, News):
            if follower is None:
                raise CorruptFile("the host sent a move before its welcome")
            follower.news(message)
        elif isinstance(message, Start):
            if follower is None:
                raise CorruptFile("the host started play before its welcome")
            follower.start(message)
        elif isinstance(message, SeatsNews):
            if follower is not None:
                follower.started = message.started
            if message.note:
                say(message.note)
        elif isinstance(message, Refused):  # the same position would bring the same answer
            refusals.append(message)
            say(f"the host refused: {message.message}")
        elif isinstance(message, End):
            end = message
        if follower is not None and agent is not None and follower.my_turn:
            moves = follower.view.moves
            if asked != moves:
                asked = moves
                link.send(protocol.act(moves, decide(follower, agent, seed).to_json()))


def decide(follower: Follower, agent: Agent, seed: int) -> Action:
    """The agent's action from the mirror, with a generator of the seed and the move number."""
    state = follower.mirror.state
    codec = follower.game.action_codec
    legal = [codec.decode(dict(a)) for a in follower.view.legal]
    rng = np.random.default_rng([seed, follower.view.moves])
    return agent.act(state, follower.seat, legal, rng)
