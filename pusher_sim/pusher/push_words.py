"""A push in words: the push aimed as a sentence, and what the table's hand made of it.

The window's message line, the terminal game and ``pusher replay`` all say a push this way
("push A1-A2-B2: pressed 70% at the centre, flicked at 0.09 m/s toward 4 o'clock"; "the hand:
0.4 mm left, 3% harder"). Directions are as the board is drawn: up is the top of the screen,
and a flick's direction is a clock face's hour.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from pusher_sim.pusher.names import cups_named

if TYPE_CHECKING:
    from pusher_sim.pusher.actions import Push

NEAR_MM = 0.05
"""A press point nearer the centre than this (mm) is "at the centre"; a hand's move of the
press point shorter than this is no move."""
NEAR_PCT = 0.5
"""A change of press or flick smaller than this share (%) is no change."""
NEAR_DEG = 0.5

_SIDES = ("right", "up-right", "up", "up-left", "left", "down-left", "down", "down-right")


def side(dx: float, dy: float) -> str:
    """The one of eight directions (``right``, ``up-left``...) nearest to (dx, dy)."""
    eighth = round(math.degrees(math.atan2(dy, dx)) / 45.0) % 8
    return _SIDES[eighth]


def clock_hour(angle: float) -> int:
    """The hour a direction (radians, counter-clockwise from +x) points to on a clock face."""
    hour = round(3 - math.degrees(math.remainder(angle, math.tau)) / 30.0) % 12
    return 12 if hour == 0 else hour


def push_sentence(push: Push, radius: int = 5) -> str:
    """The push aimed, as a sentence: where it is pressed, how hard, and its flick."""
    dx, dy = (v * 1000.0 for v in push.offset)
    far = math.hypot(dx, dy)
    where = "at the centre" if far < NEAR_MM else f"{far:.1f} mm {side(dx, dy)} of the centre"
    text = f"push {cups_named(push.triangle, radius)}: pressed {push.strength:.0%} {where}"
    if push.speed > 0:
        text += f", flicked at {push.speed:.2f} m/s toward {clock_hour(push.angle)} o'clock"
    return text


def hand_effect(aimed: Push, made: Push | None) -> str:
    """What the hand made of ``aimed`` (``made``: None, as aimed), in a few words: "0.4 mm
    left, 3% harder, flick 2 deg clockwise, 4% faster"."""
    if made is None:
        return "made as aimed"
    parts = []
    dx = (made.offset[0] - aimed.offset[0]) * 1000.0
    dy = (made.offset[1] - aimed.offset[1]) * 1000.0
    if math.hypot(dx, dy) >= NEAR_MM:
        parts.append(f"{math.hypot(dx, dy):.1f} mm {side(dx, dy)}")
    parts.append(_change(made.strength, aimed.strength, "harder", "softer"))
    if aimed.speed > 0:
        turn = math.degrees(math.remainder(made.angle - aimed.angle, 2 * math.pi))
        if abs(turn) >= NEAR_DEG:
            way = "anticlockwise" if turn > 0 else "clockwise"
            parts.append(f"flick {abs(turn):.0f} deg {way}")
        parts.append(_change(made.speed, aimed.speed, "faster", "slower"))
    said = [p for p in parts if p]
    return ", ".join(said) if said else "as aimed, near enough"


def _change(made: float, aimed: float, more: str, less: str) -> str:
    if aimed <= 0:
        return ""
    pct = (made / aimed - 1.0) * 100.0
    if abs(pct) < NEAR_PCT:
        return ""
    return f"{abs(pct):.0f}% {more if pct > 0 else less}"
