"""The lip of a drilled cup for a rigid rolling ball: how it pivots over the sharp edge (slipping
where friction cannot hold it), when it flies off, and what its landing costs, as a share of the
ball's kinetic energy on the land. docs/physics.md, "Model 9", has the derivation and the figures.
"""

from __future__ import annotations

import bisect
import functools
import math
from dataclasses import dataclass

from pusher_sim.physics.lip_flight import Section, fly

_NUDGE = 1e-9
"""m: a flight starts this far off the surface it leaves, clear of its own rounding."""

_PIVOT_STEPS = 80
"""Runge-Kutta steps over the pivot's angle (the shares move by under 2e-4 at twice as many:
the slip's onset is a kink the steps step over)."""

_GRID = (0.0025, 0.40, 0.025, 1.60)
"""The table's speeds (m/s): every 2.5 mm/s to 0.4, where the pivot's slip and the flight
begin, then every 25 mm/s to 1.6, past any ball in play; beyond, the law itself."""


@dataclass(frozen=True)
class Pivot:
    """Where a pivot on the lip ended: the centre's angle from above the lip (rad), its speed
    ``v`` and its spin's speed ``w`` (omega R, m/s); ``flew`` if the lip stopped holding it."""

    angle: float
    v: float
    w: float
    flew: bool


@dataclass(frozen=True)
class Lip:
    """A drilled cup's lip for a ball: ``radius`` R, ``drill`` S, ``depth`` d (m), ``beta`` the
    ball's I / (m R^2), ``gravity`` (m/s^2), ``friction`` the Coulomb friction between ball and
    board (infinite: it never slips) and ``restitution`` the board's (0: a landing stays)."""

    radius: float
    drill: float
    depth: float
    beta: float
    gravity: float
    friction: float = math.inf
    restitution: float = 0.0

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
        """The land speed above which a ball rolling in leaves the lip before the sphere, m/s
        (rolling without slipping)."""
        g, r, c = self.gravity, self.radius, math.cos(self.angle)
        return math.sqrt(max(g * r * (c - 2.0 / (1.0 + self.beta) * (1.0 - c)), 0.0))

    def pivot(self, start: float, end: float, v: float, w: float) -> Pivot:
        """Roll the ball's centre about the lip from angle ``start`` to ``end`` (``start <
        end``; negative on the cup's side when climbing out, positive rolling in), at speed
        ``v`` with spin speed ``w``. Gravity along the path is g sin(angle); the lip pushes
        with N/m = g cos(angle) - v^2 / R; friction holds the contact while it needs at most
        ``friction`` N (beta / (1 + beta) of the pull along the path) and slides at that
        otherwise, cutting the slip v - w."""
        g, r, beta, mu = self.gravity, self.radius, self.beta, self.friction

        def rates(a: float, v: float, w: float, rolling: bool) -> tuple[float, float]:
            """dv/da and dw/da."""
            pull = g * math.sin(a)
            if rolling:
                rate = pull / (1.0 + beta) * r / v
                return rate, rate
            press = g * math.cos(a) - v * v / r
            f = math.copysign(mu * press, v - w if v != w else pull)
            return (pull - f) * r / v, f / beta * r / v

        def holds(a: float, v: float) -> bool:
            need = abs(beta / (1.0 + beta) * g * math.sin(a))
            return need <= mu * (g * math.cos(a) - v * v / r)

        a, h = start, (end - start) / _PIVOT_STEPS
        rolling = v == w and holds(a, v)
        for _ in range(_PIVOT_STEPS):
            if g * math.cos(a) - v * v / r <= 0.0:
                return Pivot(a, v, w, True)
            k1 = rates(a, v, w, rolling)
            k2 = rates(a + h / 2, v + h / 2 * k1[0], w + h / 2 * k1[1], rolling)
            k3 = rates(a + h / 2, v + h / 2 * k2[0], w + h / 2 * k2[1], rolling)
            k4 = rates(a + h, v + h * k3[0], w + h * k3[1], rolling)
            nv = v + h / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0])
            nw = w + h / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])
            a += h
            if nv <= 0.0:
                return Pivot(a, 0.0, 0.0, False)  # friction stopped it on the lip
            if v != w and (nv - nw) * (v - w) <= 0.0:
                nv = nw = (nv + beta * nw) / (1.0 + beta)  # the slip ran out: rolling again
            v, w = nv, nw
            rolling = v == w and holds(a, v)
        return Pivot(a, v, w, False)

    def section(self, land: float = math.inf) -> Section:
        """The cross-section through this cup's centre (at 0) and, ``land`` beyond its lip,
        the next cup's."""
        centres = (0.0,) if math.isinf(land) else (0.0, 2.0 * self.lip + land)
        return Section(
            self.radius,
            self.drill,
            self.depth,
            centres,
            self.gravity,
            self.restitution,
            min(self.friction, 1e9),
            self.beta,
        )

    def _rolled(self, slip: float) -> float:
        """Energy over the mass friction takes to end a ``slip`` (v - omega R) on a surface."""
        return 0.5 * self.beta / (1.0 + self.beta) * slip * slip

    def entering(self, speed: float) -> float:
        """Share of a ball's rolling energy on the land, at ``speed``, that rolling into the cup
        over the lip costs: the pivot's slip, and the landing if it flies."""
        if speed <= 0.0:
            return 0.0
        g, r, beta = self.gravity, self.radius, self.beta
        energy = 0.5 * (1.0 + beta) * speed * speed
        p = self.pivot(0.0, self.angle, speed, speed)
        # What the pivot's friction took: the energy on the land (centre R over the lip) less
        # what the ball has where the pivot ended (its centre R cos(angle) over the lip).
        lost = (
            energy + g * r - (0.5 * p.v * p.v + 0.5 * beta * p.w * p.w + g * r * math.cos(p.angle))
        )
        if p.flew:
            # Off the cup's near edge (x = -l); a flight past its far edge is the next crossing.
            a = p.angle
            start = (
                -self.lip + r * math.sin(a),
                r * math.cos(a) + _NUDGE,
                p.v * math.cos(a),
                -p.v * math.sin(a),
                p.w,
            )
            lost += fly(self.section(), start, self.lip).lost
        else:
            lost += self._rolled(p.v - p.w)
        return min(max(lost / energy, 0.0), 1.0)

    def leaving(self, speed: float, land: float = math.inf) -> float:
        """Share of a ball's rolling energy on the land, at ``speed`` (what it has there without
        the loss), that climbing out over the lip costs: the pivot's slip, or the landing if it
        flies off the pivot's start (0 if it flies over ``land`` into the next cup; 1: it stops
        on the lip)."""
        if speed <= 0.0:
            return 0.0
        g, r, beta = self.gravity, self.radius, self.beta
        energy = 0.5 * (1.0 + beta) * speed * speed
        a = self.angle
        rise = (self.drill - r) * (1.0 - math.cos(a))  # the pivot's start over the bottom
        v = math.sqrt(speed * speed + 2.0 / (1.0 + beta) * g * (self.depth - rise))
        if v * v > g * r * math.cos(a):
            start = (
                self.lip - r * math.sin(a),
                r * math.cos(a) + _NUDGE,
                v * math.cos(a),
                v * math.sin(a),
                v,
            )
            return min(fly(self.section(land), start, self.lip + land).lost / energy, 1.0)
        p = self.pivot(-a, 0.0, v, v)
        if p.v <= 0.0:
            return 1.0
        kept = 0.5 * (1.0 + beta) * ((p.v + beta * p.w) / (1.0 + beta)) ** 2
        return min(max(1.0 - kept / energy, 0.0), 1.0)

    def reach(self, speed: float) -> float:
        """How much land beyond the lip (m) a ball climbing out at ``speed`` flies over before
        it first comes down to it (0: it pivots over the lip, or falls back on it)."""
        g, r, beta, a = self.gravity, self.radius, self.beta, self.angle
        rise = (self.drill - r) * (1.0 - math.cos(a))
        v2 = speed * speed + 2.0 / (1.0 + beta) * g * (self.depth - rise)
        if speed <= 0.0 or v2 <= g * r * math.cos(a):
            return 0.0
        v = math.sqrt(v2)
        vx, vz = v * math.cos(a), v * math.sin(a)
        room = vz * vz - 2.0 * g * r * (1.0 - math.cos(a))  # up to the land's level
        if room <= 0.0:
            return 0.0
        t = (vz + math.sqrt(room)) / g
        return max(vx * t - r * math.sin(a), 0.0)

    def crossing(self, speed: float, land: float = math.inf) -> float:
        """Share of its rolling energy a ball rolling at ``speed`` on the land loses crossing
        one cup straight through its centre (over the lip in, out over the far one, with
        ``land`` before the next cup)."""
        kept = 1.0 - self.entering(speed)
        return 1.0 - kept * (1.0 - self.leaving(speed * math.sqrt(kept), land))


class LipTable:
    """A lip's shares (:meth:`Lip.entering`, :meth:`Lip.leaving` onto open land) and whether a
    ball climbing out flies (:meth:`Lip.reach`) at a grid of speeds, each worked out the first
    time a crossing needs it and read by linear interpolation: the law costs up to a
    millisecond, a crossing in a step must not, and a push meets few of the speeds."""

    def __init__(self, law: Lip) -> None:
        self.law = law
        fine, turn, coarse, top = _GRID
        speeds = [fine * k for k in range(round(turn / fine) + 1)]
        speeds += [turn + coarse * k for k in range(1, round((top - turn) / coarse) + 1)]
        self.speeds = tuple(speeds)
        self._known: dict[int, tuple[float, float, float]] = {}

    def entering(self, speed: float) -> float:
        if speed >= self.speeds[-1]:
            return self.law.entering(speed)
        return self._read(speed, 0)

    def leaving(self, speed: float, land: float = math.inf) -> float:
        """Climbing out with ``land`` (m) before the next cup's lip: a flight that may reach
        it is flown (a tenth of a millisecond), the rest read."""
        if speed >= self.speeds[-1] or (land < math.inf and self._read(speed, 2) > 0):
            return self.law.leaving(speed, land)
        return self._read(speed, 1)

    def _row(self, j: int) -> tuple[float, float, float]:
        row = self._known.get(j)
        if row is None:
            v = self.speeds[j]
            row = (self.law.entering(v), self.law.leaving(v), self.law.reach(v))
            self._known[j] = row
        return row

    def _read(self, speed: float, column: int) -> float:
        xs = self.speeds
        j = min(max(bisect.bisect_right(xs, speed), 1), len(xs) - 1)
        x0, x1 = xs[j - 1], xs[j]
        s0, s1 = self._row(j - 1)[column], self._row(j)[column]
        return s0 + (s1 - s0) * (speed - x0) / (x1 - x0)


@functools.lru_cache(maxsize=8)
def lip_table(law: Lip) -> LipTable:
    """The table of ``law``, one a process for each lip."""
    return LipTable(law)
