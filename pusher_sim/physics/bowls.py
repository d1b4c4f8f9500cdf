"""The cups: each ball feels the bowl of the cup whose cell it is in, switched at the ridge.

Each cup's cell is a static sensor polygon; each ball carries a point probe and a zero-length
spring to the centre of its bowl's cup. A probe entering a cell moves the spring's anchor to
that cup's centre, unless another ball holds that cup (a full cup refuses it: repairs.py), and
the crossing keeps the integrator's energy (ridge.py); a cell a step hopped past is caught up
at the settle check. docs/physics.md, "The cup", has the reasoning.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pymunk

from pusher_sim.physics import cellpool, chipmunk
from pusher_sim.physics.collision import (
    CELL,
    CELL_FILTERS,
    LIP,
    LIP_FILTER,
    PROBE,
    PROBE_FILTERS,
    PROBE_RADIUS,
    ROUND_PROBE_FILTERS,
)
from pusher_sim.physics.cups import cell_polygons
from pusher_sim.physics.energy import Energy
from pusher_sim.physics.lips import LipCrossing
from pusher_sim.physics.ridge import RidgeCrossing
from pusher_sim.physics.state import SpaceState

# A probe's filter for each class of cells it stops seeing, as Chipmunk sets it (collision.py):
# with round cups it sees every lip as well.
_PROBE_FILTERS = tuple(chipmunk.shape_filter(*f) for f in PROBE_FILTERS)
_ROUND_PROBE_FILTERS = tuple(chipmunk.shape_filter(*f) for f in ROUND_PROBE_FILTERS)
_shapes = chipmunk.arbiter_shapes


class Bowls:
    """The cells, each ball's probe and bowl spring, and which cup's bowl each ball feels.

    ``cell_class``: each cup's class (q - r) mod 3, the class of cells its ball's probe ignores.
    """

    def __init__(self, state: SpaceState, energy: Energy, cell_class: tuple[int, ...]) -> None:
        self.state = state
        self.energy = energy
        self.cell_class = cell_class
        self.ridge = RidgeCrossing(state)
        cfg = state.config
        # Whether a ball that hopped into a cell is still awake at the next settle check.
        self.hoppers_awake = cfg.sleep_time >= cfg.settle_check_interval * cfg.time_step
        self._ball_of: dict[Any, int] = {}  # a probe's Chipmunk handle -> its ball
        self._cell_of: dict[Any, int] = {}  # a cell's Chipmunk handle -> its cup
        self._cells: cellpool.CellSet | None = None
        self._c_callbacks: list[Any] = []  # kept alive while the Space may step
        # Round cups (``round_cups``): each cup's lip circle, after the cells in the set.
        self.lips = LipCrossing(state) if state.lip < math.inf else None
        self._shape_filters = _PROBE_FILTERS if self.lips is None else _ROUND_PROBE_FILTERS
        self._filters = PROBE_FILTERS if self.lips is None else ROUND_PROBE_FILTERS
        self._released = False

    # -- building ---------------------------------------------------------------------------

    def add_cells(self) -> None:
        """The cells, each a static sensor polygon, handed on by a finished push if one was
        (cellpool.py): added in cell order, as built."""
        space = self.state.space
        cells = cellpool.take(self._pool_key, self._build_cells)
        self._cells = cells
        self._cell_of = cells.index
        space.add(cells.body, *cells.shapes)
        self._c_callbacks.append(chipmunk.on_begin(space, PROBE, CELL, self._cell_begin))
        if self.lips is not None:
            self._c_callbacks.append(
                chipmunk.on_begin_separate(space, PROBE, LIP, self._lip_begin, self._lip_end)
            )

    @property
    def _pool_key(self) -> object:
        """The board's cells (round cups: and lips of this radius) in the pool (cellpool.py)."""
        return self.state.board if self.lips is None else (self.state.board, self.state.lip)

    def _build_cells(self, body: Any) -> list[Any]:
        cells: list[Any] = []
        for i, poly in enumerate(cell_polygons(self.state.board)):
            cell = pymunk.Poly(body, poly)
            cell.sensor = True
            cell.collision_type = CELL
            cell.filter = CELL_FILTERS[self.cell_class[i]]
            cells.append(cell)
        if self.lips is not None:
            for centre in self.state.centres:
                lip = pymunk.Circle(body, self.state.lip, centre)
                lip.sensor = True
                lip.collision_type = LIP
                lip.filter = LIP_FILTER
                cells.append(lip)
        return cells

    def release_cells(self) -> None:
        """Hand the cells on to the next Space built for this board: call it only when this
        one will never step again (a push that is over)."""
        if self._cells is not None:
            self._released = True  # removing the lips calls their separate callbacks
            cellpool.give_back(self._pool_key, self._cells, self.state.space)
            self._cells = None

    def ball_parts(
        self, index: int, body: Any, anchor: Any, cup: int, *, pressed: bool, on_land: bool
    ) -> tuple[Any, Any, int]:
        """Ball ``index``'s probe and bowl spring, not yet added to the Space, and the cup whose
        bowl it feels: none (-1) while it is ``pressed`` on top or riding (in a held cup), or
        ``on_land`` outside a round cup's lip, else ``cup``."""
        s = self.state
        probe = pymunk.Circle(body, PROBE_RADIUS)
        probe.sensor = True
        probe.collision_type = PROBE
        probe.filter = self._filters[self.cell_class[cup]]
        self._ball_of[chipmunk.shape_handle(probe)] = index
        bowl = -1
        if pressed:
            s.lifted.add(index)
        elif cup in s.holder:
            s.riders[index] = self.top_energy()  # (the spring starts slack, below)
            s.astray.add(index)
        elif self.lips is not None and on_land:
            pass  # on the land between round cups: no bowl
        else:
            bowl = cup
            s.holder[cup] = index
        stiffness = s.stiffness if bowl >= 0 else 0.0
        spring = pymunk.DampedSpring(body, anchor, (0.0, 0.0), s.centres[cup], 0.0, stiffness, 0.0)
        return probe, spring, bowl

    # -- cell entries -----------------------------------------------------------------------

    def _cell_begin(self, arb: Any, space: Any = None, data: Any = None) -> None:
        """A probe entered a cell: the begin callback of (PROBE, CELL) (chipmunk.on_begin)."""
        a, b = _shapes(arb)  # the probe and the cell, in either order
        ball = self._ball_of.get(a)
        if ball is None:
            self.switch(self._ball_of[b], self._cell_of[a], True)
        else:
            self.switch(ball, self._cell_of[b], True)

    def switch(self, i: int, c: int, kink: bool = False) -> None:
        """Ball ``i`` has entered cup ``c``'s cell: the class of cells it stops seeing, and the
        cup's bowl unless another ball holds it (a full cup refuses it). ``kink``: it crossed
        the ridge in this step (ridge.py)."""
        s = self.state
        if s.cup[i] == c:
            return
        s.cup[i] = c  # as enter()
        chipmunk.set_filter(s.probe_handles[i], self._shape_filters[self.cell_class[c]])
        if i in s.lifted or self.lips is not None:
            return  # round cups: the bowl is the lips' (_lip_begin)
        if s.holder.get(c, i) == i:
            if kink and s.bowl[i] >= 0:
                self.ridge.cross(i, s.bowl[i], c)
            self.take(i, c)
        else:
            if i not in s.astray:
                s.fixups["refused"] += 1
            s.astray.add(i)

    def _lip_ball(self, arb: Any) -> tuple[int, int]:
        """The ball whose probe and the cup whose lip meet in ``arb`` (either order)."""
        a, b = _shapes(arb)
        ball, lip = self._ball_of.get(a), b
        if ball is None:
            ball, lip = self._ball_of[b], a
        return ball, self._cell_of[lip] - len(self.state.centres)

    def _lip_begin(self, arb: Any, space: Any = None, data: Any = None) -> None:
        """A probe crossed into a round cup's lip: the ball takes its bowl, unless it is lifted
        or the cup is held (a rider, or the cup the pressed ball dropped into)."""
        i, c = self._lip_ball(arb)
        s = self.state
        s.inside[i] = c
        if i in s.lifted or s.bowl[i] == c or s.holder.get(c, i) != i:
            return
        self.take(i, c)
        assert self.lips is not None
        self.lips.enter(i, c)

    def _lip_end(self, arb: Any, space: Any = None, data: Any = None) -> None:
        """A probe crossed out of a round cup's lip onto the land: the ball lets go of its
        bowl (a rider is on the land now too)."""
        if self._released:
            return
        i, c = self._lip_ball(arb)
        s = self.state
        x, y = s.position(i)
        cx, cy = s.centres[c]
        if (x - cx) ** 2 + (y - cy) ** 2 < s.lip * s.lip:
            # Still inside: a ball woken after the step's collision pass (by a touch, or by
            # Chipmunk for a contact) has its lip's arbiter dropped as stale; it is found
            # again in the next step's pass, and its begin changes nothing.
            return
        if s.inside[i] == c:
            s.inside[i] = -1
        if s.bowl[i] == c:
            del s.holder[c]
            s.bowl[i] = -1
            s.springs[i].stiffness = 0.0
            assert self.lips is not None
            self.lips.leave(i, c)
        elif i in s.riders and s.inside[i] < 0:
            del s.riders[i]
            s.astray.discard(i)

    def enter(self, i: int, c: int) -> None:
        """Ball ``i``'s probe is in cup ``c``'s cell (its bowl unchanged)."""
        self.state.cup[i] = c
        chipmunk.set_filter(self.state.probe_handles[i], self._shape_filters[self.cell_class[c]])

    def take(self, i: int, c: int) -> None:
        """Ball ``i`` holds cup ``c``'s bowl from now on (and lets go of the one it held)."""
        s = self.state
        old = s.bowl[i]
        if old != c:
            if old >= 0:
                del s.holder[old]
            else:
                s.springs[i].stiffness = s.stiffness
            s.holder[c] = i
            s.bowl[i] = c
            chipmunk.set_spring_anchor_b(s.spring_handles[i], s.centres[c])
        s.riders.pop(i, None)
        s.astray.discard(i)

    def catch_up(self, asleep: Sequence[bool]) -> None:
        """A ball whose centre is in a cell that is not its cup (a step hopped a corner into a
        cell of its own cup's class) enters that cup now, as the probe would have.

        Only awake balls are looked at: a hop takes millimetres per step, far above
        ``sleep_speed``, and a ball sleeps only after ``sleep_time`` below it, so a ball that
        hopped since the last check is still awake at this one when ``sleep_time`` spans
        ``settle_check_interval`` steps (otherwise all are looked at).
        """
        s = self.state
        half2 = (0.5 * s.board.pitch) ** 2
        centres, cup = s.centres, s.cup
        cell_at, index = s.board.cell_at, s.board.index
        skip_asleep = self.hoppers_awake
        read = chipmunk.position
        for i, h in enumerate(s.handles):
            if skip_asleep and asleep[i]:
                continue
            p = read(h)
            x, y = p.x, p.y
            cx, cy = centres[cup[i]]
            if (x - cx) ** 2 + (y - cy) ** 2 < half2:
                continue  # inside its own cell's inscribed disc
            c = index(cell_at(x, y))
            if c != cup[i]:
                s.fixups["catch_up"] += 1
                old = s.bowl[i]
                late = self.bowl_energy(i, old) if old >= 0 else 0.0
                self.switch(i, c)
                if old >= 0 and s.bowl[i] == c:
                    self._keep_energy(i, late - self.bowl_energy(i, c))
                s.activate(i)

    def _keep_energy(self, i: int, drop: float) -> None:
        """Give ball ``i`` back, as speed along its motion, the bowl energy ``drop`` that moving
        its bowl late cost (the height field is continuous: a crossing on time costs nothing)."""
        kinetic = self.energy.kinetic_energy(i)
        if drop <= 0.0 or kinetic <= 0.0:
            return
        scale = math.sqrt((kinetic + drop) / kinetic)
        body, spin = self.state.bodies[i], self.state.spins[i]
        body.velocity = body.velocity * scale
        if spin is not None:
            spin.velocity = spin.velocity * scale

    def bowl_energy(self, i: int, c: int) -> float:
        """Bowl energy of ball ``i`` about cup ``c``'s centre, J."""
        x, y = self.state.position(i)
        cx, cy = self.state.centres[c]
        return 0.5 * self.state.stiffness * ((x - cx) ** 2 + (y - cy) ** 2)

    def top_energy(self) -> float:
        """The height a riding ball is counted at, J: the highest point of any cell, where the
        rim meets the edge between two outer cups (r = pitch / sqrt 2, twice the rim's energy;
        an inner cell's corners are at r = pitch / sqrt 3)."""
        return 0.25 * self.state.stiffness * self.state.board.pitch**2

    def rim_energy(self) -> float:
        """Bowl energy at the lowest point of a cup's rim (an edge midpoint; a round cup's lip,
        the land's height), J."""
        if self.lips is not None:
            return self.lips.land
        return 0.125 * self.state.stiffness * self.state.board.pitch**2
