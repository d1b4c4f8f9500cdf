"""A round cup's lip (``round_cups``, an option in no model yet): the bowl is felt inside it,
flat land lies beyond, and a ball crossing it keeps the integrator's energy, less what its
flight over the lip costs.

Each cup has a sensor circle at its lip (config.cup_lip_radius). A probe entering it turns the
ball's bowl spring on (the cup's bowl, k r^2 / 2, which is the land's height m g h at the lip),
leaving it turns it off: beyond the lip the ball rolls on flat land, where it can stop. As at a
ridge (ridge.py), switching the spring inside a step breaks what semi-implicit Euler keeps,
E + k (x - c).v dt / 2, so the velocity the step ends with is given the speed that keeps it
(on the land the spring is off and E itself is kept), read off the ball's momentum over its
rolling mass so that a sliding ball keeps its energy too. A ball fast enough to fly off the
lip loses what its landing costs (lip_law.py), as a share of its rolling energy on the land.
docs/physics.md, "Model 9", has the reasoning.
"""

from __future__ import annotations

import functools
import math

from pusher_sim.physics import chipmunk
from pusher_sim.physics.config import CUP_DRILL_RATIO
from pusher_sim.physics.lip_law import Lip, lip_table
from pusher_sim.physics.state import SpaceState

_state = chipmunk.read_state


@functools.lru_cache(maxsize=8)
def _near_cups(
    centres: tuple[tuple[float, float], ...], reach: float
) -> tuple[tuple[int, ...], ...]:
    """Each cup's neighbours out to ``reach`` (centre to centre), whose lips a ball flying
    off its lip may come down in."""
    return tuple(
        tuple(
            j
            for j, (bx, by) in enumerate(centres)
            if j != i and (bx - ax) ** 2 + (by - ay) ** 2 <= reach * reach
        )
        for i, (ax, ay) in enumerate(centres)
    )


class LipCrossing:
    """Turns a ball's bowl on and off at its cup's lip, keeping the energy (less the lip's
    loss): one per Space with round cups."""

    def __init__(self, state: SpaceState) -> None:
        self.state = state
        cfg = state.config
        self.mass = cfg.ball_mass + state.spin_mass
        self.lip = cfg.cup_lip_radius()
        self.land = 0.5 * state.stiffness * self.lip * self.lip  # the land's height, J
        self.share = state.spin_mass / self.mass
        self.law = (
            lip_table(
                Lip(
                    cfg.ball_radius,
                    CUP_DRILL_RATIO * cfg.ball_radius,
                    cfg.cup_depth,
                    state.spin_mass / cfg.ball_mass,
                    cfg.normal_gravity,
                    cfg.sliding_friction,
                    cfg.restitution_rim,
                )
            )
            if cfg.lip_loss and cfg.cup_depth > 0.0
            else None
        )
        self.near = _near_cups(state.centres, 2.0 * state.board.pitch)
        self.lost = 0.0  # energy the lips took, J
        # Rolling resistance acts along the ball's path over the drilled profile, longer than
        # its plan (cup_path_factor): what the bowl's plan leaves out of the way from the lip
        # to the bottom, J, paid as a ball crosses the lip, in or out.
        self.excess = (
            cfg.rolling_resistance
            * self.mass
            * cfg.normal_gravity
            * self.lip
            * (cfg.cup_path_factor() - 1.0)
        )

    def _momentum_velocity(self, i: int) -> tuple[float, float, float, float, float, float]:
        """Ball ``i``'s position, velocity and V = v + (m_s / M)(w - v)."""
        s = self.state
        memory = s.body_memory
        px, py, vx, vy = _state(memory[s.handles[i]])[:4]
        spin = s.spin_handles[i]
        if spin is None:
            return px, py, vx, vy, vx, vy
        wx, wy = _state(memory[spin])[2:4]
        return px, py, vx, vy, vx + self.share * (wx - vx), vy + self.share * (wy - vy)

    def _add(self, i: int, dx: float, dy: float) -> None:
        """Add (dx, dy) to ball ``i``'s velocity and its spin's (its slide unchanged)."""
        s = self.state
        for h in (s.handles[i], s.spin_handles[i]):
            if h is None:
                continue
            m = s.body_memory[h]
            vx, vy = _state(m)[2:4]
            chipmunk.set_velocity_in_place(h, m, vx + dx, vy + dy)

    def enter(self, i: int, c: int) -> None:
        """Ball ``i`` crossed into cup ``c``'s lip in this step (its spring now on, pulling in
        this step): the velocity the step ends with keeps the energy it had on the land."""
        s = self.state
        k, dt = s.stiffness, s.dt
        px, py, _, _, cx, cy = self._momentum_velocity(i)
        kinetic = 0.5 * self.mass * (cx * cx + cy * cy)
        ax, ay = s.centres[c]
        rx, ry = px - ax, py - ay
        target = kinetic + self.land - self._loss(kinetic, (rx, ry), (-cx, -cy), None)
        kick = k * dt / self.mass
        ex, ey = cx - kick * rx, cy - kick * ry  # what the step would end with
        speed = math.hypot(ex, ey)
        if speed == 0.0:
            return
        ux, uy = ex / speed, ey / speed
        # 0.5 M s^2 + 0.5 k dt (r.u) s + 0.5 k r^2 = target, for the speed s along u.
        b = 0.5 * k * dt * (rx * ux + ry * uy)
        c0 = 0.5 * k * (rx * rx + ry * ry) - target
        disc = b * b - 2.0 * self.mass * c0
        new = (-b + math.sqrt(disc)) / self.mass if disc > 0.0 else max(-b / self.mass, 0.0)
        self._add(i, new * ux - ex, new * uy - ey)

    def leave(self, i: int, c: int) -> None:
        """Ball ``i`` crossed out of cup ``c``'s lip in this step (its spring now off): the
        velocity the step ends with, no longer pulled, keeps the energy it had in the bowl."""
        s = self.state
        k, dt = s.stiffness, s.dt
        px, py, _, _, cx, cy = self._momentum_velocity(i)
        ax, ay = s.centres[c]
        rx, ry = px - ax, py - ay
        kick = k * dt / self.mass
        ex, ey = cx - kick * rx, cy - kick * ry  # what the step would have ended with
        energy = 0.5 * (
            self.mass * (ex * ex + ey * ey) + k * (rx * rx + ry * ry) + k * dt * (rx * ex + ry * ey)
        )
        kinetic = max(energy - self.land, 0.0)
        speed = math.hypot(cx, cy)
        if speed == 0.0:
            return
        kinetic -= self._loss(kinetic, (rx, ry), (cx, cy), (c, px, py))
        scale = math.sqrt(2.0 * kinetic / self.mass) / speed
        self._add(i, (scale - 1.0) * cx, (scale - 1.0) * cy)

    def _loss(
        self,
        kinetic: float,
        radius: tuple[float, float],
        velocity: tuple[float, float],
        out: tuple[int, float, float] | None,
    ) -> float:
        """What a lip costs a ball with ``kinetic`` rolling energy on the land, J: the law at
        the speed of its motion across the lip, on that motion's share of the energy (along
        the lip it rolls on), and the resistance of the profile's longer path on the way in or
        out. ``radius`` from the cup's centre to the ball, ``velocity`` its motion in (``out``
        None) or out of cup c from (x, y) (``out`` = (c, x, y))."""
        if kinetic <= 0.0:
            return 0.0
        (rx, ry), (vx, vy) = radius, velocity
        along = rx * vx + ry * vy
        if along <= 0.0:
            return 0.0
        cos2 = along * along / ((rx * rx + ry * ry) * (vx * vx + vy * vy))
        across = kinetic * cos2
        speed = math.sqrt(2.0 * across / self.mass)
        if self.law is None:
            share = 0.0
        elif out is None:
            share = self.law.entering(speed)
        else:
            share = self.law.leaving(speed, self._land_ahead(*out, vx, vy))
        lost = min(share * across + self.excess * math.sqrt(cos2), kinetic)
        self.lost += lost
        return lost

    def _land_ahead(self, c: int, x: float, y: float, vx: float, vy: float) -> float:
        """The land (m) a ball leaving cup ``c`` at (x, y) along (vx, vy) crosses before the
        lip of a cup next to it (infinite: none is ahead)."""
        s, lip = self.state, self.lip
        speed = math.hypot(vx, vy)
        ux, uy = vx / speed, vy / speed
        best = math.inf
        for n in self.near[c]:
            ax, ay = s.centres[n]
            dx, dy = ax - x, ay - y
            t = dx * ux + dy * uy  # the ray's nearest approach to that cup's centre
            miss = dx * dx + dy * dy - t * t
            if t > 0.0 and miss < lip * lip:
                best = min(best, t - math.sqrt(lip * lip - miss))
        return max(best, 0.0)
