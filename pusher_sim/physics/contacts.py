"""Contacts resolved at the instant two bodies first touch (model 7).

Chipmunk finds a contact only once the shapes overlap (up to v dt, a fifth of a diameter at
the hardest flick), takes the normal from there and solves it with the step's joints: a
glancing collision took the wrong line (up to 11 degrees and 75% slow at a 75 degree cut), and
a rolling ball's friction for the impact step leaked through the contact. So on a contact's
first step (Chipmunk's ``begin``, before velocities are solved) :class:`FirstTouch` winds the
pair back along its relative velocity to the touch, gives it the collision's impulse there
(restitution along the line of centres, Coulomb contact friction) and carries it on at the new
velocities for the time wound back. The pair then separates, along Chipmunk's overlapped normal
too (the approach in a step is under 2R), so the solve adds no impulse and each ball's joints
act on its own velocity. A contact that did not begin within the step, or that wakes a sleeping
ball, is left to Chipmunk; so is a pair meeting again at once, slower than the bowls press two
balls together in a step: a resting pair the step parted, which an impact at each meeting kept
bouncing for ever. docs/physics.md, "Contacts at first touch", has the figures.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from pusher_sim.physics import chipmunk
from pusher_sim.physics.collision import PRESSED
from pusher_sim.physics.config import PhysicsConfig
from pusher_sim.physics.state import SpaceState

# A contact counts as begun in this step if winding back less than a step (and a hair, for
# rounding) brings the pair to touching.
_STEP_SLACK = 1.0 + 1e-9


class FirstTouch:
    """The begin callbacks of ball–ball and ball–rim contacts (see the module's docstring).

    They run once per contact, and a step at 51 moving balls meets one every step or two, so
    they read and write Chipmunk directly (chipmunk.py), not through pymunk's properties.
    ``count`` is how many contacts were resolved at first touch, ``asleep`` and ``lasting`` how
    many were left to Chipmunk for a sleeping ball or as a lasting contact. A pair met again while
    Chipmunk still keeps its contact (for ``collision_persistence`` steps after it ends, its
    ``stamp`` then set) and slower than ``lasting_speed`` is a lasting contact.
    """

    def __init__(self, config: PhysicsConfig, lasting_speed: float = 0.0) -> None:
        self._reach = 2.0 * config.ball_radius
        self._lasting = lasting_speed
        self._late = config.time_step * _STEP_SLACK
        self._e_ball = config.restitution_ball
        self._mu_ball = config.friction_ball
        self._e_rim = config.restitution_rim
        self._mu_rim = config.friction_rim
        self._a, self._b = chipmunk.body_pointer(), chipmunk.body_pointer()
        self.count = 0
        self.asleep = 0
        self.lasting = 0

    def balls(self, arbiter: Any, space: Any = None, data: Any = None) -> None:
        """Two balls (of equal mass) began to touch in this step (a pymunk begin callback)."""
        ab, bb = self._a, self._b
        chipmunk.arbiter_bodies(arbiter._arbiter, ab, bb)
        a, b = ab[0], bb[0]
        if chipmunk.is_sleeping(a) or chipmunk.is_sleeping(b):
            # Waking a sleeping body from inside Chipmunk's collision pass can leave its lists
            # looping (a push hung inside a step); Chipmunk wakes it for this contact itself.
            self.asleep += 1
            return
        # Each vector read once, as floats (a field of a Chipmunk struct costs a call).
        p = chipmunk.position(a)
        pax, pay = p.x, p.y
        p = chipmunk.position(b)
        pbx, pby = p.x, p.y
        v = chipmunk.velocity(a)
        vax, vay = v.x, v.y
        v = chipmunk.velocity(b)
        vbx, vby = v.x, v.y
        dx, dy = pax - pbx, pay - pby
        ux, uy = vax - vbx, vay - vby  # a's velocity relative to b
        uu = ux * ux + uy * uy
        if uu == 0.0:
            return
        du = dx * ux + dy * uy
        reach = self._reach
        disc = du * du - uu * (dx * dx + dy * dy - reach * reach)
        if disc < 0.0:
            return
        # |d - u t| = 2R: the later root is when they touched (they overlap now, t >= 0).
        t = (du + math.sqrt(disc)) / uu
        if not 0.0 <= t <= self._late:
            return
        nx, ny = (dx - ux * t) / reach, (dy - uy * t) / reach  # from b to a at touch
        vn = ux * nx + uy * ny
        if vn >= 0.0:
            return  # not approaching along the line of centres
        if vn > -self._lasting and arbiter._arbiter.stamp:
            self.lasting += 1  # a lasting contact (the class's docstring)
            return
        # Equal masses: each ball takes half the change of the relative velocity.
        dn = -0.5 * (1.0 + self._e_ball) * vn
        dvx, dvy = dn * nx, dn * ny
        tx, ty = ux - vn * nx, uy - vn * ny
        slip = math.hypot(tx, ty)
        if slip > 0.0:
            dt = min(0.5 * slip, self._mu_ball * dn) / slip
            dvx -= dt * tx
            dvy -= dt * ty
        # The new velocities as of t ago: wound back to the touch, carried on at them.
        set_velocity, set_position = chipmunk.set_velocity, chipmunk.set_position
        set_velocity(a, (vax + dvx, vay + dvy))
        set_position(a, (pax + dvx * t, pay + dvy * t))
        set_velocity(b, (vbx - dvx, vby - dvy))
        set_position(b, (pbx - dvx * t, pby - dvy * t))
        self.count += 1

    def rim(self, arbiter: Any, space: Any = None, data: Any = None) -> None:
        """A ball began to touch the rim in this step (the handler's order: ball, rim; a
        pymunk begin callback)."""
        arb = arbiter._arbiter
        chipmunk.arbiter_bodies(arb, self._a, self._b)
        body = self._a[0]
        points = chipmunk.contact_points(arb)
        n = points.normal  # from the ball into the rim
        nx, ny = n.x, n.y
        depth = -points.points[0].distance
        v = chipmunk.velocity(body)
        vn = v.x * nx + v.y * ny
        if vn <= 0.0 or depth < 0.0:
            return
        t = depth / vn
        if t > self._late:
            return
        if vn < self._lasting and arb.stamp:
            self.lasting += 1  # a lasting contact (the class's docstring)
            return
        e = self._e_rim
        dvx, dvy = -(1.0 + e) * vn * nx, -(1.0 + e) * vn * ny
        tx, ty = v.x - vn * nx, v.y - vn * ny
        slip = math.hypot(tx, ty)
        if slip > 0.0:
            dt = min(slip, self._mu_rim * (1.0 + e) * vn) / slip
            dvx -= dt * tx
            dvy -= dt * ty
        _kick(body, chipmunk.position(body), v, dvx, dvy, t)
        self.count += 1


def _kick(body: Any, p: Any, v: Any, dvx: float, dvy: float, t: float) -> None:
    """Change a body's velocity by (dvx, dvy) as of ``t`` ago: wound back to the touch, carried
    on at the new velocity (``body`` a Chipmunk handle, ``p`` and ``v`` as read)."""
    chipmunk.set_velocity(body, (v.x + dvx, v.y + dvy))
    chipmunk.set_position(body, (p.x + dvx * t, p.y + dvy * t))


class Contacts(SpaceState):
    """The ball's contact handlers: the pressed ball passing over the balls it starts on, and
    first touches (a base of BoardSpace; ``touch`` is None under model 6)."""

    touch: FirstTouch | None
    _ignore_once: set[Any]
    ignored: list[int]

    def ignore_first_contact(self, others: Iterable[int]) -> None:
        """Let the pressed ball pass over ``others`` until each pair has come apart once.

        Only a contact that begins in the next step is ignored (those that do are listed in
        :attr:`ignored`); a pair already apart by then collides normally ever after.
        """
        for i in others:
            self._ignore_once.add(self.shapes[i])

    def stop_ignoring(self) -> None:
        self._ignore_once.clear()

    def _press_begin(self, arbiter: Any, space: Any, data: Any) -> None:
        a, b = arbiter.shapes
        other = b if a.collision_type == PRESSED else a
        if other in self._ignore_once:
            self._ignore_once.discard(other)
            self.ignored.append(self.shapes.index(other))
            arbiter.process_collision = False
        elif self.touch is not None:
            self.touch.balls(arbiter, space)
