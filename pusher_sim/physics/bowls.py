"""The cups: each ball feels the bowl of the cup whose cell it is in, switched at the ridge.

A ball's probe entering a cell (a static sensor polygon) moves the anchor of its bowl spring to
that cup's centre, unless another ball holds that cup (a full cup refuses it: repairs.py). The
switch keeps the integrator's own energy across the ridge; a cell a step hopped past is caught
up at the settle check. docs/physics.md, "The cup", has the reasoning.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from pusher_sim.physics import chipmunk
from pusher_sim.physics.collision import PROBE_FILTERS
from pusher_sim.physics.energy import EnergyBookkeeping


class Bowls(EnergyBookkeeping):
    """Cell entries and the bowl each ball feels (a base of BoardSpace)."""

    _cell_of: dict[Any, int]  # a cell's Chipmunk handle -> its cup
    _ball_of: dict[Any, int]  # a probe's Chipmunk handle -> its ball
    _probe_pointer: Any
    _cell_pointer: Any
    _hoppers_awake: bool
    _cell_class: tuple[int, ...]

    def _cell_begin(self, arbiter: Any, space: Any, data: Any) -> None:
        # The shapes in the handler's order, (PROBE, CELL), as Chipmunk handles: pymunk's
        # arbiter.shapes builds two pointers and looks both Shapes up, a third of this call.
        probe, cell = self._probe_pointer, self._cell_pointer
        chipmunk.arbiter_shapes(arbiter._arbiter, probe, cell)
        self._switch(self._ball_of[probe[0]], self._cell_of[cell[0]], kink=True)

    def _cross_ridge(self, i: int, a: int, b: int) -> None:
        """Ball ``i`` crossed from cup ``a``'s cell into ``b``'s in this step: set its speed so
        that the integrator's own energy goes on unchanged across the ridge between the bowls.

        Called while Chipmunk detects collisions: positions are already advanced with the old
        velocity, velocities not yet. Semi-implicit Euler keeps H = E + k (x - c).v dt / 2
        (E kinetic plus bowl, c the anchor) exactly, not E; left alone, the switch of anchor
        breaks H, and the ball gains or loses up to k r v dt at every crossing (a tenth of a
        rim's energy at a brisk roll). So the velocity the step ends with under ``b``'s pull
        gets the speed that makes H about ``b`` equal H about ``a`` had the step gone on there.
        """
        h = self.handles[i]
        dt, k = self._dt, self.stiffness
        mass = self.config.ball_mass + self.spin_mass  # a rolling ball answers the bowl so
        (ax, ay), (bx, by) = self.centres[a], self.centres[b]
        p, v = chipmunk.position(h), chipmunk.velocity(h)
        rax, ray, rbx, rby = p.x - ax, p.y - ay, p.x - bx, p.y - by
        kick = k * dt / mass
        vax, vay = v.x - kick * rax, v.y - kick * ray
        target = 0.5 * (
            mass * (vax * vax + vay * vay)
            + k * (rax * rax + ray * ray)
            + k * dt * (rax * vax + ray * vay)
        )
        vbx, vby = v.x - kick * rbx, v.y - kick * rby
        speed = math.hypot(vbx, vby)
        if speed == 0.0:
            return
        ux, uy = vbx / speed, vby / speed
        c2 = 0.5 * mass
        c1 = 0.5 * k * dt * (rbx * ux + rby * uy)
        c0 = 0.5 * k * (rbx * rbx + rby * rby) - target
        disc = c1 * c1 - 4.0 * c2 * c0
        s = (-c1 + math.sqrt(disc)) / (2.0 * c2) if disc > 0.0 else max(0.0, -c1 / (2.0 * c2))
        dx, dy = s * ux - vbx, s * uy - vby
        chipmunk.set_velocity(h, (v.x + dx, v.y + dy))
        spin = self.spin_handles[i]
        if spin is not None:
            w = chipmunk.velocity(spin)
            chipmunk.set_velocity(spin, (w.x + dx, w.y + dy))

    def _switch(self, i: int, c: int, *, kink: bool = False) -> None:
        """Ball ``i`` has entered cup ``c``'s cell: the class of cells it stops seeing, and the
        cup's bowl unless another ball holds it (a full cup refuses it)."""
        if self.cup[i] == c:
            return
        self._enter(i, c)
        if i in self._lifted:
            return
        if self._holder.get(c, i) == i:
            if kink and self.bowl[i] >= 0:
                self._cross_ridge(i, self.bowl[i], c)
            self._take(i, c)
        else:
            if i not in self._astray:
                self.fixups["refused"] += 1
            self._astray.add(i)

    def _enter(self, i: int, c: int) -> None:
        self.cup[i] = c
        self.probes[i].filter = PROBE_FILTERS[self._cell_class[c]]

    def _take(self, i: int, c: int) -> None:
        """Ball ``i`` holds cup ``c``'s bowl from now on (and lets go of the one it held)."""
        old = self.bowl[i]
        if old != c:
            if old >= 0:
                del self._holder[old]
            else:
                self.springs[i].stiffness = self.stiffness
            self._holder[c] = i
            self.bowl[i] = c
            self.springs[i].anchor_b = self.centres[c]
        self.riders.pop(i, None)
        self._astray.discard(i)

    def _catch_up(self, asleep: Sequence[bool]) -> None:
        """A ball whose centre is in a cell that is not its :attr:`cup` (a step hopped a corner
        into a cell of its own cup's class) enters that cup now, as the probe would have.

        Only awake balls are looked at: a hop takes millimetres per step, far above
        ``sleep_speed``, and a ball sleeps only after ``sleep_time`` below it, so a ball that
        hopped since the last check is still awake at this one when ``sleep_time`` spans
        ``settle_check_interval`` steps (otherwise all are looked at).
        """
        half2 = (0.5 * self.board.pitch) ** 2
        centres, cup = self.centres, self.cup
        cell_at, index = self.board.cell_at, self.board.index
        skip_asleep = self._hoppers_awake
        read = chipmunk.position
        for i, h in enumerate(self.handles):
            if skip_asleep and asleep[i]:
                continue
            p = read(h)
            x, y = p.x, p.y
            cx, cy = centres[cup[i]]
            if (x - cx) ** 2 + (y - cy) ** 2 < half2:
                continue  # inside its own cell's inscribed disc
            c = index(cell_at(x, y))
            if c != cup[i]:
                self.fixups["catch_up"] += 1
                old = self.bowl[i]
                late = self._bowl_energy(i, old) if old >= 0 else 0.0
                self._switch(i, c)
                if old >= 0 and self.bowl[i] == c:
                    self._keep_energy(i, late - self._bowl_energy(i, c))
                self.activate(i)

    def _keep_energy(self, i: int, drop: float) -> None:
        """Give ball ``i`` back, as speed along its motion, the bowl energy ``drop`` that moving
        its bowl late cost (the height field is continuous: a crossing on time costs nothing)."""
        kinetic = self.kinetic_energy(i)
        if drop <= 0.0 or kinetic <= 0.0:
            return
        scale = math.sqrt((kinetic + drop) / kinetic)
        body, spin = self.bodies[i], self.spins[i]
        body.velocity = body.velocity * scale
        if spin is not None:
            spin.velocity = spin.velocity * scale

    def _bowl_energy(self, i: int, c: int) -> float:
        """Bowl energy of ball ``i`` about cup ``c``'s centre, J."""
        x, y = self.position(i)
        cx, cy = self.centres[c]
        return 0.5 * self.stiffness * ((x - cx) ** 2 + (y - cy) ** 2)
