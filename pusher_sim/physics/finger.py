"""Model 8's press: a finger pushes the pressed ball down between the balls it lies on, and the
contacts between them, seen in three dimensions, drive those balls apart.

The pressed ball has a height ``z`` over the others' centres and a vertical velocity ``w`` that
the 2-D board does not hold: its weight pulls it down, and a finger moving down at the press's
speed pushes it whenever it is slower (up to ``FINGER_STALL_WEIGHTS`` of its weight, a finger,
not a vice). Each ball under it is a contact between spheres: along the line of their centres
in 3-D, never closer than a diameter, the ball under it free across the board and held by it
vertically. So the pressed ball goes in only once the balls under it stand a diameter away,
however slowly it is pushed, and a faster finger sends them out faster. docs/physics.md, "The
press", has the reasoning; push.py the model-7 press this replaces.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pusher_sim.physics.config import FINGER_STALL_WEIGHTS, PhysicsConfig

if TYPE_CHECKING:
    from pusher_sim.physics.space import BoardSpace as BallState

ITERATIONS = 8
"""Passes of the contact solve per step (the finger and each ball under the pressed one)."""

BIAS = 0.2
"""Share of an overlap the contacts undo per step (a ball under the pressed one that the board
pushed in)."""

Vec = tuple[float, float]


def finger_speed(gentle: float, hard: float, strength: float) -> float:
    """How fast the finger goes down for a press of ``strength`` (0..1), m/s."""
    s = min(max(strength, 0.0), 1.0)
    return gentle + (hard - gentle) * s


def start_height(top: Vec, supports: Sequence[Vec], radius: float) -> float:
    """Height of the pressed ball's centre resting on the highest of ``supports``, m."""
    reach2 = 4.0 * radius * radius
    heights = [
        math.sqrt(reach2 - d2)
        for d2 in ((top[0] - x) ** 2 + (top[1] - y) ** 2 for x, y in supports)
        if d2 < reach2
    ]
    return max(heights, default=0.0)


def press_impulses(
    top: Vec,
    top_v: Vec,
    z: float,
    w: float,
    supports: Sequence[Vec],
    support_vs: Sequence[Vec],
    *,
    radius: float,
    gravity: float,
    dt: float,
    speed: float,
    stall: float,
) -> tuple[Vec, float, list[Vec], float]:
    """One step of the press: the velocities the contacts and the finger leave.

    ``top``/``top_v`` are the pressed ball's centre and velocity across the board, ``z``/``w``
    its height and vertical velocity; ``supports``/``support_vs`` the balls it may touch.
    ``speed`` is the finger's, ``stall`` the most it changes the pressed ball's speed in a step
    (its force over the ball's mass, times dt). Returns the pressed ball's new velocity across
    the board and vertical velocity, each support's new velocity, and the finger's impulse over
    the ball's mass (m/s, downward) for its work. Balls are of equal mass; a contact's impulse
    acts along the line of centres, on the ball under it only across the board (the board takes
    the rest). Sequential impulses, :data:`ITERATIONS` passes.
    """
    vx, vy, vz = top_v[0], top_v[1], w - gravity * dt
    vs = [list(v) for v in support_vs]
    diameter = 2.0 * radius
    contacts = []
    for j, (sx, sy) in enumerate(supports):
        dx, dy = top[0] - sx, top[1] - sy
        length = math.sqrt(dx * dx + dy * dy + z * z)
        nx, ny, nz = dx / length, dy / length, z / length
        gap = length - diameter
        # Apart: it may close the gap in this step, no more (a contact found ahead of time).
        target = -gap / dt if gap > 0.0 else -BIAS * gap / dt
        mass = 1.0 / (1.0 + nx * nx + ny * ny)  # over the ball's mass
        contacts.append((j, nx, ny, nz, target, mass))
    pushed = [0.0] * len(contacts)
    finger = 0.0
    for _ in range(ITERATIONS):
        # The finger: the ball goes down at least at its speed, pushed at most ``stall``.
        more = min(max(finger + vz + speed, 0.0), stall) - finger
        vz -= more
        finger += more
        for k, (j, nx, ny, nz, target, mass) in enumerate(contacts):
            v = vs[j]
            vn = nx * (vx - v[0]) + ny * (vy - v[1]) + nz * vz
            total = max(pushed[k] + mass * (target - vn), 0.0)
            p = total - pushed[k]
            pushed[k] = total
            vx += p * nx
            vy += p * ny
            vz += p * nz
            v[0] -= p * nx
            v[1] -= p * ny
    return (vx, vy), vz, [(v[0], v[1]) for v in vs], finger


class Finger:
    """The press of one push: the pressed ball's height and vertical velocity, and the finger's
    speed and strength (the config's, at the push's strength)."""

    def __init__(self, config: PhysicsConfig, strength: float) -> None:
        self.radius = config.ball_radius
        self.mass = config.ball_mass
        self.gravity = config.normal_gravity
        self.speed = finger_speed(config.gentle_finger_speed, config.finger_speed, strength)
        self.stall = FINGER_STALL_WEIGHTS * self.gravity
        self.z = 0.0
        self.w = 0.0
        self.velocities: dict[int, Vec] = {}

    def push(self, model: BallState, involved: Sequence[int], dt: float) -> float:
        """Set :attr:`velocities` and :attr:`w` for the next step of the pressed ball
        ``involved[0]`` on ``involved[1:]``; returns the work the finger does in it (J)."""
        top, *under = involved
        v, self.w, vs, pushed = press_impulses(
            model.position(top),
            model.velocity(top),
            self.z,
            self.w,
            [model.position(j) for j in under],
            [model.velocity(j) for j in under],
            radius=self.radius,
            gravity=self.gravity,
            dt=dt,
            speed=self.speed,
            stall=self.stall * dt,
        )
        self.velocities = dict(zip(involved, [v, *vs], strict=True))
        return self.mass * pushed * max(-self.w, 0.0)

    def flick(self, model: BallState, i: int, flick: Vec) -> float:
        """Give ball ``i`` the flick, rolling, as the finger lets go; returns the energy it
        adds (J)."""
        before = model.kinetic_energy(i)
        vx, vy = model.velocity(i)
        velocity = (vx + flick[0], vy + flick[1])
        model.bodies[i].velocity = velocity
        spin = model.spins[i]
        if spin is not None:
            spin.velocity = velocity
        return model.kinetic_energy(i) - before
