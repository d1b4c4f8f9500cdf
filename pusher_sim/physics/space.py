"""The pymunk Space of one board: rim, cup cells, balls, and what keeps the work inside Chipmunk.

Per ball, everything that acts every step is a Chipmunk object, so a step costs no Python:

* rolling resistance is a ``PivotJoint`` to a static anchor body with ``max_bias = 0`` (it never
  corrects position, only velocity) and ``max_force = mu_r m g``: each step it removes up to
  ``mu_r g dt`` of speed, which is Coulomb resistance, and holds a ball at rest exactly;
* the bowl is a zero-length ``DampedSpring`` (no damping) to the centre of the ball's cup. Its
  anchor moves when the ball changes cup, which the ball's own circle sees: each cup has a
  static sensor disc of radius ``pitch/2 - R`` at its centre, which a ball of radius R touches
  exactly when its centre comes within ``pitch/2`` of the cup's centre, i.e. enters the disc
  inscribed in the cup's hexagonal cell. Python runs once per cup entered, never per step, and
  no extra shape rides on a ball (model 1's point "probe" per ball and 516 sensor bands along
  the cells' edges made a step with 51 balls moving about six times dearer than the bare
  Space, before the springs and pivots; discs ignored by class, below, cost about a quarter);
* balls never spin (infinite moment): in 2-D nothing would slow a spin down again.

A ball keeps its cup until it enters another cup's disc. The discs of neighbouring cups touch
at the midpoint of their shared edge, the lowest point of the rim, so a ball leaves a cup over
exactly the rim the cells define (escape and transit speeds are those of config.py); only in the
small corners of a cell outside its disc (9% of its area) does a ball still feel the cup it came
from, a slightly higher rim there. The disc lies inside its own cell, so when a switch happens
the ball is nearer the new centre than the old: a switch only ever lowers the bowl energy.

A hop (model 5). The discs of two neighbours B1 and B2 touch at a single point, so between two
cups A and C that both neighbour B1 and B2 (A and C are in the same class, below) the gap is
the width of a point, and a fast ball (up to about 3.5 mm per step) can cross the line B1-B2
near it in one step without its circle ever touching B1's or B2's disc. It then arrives in C's
disc, which it does not see (A's class), and would feel A's bowl from inside C until it entered
another disc. So every settle check (:meth:`rehome`, every ``settle_check_interval`` steps)
first catches up (:meth:`_catch_up`): a ball more than ``pitch/2`` from its cup's centre, inside
another cup's disc, enters that cup then, exactly as if the disc had fired (a full cup refuses
it, as below). The guarantee is thus: at every settle check, a ball inside a cup's disc has that
cup as :attr:`cup`; between checks a hop can leave it behind for fewer than
``settle_check_interval`` steps. The ball is inside the new cup's disc, so that centre is the
nearest of all and the switch lowers the bowl energy, as any other.

A full cup (model 3). A 16.5 mm cup cannot hold two 16 mm balls: in 3-D the second one rides up
on the first and rolls on over the rim. The height field alone would let both sit at the bottom
of one bowl, pressing on each other, held there by rolling resistance (0.4% of random pushes
ended so). So each cup's bowl belongs to at most one ball, its *holder* (:attr:`bowl`):

* a ball entering the disc of a cup that another ball holds is *refused*: it keeps the bowl it
  came from (:attr:`cup` still follows the disc, for the class filter). To it the full cup is
  a hill, the side of its own bowl continued past the rim, which sends it back over the rim or,
  colliding with the holder, on to another cup. Nothing changes at that moment, so the energy
  is untouched (we weighed the alternative, dropping the outer ball's bowl to zero: it lowers
  the energy when the ball starts riding, but the bowl it meets next, at that cup's rim, adds
  a rim's height back: the energy would jump and a ball could stop between cups with none);
* a ball with no bowl of its own *rides* (:attr:`riders`): a triangle ball still holding the
  cup the pressed ball lands in (it is on its way out), or a ball added to a held cup. It is on
  top of the others, at least as high as the highest point of any cell (:meth:`top_energy`),
  and rolls on that level until it enters a free cup's disc; any bowl is lower there, so the
  energy only drops;
* every ``settle_check_interval`` steps, :meth:`rehome` gives a refused or riding ball the cup
  whose cell it is in if that cup is free (the holder rolled away), and swaps two refused balls
  each in the other's cup. The cell's centre is the nearest one, and no point of a cell is
  higher than a corner, so this only lowers the energy too.

A pinned rider rolls over (model 4). A rider can come to rest in a held cup, pressed against
the rim by that cup's ball or wedged between two balls, with no free cup next to it (0.13% of
random pushes ended so under model 3). In 3-D it lies on top of those balls and rolls over
them. So a settle check that finds a rider at rest (slower than ``sleep_speed``) sends it
straight toward the nearest free cup (:meth:`_roll_over`) and lets it pass over the other balls
(:attr:`over`: its filter leaves out balls, never the rim, so it cannot leave the board):

* its speed is just what carries it, against rolling resistance, half a radius into that cup's
  disc; the kinetic energy comes out of its ride energy (:attr:`riders`, per ball), so the
  total does not change at that moment, and only if at least a rim's worth is left: the bowl
  it then takes costs exactly a rim at the disc's edge, so taking it still lowers the energy
  (:meth:`rehome` gives a rider the free cell it stops in only if that bowl is no higher than
  its ride energy either);
* it meets the other balls again once it holds a bowl and overlaps none of them
  (:meth:`_land`); until then it rests on top of them, so no contact ever has to push two
  overlapping balls apart (which could add energy). Overlapping balls meet nothing but the
  bowl, so the energy still only drops.

So the energy never grows, no cup ever has two holders, and a ball cannot come to rest without
a bowl while a free cup is under it or within its ride's reach. Python runs only on disc entries
and on the settle checks.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import pymunk

from pusher_sim.board import Board, Colour
from pusher_sim.physics.config import PhysicsConfig
from pusher_sim.physics.cups import rim_reach

# Collision types.
BALL = 1
PRESSED = 2
CELL = 4
RIM = 5

# Shape filter categories: balls meet balls, the rim and the cup discs. The discs come in three
# classes, (q - r) mod 3 of the cup, so that neighbouring cups are never in the same class; a
# ball does not see the discs of its own cup's class. It has no use for its own cup's disc (it
# only needs to know when it enters another's), and touching it would be a contact Chipmunk
# tracks every step for every ball: a third of the model's step. Any cup of the same class is
# at least sqrt(3) pitches away, and a continuous path reaches its disc only through a disc of
# another class first (cells meeting at a corner are mutual neighbours), which switches the
# class the ball ignores. A discrete step can hop the point where two discs touch: the settle
# check catches that up (see the module's note on hops).
_CAT_BALL = 0b0001
_CAT_RIM = 0b0010
_CAT_CELLS = (0b001000, 0b010000, 0b100000)
_ALL_CELLS = _CAT_CELLS[0] | _CAT_CELLS[1] | _CAT_CELLS[2]
_BALL_FILTER = pymunk.ShapeFilter(categories=_CAT_BALL, mask=_CAT_BALL | _CAT_RIM | _ALL_CELLS)
_BALL_FILTERS = tuple(
    pymunk.ShapeFilter(categories=_CAT_BALL, mask=_CAT_BALL | _CAT_RIM | (_ALL_CELLS & ~cat))
    for cat in _CAT_CELLS
)
# A rider rolling over the other balls (:attr:`BoardSpace.over`) meets only the rim and discs.
_OVER_FILTERS = tuple(
    pymunk.ShapeFilter(categories=_CAT_BALL, mask=_CAT_RIM | (_ALL_CELLS & ~cat))
    for cat in _CAT_CELLS
)
_RIM_FILTER = pymunk.ShapeFilter(categories=_CAT_RIM, mask=_CAT_BALL)
_CELL_FILTERS = tuple(pymunk.ShapeFilter(categories=cat, mask=_CAT_BALL) for cat in _CAT_CELLS)


class BoardSpace:
    """A board's Space and its balls, built in a fixed order so that runs replay bit for bit.

    ``cups=False`` and ``resistance=False`` give the bare Space the benchmark compares against
    (and a cup-less board for tests); ``sleeping=False`` keeps every body awake.
    """

    def __init__(
        self,
        board: Board,
        config: PhysicsConfig,
        *,
        cups: bool = True,
        resistance: bool = True,
        sleeping: bool = True,
    ) -> None:
        self.board = board
        self.config = config
        self.stiffness = config.bowl_stiffness(board.pitch) if cups else 0.0
        self.resistance = resistance and config.rolling_resistance > 0.0
        self.centres: tuple[tuple[float, float], ...] = tuple(
            board.position(c) for c in board.cells
        )
        self._centre_index = {c: i for i, c in enumerate(self.centres)}
        self._cell_class: tuple[int, ...] = tuple((q - r) % 3 for q, r in board.cells)
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
        # Whether a ball that hopped into a disc is still awake at the next settle check.
        self._hoppers_awake = config.sleep_time >= config.settle_check_interval * config.time_step
        self._ball_elasticity = math.sqrt(config.restitution_ball)
        self._ball_friction = math.sqrt(config.friction_ball)

        self.bodies: list[Any] = []
        self.shapes: list[Any] = []
        self.colours: list[Colour] = []
        self.springs: list[Any] = []
        # cup: the cup whose disc the ball entered last (its class filter follows it); bowl:
        # the cup whose bowl it feels, -1 for none (the pressed ball on top, or a rider).
        self.cup: list[int] = []
        self.bowl: list[int] = []
        self.riders: dict[int, float] = {}  # ball -> its ride (height) energy, J
        self._holder: dict[int, int] = {}  # cup -> the ball that holds its bowl
        self._lifted: set[int] = set()  # the pressed ball while on top: no bowl, no riding
        self._astray: set[int] = set()  # refused or riding: not in its own bowl's cup
        self.over: set[int] = set()  # a rider rolling over the other balls: meets none
        self._ball_of: dict[Any, int] = {}
        self._cell_of: dict[Any, int] = {}
        self._ignore_once: set[Any] = set()
        self.ignored: list[int] = []

        # The balls' springs and pivots hold on to a static body of their own, not to the one
        # that carries the rim and the cup discs: Chipmunk walks a body's list of constraints
        # for every candidate contact of its shapes (to skip jointed pairs), and with every
        # constraint on the rim's body that walk cost a third of each step.
        self.anchor: Any = pymunk.Body(body_type=pymunk.Body.STATIC)
        space.add(self.anchor)
        self._add_rim()
        if self.stiffness > 0.0:
            self._add_cells()
        space.on_collision(PRESSED, BALL, begin=self._press_begin)

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

    def disc_radius(self) -> float:
        """Radius of a cup's sensor disc: a ball touches it when within pitch/2 of the centre."""
        return self.board.pitch / 2.0 - self.config.ball_radius

    def _add_cells(self) -> None:
        radius = self.disc_radius()
        if radius < 0.0:
            raise ValueError("physics: balls wider than the cup pitch cannot sit in cups")
        static = self.space.static_body
        discs = []
        for i, centre in enumerate(self.centres):
            disc = pymunk.Circle(static, radius, centre)
            disc.sensor = True
            disc.collision_type = CELL
            disc.filter = _CELL_FILTERS[self._cell_class[i]]
            self._cell_of[disc] = i
            discs.append(disc)
        self.space.add(*discs)
        self.space.on_collision(BALL, CELL, begin=self._cell_begin)
        self.space.on_collision(PRESSED, CELL, begin=self._cell_begin)

    def add_ball(
        self,
        colour: Colour,
        position: tuple[float, float],
        velocity: tuple[float, float] = (0.0, 0.0),
        *,
        pressed: bool = False,
    ) -> int:
        """Add a ball; returns its index.

        ``pressed`` marks the pusher's ball: it feels no bowl until :meth:`drop_in` (see push.py).
        """
        cfg = self.config
        body = pymunk.Body(cfg.ball_mass, math.inf)
        body.position = position
        body.velocity = velocity
        shape = pymunk.Circle(body, cfg.ball_radius)
        shape.elasticity = self._ball_elasticity
        shape.friction = self._ball_friction
        shape.collision_type = PRESSED if pressed else BALL
        objs: list[Any] = [body, shape]
        index = len(self.bodies)
        # A ball placed on a cup's centre (every ball but the pressed one) needs no search.
        cup = self._centre_index.get((position[0], position[1]))
        if cup is None:
            cup = self.board.index(self.board.cell_at(*position))
        cups = self.stiffness > 0.0
        shape.filter = _BALL_FILTERS[self._cell_class[cup]] if cups else _BALL_FILTER
        spring = None
        if self.resistance:
            pivot = pymunk.PivotJoint(body, self.anchor, (0.0, 0.0), (0.0, 0.0))
            pivot.max_bias = 0.0
            pivot.max_force = cfg.rolling_resistance * cfg.ball_mass * cfg.normal_gravity
            objs.append(pivot)
        bowl = -1
        if self.stiffness > 0.0:
            self._ball_of[shape] = index
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
        self.shapes.append(shape)
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

    def sleep(self, i: int) -> None:
        """Put ball ``i`` to sleep now (when sleeping is on): a ball at rest in its cup costs
        nothing until something touches it, instead of the idle time Chipmunk waits first."""
        if self.space.sleep_time_threshold < math.inf:
            self.bodies[i].sleep()

    def ignore_first_contact(self, others: Iterable[int]) -> None:
        """Let the pressed ball pass over ``others`` until each pair has come apart once.

        Only a contact that begins in the next step is ignored (those that do are listed in
        :attr:`ignored`); a pair already apart by then collides normally ever after.
        """
        for i in others:
            self._ignore_once.add(self.shapes[i])

    def stop_ignoring(self) -> None:
        self._ignore_once.clear()

    def drop_in(self, i: int) -> None:
        """Ball ``i`` now sits in the board: give it the bowl of the cup it is over. If a
        triangle ball the press is driving out still holds that cup, that ball rides: it is on
        its way out, and the pressed ball landed clear of it (this is part of the press, like
        the drop itself; letting the farther of the two ride instead left more pushes unsettled)."""
        if self.springs[i] is None:
            return
        self._lifted.discard(i)
        c = self.board.index(self.board.cell_at(*self.position(i)))
        self._enter(i, c)
        h = self._holder.get(c)
        if h is not None:
            self._ride(h)
        self._take(i, c)

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

    def _cell_begin(self, arbiter: Any, space: Any, data: Any) -> None:
        ball, disc = arbiter.shapes  # in the handler's order: (BALL or PRESSED, CELL)
        self._switch(self._ball_of[ball], self._cell_of[disc])

    def _switch(self, i: int, c: int) -> None:
        """Ball ``i`` has entered cup ``c``'s disc: the class of discs it stops seeing, and the
        cup's bowl unless another ball holds it (see the module's note on full cups)."""
        if self.cup[i] == c:
            return
        self._enter(i, c)
        if i in self._lifted:
            return
        if self._holder.get(c, i) == i:
            self._take(i, c)
        else:
            self._astray.add(i)

    def _enter(self, i: int, c: int) -> None:
        self.cup[i] = c
        filters = _OVER_FILTERS if i in self.over else _BALL_FILTERS
        self.shapes[i].filter = filters[self._cell_class[c]]

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

    def rehome(self) -> None:
        """Settle-check repair of full cups: a refused or riding ball takes the cup whose cell
        it is in when that cup is free, two refused balls each in the other's cup swap, and a
        rider at rest rolls over the others toward a free cup.

        First it catches up with disc entries the steps missed (:meth:`_catch_up`). None of
        this raises the energy (see the module's note); a ball that changes bowl or starts
        rolling over is woken. Beyond the catch-up's distance test per ball, costs nothing
        while no ball is astray or rolling over.
        """
        if self.stiffness > 0.0:
            self._catch_up()
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
                self.bodies[i].activate()
            elif holder in self._astray and self.bowl[i] >= 0:
                j = holder
                cj = index(cell_at(*self.position(j)))
                if cj == self.bowl[i]:
                    del self._holder[c], self._holder[cj]
                    self.bowl[i] = self.bowl[j] = -1
                    for ball, cup in ((i, c), (j, cj)):
                        self._enter(ball, cup)
                        self._take(ball, cup)
                        self.bodies[ball].activate()

        if self.over:
            self._land()
        if self.riders:
            self._roll_over()

    def _catch_up(self) -> None:
        """A ball inside a cup's disc that is not its :attr:`cup` (a step hopped over the point
        where two discs touch, see the module's note) enters that cup now, as the disc's
        callback would have: the cup's bowl if free, else it is refused.

        Only awake balls are looked at (reading a position costs more than asking whether a
        body sleeps, and most balls sleep): a hop takes millimetres per step, far above
        ``sleep_speed``, and a ball sleeps only after ``sleep_time`` below it, so a ball that
        hopped since the last check is still awake at this one when ``sleep_time`` spans
        ``settle_check_interval`` steps (24 against 16 by default; otherwise all are looked at).
        """
        half2 = (0.5 * self.board.pitch) ** 2
        centres, cup = self.centres, self.cup
        cell_at, index = self.board.cell_at, self.board.index
        skip_asleep = self._hoppers_awake
        for i, body in enumerate(self.bodies):
            if skip_asleep and body.is_sleeping:
                continue
            x, y = body.position
            cx, cy = centres[cup[i]]
            if (x - cx) ** 2 + (y - cy) ** 2 < half2:
                continue  # inside its own cup's disc
            c = index(cell_at(x, y))
            cx, cy = centres[c]
            if c != cup[i] and (x - cx) ** 2 + (y - cy) ** 2 < half2:
                self._switch(i, c)
                body.activate()

    def _bowl_energy(self, i: int, c: int) -> float:
        """Bowl energy of ball ``i`` about cup ``c``'s centre, J."""
        x, y = self.position(i)
        cx, cy = self.centres[c]
        return 0.5 * self.stiffness * ((x - cx) ** 2 + (y - cy) ** 2)

    def _roll_over(self) -> None:
        """A rider at rest (pinned by the balls it rides on) rolls over them to the nearest free
        cup: it gets just the speed that carries it, against rolling resistance, into that cup's
        disc, paid from its ride energy, and meets no ball until it is apart from them again."""
        cfg = self.config
        rim = 0.5 * self.stiffness * (0.5 * self.board.pitch) ** 2
        slow2 = cfg.sleep_speed * cfg.sleep_speed
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
            ke = cfg.ball_mass * cfg.resistance_deceleration * s
            if self.riders[i] - ke < rim:
                continue
            self.riders[i] -= ke
            speed = math.sqrt(2.0 * ke / cfg.ball_mass)
            fx, fy = self.centres[f]
            body.activate()
            body.velocity = (speed * (fx - x) / d, speed * (fy - y) / d)
            self.over.add(i)
            self._enter(i, self.cup[i])

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
                self._enter(i, self.cup[i])

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
        p = self.bodies[i].position
        return (p.x, p.y)

    def velocity(self, i: int) -> tuple[float, float]:
        v = self.bodies[i].velocity
        return (v.x, v.y)

    def ball_energy(self, i: int) -> float:
        """Kinetic plus bowl energy of ball ``i`` about the cup whose bowl it feels, J."""
        body = self.bodies[i]
        v = body.velocity
        e: float = 0.5 * self.config.ball_mass * (v.x * v.x + v.y * v.y)
        if self.springs[i] is not None:
            b = self.bowl[i]
            if b >= 0:
                p = body.position
                cx, cy = self.centres[b]
                e += 0.5 * self.stiffness * ((p.x - cx) ** 2 + (p.y - cy) ** 2)
            else:
                e += self.riders.get(i, 0.0)
        return e

    def energy(self) -> float:
        """Kinetic + bowl + tilt energy of every ball, J: what the model says never grows."""
        total = 0.0
        cfg = self.config
        gx, gy = self.space.gravity
        for i, body in enumerate(self.bodies):
            total += self.ball_energy(i)
            p = body.position
            total -= cfg.ball_mass * (gx * p.x + gy * p.y)
        return total
