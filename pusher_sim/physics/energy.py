"""The energy bookkeeping: what the model says never grows, ball by ball.

Kinetic energy of ball and spin, the bowl's height about the cup whose bowl a ball feels (a
rider's ride energy instead), and the tilt's potential. The press checks it every step, so the
sum reads Chipmunk directly (chipmunk.py) and can keep the terms of sleeping balls.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from pusher_sim.physics import chipmunk
from pusher_sim.physics.state import SpaceState


class Energy:
    """Energy of the balls of one Space, J."""

    def __init__(self, state: SpaceState) -> None:
        self.state = state
        # The land's height between round cups (``round_cups``), J; 0 where the bowls meet.
        self.land = 0.5 * state.stiffness * state.lip**2 if state.lip < math.inf else 0.0

    def kinetic_energy(self, i: int) -> float:
        """Kinetic energy of ball ``i``, translation and spin, J."""
        s = self.state
        v = s.bodies[i].velocity
        e: float = 0.5 * s.config.ball_mass * (v.x * v.x + v.y * v.y)
        spin = s.spins[i]
        if spin is not None:
            w = spin.velocity
            e += 0.5 * s.spin_mass * (w.x * w.x + w.y * w.y)
        return e

    def ball_energy(self, i: int) -> float:
        """Kinetic (with spin) plus bowl energy of ball ``i`` about the cup whose bowl it feels."""
        s = self.state
        e = self.kinetic_energy(i)
        if s.springs[i] is not None:
            b = s.bowl[i]
            if b >= 0:
                p = s.bodies[i].position
                cx, cy = s.centres[b]
                e += 0.5 * s.stiffness * ((p.x - cx) ** 2 + (p.y - cy) ** 2)
            else:
                e += s.riders.get(i, 0.0 if i in s.lifted else self.land)
        return e

    def energy(self, *, shadow: bool = False) -> float:
        """Kinetic + spin + bowl + tilt energy of every ball, J: what the model says never grows.

        ``shadow`` adds k (x - c).v dt / 2 per ball in a bowl: the energy semi-implicit Euler
        keeps exactly (the plain one ripples about it by up to omega dt / 2 of the bowl energy).
        """
        return self.energy_of(range(len(self.state.bodies)), shadow=shadow)

    def energy_of(
        self,
        balls: Iterable[int],
        *,
        shadow: bool = False,
        terms: dict[int, tuple[float, float, float]] | None = None,
    ) -> float:
        """:meth:`energy` of some of the balls, J.

        ``terms`` caches each ball's (kinetic + bowl, tilt, spin's tilt) terms: a ball found
        there is not read again (the caller keeps only balls that have not moved since), and
        the sum is the same, operation for operation, as without it.
        """
        s = self.state
        total = 0.0
        balls = list(balls)
        if shadow and s.stiffness > 0.0:
            half = 0.5 * s.stiffness * s.dt
            for i in balls:
                b = s.bowl[i]
                if b >= 0 and s.springs[i] is not None:
                    p, v = s.bodies[i].position, s.bodies[i].velocity
                    cx, cy = s.centres[b]
                    total += half * ((p.x - cx) * v.x + (p.y - cy) * v.y)
        # ball_energy and the tilt terms, inlined with the same arithmetic (the press sums this
        # every step): one read of each body's position and velocity per ball.
        m, sm, k = s.config.ball_mass, s.spin_mass, s.stiffness
        gx, gy = s.space.gravity
        tilted = gx != 0.0 or gy != 0.0  # level: the tilt terms are exact zeros
        spins, springs, bowls, centres = s.spins, s.springs, s.bowl, s.centres
        riders, lifted, land = s.riders, s.lifted, self.land
        position, velocity = chipmunk.position, chipmunk.velocity
        handles, spin_handles = s.handles, s.spin_handles
        for i in balls:
            known = terms.get(i) if terms is not None else None
            if known is None:
                h = handles[i]
                v = velocity(h)
                e = 0.5 * m * (v.x * v.x + v.y * v.y)
                spin = spin_handles[i]
                if spin is not None:
                    w = velocity(spin)
                    e += 0.5 * sm * (w.x * w.x + w.y * w.y)
                if springs[i] is not None:
                    b = bowls[i]
                    if b >= 0:
                        p = position(h)
                        cx, cy = centres[b]
                        e += 0.5 * k * ((p.x - cx) ** 2 + (p.y - cy) ** 2)
                    else:
                        e += riders.get(i, 0.0 if i in lifted else land)
                if not tilted:
                    total += e
                    if terms is not None:
                        terms[i] = (e, 0.0, 0.0)
                    continue
                p = position(h)
                tilt = m * (gx * p.x + gy * p.y)
                spin_tilt = 0.0
                if spin is not None:
                    q = position(spin)
                    spin_tilt = sm * (gx * q.x + gy * q.y)
                known = (e, tilt, spin_tilt)
                if terms is not None:
                    terms[i] = known
            total += known[0]
            if tilted:
                total -= known[1]
                if spins[i] is not None:
                    total -= known[2]
        return total
