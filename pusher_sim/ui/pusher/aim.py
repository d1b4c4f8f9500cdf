"""Turning a press-drag-release on the board into a push: press point, flick direction, strength.

It works like a slingshot: the player presses inside a pushable triangle (the press point), drags
back, and releases; the flick points from the drag point back through the press point and its
strength grows with the drag length up to the model's maximum flick speed. Everything here is in
board metres, so the feel is the same at any window size.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from pusher_sim.board import Board, Triangle

Point = tuple[float, float]

FULL_DRAG_PITCHES = 4.0
"""Dragging this many cup pitches away from the press point gives the strongest flick."""
DEAD_ZONE_PITCHES = 0.25
"""A drag shorter than this is a plain press with no flick (a trembling hand is not a flick)."""


def barycentric(p: Point, a: Point, b: Point, c: Point) -> tuple[float, float, float]:
    """The weights (wa, wb, wc), summing to 1, with wa*a + wb*b + wc*c = p."""
    det = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1])
    if det == 0:
        return (-1.0, -1.0, 3.0)
    wa = ((b[1] - c[1]) * (p[0] - c[0]) + (c[0] - b[0]) * (p[1] - c[1])) / det
    wb = ((c[1] - a[1]) * (p[0] - c[0]) + (a[0] - c[0]) * (p[1] - c[1])) / det
    return (wa, wb, 1.0 - wa - wb)


def inside_triangle(p: Point, a: Point, b: Point, c: Point) -> bool:
    """True when ``p`` lies inside the triangle abc or on its edge."""
    return min(barycentric(p, a, b, c)) >= 0.0


def triangle_at(board: Board, point: Point, triangles: Iterable[Triangle]) -> Triangle | None:
    """The first of ``triangles`` whose cup centres enclose ``point`` (in board metres)."""
    for tri in triangles:
        a, b, c = (board.position(cell) for cell in tri)
        if inside_triangle(point, a, b, c):
            return tri
    return None


@dataclass(frozen=True)
class Flick:
    """Direction (radians, board frame, counter-clockwise from +x) and speed (m/s) of a flick."""

    angle: float
    speed: float
    fraction: float
    """speed / maximum, for drawing the rubber band."""


def flick_from_drag(press: Point, drag: Point, pitch: float, max_speed: float) -> Flick:
    """The flick a drag from ``press`` to ``drag`` asks for, capped at ``max_speed``."""
    dx, dy = press[0] - drag[0], press[1] - drag[1]
    length = math.hypot(dx, dy)
    if length < DEAD_ZONE_PITCHES * pitch or max_speed <= 0.0:
        return Flick(0.0, 0.0, 0.0)
    fraction = min(1.0, (length - DEAD_ZONE_PITCHES * pitch) / (FULL_DRAG_PITCHES * pitch))
    return Flick(math.atan2(dy, dx), fraction * max_speed, fraction)


@dataclass(frozen=True)
class Aim:
    """A push being aimed: the triangle, where it was pressed and where the pointer is now."""

    triangle: Triangle
    press: Point
    drag: Point

    def offset(self, board: Board) -> Point:
        """The press point relative to the triangle's centre (what the Push action carries)."""
        cx, cy = board.triangle_centre(self.triangle)
        return (self.press[0] - cx, self.press[1] - cy)

    def flick(self, board: Board, max_speed: float) -> Flick:
        return flick_from_drag(self.press, self.drag, board.pitch, max_speed)

    def moved_to(self, drag: Point) -> Aim:
        return Aim(self.triangle, self.press, drag)
