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
from functools import lru_cache
from typing import Any

import pymunk

from pusher_sim.board import Board, Colour
from pusher_sim.physics import cellpool, chipmunk
from pusher_sim.physics.collision import (
    BALL,
    BALL_FILTER,
    CELL,
    CELL_FILTERS,
    PRESSED,
    PROBE,
    PROBE_FILTERS,
    PROBE_RADIUS,
    RIM,
    RIM_FILTER,
)
from pusher_sim.physics.config import PhysicsConfig
from pusher_sim.physics.contacts import Contacts, FirstTouch
from pusher_sim.physics.cups import cell_polygons, rim_reach
from pusher_sim.physics.repairs import FullCups


@lru_cache(maxsize=8)
def _board_tables(
    board: Board,
) -> tuple[tuple[tuple[float, float], ...], dict[tuple[float, float], int], tuple[int, ...]]:
    """Every cup's centre in cell order, each centre's index, and each cup's class (q - r) mod 3:
    the same for every Space of a board (nothing changes them)."""
    centres = tuple(board.position(c) for c in board.cells)
    index = {c: i for i, c in enumerate(centres)}
    return centres, index, tuple((q - r) % 3 for q, r in board.cells)


class BoardSpace(FullCups, Contacts):
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
        mass, k, dt = config.ball_mass + self.spin_mass, self.stiffness, self._dt
        c2 = 0.5 * mass
        self._bowl_terms = (
            mass,
            k,
            k * dt / mass,
            k * dt,
            0.5 * k,
            0.5 * k * dt,
            2.0 * c2,
            4.0 * c2,
        )

        self.bodies: list[Any] = []
        self.spins: list[Any] = []  # each ball's spin body (None without spin)
        # Their Chipmunk handles, for the reads of chipmunk.py (None without spin).
        self.handles: list[Any] = []
        self.spin_handles: list[Any] = []
        self.shapes: list[Any] = []
        self.probes: list[Any] = []
        # For the callbacks, which call Chipmunk without pymunk: each body's struct
        # (chipmunk.body_memory; balls, spins and the rim's body) by handle, and each ball's
        # probe and bowl spring handle (None without cups).
        self.body_memory: dict[Any, Any] = {}
        self.probe_handles: list[Any] = []
        self.spring_handles: list[Any] = []
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
        self._c_callbacks: list[Any] = []  # kept alive while the Space may step
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
        self.touch = None
        if contacts and config.first_touch_contacts:
            lasting = config.lasting_speed(board.pitch)
            self.touch = FirstTouch(config, self.body_memory, lasting)
        space.on_collision(PRESSED, BALL, begin=self._press_begin)
        if self.touch is not None:
            self._add_memory(space.static_body)  # the rim's
            self.touch.attach(space, BALL, RIM)
            self.touch.attach_rim(space, PRESSED, RIM)

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
            seg.filter = RIM_FILTER
            self.space.add(seg)

    def _add_cells(self) -> None:
        """The cells, each a static sensor polygon, handed on by a finished push if one was
        (cellpool.py): added in cell order after the rim, as built."""
        cells = cellpool.take(self.board, self._build_cells)
        self._cells = cells
        self._cell_of = cells.index
        self.space.add(cells.body, *cells.shapes)
        self._c_callbacks.append(chipmunk.on_begin(self.space, PROBE, CELL, self._cell_begin))

    def _build_cells(self, body: Any) -> list[Any]:
        cells = []
        for i, poly in enumerate(cell_polygons(self.board)):
            cell = pymunk.Poly(body, poly)
            cell.sensor = True
            cell.collision_type = CELL
            cell.filter = CELL_FILTERS[self._cell_class[i]]
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
        shape.filter = BALL_FILTER
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
            probe.filter = PROBE_FILTERS[self._cell_class[cup]]
            self._ball_of[chipmunk.shape_handle(probe)] = index
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
        self.handles.append(self._add_memory(body))
        self.spin_handles.append(None if spin is None else self._add_memory(spin))
        self.probe_handles.append(None if probe is None else chipmunk.shape_handle(probe))
        self.spring_handles.append(None if spring is None else chipmunk.constraint_handle(spring))
        self.shapes.append(shape)
        self.probes.append(probe)
        self.colours.append(colour)
        self.springs.append(spring)
        self.cup.append(cup)
        self.bowl.append(bowl)
        return index

    def _add_memory(self, body: Any) -> Any:
        """Record the body's struct for the callbacks; returns its Chipmunk handle."""
        handle = chipmunk.handle(body)
        self.body_memory[handle] = chipmunk.body_memory(handle)
        return handle

    def sleep(self, i: int) -> None:
        """Put ball ``i`` (and its spin) to sleep now, when sleeping is on: a ball at rest in its
        cup costs nothing until something touches it, instead of the idle time Chipmunk waits."""
        if self.space.sleep_time_threshold < math.inf:
            body = self.bodies[i]
            body.sleep()
            if self.spins[i] is not None:
                self.spins[i].sleep_with_group(body)

    # -- stepping ---------------------------------------------------------------------------

    def step(self, n: int = 1) -> None:
        step = self.space.step
        dt = self._dt
        for _ in range(n):
            step(dt)
