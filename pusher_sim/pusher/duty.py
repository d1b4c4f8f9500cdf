"""What the player to move must do now (P2, P5, P6, P7, P11), read off the position alone.

The rules make the turn's shape a function of the board: a pushable triangle means a push is due
(P6, and P11(a) "push again"); otherwise a ball is placed (P2, with P5's forced triangle and P7's
exceptions), which also covers P11(c) "place one". So the state keeps no phase of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from pusher_sim.board import Cell, Colour, Triangle
from pusher_sim.pusher.config import PusherConfig
from pusher_sim.pusher.position import Geometry

DutyKind = Literal["push", "place", "pass"]


@dataclass(frozen=True)
class Duty:
    """The mover's obligation: its kind, the rule behind it, and the legal cups or triangles."""

    kind: DutyKind
    rule: str
    reason: str
    cups: tuple[Cell, ...] = ()
    triangles: tuple[Triangle, ...] = ()


def foreign_to(colour: Colour, cup: Colour, config: PusherConfig) -> bool:
    """P2: may a ball of ``colour`` go into a cup of colour ``cup``?"""
    if cup == Colour.BLACK:
        return config.black_is_foreign
    return cup != colour


def duty_of(
    geo: Geometry, balls: Mapping[Cell, Colour], colour: Colour, config: PusherConfig
) -> Duty:
    """The duty of a player of ``colour`` to move on ``balls``."""
    pushable = geo.pushable_triangles(balls, config.free_roll_empty_neighbours)
    if pushable:
        return Duty(
            "push",
            "P6",
            "a pushable triangle is on the board: push one",
            (),
            tuple(pushable),
        )
    rule, reason = "P2", "place a ball in an empty cup of another colour"
    if geo.has_pair(balls):
        forming = geo.triangle_cups(balls)
        if forming:
            allowed = tuple(c for c in forming if foreign_to(colour, geo.colour[c], config))
            if allowed:
                return Duty("place", "P5", "a pair is on the board: form a triangle", allowed)
            if config.on_own_colour_only == "skip":
                return Duty("pass", "P7", "every cup forming a triangle is your colour: skip")
            reason = "every cup forming a triangle is your colour: place freely"
        elif config.when_no_triangle_cup == "pass":
            return Duty("pass", "P7", "a pair is on the board, no cup would form a triangle: pass")
        else:
            reason = "no cup would form a triangle: place freely"
        rule = "P7"
    cups = tuple(
        c for c in geo.cells if c not in balls and foreign_to(colour, geo.colour[c], config)
    )
    if cups:
        return Duty("place", rule, reason, cups)
    return Duty("pass", "P7", "no empty cup of another colour is left: pass")
