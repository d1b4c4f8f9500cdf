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

# A contact counts as begun in this step if winding back less than a step (and a hair, for
# rounding) brings the pair to touching.
_STEP_SLACK = 1.0 + 1e-9


class FirstTouch:
    """The begin callbacks of ball–ball and ball–rim contacts (see the module's docstring).

    They run once per contact, and a step at 51 moving balls meets about two, so Chipmunk calls
    them itself (chipmunk.on_begin, not through pymunk's dispatch) and they read and write the
    two bodies' structs in place (chipmunk.body_memory), calling into Chipmunk only to wake a
    body's resting contacts. ``count`` is how many contacts were resolved at first touch,
    ``asleep`` and ``lasting`` how many were left to Chipmunk for a sleeping ball or as a lasting
    contact. A pair met again while Chipmunk still keeps its contact (for
    ``collision_persistence`` steps after it ends, its ``stamp`` then set) and slower than
    ``lasting_speed`` is a lasting contact.
    """

    def __init__(
        self, config: PhysicsConfig, memory: dict[Any, Any], lasting_speed: float = 0.0
    ) -> None:
        self._reach = 2.0 * config.ball_radius
        self._reach2 = self._reach * self._reach
        self._lasting = lasting_speed
        self._late = config.time_step * _STEP_SLACK
        # -(1 + e) / 2, -(1 + e) and mu (1 + e): each factor as the sums below would form it.
        self._half_bounce = -0.5 * (1.0 + config.restitution_ball)
        self._mu_ball = config.friction_ball
        self._rim_bounce = -(1.0 + config.restitution_rim)
        self._rim_cap = config.friction_rim * (1.0 + config.restitution_rim)
        # Each body's struct (chipmunk.body_memory) by its Chipmunk handle: every ball's and
        # the rim's (the state's body_memory).
        self._memory = memory
        self._c_callbacks: list[Any] = []  # kept alive while the Space may step
        self.count = 0
        self.asleep = 0
        self.lasting = 0

    def attach(self, space: Any, ball: int, rim: int) -> None:
        """Make these the begin callbacks of (ball, ball) and (ball, rim) contacts in
        ``space`` (``ball`` and ``rim`` collision types)."""
        self._c_callbacks.append(chipmunk.on_begin(space, ball, ball, self.balls))
        self.attach_rim(space, ball, rim)

    def attach_rim(self, space: Any, ball: int, rim: int) -> None:
        """Make :meth:`rim` the begin callback of (ball, rim) contacts in ``space``."""
        self._c_callbacks.append(chipmunk.on_begin(space, ball, rim, self.rim))

    def balls(self, arb: Any, space: Any = None, data: Any = None) -> None:
        """Two balls (of equal mass) began to touch in this step (``arb`` a ``cpArbiter *``).

        Either order of the two gives the same result bit for bit (each step of the sum only
        changes sign with it, which floating point does exactly), so the arbiter's is taken.
        """
        a, b = arb.body_a, arb.body_b
        memory = self._memory
        ma, mb = memory[a], memory[b]
        pax, pay, vax, vay, links_a, root_a, idle_a = _state(ma, _MOTION)
        pbx, pby, vbx, vby, links_b, root_b, idle_b = _state(mb, _MOTION)
        if root_a or root_b:
            # Waking a sleeping body from inside Chipmunk's collision pass can leave its lists
            # looping (a push hung inside a step); Chipmunk wakes it for this contact itself.
            self.asleep += 1
            return
        dx, dy = pax - pbx, pay - pby
        ux, uy = vax - vbx, vay - vby  # a's velocity relative to b
        uu = ux * ux + uy * uy
        if uu == 0.0:
            return
        du = dx * ux + dy * uy
        disc = du * du - uu * (dx * dx + dy * dy - self._reach2)
        if disc < 0.0:
            return
        # |d - u t| = 2R: the later root is when they touched (they overlap now, t >= 0).
        t = (du + _sqrt(disc)) / uu
        if not 0.0 <= t <= self._late:
            return
        reach = self._reach
        nx, ny = (dx - ux * t) / reach, (dy - uy * t) / reach  # from b to a at touch
        vn = ux * nx + uy * ny
        if vn >= 0.0:
            return  # not approaching along the line of centres
        if vn > -self._lasting and arb.stamp:
            self.lasting += 1  # a lasting contact (the class's docstring)
            return
        # Equal masses: each ball takes half the change of the relative velocity.
        dn = self._half_bounce * vn
        dvx, dvy = dn * nx, dn * ny
        tx, ty = ux - vn * nx, uy - vn * ny
        slip = _hypot(tx, ty)
        if slip > 0.0:
            # min(0.5 slip, mu dn), spelt out: the builtin parses its arguments like keywords.
            half, cap = 0.5 * slip, self._mu_ball * dn
            dt = (cap if cap < half else half) / slip
            dvx -= dt * tx
            dvy -= dt * ty
        # The new velocities as of t ago: wound back to the touch, carried on at them
        # (cpBodySetVelocity, then cpBodySetPosition, in place: chipmunk.body_memory). Written
        # out for each ball here and in rim(), not called: this is the step's hottest Python.
        px, py = pax + dvx * t, pay + dvy * t
        ma[_P] = ma[_T] = px
        ma[_P1] = ma[_T1] = py
        ma[_V] = vax + dvx
        ma[_V1] = vay + dvy
        if links_a:
            _activate(a)
        elif idle_a:
            ma[_IDLE] = 0.0
        px, py = pbx - dvx * t, pby - dvy * t
        mb[_P] = mb[_T] = px
        mb[_P1] = mb[_T1] = py
        mb[_V] = vbx - dvx
        mb[_V1] = vby - dvy
        if links_b:
            _activate(b)
        elif idle_b:
            mb[_IDLE] = 0.0
        self.count += 1

    def rim(self, arb: Any, space: Any = None, data: Any = None) -> None:
        """A ball began to touch the rim in this step (the handler's order: ball, rim; ``arb``
        a ``cpArbiter *``)."""
        a, b = arb.body_a, arb.body_b
        ma, mb = self._memory[a], self._memory[b]
        # The normal (from a to b) and the first contact point's distance, as
        # cpArbiterGetContactPointSet computes them.
        nx, ny, distance = _first_contact(arb, ma, mb)
        depth = -distance
        if arb.swapped:
            nx, ny = -nx, -ny
            body, m = b, mb
        else:
            body, m = a, ma
        px, py, vx, vy, links, _, idle = _state(m, _MOTION)
        vn = vx * nx + vy * ny
        if vn <= 0.0 or depth < 0.0:
            return
        t = depth / vn
        if t > self._late:
            return
        if vn < self._lasting and arb.stamp:
            self.lasting += 1  # a lasting contact (the class's docstring)
            return
        bounce = self._rim_bounce
        dvx, dvy = bounce * vn * nx, bounce * vn * ny
        tx, ty = vx - vn * nx, vy - vn * ny
        slip = _hypot(tx, ty)
        if slip > 0.0:
            cap = self._rim_cap * vn
            dt = (cap if cap < slip else slip) / slip
            dvx -= dt * tx
            dvy -= dt * ty
        px, py = px + dvx * t, py + dvy * t
        m[_P] = m[_T] = px
        m[_P1] = m[_T1] = py
        m[_V] = vx + dvx
        m[_V1] = vy + dvy
        if links:
            _activate(body)
        elif idle:
            m[_IDLE] = 0.0
        self.count += 1


# A body's fields in place (chipmunk.body_memory), bound once for the callbacks.
_MOTION, _state = chipmunk.MOTION, chipmunk.body_state.unpack_from
_P, _P1, _V, _V1 = chipmunk.P, chipmunk.P + 1, chipmunk.V, chipmunk.V + 1
_T, _T1, _IDLE = chipmunk.T, chipmunk.T + 1, chipmunk.IDLE
_activate, _first_contact = chipmunk.activate, chipmunk.first_contact
_sqrt, _hypot = math.sqrt, math.hypot


class PressedBall:
    """The pressed ball's contacts with the other balls: it passes over the balls it starts on
    top of until each pair has come apart once; its other contacts are first touches
    (``touch``, None under model 6, when Chipmunk resolves them)."""

    def __init__(self, shapes: list[Any], touch: FirstTouch | None) -> None:
        self._shapes = shapes  # every ball's shape, by index (the state's list)
        self._touch = touch
        self._ignore_once: set[Any] = set()
        self.ignored: list[int] = []

    def attach(self, space: Any, pressed: int, ball: int) -> None:
        """Make this the begin callback of (pressed, ball) contacts in ``space``."""
        chipmunk.on_pymunk_begin(space, pressed, ball, self._begin)

    def ignore_first_contact(self, others: Iterable[int]) -> None:
        """Let the pressed ball pass over ``others`` until each pair has come apart once.

        Only a contact that begins in the next step is ignored (those that do are listed in
        :attr:`ignored`); a pair already apart by then collides normally ever after.
        """
        for i in others:
            self._ignore_once.add(self._shapes[i])

    def stop_ignoring(self) -> None:
        self._ignore_once.clear()

    def _begin(self, arbiter: Any, space: Any, data: Any) -> None:
        a, b = arbiter.shapes
        other = b if a.collision_type == PRESSED else a
        if other in self._ignore_once:
            self._ignore_once.discard(other)
            self.ignored.append(self._shapes.index(other))
            arbiter.process_collision = False
        elif self._touch is not None:
            self._touch.balls(chipmunk.arbiter_of(arbiter, space))
