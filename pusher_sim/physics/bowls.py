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

# A probe's filter for each class of cells it stops seeing, as Chipmunk structs (collision.py).
_PROBE_FILTERS = tuple(chipmunk.shape_filter(*f) for f in PROBE_FILTERS)
_MOTION, _V, _IDLE = chipmunk.MOTION, chipmunk.V, chipmunk.IDLE
_state = chipmunk.body_state.unpack_from
_sqrt, _hypot = math.sqrt, math.hypot


class Bowls(EnergyBookkeeping):
    """Cell entries and the bowl each ball feels (a base of BoardSpace)."""

    _cell_of: dict[Any, int]  # a cell's Chipmunk handle -> its cup
    _ball_of: dict[Any, int]  # a probe's Chipmunk handle -> its ball
    _hoppers_awake: bool
    _cell_class: tuple[int, ...]
    body_memory: dict[Any, Any]  # a body's Chipmunk handle -> chipmunk.body_memory of it
    _bowl_terms: tuple[float, ...]  # the constants of _cross_ridge, see there
    probe_handles: list[Any]
    spring_handles: list[Any]

    def _cell_begin(self, arb: Any, space: Any = None, data: Any = None) -> None:
        """A probe entered a cell: Chipmunk's begin callback (chipmunk.on_begin), ``arb`` a
        ``cpArbiter *`` whose shapes, in the handler's order (PROBE, CELL), are read as
        cpArbiterGetShapes gives them."""
        if arb.swapped:
            probe, cell = arb.b, arb.a
        else:
            probe, cell = arb.a, arb.b
        self._switch(self._ball_of[probe], self._cell_of[cell], True)

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
        # mass: a rolling ball answers the bowl with its spin's; kick = k dt / mass, kdt = k dt,
        # half_k = k / 2, c1k = k dt / 2, c2x2 = 2 c2 and c2x4 = 4 c2 with c2 = mass / 2
        # (BoardSpace's bowl_terms, each computed in the order this sum would).
        mass, k, kick, kdt, half_k, c1k, c2x2, c2x4 = self._bowl_terms
        (ax, ay), (bx, by) = self.centres[a], self.centres[b]
        memory = self.body_memory
        m = memory[h]
        # The position as cpBodyGetPosition reads it, the velocity, and what waking it needs.
        px, py, vx, vy, links, root, idle = _state(m, _MOTION)
        rax, ray, rbx, rby = px - ax, py - ay, px - bx, py - by
        vax, vay = vx - kick * rax, vy - kick * ray
        target = 0.5 * (
            mass * (vax * vax + vay * vay)
            + k * (rax * rax + ray * ray)
            + kdt * (rax * vax + ray * vay)
        )
        vbx, vby = vx - kick * rbx, vy - kick * rby
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
        # cpBodySetVelocity in place, as chipmunk.set_velocity_in_place (the state read above).
        if links or root:
            chipmunk.activate(h)
        elif idle:
            m[_IDLE] = 0.0
        m[_V] = vx + dx
        m[_V + 1] = vy + dy
        spin = self.spin_handles[i]
        if spin is not None:
            m = memory[spin]
            chipmunk.set_velocity_in_place(spin, m, m[_V] + dx, m[_V + 1] + dy)

    def _switch(self, i: int, c: int, kink: bool = False) -> None:
        """Ball ``i`` has entered cup ``c``'s cell: the class of cells it stops seeing, and the
        cup's bowl unless another ball holds it (a full cup refuses it)."""
        if self.cup[i] == c:
            return
        self.cup[i] = c  # as _enter
        chipmunk.set_filter(self.probe_handles[i], _PROBE_FILTERS[self._cell_class[c]])
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
        chipmunk.set_filter(self.probe_handles[i], _PROBE_FILTERS[self._cell_class[c]])

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
            chipmunk.set_spring_anchor_b(self.spring_handles[i], self.centres[c])
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
