"""A board's Space: its state (state.py) and the parts that act on it, built in a fixed order.

The parts are chosen once, here, from what the Space is to have: the cups (bowls.py, and with
them the full-cup repairs of repairs.py), the balls' spin and rolling resistance (balls.py),
contacts at first touch (contacts.py, model 7) or Chipmunk's own (model 6), sleeping. The
order in which the Chipmunk objects are made and added is part of every outcome (a run replays
bit for bit only if it is kept). docs/physics.md, "How the parts compose", has the reasoning.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pymunk

from pusher_sim.board import Board, Colour
from pusher_sim.physics import chipmunk
from pusher_sim.physics.balls import BallMaker
from pusher_sim.physics.bowls import Bowls
from pusher_sim.physics.collision import BALL, PRESSED, RIM, RIM_FILTER
from pusher_sim.physics.config import PhysicsConfig
from pusher_sim.physics.contacts import FirstTouch, PressedBall
from pusher_sim.physics.cups import rim_reach
from pusher_sim.physics.energy import Energy
from pusher_sim.physics.repairs import FullCups
from pusher_sim.physics.state import SpaceState


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
    boards for tests); ``sleeping=False`` keeps every body awake. ``state`` is the data;
    ``bowls`` and ``repairs`` (None without cups), ``touch`` (None with Chipmunk's contacts),
    ``pressed`` and ``energies`` the parts.
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
        space = pymunk.Space()
        space.iterations = config.solver_iterations
        space.collision_slop = config.collision_slop
        a = config.tilt_acceleration
        space.gravity = (a * math.cos(config.tilt_direction), a * math.sin(config.tilt_direction))
        if sleeping:
            space.idle_speed_threshold = config.sleep_speed
            space.sleep_time_threshold = config.sleep_time
        # The balls' joints hold on to a static body of their own, not to the one that carries
        # the rim and the cells: Chipmunk walks a body's constraints for every candidate contact
        # of its shapes, and with every constraint on the rim's body that walk cost a third.
        anchor = pymunk.Body(body_type=pymunk.Body.STATIC)
        self.maker = BallMaker(config, anchor, spin=spin, resistance=resistance)
        centres, self._centre_index, cell_class = _board_tables(board)
        state = SpaceState(
            board=board,
            config=config,
            space=space,
            dt=config.time_step,
            stiffness=config.bowl_stiffness(board.pitch) if cups else 0.0,
            spin_mass=self.maker.spin_mass,
            centres=centres,
            lip=config.cup_lip_radius() if cups and config.round_cups else math.inf,
        )
        self.state = state
        self.energies = Energy(state)
        self.bowls: Bowls | None = None
        self.repairs: FullCups | None = None
        if state.stiffness > 0.0:
            self.bowls = Bowls(state, self.energies, cell_class)
            self.repairs = FullCups(state, self.bowls, self.energies)
        self.touch: FirstTouch | None = None
        if contacts and config.first_touch_contacts:
            lasting = config.lasting_speed(board.pitch)
            self.touch = FirstTouch(config, state.body_memory, lasting)
        self.pressed = PressedBall(state.shapes, self.touch)

        space.add(anchor)
        self._add_rim()
        if self.bowls is not None:
            self.bowls.add_cells()
        self.pressed.attach(space, PRESSED, BALL)
        if self.touch is not None:
            state.add_memory(space.static_body)  # the rim's
            self.touch.attach(space, BALL, RIM)
            self.touch.attach_rim(space, PRESSED, RIM)

        self._step = chipmunk.stepper(space)
        # The parts' public reads, bound once.
        self.position = state.position
        self.velocity = state.velocity
        self.spin_velocity = state.spin_velocity
        self.activate = state.activate
        self.asleep = state.asleep
        self.energy = self.energies.energy
        self.energy_of = self.energies.energy_of
        self.ball_energy = self.energies.ball_energy
        self.kinetic_energy = self.energies.kinetic_energy
        self.ignore_first_contact = self.pressed.ignore_first_contact
        self.stop_ignoring = self.pressed.stop_ignoring

    def _add_rim(self) -> None:
        """Six thick segments whose inner face keeps ball centres within :func:`rim_reach`."""
        s = self.state
        r = s.config.ball_radius
        thickness = r
        corners = s.board.rim(rim_reach(s.board) + r + thickness)
        static = s.space.static_body
        for k in range(6):
            seg = pymunk.Segment(static, corners[k], corners[(k + 1) % 6], thickness)
            seg.elasticity = s.config.restitution_rim / self.maker.elasticity
            seg.friction = s.config.friction_rim / self.maker.friction
            seg.collision_type = RIM
            seg.filter = RIM_FILTER
            s.space.add(seg)

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
        ``pressed`` marks the pusher's ball: it feels no bowl until :meth:`drop_in`.
        """
        s = self.state
        body, shape, spin, objs = self.maker.make(
            position, velocity, pressed=pressed, sliding=sliding
        )
        index = len(s.bodies)
        # A ball placed on a cup's centre (every ball but the pressed one) needs no search.
        cup = self._centre_index.get((position[0], position[1]))
        if cup is None:
            cup = s.board.index(s.board.cell_at(*position))
        probe = spring = None
        bowl = -1
        cx, cy = s.centres[cup]
        inside = cup if (position[0] - cx) ** 2 + (position[1] - cy) ** 2 < s.lip**2 else -1
        if self.bowls is not None:
            probe, spring, bowl = self.bowls.ball_parts(
                index, body, self.maker.anchor, cup, pressed=pressed, on_land=inside < 0
            )
            objs += [probe, spring]
        s.space.add(*objs)
        s.bodies.append(body)
        s.spins.append(spin)
        s.handles.append(s.add_memory(body))
        s.spin_handles.append(None if spin is None else s.add_memory(spin))
        if self.touch is not None and spin is not None:
            self.touch.spin_of[s.handles[-1]] = s.spin_handles[-1]
        s.probe_handles.append(None if probe is None else chipmunk.shape_handle(probe))
        s.spring_handles.append(None if spring is None else chipmunk.constraint_handle(spring))
        s.shapes.append(shape)
        s.probes.append(probe)
        s.colours.append(colour)
        s.springs.append(spring)
        s.cup.append(cup)
        s.bowl.append(bowl)
        s.inside.append(inside)
        return index

    def sleep(self, i: int) -> None:
        """Put ball ``i`` (and its spin) to sleep now, when sleeping is on: a ball at rest in its
        cup costs nothing until something touches it, instead of the idle time Chipmunk waits."""
        s = self.state
        if s.space.sleep_time_threshold < math.inf:
            body = s.bodies[i]
            body.sleep()
            if s.spins[i] is not None:
                s.spins[i].sleep_with_group(body)

    def step(self, n: int = 1) -> None:
        step = self._step
        dt = self.state.dt
        for _ in range(n):
            step(dt)

    def rehome(self, asleep: Sequence[bool] | None = None) -> None:
        """The settle check's repairs of full cups (repairs.py); nothing without cups."""
        if self.repairs is not None:
            self.repairs.rehome(asleep)

    def drop_in(self, i: int) -> float:
        """The pressed ball ``i`` drops into the board (repairs.py); returns the press's work of
        lifting the ball it lands on, J (none without cups)."""
        return 0.0 if self.repairs is None else self.repairs.drop_in(i)

    def release_cells(self) -> None:
        """Hand the cells on to the next Space of this board (bowls.py): only once this one
        will never step again."""
        if self.bowls is not None:
            self.bowls.release_cells()

    @property
    def crowded(self) -> bool:
        """Some ball is not in its own bowl's cup (refused) or has none (riding)."""
        return bool(self.state.astray)

    @property
    def fixups(self) -> dict[str, int]:
        """How often each full-cup repair fired (the state's)."""
        return self.state.fixups
