"""Pusher's three actions: place a ball, push a triangle, pass (P7)."""

from __future__ import annotations

from dataclasses import dataclass

from pusher_sim.board import Cell, Colour, Triangle
from pusher_sim.push_resolution import DEFAULT_STRENGTH, PushSpec
from pusher_sim.pusher.names import cup_name
from pusher_sim.pusher.push_words import push_sentence
from pusher_sim.turnloop.actions import Action, ActionCodec


@dataclass(frozen=True)
class Place(Action):
    """P2: one ball from the mover's tray into the empty cup ``cell`` (axial q, r)."""

    cell: Cell

    def __str__(self) -> str:
        return f"place {cup_name(self.cell)}"


@dataclass(frozen=True)
class Push(Action):
    """P8: press a ball from the tray into ``triangle`` (its three cells, sorted).

    ``offset`` is the press point in metres from the triangle's centre; the flick is ``speed``
    m/s in direction ``angle`` (radians, counter-clockwise from +x); ``strength`` is how hard the
    ball is pressed in, from 0 (just loosen the triangle) to 1 (the hardest press). The defaults
    press at the centre, half strength, with no flick: what :meth:`PusherState.legal_actions`
    lists.
    """

    triangle: Triangle
    offset: tuple[float, float] = (0.0, 0.0)
    angle: float = 0.0
    speed: float = 0.0
    strength: float = DEFAULT_STRENGTH

    def spec(self, colour: Colour) -> PushSpec:
        """This push as the physics sees it, made by a ball of ``colour``."""
        tri: Triangle = (
            (self.triangle[0][0], self.triangle[0][1]),
            (self.triangle[1][0], self.triangle[1][1]),
            (self.triangle[2][0], self.triangle[2][1]),
        )
        offset = (float(self.offset[0]), float(self.offset[1]))
        return PushSpec(
            tri, colour, offset, float(self.angle), float(self.speed), float(self.strength)
        )

    def __str__(self) -> str:
        return push_sentence(self)


@dataclass(frozen=True)
class Pass(Action):
    """P7: the mover places nothing (the skip exception, or no legal move) and the turn passes."""

    def __str__(self) -> str:
        return "pass"


CODEC = ActionCodec([Place, Push, Pass])
