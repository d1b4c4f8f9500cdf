"""A rigid ball in flight over the cross-section of a row of drilled cups, and its bounces where it
comes down: the landing a ball flying off a lip makes, with the board's restitution and Coulomb
friction, until it stays on the surface. lip_law.py reads its losses; docs/physics.md,
"Model 9", has the reasoning.

The section is the vertical plane of the ball's path through the cups' centres: flat land at
z = 0 (a ball on it has its centre at z = R), each cup a sphere of radius S drilled d deep about
x = c, meeting the land at the lip x = c +- l, a sharp edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

_SCAN = 24
"""Steps of a flight's scan for its first touch (then bisection)."""

_SETTLE = 0.01
"""m/s: a bounce slower than this off the surface is taken as staying on it (the rest of its
hops lose what it has into the surface, as they would: at most 0.05 mJ/kg)."""

_HALVINGS = 36
"""Bisections of the scan's step for the touch: to under a nanosecond of flight."""


@dataclass(frozen=True)
class Section:
    """The cross-section: ball ``radius`` R, drill S, depth d, the cups' centres along the path
    (m), ``gravity``, the board's ``restitution`` and ``friction``, the ball's ``beta``."""

    radius: float
    drill: float
    depth: float
    centres: tuple[float, ...]
    gravity: float
    restitution: float
    friction: float
    beta: float

    @property
    def lip(self) -> float:
        return math.sqrt(2.0 * self.drill * self.depth - self.depth * self.depth)

    def touch(self, x: float, z: float) -> tuple[float, float, float]:
        """The gap between the ball at centre (x, z) and the surface under it (negative:
        overlapping), and the unit normal from the surface to the centre there."""
        r, s, lip = self.radius, self.drill, self.lip
        best = (z - r, 0.0, 1.0)  # the land, if the point under the centre is land
        if any(abs(x - c) < lip for c in self.centres):
            best = (math.inf, 0.0, 1.0)
        for c in self.centres:
            cz = s - self.depth  # the sphere's centre, over the land
            dx, dz = x - c, z - cz
            d = math.hypot(dx, dz)
            # The drilled sphere, where the point it touches lies within the lip.
            if d > 0.0 and abs(dx / d * s) < lip and dz < 0.0:
                gap = (s - r) - d
                if gap < best[0]:
                    best = (gap, -dx / d, -dz / d)
            for edge, inward in ((c - lip, 1.0), (c + lip, -1.0)):
                ex, ez = x - edge, z
                e = math.hypot(ex, ez)
                # The lip's edge, touched from between the land's normal (up) and the
                # sphere's there (toward its centre, l over S - d from the vertical).
                if ez > 0.0 and 0.0 <= ex * inward <= ez * lip / cz and e - r < best[0]:
                    best = (e - r, ex / e, ez / e)
        return best


@dataclass(frozen=True)
class Landing:
    """Where a flight ended: ``lost`` energy over the mass (J/kg), ``x`` where it came to stay,
    or ``passed`` the section's end (``x`` beyond ``limit``) in the air."""

    lost: float
    x: float
    passed: bool


def fly(
    section: Section,
    start: tuple[float, float, float, float, float],
    limit: float,
) -> Landing:
    """A ball leaving the surface at centre (x, z), velocity (vx, vz) and spin speed w (omega R,
    positive rolling toward +x): flights and bounces until it stays on the surface, or until
    its centre passes x = ``limit`` in the air."""
    g, e, mu, beta = section.gravity, section.restitution, section.friction, section.beta
    x, z, vx, vz, w = start
    lost = 0.0
    for _ in range(200):
        hit = _first_touch(section, x, z, vx, vz, limit)
        if hit is None:
            return Landing(lost, limit, True)
        t, nx, nz = hit
        x, z, vz = x + vx * t, z + vz * t - 0.5 * g * t * t, vz - g * t
        vn = vx * nx + vz * nz
        tx, tz = nz, -nx  # along the surface, +x on the land
        vt = vx * tx + vz * tz
        slip = vt - w
        jn = (1.0 + e) * -vn  # impulses over the mass
        jt = math.copysign(min(abs(slip) * beta / (1.0 + beta), mu * jn), slip)
        before = 0.5 * (vn * vn + vt * vt + beta * w * w)
        vn, vt, w = -e * vn, vt - jt, w + jt / beta
        lost += before - 0.5 * (vn * vn + vt * vt + beta * w * w)
        if vn < _SETTLE:
            # It stays: what is left into the surface goes, and friction ends the slip.
            lost += 0.5 * vn * vn + 0.5 * beta / (1.0 + beta) * (vt - w) ** 2
            return Landing(lost, x, False)
        vx, vz = vn * nx + vt * tx, vn * nz + vt * tz
    raise RuntimeError("a bounce that never stays")  # pragma: no cover


def _first_touch(
    section: Section, x: float, z: float, vx: float, vz: float, limit: float
) -> tuple[float, float, float] | None:
    """When (s) and with which normal a flight from (x, z) at (vx, vz) first touches the
    surface; None if its centre passes ``limit`` first."""
    g = section.gravity

    def at(t: float) -> tuple[float, float, float]:
        return section.touch(x + vx * t, z + vz * t - 0.5 * g * t * t)

    # Scan a flight long enough to fall from its top to below the bottom of any cup.
    top = max(vz, 0.0) / g
    fall = math.sqrt(2.0 * (z + section.depth + max(vz, 0.0) ** 2 / (2 * g)) / g)
    span = top + fall + 1e-6
    before, t = 0.0, 0.0
    for k in range(1, _SCAN + 1):
        t = span * k / _SCAN
        if at(t)[0] < 0.0:
            break
        if x + vx * t > limit:
            return None
        before = t
    else:
        return None
    for _ in range(_HALVINGS):
        mid = 0.5 * (before + t)
        if at(mid)[0] < 0.0:
            t = mid
        else:
            before = mid
    _, nx, nz = at(before)
    return before, nx, nz
