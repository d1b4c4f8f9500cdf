"""The press in three dimensions: the pusher's ball pushed into the triangle by a finger.

The ball starts at the press point, just touching the triangle's balls it overlaps. A finger
(a frictionless sphere driven by position, resting on the ball's top and following it across
the board) pushes it down at a speed that follows the press's strength, from
:data:`SPEED_GENTLE` (strength 0) to :data:`SPEED_HARD` (strength 1), no lower than where the
ball would rest on the land, and holds it there until it is down among the others and
still (:data:`DOWN`, :data:`STILL`, :data:`STILL_TIME`) or :data:`HAND_TIME` has passed; it
stops going down while it presses harder than :data:`STALL_FORCE` (a finger, not a vice: three
balls in their cups under a fourth can lock), and it is lifted away at the end. The flick, the
same velocity as in the 2-D model and rolling, is given as the finger lets go: a ball flicked
while it lies on three others would fly off them instead of driving into them. Nobody measured
a press: these are the reference's choices, and ``pusher validate --fit`` tunes the 2-D press
to what they do.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pusher_sim.board import Board
from pusher_sim.physics.press import flick_velocity, press_point
from pusher_sim.push_resolution import PushSpec

SPEED_GENTLE = 0.05
SPEED_HARD = 0.5
"""m/s: how fast the finger pushes the ball down, gentlest and hardest press."""

STALL_FORCE = 1.0
"""N: the finger stops going down while it pushes harder than this (about 19 ball weights)."""

FINGER_RADIUS = 0.005
"""m: the finger's tip, a sphere."""

HAND_TIME = 0.5
"""s: the finger lets go after this long whatever happened."""

DOWN = 1e-4
STILL = 0.02
STILL_TIME = 0.005
"""The finger, down where the ball rests on the land, lets go once the ball's centre has been
no more than DOWN (m) above that and moving up or down slower than STILL (m/s) for STILL_TIME
(s): a hand keeps a ball it pushed down there until it has stopped bouncing (let go as it
strikes the land, at the press's speed or faster once the triangle gives way, the ball would
bounce back up at 0.6 of it, a hop of several millimetres no hand allows)."""

GAP = 1e-6
"""m: the pressed ball starts this far above the balls it rests on."""


def press_speed(strength: float) -> float:
    """How fast the finger goes down for a press of ``strength`` (0..1), m/s."""
    s = min(max(strength, 0.0), 1.0)
    return SPEED_GENTLE + (SPEED_HARD - SPEED_GENTLE) * s


def start(
    board: Board,
    spec: PushSpec,
    centres: Sequence[tuple[float, float, float]],
    ball_radius: float,
) -> tuple[tuple[float, float, float], float]:
    """The pressed ball's starting centre and vertical velocity: it touches the highest of
    the balls it overlaps seen from above (or the land), coming down at the finger's speed."""
    x, y = press_point(board, spec)
    z = ball_radius
    reach2 = 4.0 * ball_radius * ball_radius
    for cx, cy, cz in centres:
        d2 = (x - cx) ** 2 + (y - cy) ** 2
        if d2 < reach2:
            z = max(z, cz + math.sqrt(reach2 - d2))
    return (x, y, z + GAP), -press_speed(spec.strength)


def flick(spec: PushSpec, ball_radius: float) -> tuple[float, ...]:
    """The flick as MuJoCo's free-joint velocity: (vx, vy, 0) rolling, spin (-vy, vx, 0) / R."""
    vx, vy = flick_velocity(spec)
    return (vx, vy, 0.0, -vy / ball_radius, vx / ball_radius, 0.0)
