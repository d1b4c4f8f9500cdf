"""Model 8's press: a finger pushes the pressed ball down between the balls it lies on, and the
contacts between them, seen in three dimensions, drive those balls apart.

The pressed ball has a height ``z`` over the others' centres and a vertical velocity ``w``: its
weight pulls it down, and a finger moving down at the press's speed pushes it whenever it is
slower (up to ``FINGER_STALL_WEIGHTS`` of its weight). Each ball under it is a contact between
spheres along the line of their centres, never closer than a diameter. So the pressed ball goes
in only once the balls under it stand a diameter away, however slowly it is pushed, and a
faster finger sends them out faster; the flick is given as the finger lets go. docs/physics.md,
"The press", has the reasoning.

:class:`FingerPress` is the :class:`~pusher_sim.physics.press_ledger.Press` that
:class:`~pusher_sim.physics.simulation.PushSimulation` runs when ``press_makes_room``; it holds a
:class:`~pusher_sim.physics.press_ledger.PressLedger` as model 7's press does.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from pusher_sim.physics.config import FINGER_STALL_WEIGHTS
from pusher_sim.physics.press_ledger import PressLedger
from pusher_sim.physics.space import BoardSpace

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


class FingerPress:
    """Model 8's press of the ball ``pressed`` on the ``triangle`` balls it overlaps (see the
    module); ``flick`` is given as it drops in. Its height is its ledger's, its vertical
    velocity :attr:`w`."""

    def __init__(
        self,
        model: BoardSpace,
        pressed: int,
        triangle: list[int],
        strength: float,
        flick: Vec,
    ) -> None:
        self.w = 0.0
        self.ledger = PressLedger(model, pressed, triangle)
        cfg = model.state.config
        self.speed = finger_speed(cfg.gentle_finger_speed, cfg.finger_speed, strength)
        self.stall = FINGER_STALL_WEIGHTS * cfg.normal_gravity
        self.flick = flick
        self._involved: list[Any] = []
        self.ledger.begin(self.energy())

    def push_apart(self) -> bool:
        """Set this step's velocities of the pressed ball and the balls under it (the finger and
        the contacts, press_impulses); False if it is down (dropped in)."""
        ledger = self.ledger
        m = ledger.model
        cfg = ledger.config
        ledger.meet_supports()
        if ledger.height <= 0.0 or ledger.support_forces() is None:
            self._drop()
            return False
        top = ledger.pressed
        under = ledger.supports
        v, self.w, vs, pushed = press_impulses(
            m.position(top),
            m.velocity(top),
            ledger.height,
            self.w,
            [m.position(j) for j in under],
            [m.velocity(j) for j in under],
            radius=cfg.ball_radius,
            gravity=cfg.normal_gravity,
            dt=cfg.time_step,
            speed=self.speed,
            stall=self.stall * cfg.time_step,
        )
        bodies = m.state.bodies
        bodies[top].velocity = v
        for j, vj in zip(under, vs, strict=True):
            bodies[j].velocity = vj
        self._involved = [bodies[i] for i in (top, *under)]
        # The finger's work: its force over the step times how far it goes down.
        ledger.add_work(cfg.ball_mass * pushed * max(-self.w, 0.0))
        return True

    def after_step(self) -> None:
        """Account for the step just taken: the ball goes down by its vertical velocity, the
        energy is held to the press's work, and a press still up after ``press_drop_time``
        drops in by force (the finger at its stall on a blocked triangle)."""
        ledger = self.ledger
        cfg = ledger.config
        ledger.press_steps += 1
        ledger.height = max(ledger.height + self.w * cfg.time_step, 0.0)
        ledger.hold(self._involved, self.energy)
        if ledger.press_steps * cfg.time_step >= cfg.press_drop_time:
            ledger.dropped += 1
            self._drop()

    def _drop(self) -> None:
        """Down in the board: the cup it is over (repairs.py), then the flick, rolling."""
        ledger = self.ledger
        ledger.drop()
        m = ledger.model
        i = ledger.pressed
        before = m.kinetic_energy(i)
        vx, vy = m.velocity(i)
        velocity = (vx + self.flick[0], vy + self.flick[1])
        m.state.bodies[i].velocity = velocity
        spin = m.state.spins[i]
        if spin is not None:
            spin.velocity = velocity
        ledger.add_work(m.kinetic_energy(i) - before)

    def energy(self) -> float:
        """Kinetic + spin + bowl + tilt energy now, J, with the pressed ball's height (all its
        weight: the finger pushes, nothing holds it back) and vertical motion while it is on
        top."""
        energy = self.ledger.energy(1.0)
        if self.ledger.on_top:
            energy += 0.5 * self.ledger.config.ball_mass * self.w**2
        return energy
