"""The lip of a drilled cup for a rigid rolling ball: when it flies off the lip, and what its
landing costs (the speed into the surface, and part of the slip until it rolls again), as a
share of the ball's kinetic energy on the land. docs/physics.md, "Model 9", has the derivation
and the figures.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

_STEPS = 512
"""Steps of the search for where a flight into the cup lands (then bisection)."""


@dataclass(frozen=True)
class Lip:
    """A drilled cup's lip for a ball: ``radius`` R, ``drill`` S, ``depth`` d (m), ``beta`` the
    ball's I / (m R^2), ``gravity`` (m/s^2)."""

    radius: float
    drill: float
    depth: float
    beta: float
    gravity: float

    @property
    def lip(self) -> float:
        """The lip's radius l (m): where the drilled sphere meets the land."""
        return math.sqrt(2.0 * self.drill * self.depth - self.depth * self.depth)

    @property
    def angle(self) -> float:
        """Where the pivot ends and the sphere takes over (rad from the vertical)."""
        return math.asin(self.lip / self.drill)

    @property
    def fly_in_speed(self) -> float:
        """The land speed above which a ball rolling in leaves the lip before the sphere, m/s."""
        g, r, c = self.gravity, self.radius, math.cos(self.angle)
        return math.sqrt(max(g * r * (c - 2.0 / (1.0 + self.beta) * (1.0 - c)), 0.0))

    def _landing(self, vn: float, vt: float, w: float) -> float:
        """Energy over the mass lost by a rigid landing: the speed into the surface ``vn`` and
        the share beta / (1 + beta) of the slip ``vt - w``."""
        slip = vt - w
        return 0.5 * vn * vn + 0.5 * self.beta / (1.0 + self.beta) * slip * slip

    def entering(self, speed: float) -> float:
        """Share of a ball's rolling energy on the land, at ``speed``, that rolling into the cup
        over the lip costs (0 below :attr:`fly_in_speed`)."""
        g, r, beta = self.gravity, self.radius, self.beta
        gain = 2.0 / (1.0 + beta)
        leave = (speed * speed / (g * r) + gain) / (1.0 + gain)
        if leave <= math.cos(self.angle) or speed <= 0.0:
            return 0.0
        a = math.acos(min(leave, 1.0))
        v = math.sqrt(speed * speed + gain * g * r * (1.0 - math.cos(a)))
        # The flight, in the plane of the motion: x inward from the lip, z up from the land.
        x0, z0 = r * math.sin(a), r * math.cos(a)
        vx, vz = v * math.cos(a), -v * math.sin(a)
        cx, cz = self.lip, self.drill - self.depth  # the drill sphere's centre
        reach = self.drill - r  # a ball touching the sphere has its centre this far from it

        def gap(t: float) -> float:
            x, z = x0 + vx * t, z0 + vz * t - 0.5 * g * t * t
            return math.hypot(x - cx, z - cz) - reach

        # The centre flies off the lip into the room the sphere leaves it (gap < 0) and lands
        # where it meets the sphere again (gap back to 0); the flight is searched until the
        # centre falls to the lip's level, past any landing in the cup.
        end = (vz + math.sqrt(vz * vz + 2.0 * g * z0)) / g
        before = t = 0.0
        airborne = False
        for k in range(1, _STEPS + 1):
            t = end * k / _STEPS
            if gap(t) < 0.0:
                airborne = True
            elif airborne:
                break
            before = t
        else:
            return 0.0  # over the cup: the far side is another crossing
        for _ in range(50):
            mid = 0.5 * (before + t)
            if gap(mid) < 0.0:
                before = mid
            else:
                t = mid
        x, z = x0 + vx * t, z0 + vz * t - 0.5 * g * t * t
        nx, nz = (cx - x) / reach, (cz - z) / reach  # from the surface to the ball's centre
        ux, uz = vx, vz - g * t
        vn = ux * nx + uz * nz
        vt = ux * nz - uz * nx
        return self._landing(vn, vt, v) / (0.5 * (1.0 + beta) * speed * speed)

    def leaving(self, speed: float) -> float:
        """Share of a ball's rolling energy on the land, at ``speed`` (what it has there without
        the loss), that climbing out over the lip costs (0 if it stays on the lip)."""
        g, r, beta = self.gravity, self.radius, self.beta
        a = self.angle
        start = (self.drill - r) * (1.0 - math.cos(a))  # the pivot's start over the bottom
        v2 = speed * speed + 2.0 / (1.0 + beta) * g * (self.depth - start)
        if v2 <= g * r * math.cos(a) or speed <= 0.0:
            return 0.0
        v = math.sqrt(v2)
        vx, vz = v * math.cos(a), v * math.sin(a)
        # From the pivot's start, r cos a over the lip, up to the land's level r over it and
        # down onto it; a ball too slow to rise that far falls back on the lip and rolls.
        rise = r - r * math.cos(a)
        room = vz * vz - 2.0 * g * rise
        if room <= 0.0:
            return 0.0
        t = (vz + math.sqrt(room)) / g
        return self._landing(vz - g * t, vx, v) / (0.5 * (1.0 + beta) * speed * speed)

    def crossing(self, speed: float) -> float:
        """Share of its rolling energy a ball rolling at ``speed`` on the land loses crossing
        one cup straight through its centre (over the lip in, out over the far one)."""
        kept = 1.0 - self.entering(speed)
        return 1.0 - kept * (1.0 - self.leaving(speed * math.sqrt(kept)))
