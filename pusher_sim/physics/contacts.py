"""Contacts resolved at the instant two bodies first touch (model 7), and the pressed ball's.

Chipmunk finds a contact only once the shapes overlap (up to v dt, a fifth of a diameter at
the hardest flick) and takes the normal from there, which sends a glancing collision along the
wrong line. So on a contact's first step (Chipmunk's ``begin``, before velocities are solved)
:class:`FirstTouch` winds the pair back along its relative velocity to the touch, gives it the
collision's impulse there (restitution along the line of centres, Coulomb contact friction) and
carries it on at the new velocities for the time wound back; the pair then separates, so the
solve adds no impulse. A contact that did not begin within the step, that wakes a sleeping
ball, or that is a resting pair meeting again (slower than the bowls press two balls together
in a step) is left to Chipmunk. docs/physics.md, "Contacts at first touch", has the figures.
:class:`PressedBall` lets the pressed ball pass over the balls it starts on top of.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from pusher_sim.physics import chipmunk
from pusher_sim.physics.ball_friction import contact_friction
from pusher_sim.physics.collision import PRESSED
from pusher_sim.physics.config import PhysicsConfig

# A contact counts as begun in this step if winding back less than a step (and a hair, for
# rounding) brings the pair to touching.
_STEP_SLACK = 1.0 + 1e-9


class FirstTouch:
    """The begin callbacks of ball–ball and ball–rim contacts (see the module's docstring).

    They run once per contact, and a step at 51 moving balls meets about two, so Chipmunk calls
    them itself (chipmunk.on_begin, not through pymunk's dispatch) and they read and write the
    two bodies' fields in place (chipmunk.read_state, set_motion_in_place). ``count`` is how many
    contacts were resolved at first touch, ``asleep`` and ``lasting`` how many were left to
    Chipmunk for a sleeping ball or as a lasting contact. A pair met again while Chipmunk still
    keeps its contact (for ``collision_persistence`` steps after it ends: chipmunk.cached) and
    slower than ``lasting_speed`` is a lasting contact.
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
        # Each body's fields (chipmunk.body_memory) by its handle: every ball's and the rim's
        # (the state's body_memory).
        self._memory = memory
        self._c_callbacks: list[Any] = []  # kept alive while the Space may step
        # Model 9: the spin's share of the contact's friction (ball_friction.py) and the touch
        # of a sleeping ball resolved too; each ball's spin body by the ball body's handle.
        self._spin = config.spin_friction
        self._touch_asleep = config.touch_asleep
        self._inertia = config.ball_inertia_ratio
        self.spin_of: dict[Any, Any] = {}
        self.count = 0
        self.asleep = 0
        self.lasting = 0

    def attach(self, space: Any, ball: int, rim: int) -> None:
        """Make these the begin callbacks of (ball, ball) and (ball, rim) contacts in
        ``space`` (``ball`` and ``rim`` collision types)."""
        self._c_callbacks.append(chipmunk.on_begin(space, ball, ball, self.begin))
        self.attach_rim(space, ball, rim)

    @property
    def begin(self) -> Any:
        """The begin callback of two balls: model 9's (:meth:`balls_in_3d`) when the contact's
        friction reaches the spin or a sleeping ball's touch is resolved, else :meth:`balls`."""
        return self.balls_in_3d if self._spin or self._touch_asleep else self.balls

    def attach_rim(self, space: Any, ball: int, rim: int) -> None:
        """Make :meth:`rim` the begin callback of (ball, rim) contacts in ``space``."""
        self._c_callbacks.append(chipmunk.on_begin(space, ball, rim, self.rim))

    def balls(self, arb: Any, space: Any = None, data: Any = None) -> None:
        """Two balls (of equal mass) began to touch in this step (``arb`` from chipmunk.py).

        Either order of the two gives the same result bit for bit (each step of the sum only
        changes sign with it, which floating point does exactly), so the arbiter's is taken.
        """
        a, b = _bodies(arb)
        memory = self._memory
        ma, mb = memory[a], memory[b]
        pax, pay, vax, vay, links_a, root_a, idle_a = _state(ma)
        pbx, pby, vbx, vby, links_b, root_b, idle_b = _state(mb)
        if root_a or root_b:
            # Waking a sleeping body from inside Chipmunk's collision pass can leave its lists
            # looping (a push hung inside a step); Chipmunk wakes it for this contact itself.
            self.asleep += 1
            return
        dx, dy = pax - pbx, pay - pby
        ux, uy = vax - vbx, vay - vby  # a's velocity relative to b
        t = _touch(dx, dy, ux, uy, self._reach2, self._late)
        if t is None:
            return
        reach = self._reach
        nx, ny = (dx - ux * t) / reach, (dy - uy * t) / reach  # from b to a at touch
        vn = ux * nx + uy * ny
        if vn >= 0.0:
            return  # not approaching along the line of centres
        if vn > -self._lasting and _cached(arb):
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
        # (cpBodySetVelocity and cpBodySetPosition in place).
        _set_motion(a, ma, pax + dvx * t, pay + dvy * t, vax + dvx, vay + dvy, links_a, 0, idle_a)
        _set_motion(b, mb, pbx - dvx * t, pby - dvy * t, vbx - dvx, vby - dvy, links_b, 0, idle_b)
        self.count += 1

    def balls_in_3d(self, arb: Any, space: Any = None, data: Any = None) -> None:
        """Model 9's first touch of two balls: as :meth:`balls`, with the contact's friction
        a 3-D Coulomb impulse that reaches the spins (ball_friction.py), and a sleeping ball
        touched too.

        A sleeping ball did not move in this step (Chipmunk integrates awake bodies only), so
        the pair is wound back along the other's motion alone; the sleeper's new velocity and
        spin are written and it is woken as a setter wakes it (Chipmunk defers that to the end
        of the collision pass). Left to Chipmunk, the touch was solved together with the
        striker's slide joint, whose friction for the whole step crossed the contact (model 8).
        """
        a, b = _bodies(arb)
        memory = self._memory
        ma, mb = memory[a], memory[b]
        pax, pay, vax, vay, links_a, root_a, idle_a = _state(ma)
        pbx, pby, vbx, vby, links_b, root_b, idle_b = _state(mb)
        if (root_a or root_b) and (
            not self._touch_asleep or (root_a and links_a) or (root_b and links_b)
        ):
            # A sleeper resting against another body is left to Chipmunk: woken inside the
            # collision pass, its kept contacts are threaded twice and the next step's
            # component search loops for ever (a push on the land of round cups hung so).
            self.asleep += 1
            return
        # How each moved in this step: a sleeping ball not at all.
        max_, may = (0.0, 0.0) if root_a else (vax, vay)
        mbx, mby = (0.0, 0.0) if root_b else (vbx, vby)
        dx, dy = pax - pbx, pay - pby
        ux, uy = max_ - mbx, may - mby
        t = _touch(dx, dy, ux, uy, self._reach2, self._late)
        if t is None:
            return
        reach = self._reach
        nx, ny = (dx - ux * t) / reach, (dy - uy * t) / reach  # from b to a at touch
        rx, ry = vax - vbx, vay - vby  # a's velocity relative to b
        vn = rx * nx + ry * ny
        if vn >= 0.0:
            return
        if vn > -self._lasting and _cached(arb):
            self.lasting += 1
            return
        dn = self._half_bounce * vn
        dvx, dvy = dn * nx, dn * ny
        tx, ty = rx - vn * nx, ry - vn * ny
        spin_a, spin_b = self.spin_of.get(a), self.spin_of.get(b)
        spin = 0.0
        if self._spin and spin_a is not None and spin_b is not None:
            wa, wb = _state(memory[spin_a]), _state(memory[spin_b])
            spin = (wa[2] + wb[2]) * nx + (wa[3] + wb[3]) * ny
        slip = _hypot(tx, ty)
        tangential, vertical = contact_friction(slip, spin, self._mu_ball * dn, self._inertia)
        if slip > 0.0:
            dvx -= tangential * tx / slip
            dvy -= tangential * ty / slip
        # Each ball leaves the touch t ago at its new velocity: an awake one wound back along
        # its old velocity and on along the new one, a sleeping one (which has not moved)
        # carried on from the touch; either woken as a setter wakes it. Written out for the two
        # balls, not called: this is the step's hottest Python.
        wax, way, wbx, wby = vax + dvx, vay + dvy, vbx - dvx, vby - dvy
        if root_a:
            pax, pay = pax + wax * t, pay + way * t
        else:
            pax, pay = pax + (wax - vax) * t, pay + (way - vay) * t
        if root_b:
            pbx, pby = pbx + wbx * t, pby + wby * t
        else:
            pbx, pby = pbx + (wbx - vbx) * t, pby + (wby - vby) * t
        _set_motion(a, ma, pax, pay, wax, way, links_a, root_a, idle_a)
        _set_motion(b, mb, pbx, pby, wbx, wby, links_b, root_b, idle_b)
        if vertical != 0.0:
            # Both spins lose the same along the line of centres (ball_friction.py).
            kick = -vertical / self._inertia
            for h in (spin_a, spin_b):
                m = memory[h]
                wx, wy = _state(m)[2:4]
                _set_v(h, m, wx + kick * nx, wy + kick * ny)
        self.count += 1

    def rim(self, arb: Any, space: Any = None, data: Any = None) -> None:
        """A ball began to touch the rim in this step (the handler's order: ball, rim; ``arb``
        from chipmunk.py)."""
        # The normal from the ball into the rim and how deep they overlap, as
        # cpArbiterGetContactPointSet gives them.
        body, m, nx, ny, depth = _ball_contact(arb, self._memory)
        px, py, vx, vy, links, _, idle = _state(m)
        vn = vx * nx + vy * ny
        if vn <= 0.0 or depth < 0.0:
            return
        t = depth / vn
        if t > self._late:
            return
        if vn < self._lasting and _cached(arb):
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
        _set_motion(body, m, px + dvx * t, py + dvy * t, vx + dvx, vy + dvy, links, 0, idle)
        self.count += 1


# Chipmunk's fields read and written (chipmunk.py), bound once for the callbacks.
_state, _set_motion = chipmunk.read_state, chipmunk.set_motion_in_place
_set_v = chipmunk.set_velocity_in_place
_bodies, _cached, _ball_contact = chipmunk.arbiter_bodies, chipmunk.cached, chipmunk.ball_contact
_sqrt, _hypot = math.sqrt, math.hypot


def _touch(dx: float, dy: float, ux: float, uy: float, reach2: float, late: float) -> float | None:
    """How long ago a pair ``(dx, dy)`` apart, closing at ``(ux, uy)`` over this step, touched
    (|d - u t| = 2R, the later root: they overlap now), or None if not within ``late``."""
    uu = ux * ux + uy * uy
    if uu == 0.0:
        return None
    du = dx * ux + dy * uy
    disc = du * du - uu * (dx * dx + dy * dy - reach2)
    if disc < 0.0:
        return None
    t = (du + _sqrt(disc)) / uu
    return t if 0.0 <= t <= late else None


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
