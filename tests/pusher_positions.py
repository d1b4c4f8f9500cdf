"""Shared set-up for the Pusher tests: games on small boards and push outcomes drawn as boards.

Cup colours of the radius-2 board the tests draw on (r b y = red blue yellow, k = black)::

      y r b          A: (-2,2) (-1,2) (0,2)
     r b y r         B: (-2,1) (-1,1) (0,1) (1,1)
    b y k b y        C: (-2,0) (-1,0) (0,0) (1,0) (2,0)
     r b y r         D: (-1,-1) (0,-1) (1,-1) (2,-1)
      y r b          E: (0,-2) (1,-2) (2,-2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.push_resolution import PushOutcome, PushResolver, PushSpec
from pusher_sim.pusher import PusherConfig, PusherGame, PusherState, ScriptedResolver
from pusher_sim.pusher.ascii_board import parse_position


@dataclass
class DrawnOutcome:
    """A resolver whose every push ends in the position ``after`` (drawn as a board)."""

    after: str
    settled: bool = True
    max_flick_speed: float = 1.0
    pushes: list[PushSpec] = field(default_factory=list)

    def resolve(
        self, board: Board, balls: Mapping[Cell, Colour], push: PushSpec, *, record: bool = False
    ) -> PushOutcome:
        self.pushes.append(push)
        _, resting = parse_position(self.after)
        return PushOutcome(tuple(sorted(resting.items())), self.settled, 0.0, 0)


def make(
    drawn: str,
    to_move: int = 0,
    resolver: PushResolver | None = None,
    **config: Any,
) -> PusherState:
    """The drawn position as a state: board size from the drawing, 5 balls each by default."""
    radius, balls = parse_position(drawn)
    options: dict[str, Any] = {
        "board_radius": radius,
        "balls_per_player": 5,
        "resolver": "scripted",
    }
    options.update(config)
    cfg = PusherConfig.from_mapping(options)
    game = PusherGame(cfg, resolver or ScriptedResolver(cfg.scripted))
    return game.position(balls, to_move=to_move)


EMPTY = """
      . . .
     . . . .
    . . . . .
     . . . .
      . . .
"""

P4_TRIANGLE = """
      . . .
     B . . .
    R B . . .
     . . . .
      . . .
"""
"""Red (-2,0), blue (-2,1) and (-1,0): one pushable triangle."""

PAIR_NEEDING_RED = """
      . . .
     . . . .
    R B . . .
     . . . .
      . . .
"""
"""A pair in a blue and a yellow cup: both cups that would complete it, (-2,1) and (-1,-1), are
red, so red must skip (P7) and blue must fill one (P5)."""

RED_SENT_BACK = """
      . R .
     . . . .
    . B . . .
     . B . .
      . . R
"""
"""Where :data:`P4_TRIANGLE`'s push may leave the balls: a red ball in a red cup goes back (P10)."""
