"""The pymunk Space of one board: rim, cup cells, balls, and what keeps the work inside Chipmunk.

Per ball, everything that acts every step is a Chipmunk object, so a step costs no Python: a
shapeless spin body ((2/5) m) held to the ball by a pivot whose force is capped at sliding
friction; rolling resistance, a pivot to a static anchor capped at mu_r (7/5) m g; the bowl, a
zero-length spring to the centre of the cup whose cell the ball is in. Cells are static sensor
polygons met by a point probe on each ball, so Python runs once per cell entered (a probe
ignores its own cup's class of cells; the settle check catches up what a step missed).

A full cup keeps one holder: a ball entering a held cup is refused and keeps its own bowl, a
ball without a bowl rides on top until a free cup takes it, and a pinned rider rolls over the
others to the nearest free cup. None of it raises the energy. docs/physics.md has the reasoning.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

import pymunk

from pusher_sim.board import Board, Colour
from pusher_sim.physics import cellpool, chipmunk
from pusher_sim.physics.config import PhysicsConfig
from pusher_sim.physics.contacts import FirstTouch
from pusher_sim.physics.cups import cell_polygons, rim_reach

# Collision types.
# The probe is a point with a micron of width, so that a ball rolling exactly along the edge
# between two cells still touches one of them (a point on the edge touches neither).
PROBE_RADIUS = 1e-6

BALL = 1
PRESSED = 2
PROBE = 3
CELL = 4
RIM = 5

# Shape filter categories. Balls meet balls and the rim; a ball's probe meets the cells of the
# two classes ((q - r) mod 3) other than its own cup's. Neighbouring cups are never in the same
# class, and the cells that meet at a corner are mutual neighbours, so a continuous path always
# enters another class's cell first (which switches the class the probe ignores).
_CAT_BALL = 0b0001
_CAT_RIM = 0b0010
_CAT_PROBE = 0b0100
_CAT_CELLS = (0b001000, 0b010000, 0b100000)
_ALL_CELLS = _CAT_CELLS[0] | _CAT_CELLS[1] | _CAT_CELLS[2]
_BALL_FILTER = pymunk.ShapeFilter(categories=_CAT_BALL, mask=_CAT_BALL | _CAT_RIM)
# A rider rolling over the other balls (:attr:`BoardSpace.over`) meets only the rim.
_OVER_FILTER = pymunk.ShapeFilter(categories=_CAT_BALL, mask=_CAT_RIM)
_PROBE_FILTERS = tuple(
    pymunk.ShapeFilter(categories=_CAT_PROBE, mask=_ALL_CELLS & ~cat) for cat in _CAT_CELLS
)
_RIM_FILTER = pymunk.ShapeFilter(categories=_CAT_RIM, mask=_CAT_BALL)
_CELL_FILTERS = tuple(pymunk.ShapeFilter(categories=cat, mask=_CAT_PROBE) for cat in _CAT_CELLS)


@lru_cache(maxsize=8)
def _board_tables(
    board: Board,
) -> tuple[tuple[tuple[float, float], ...], dict[tuple[float, float], int], tuple[int, ...]]:
    """Every cup's centre in cell order, each centre's index, and each cup's class (q - r) mod 3:
    the same for every Space of a board (nothing changes them)."""
    centres = tuple(board.position(c) for c in board.cells)
    index = {c: i for i, c in enumerate(centres)}
    return centres, index, tuple((q - r) % 3 for q, r in board.cells)


class BoardSpace:
    """A board's Space and its balls, built in a fixed order so that runs replay bit for bit.

    ``cups=False``, ``resistance=False``, ``spin=False`` and ``contacts=False`` (Chipmunk's own
    contacts, as model 6) give the bare Space the benchmark compares against (and cup-less
    boards for tests); ``sleeping=False`` keeps every body awake.
    """

    def __init__(
        self,
        board: Board,
        config: PhysicsConfig,
        *,
        cups: bool = True,
        resistance: bool = True,
        spin: bool = True,
        sleeping: bool = True,
        contacts: bool = True,
    ) -> None:
        self.board = board
        self.config = config
        self.spin = spin
        self.stiffness = config.bowl_stiffness(board.pitch) if cups else 0.0
        self.resistance = resistance and config.rolling_resistance > 0.0
        self.centres, self._centre_index, self._cell_class = _board_tables(board)
        space = pymunk.Space()
        space.iterations = config.solver_iterations
        space.collision_slop = config.collision_slop
        a = config.tilt_acceleration
        space.gravity = (a * math.cos(config.tilt_direction), a * math.sin(config.tilt_direction))
        if sleeping:
            space.idle_speed_threshold = config.sleep_speed
            space.sleep_time_threshold = config.sleep_time
        self.space: Any = space
        self._dt = config.time_step
        # Whether a ball that hopped into a cell is still awake at the next settle check.
        self._hoppers_awake = config.sleep_time >= config.settle_check_interval * config.time_step
        self._ball_elasticity = math.sqrt(config.restitution_ball)
        self._ball_friction = math.sqrt(config.friction_ball)
        self.spin_mass = config.ball_inertia_ratio * config.ball_mass if spin else 0.0

        self.bodies: list[Any] = []
        self.spins: list[Any] = []  # each ball's spin body (None without spin)
        # Their Chipmunk handles, for the reads of chipmunk.py (None without spin).
        self.handles: list[Any] = []
        self.spin_handles: list[Any] = []
        self.shapes: list[Any] = []
        self.probes: list[Any] = []
        self.colours: list[Colour] = []
        self.springs: list[Any] = []
        # cup: the cup whose cell the ball's probe entered last (its class filter follows it);
        # bowl: the cup whose bowl it feels, -1 for none (the pressed ball on top, or a rider).
        self.cup: list[int] = []
        self.bowl: list[int] = []
        self.riders: dict[int, float] = {}  # ball -> its ride (height) energy, J
        self._holder: dict[int, int] = {}  # cup -> the ball that holds its bowl
        self._lifted: set[int] = set()  # the pressed ball while on top: no bowl, no riding
        self._astray: set[int] = set()  # refused or riding: not in its own bowl's cup
        self.over: set[int] = set()  # a rider rolling over the other balls: meets none
        self._ball_of: dict[Any, int] = {}
        self._cell_of: dict[Any, int] = {}
        self._cells: cellpool.CellSet | None = None
        self._ignore_once: set[Any] = set()
        self.ignored: list[int] = []
        # How often each full-cup fix-up fired (the benchmark reports them).
        self.fixups: dict[str, int] = {
            "catch_up": 0,
            "refused": 0,
            "rehomed": 0,
            "swapped": 0,
            "rolled_over": 0,
        }

        # The balls' joints hold on to a static body of their own, not to the one that carries
        # the rim and the cells: Chipmunk walks a body's constraints for every candidate contact
        # of its shapes, and with every constraint on the rim's body that walk cost a third.
        self.anchor: Any = pymunk.Body(body_type=pymunk.Body.STATIC)
        space.add(self.anchor)
        self._add_rim()
        if self.stiffness > 0.0:
            self._add_cells()
        # Model 7: contacts resolved at first touch (contacts.py); model 6 leaves them all to
        # Chipmunk.
        self.touch = FirstTouch(config) if contacts and config.first_touch_contacts else None
        space.on_collision(PRESSED, BALL, begin=self._press_begin)
        if self.touch is not None:
            space.on_collision(BALL, BALL, begin=self._balls_begin)
            space.on_collision(BALL, RIM, begin=self._rim_begin)
            space.on_collision(PRESSED, RIM, begin=self._rim_begin)

    # -- construction -----------------------------------------------------------------------

    def _add_rim(self) -> None:
        """Six thick segments whose inner face keeps ball centres within :func:`rim_reach`."""
        r = self.config.ball_radius
        thickness = r
        corners = self.board.rim(rim_reach(self.board) + r + thickness)
        static = self.space.static_body
        for k in range(6):
            seg = pymunk.Segment(static, corners[k], corners[(k + 1) % 6], thickness)
            seg.elasticity = self.config.restitution_rim / self._ball_elasticity
            seg.friction = self.config.friction_rim / self._ball_friction
            seg.collision_type = RIM
            seg.filter = _RIM_FILTER
            self.space.add(seg)

    def _add_cells(self) -> None:
        """The cells, each a static sensor polygon, handed on by a finished push if one was
        (cellpool.py): added in cell order after the rim, as built."""
        cells = cellpool.take(self.board, self._build_cells)
        self._cells = cells
        self._cell_of = cells.index
        self.space.add(cells.body, *cells.shapes)
        self.space.on_collision(PROBE, CELL, begin=self._cell_begin)

    def _build_cells(self, body: Any) -> list[Any]:
        cells = []
        for i, poly in enumerate(cell_polygons(self.board)):
            cell = pymunk.Poly(body, poly)
            cell.sensor = True
            cell.collision_type = CELL
            cell.filter = _CELL_FILTERS[self._cell_class[i]]
            cells.append(cell)
        return cells

    def release_cells(self) -> None:
        """Hand the cells on to the next Space built for this board: call it only when this
        one will never step again (a push that is over)."""
        if self._cells is not None:
            cellpool.give_back(self.board, self._cells, self.space)
            self._cells = None

    def add_ball(
        self,
        colour: Colour,
        position: tuple[float, float],
        velocity: tuple[float, float] = (0.0, 0.0),
        *,
        pressed: bool = False,
        sliding: bool = False,
    ) -> int:
        """Add a ball rolling at ``velocity``; returns its index.

        ``sliding`` starts it with no spin (struck, as the press strikes the triangle's balls).
        ``pressed`` marks the pusher's ball: it feels no bowl until :meth:`drop_in` (push.py).
        """
        cfg = self.config
        body = pymunk.Body(cfg.ball_mass, math.inf)
        body.position = position
        body.velocity = velocity
        shape = pymunk.Circle(body, cfg.ball_radius)
        shape.elasticity = self._ball_elasticity
        shape.friction = self._ball_friction
        shape.collision_type = PRESSED if pressed else BALL
        shape.filter = _BALL_FILTER
        objs: list[Any] = [body, shape]
        index = len(self.bodies)
        # A ball placed on a cup's centre (every ball but the pressed one) needs no search.
        cup = self._centre_index.get((position[0], position[1]))
        if cup is None:
            cup = self.board.index(self.board.cell_at(*position))
        spin = None
        if self.spin:
            spin = pymunk.Body(self.spin_mass, math.inf)
            spin.position = position
            spin.velocity = (0.0, 0.0) if sliding else velocity
            slide = pymunk.PivotJoint(body, spin, (0.0, 0.0), (0.0, 0.0))
            slide.max_bias = 0.0
            slide.max_force = cfg.sliding_friction * cfg.ball_mass * cfg.normal_gravity
            objs += [spin, slide]
        if self.resistance:
            pivot = pymunk.PivotJoint(body, self.anchor, (0.0, 0.0), (0.0, 0.0))
            pivot.max_bias = 0.0
            pivot.max_force = (
                cfg.rolling_resistance * (cfg.ball_mass + self.spin_mass) * cfg.normal_gravity
            )
            objs.append(pivot)
        spring = probe = None
        bowl = -1
        if self.stiffness > 0.0:
            probe = pymunk.Circle(body, PROBE_RADIUS)
            probe.sensor = True
            probe.collision_type = PROBE
            probe.filter = _PROBE_FILTERS[self._cell_class[cup]]
            self._ball_of[probe] = index
            objs.append(probe)
            if pressed:
                self._lifted.add(index)
            elif cup in self._holder:
                self.riders[index] = self.top_energy()  # (the spring starts slack, below)
                self._astray.add(index)
            else:
                bowl = cup
                self._holder[cup] = index
            stiffness = self.stiffness if bowl >= 0 else 0.0
            spring = pymunk.DampedSpring(
                body, self.anchor, (0.0, 0.0), self.centres[cup], 0.0, stiffness, 0.0
            )
            objs.append(spring)
        self.space.add(*objs)
        self.bodies.append(body)
        self.spins.append(spin)
        self.handles.append(chipmunk.handle(body))
        self.spin_handles.append(None if spin is None else chipmunk.handle(spin))
        self.shapes.append(shape)
        self.probes.append(probe)
        self.colours.append(colour)
        self.springs.append(spring)
        self.cup.append(cup)
        self.bowl.append(bowl)
        return index

    def top_energy(self) -> float:
        """The height a riding ball is counted at, J: the highest point of any cell, where the
        rim meets the edge between two outer cups (r = pitch / sqrt 2, twice the rim's energy;
        an inner cell's corners are at r = pitch / sqrt 3)."""
        return 0.25 * self.stiffness * self.board.pitch**2

    def rim_energy(self) -> float:
        """Bowl energy at the lowest point of a cup's rim (an edge midpoint), J."""
        return 0.125 * self.stiffness * self.board.pitch**2

    def sleep(self, i: int) -> None:
        """Put ball ``i`` (and its spin) to sleep now, when sleeping is on: a ball at rest in its
        cup costs nothing until something touches it, instead of the idle time Chipmunk waits."""
        if self.space.sleep_time_threshold < math.inf:
            body = self.bodies[i]
            body.sleep()
            if self.spins[i] is not None:
                self.spins[i].sleep_with_group(body)

    def ignore_first_contact(self, others: Iterable[int]) -> None:
        """Let the pressed ball pass over ``others`` until each pair has come apart once.

        Only a contact that begins in the next step is ignored (those that do are listed in
        :attr:`ignored`); a pair already apart by then collides normally ever after.
        """
        for i in others:
            self._ignore_once.add(self.shapes[i])

    def stop_ignoring(self) -> None:
        self._ignore_once.clear()

    def drop_in(self, i: int) -> float:
        """Ball ``i`` now sits in the board: give it the bowl of the cup it is over. If a
        triangle ball the press is driving out still holds that cup, that ball rides: it is on
        its way out, and the pressed ball landed clear of it. Returns the energy that lifting
        it onto the others takes (J): work the press does."""
        if self.springs[i] is None:
            return 0.0
        self._lifted.discard(i)
        c = self.board.index(self.board.cell_at(*self.position(i)))
        self._enter(i, c)
        h = self._holder.get(c)
        lift = 0.0
        if h is not None:
            before = self.ball_energy(h)
            self._ride(h)
            lift = self.ball_energy(h) - before
        self._take(i, c)
        return lift

    def _ride(self, i: int) -> None:
        """Ball ``i`` has no bowl from now on: it is on top, counted at :meth:`top_energy`."""
        old = self.bowl[i]
        if old >= 0:
            del self._holder[old]
            self.bowl[i] = -1
        self.springs[i].stiffness = 0.0
        self.riders[i] = self.top_energy()
        self._astray.add(i)

    # -- callbacks (Python runs only on these events) -------------------------------------

    def _press_begin(self, arbiter: Any, space: Any, data: Any) -> None:
        a, b = arbiter.shapes
        other = b if a.collision_type == PRESSED else a
        if other in self._ignore_once:
            self._ignore_once.discard(other)
            self.ignored.append(self.shapes.index(other))
            arbiter.process_collision = False
        elif self.touch is not None:
            self.touch.balls(arbiter)

    def _balls_begin(self, arbiter: Any, space: Any, data: Any) -> None:
        self.touch.balls(arbiter)  # type: ignore[union-attr]

    def _rim_begin(self, arbiter: Any, space: Any, data: Any) -> None:
        self.touch.rim(arbiter)  # type: ignore[union-attr]

    def _cell_begin(self, arbiter: Any, space: Any, data: Any) -> None:
        probe, cell = arbiter.shapes  # in the handler's order: (PROBE, CELL)
        self._switch(self._ball_of[probe], self._cell_of[cell], kink=True)

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
        self.probes[i].filter = _PROBE_FILTERS[self._cell_class[c]]

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

    def activate(self, i: int) -> None:
        self.bodies[i].activate()

    def asleep(self) -> list[bool]:
        """Whether each ball is asleep now (the settle check reads it once per check)."""
        sleeping = chipmunk.is_sleeping
        return [sleeping(h) != 0 for h in self.handles]

    def rehome(self, asleep: Sequence[bool] | None = None) -> None:
        """Settle-check repair of full cups: a refused or riding ball takes the cup whose cell
        it is in when that cup is free, two refused balls each in the other's cup swap, and a
        rider at rest rolls over the others toward a free cup.

        First it catches up with cell entries the steps missed (:meth:`_catch_up`). None of
        this raises the energy; a ball that changes bowl or starts rolling over is woken.
        ``asleep`` is :meth:`asleep` if the caller has it already.
        """
        if self.stiffness > 0.0:
            self._catch_up(self.asleep() if asleep is None else asleep)
        if not self._astray and not self.over:
            return
        cell_at, index = self.board.cell_at, self.board.index
        for i in sorted(self._astray):
            if i not in self._astray:
                continue  # swapped home earlier in this pass
            c = index(cell_at(*self.position(i)))
            holder = self._holder.get(c)
            if holder is None and self._bowl_energy(i, c) > self.riders.get(i, math.inf):
                continue  # a rider whose ride is lower than this corner of the cell
            if holder is None or holder == i:
                self._enter(i, c)
                self._take(i, c)
                self.fixups["rehomed"] += 1
                self.activate(i)
            elif holder in self._astray and self.bowl[i] >= 0:
                j = holder
                cj = index(cell_at(*self.position(j)))
                if cj == self.bowl[i]:
                    del self._holder[c], self._holder[cj]
                    self.bowl[i] = self.bowl[j] = -1
                    for ball, cup in ((i, c), (j, cj)):
                        self._enter(ball, cup)
                        self._take(ball, cup)
                        self.activate(ball)
                    self.fixups["swapped"] += 1

        if self.over:
            self._land()
        if self.riders:
            self._roll_over()

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

    def _roll_over(self) -> None:
        """A rider at rest (pinned by the balls it rides on) rolls over them to the nearest free
        cup: it gets just the speed that carries it, against rolling resistance, half a radius
        into that cup's cell, paid from its ride energy, and meets no ball until it is apart
        from them again."""
        cfg = self.config
        rim = self.rim_energy()
        slow2 = cfg.sleep_speed * cfg.sleep_speed
        mass = cfg.ball_mass + self.spin_mass
        for i in sorted(self.riders):
            body = self.bodies[i]
            v = body.velocity
            if v.x * v.x + v.y * v.y >= slow2:
                continue
            x, y = self.position(i)
            free = [c for c in range(len(self.centres)) if c not in self._holder]
            if not free:
                return
            d, f = min((math.dist((x, y), self.centres[c]), c) for c in free)
            if d == 0.0:
                continue
            s = max(d - 0.5 * self.board.pitch, 0.0) + 0.5 * cfg.ball_radius
            ke = mass * cfg.resistance_deceleration * s
            if self.riders[i] - ke < rim:
                continue
            self.riders[i] -= ke
            speed = math.sqrt(2.0 * ke / mass)
            fx, fy = self.centres[f]
            body.activate()
            velocity = (speed * (fx - x) / d, speed * (fy - y) / d)
            body.velocity = velocity
            if self.spins[i] is not None:
                self.spins[i].velocity = velocity
            self.over.add(i)
            self.shapes[i].filter = _OVER_FILTER
            self.fixups["rolled_over"] += 1

    def _land(self) -> None:
        """A rider that rolled over the others meets them again once it holds a bowl and
        overlaps none of them (until then they rest on each other, as in 3-D)."""
        reach2 = 4.0 * self.config.ball_radius**2
        for i in sorted(self.over):
            if self.bowl[i] < 0:
                continue
            x, y = self.position(i)
            if all(
                j == i or (x - b.position.x) ** 2 + (y - b.position.y) ** 2 >= reach2
                for j, b in enumerate(self.bodies)
            ):
                self.over.discard(i)
                self.shapes[i].filter = _BALL_FILTER

    @property
    def crowded(self) -> bool:
        """Some ball is not in its own bowl's cup (refused) or has none (riding)."""
        return bool(self._astray)

    # -- stepping and reading ---------------------------------------------------------------

    def step(self, n: int = 1) -> None:
        step = self.space.step
        dt = self._dt
        for _ in range(n):
            step(dt)

    def position(self, i: int) -> tuple[float, float]:
        p = chipmunk.position(self.handles[i])
        return (p.x, p.y)

    def velocity(self, i: int) -> tuple[float, float]:
        v = self.bodies[i].velocity
        return (v.x, v.y)

    def spin_velocity(self, i: int) -> tuple[float, float]:
        """The velocity the ball's spin rolls at (omega x R), m/s; its own velocity without spin."""
        spin = self.spins[i]
        v = spin.velocity if spin is not None else self.bodies[i].velocity
        return (v.x, v.y)

    def kinetic_energy(self, i: int) -> float:
        """Kinetic energy of ball ``i``, translation and spin, J."""
        v = self.bodies[i].velocity
        e: float = 0.5 * self.config.ball_mass * (v.x * v.x + v.y * v.y)
        spin = self.spins[i]
        if spin is not None:
            w = spin.velocity
            e += 0.5 * self.spin_mass * (w.x * w.x + w.y * w.y)
        return e

    def ball_energy(self, i: int) -> float:
        """Kinetic (with spin) plus bowl energy of ball ``i`` about the cup whose bowl it feels."""
        e = self.kinetic_energy(i)
        if self.springs[i] is not None:
            b = self.bowl[i]
            if b >= 0:
                p = self.bodies[i].position
                cx, cy = self.centres[b]
                e += 0.5 * self.stiffness * ((p.x - cx) ** 2 + (p.y - cy) ** 2)
            else:
                e += self.riders.get(i, 0.0)
        return e

    def energy(self, *, shadow: bool = False) -> float:
        """Kinetic + spin + bowl + tilt energy of every ball, J: what the model says never grows.

        ``shadow`` adds k (x - c).v dt / 2 per ball in a bowl: the energy semi-implicit Euler
        keeps exactly (the plain one ripples about it by up to omega dt / 2 of the bowl energy).
        """
        return self.energy_of(range(len(self.bodies)), shadow=shadow)

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
        total = 0.0
        balls = list(balls)
        if shadow and self.stiffness > 0.0:
            half = 0.5 * self.stiffness * self._dt
            for i in balls:
                b = self.bowl[i]
                if b >= 0 and self.springs[i] is not None:
                    p, v = self.bodies[i].position, self.bodies[i].velocity
                    cx, cy = self.centres[b]
                    total += half * ((p.x - cx) * v.x + (p.y - cy) * v.y)
        # ball_energy and the tilt terms, inlined with the same arithmetic (the press sums this
        # every step): one read of each body's position and velocity per ball.
        m, sm, k = self.config.ball_mass, self.spin_mass, self.stiffness
        gx, gy = self.space.gravity
        tilted = gx != 0.0 or gy != 0.0  # level: the tilt terms are exact zeros
        spins, springs, bowls, centres = self.spins, self.springs, self.bowl, self.centres
        riders = self.riders
        position, velocity = chipmunk.position, chipmunk.velocity
        handles, spin_handles = self.handles, self.spin_handles
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
                        e += riders.get(i, 0.0)
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
