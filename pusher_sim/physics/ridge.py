"""The ridge between two bowls: a ball switching bowl keeps the integrator's own energy.

Semi-implicit Euler keeps H = E + k (x - c).v dt / 2 exactly (E kinetic plus bowl, c the
anchor), not E; switching the anchor from one cup's centre to the next breaks H, and the ball
would gain or lose up to k r v dt at every crossing (a tenth of a rim's energy at a brisk roll).
So the velocity the step ends with under the new bowl's pull gets the speed that makes H about
the new centre what it was about the old one. Model 8 reads H off the ball's momentum over its
rolling mass (body and spin), so that a sliding ball keeps its energy too; models 6 and 7 read
the body's velocity alone. docs/physics.md, "The cup", has the reasoning.
"""

from __future__ import annotations

import math

from pusher_sim.physics import chipmunk
from pusher_sim.physics.state import SpaceState

_state, _set_velocity = chipmunk.read_state, chipmunk.set_velocity_in_place
_sqrt, _hypot = math.sqrt, math.hypot


class RidgeCrossing:
    """Sets a ball's speed as it crosses from one cup's cell into another's (one per Space
    with cups; called from the cell-entry callback, so it reads the body's struct and sets the
    velocity in place, through chipmunk.py)."""

    def __init__(self, state: SpaceState) -> None:
        self.state = state
        # mass: a rolling ball answers the bowl with its spin's; kick = k dt / mass, kdt = k dt,
        # half_k = k / 2, c1k = k dt / 2, c2x2 = 2 c2 and c2x4 = 4 c2 with c2 = mass / 2
        # (each computed in the order the sum in cross() would).
        mass, k, dt = state.config.ball_mass + state.spin_mass, state.stiffness, state.dt
        c2 = 0.5 * mass
        self.terms = (mass, k, k * dt / mass, k * dt, 0.5 * k, 0.5 * k * dt, 2.0 * c2, 4.0 * c2)
        # The spin's share of the rolling mass, when H is read off the momentum (model 8).
        self.spin_share = state.spin_mass / mass if state.config.ridge_by_momentum else 0.0

    def cross(self, i: int, a: int, b: int) -> None:
        """Ball ``i`` crossed from cup ``a``'s cell into ``b``'s in this step: set its speed so
        that H goes on unchanged across the ridge (see the module's docstring).

        Called while Chipmunk detects collisions: positions are already advanced with the old
        velocity, velocities not yet.
        """
        state = self.state
        h = state.handles[i]
        mass, k, kick, kdt, half_k, c1k, c2x2, c2x4 = self.terms
        (ax, ay), (bx, by) = state.centres[a], state.centres[b]
        memory = state.body_memory
        m = memory[h]
        px, py, vx, vy = _state(m)[:4]
        spin = state.spin_handles[i]
        cx, cy = vx, vy  # the velocity H is read off
        share = self.spin_share
        if share and spin is not None:
            # The ball's momentum over its rolling mass, V = v + (m_s / M)(w - v): the same
            # change to v and w leaves the slide's energy, mu |v - w|^2 / 2, as it is, so
            # keeping H in V keeps the energy of a sliding ball too (v itself is V rolling).
            wx, wy = _state(memory[spin])[2:4]
            cx, cy = vx + share * (wx - vx), vy + share * (wy - vy)
        rax, ray, rbx, rby = px - ax, py - ay, px - bx, py - by
        vax, vay = cx - kick * rax, cy - kick * ray
        target = 0.5 * (
            mass * (vax * vax + vay * vay)
            + k * (rax * rax + ray * ray)
            + kdt * (rax * vax + ray * vay)
        )
        vbx, vby = cx - kick * rbx, cy - kick * rby
        speed = _hypot(vbx, vby)
        if speed == 0.0:
            return
        ux, uy = vbx / speed, vby / speed
        c1 = c1k * (rbx * ux + rby * uy)
        c0 = half_k * (rbx * rbx + rby * rby) - target
        disc = c1 * c1 - c2x4 * c0
        if disc > 0.0:
            s = (-c1 + _sqrt(disc)) / c2x2
        else:
            s = -c1 / c2x2
            s = s if s > 0.0 else 0.0  # max(0, s)
        dx, dy = s * ux - vbx, s * uy - vby
        _set_velocity(h, m, vx + dx, vy + dy)
        if spin is not None:
            m = memory[spin]
            wx, wy = _state(m)[2:4]
            _set_velocity(spin, m, wx + dx, wy + dy)
