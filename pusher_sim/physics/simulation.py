"""One push, steppable: a batch run calls it to the end, a front end frame by frame."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.errors import ConfigError
from pusher_sim.physics.config import PhysicsConfig
from pusher_sim.physics.cups import board_bowl_energy
from pusher_sim.physics.finger import Finger
from pusher_sim.physics.push import (
    flick_velocity,
    press_point,
    press_velocities,
    support_forces,
    support_push,
    validate_push,
)
from pusher_sim.physics.settle import all_asleep, assign_cups, is_settled, wake_off_cup
from pusher_sim.physics.space import BoardSpace
from pusher_sim.physics.version import MODEL_VERSION
from pusher_sim.push import Point, PushOutcome, PushPath, PushSpec

_Support = tuple[float, list[tuple[int, float, float]]]  # what support_forces finds

RECORD_INTERVAL = 1.0 / 120.0
"""Simulated seconds between two frames of a recorded path (rounded to whole steps): twice a
60 Hz display's rate, so a slowed-down replay stays smooth."""

PRESS_RAMP_DELAY = 0.1
PRESS_RAMP_TIME = 0.25
"""A press that has not gone in between the triangle's balls after ``PRESS_RAMP_DELAY`` seconds
(a blocked triangle, a gentle press; a free one goes in within 0.08 s) grows from its strength's
share of the pressed ball's weight to all of it in ``PRESS_RAMP_TIME`` seconds."""


class PushSimulation:
    """A push from the press to rest.

    Balls are created in the board's cell order, the pushed ball last, so the same inputs build
    the same Space and replay bit for bit. The run ends when the balls are settled (see
    settle.py), or, unsettled, when every ball is asleep without being settled (what the full-cup
    rule of space.py is there to prevent) or the simulated-time cap is reached; the outcome then
    snaps the balls to cups (settle.assign_cups) and says ``settled=False``. It never runs past
    the cap. With ``record`` it keeps every ball's centre every :data:`RECORD_INTERVAL`, which
    the outcome carries as its :class:`~pusher_sim.push.PushPath`.
    """

    def __init__(
        self,
        board: Board,
        balls: Mapping[Cell, Colour],
        push: PushSpec,
        config: PhysicsConfig | None = None,
        *,
        sleeping: bool = True,
        record: bool = False,
    ) -> None:
        cfg = config if config is not None else PhysicsConfig()
        if cfg.cup_depth <= 0.0:
            raise ConfigError("physics config: cup_depth must be positive to resolve a push")
        validate_push(board, balls, push, cfg.max_flick_speed)
        self.board = board
        self.config = cfg
        self.push = push
        model = BoardSpace(board, cfg, sleeping=sleeping)
        self.model = model
        # Model 8: a finger drives the pressed ball down and the contacts move the triangle's
        # balls (finger.py), the flick given as it goes in; model 7 strikes them (push.py).
        self.finger = Finger(cfg, push.strength) if cfg.press_makes_room else None
        strikes = (
            [(0.0, 0.0)] * 3
            if self.finger is not None
            else press_velocities(board, push, cfg.press_speed_at(push.strength), cfg.ball_radius)
        )
        pressed_velocities = dict(zip(push.triangle, strikes, strict=True))
        triangle_balls: list[int] = []
        for cell in board.cells:
            colour = balls.get(cell)
            if colour is None:
                continue
            struck = cell in pressed_velocities
            i = model.add_ball(
                colour,
                board.position(cell),
                pressed_velocities.get(cell, (0.0, 0.0)),
                sliding=struck,
            )
            if struck:
                triangle_balls.append(i)
            else:
                # At rest at its cup's centre: asleep until a moving ball touches it.
                model.sleep(i)
        p = press_point(board, push)
        flick = (0.0, 0.0) if self.finger is not None else flick_velocity(push)
        self.pressed = model.add_ball(push.colour, p, flick, pressed=True)
        touching = 2.0 * cfg.ball_radius
        overlapping = [
            i
            for i in triangle_balls
            if (model.position(i)[0] - p[0]) ** 2 + (model.position(i)[1] - p[1]) ** 2
            < touching * touching
        ]
        model.ignore_first_contact(overlapping)
        self.supports = overlapping
        self.on_top = bool(overlapping)
        self.press_steps = 0
        self.steps = 0
        self._flags: list[bool] | None = None  # the sleep flags the cached share was read at
        self._awake: list[int] = []
        self._asleep_energy = 0.0
        # support_forces as found after the last press step: the positions it reads do not
        # change before the next one, so that step starts from it (see _press_step).
        self._found: tuple[int, list[int], _Support | None] | None = None
        self._sleeper_terms: dict[int, tuple[float, float, float]] = {}
        self._terms_step = 0
        self._lift_share = cfg.press_work_share(push.strength)
        self._height = self._lift_height()
        if self.finger is not None:
            self._lift_share = 1.0  # the finger pushes; nothing holds the ball's weight back
            self.finger.z = self._height
        self._press_energy = self.energy()
        # What the press puts in: the flick, the strikes, the pressed ball's height, and (at
        # the drop) the lift of the ball it lands on onto the others (space.py, drop_in).
        self.press_work = self._press_energy
        self.max_steps = int(cfg.max_sim_time / cfg.time_step)
        self.settled = False
        self.done = False
        self._outcome: PushOutcome | None = None
        self.forced = {"dropped": 0, "woken": 0}
        """Model 7's fix-ups outside the board's own (BoardSpace.fixups): a press dropped in by
        force after ``press_drop_time``, and a wake of balls asleep off their cups."""
        self.record_every = max(1, round(RECORD_INTERVAL / cfg.time_step))
        self._frames: list[tuple[Point, ...]] | None = [self._frame()] if record else None

    @property
    def sim_time(self) -> float:
        return self.steps * self.config.time_step

    def step(self, n: int = 1) -> None:
        """Advance up to ``n`` physics steps; does nothing once the push is over."""
        interval = self.config.settle_check_interval
        model = self.model
        frames = self._frames
        every = self.record_every
        while n > 0 and self.on_top and not self.done:
            before = self.steps
            self._press_step()
            n -= self.steps - before
            if frames is not None and self.steps != before and self.steps % every == 0:
                frames.append(self._frame())
        while n > 0 and not self.done:
            todo = min(n, interval - self.steps % interval, self.max_steps - self.steps)
            if frames is not None:
                todo = min(todo, every - self.steps % every)
            model.step(todo)
            self.steps += todo
            n -= todo
            if self.steps % interval == 0 or self.steps >= self.max_steps:
                self._check()
            if frames is not None and (self.steps % every == 0 or self.done):
                frames.append(self._frame())
        if self.done:
            model.release_cells()

    def _frame(self) -> tuple[Point, ...]:
        """Every ball's centre now, the pressed ball raised while it is on top."""
        m = self.model
        frame = [(*m.position(i), 0.0) for i in range(len(m.bodies))]
        if self.on_top:
            x, y, _ = frame[self.pressed]
            frame[self.pressed] = (x, y, self._height)
        return tuple(frame)

    def _press_step(self) -> None:
        """One step with the pressed ball on top of the triangle (see push.py)."""
        m = self.model
        cfg = self.config
        top = m.bodies[self.pressed]
        if self.press_steps == 1:
            # The first step's collision detection has met every pair that overlaps: those
            # are the balls the pressed one is on top of; the rest must collide as usual.
            m.stop_ignoring()
            self.supports = sorted(m.ignored)
        if self.finger is not None:
            self._finger_step()
            return
        cached = self._found
        if cached is not None and cached[0] == self.steps and cached[1] is self.supports:
            found = cached[2]
        else:
            found = self._support_forces()
        if found is None:
            self._drop()
            return
        self._height, pushes = found
        weight = self._lift_share * cfg.ball_mass * cfg.normal_gravity
        involved = [top]
        fx = fy = 0.0
        for j, sx, sy in pushes:
            support = m.bodies[self.supports[j]]
            support.force = (weight * sx, weight * sy)
            fx -= weight * sx
            fy -= weight * sy
            involved.append(support)
        top.force = (fx, fy)
        m.step(1)
        self.steps += 1
        self.press_steps += 1
        # The height the pressed ball's highest support gives it is what support_forces finds
        # (support_push's maximum, the same arithmetic); the next step reuses the forces.
        found = self._support_forces()
        self._found = (self.steps, self.supports, found)
        self._height = 0.0 if found is None else found[0]
        self._hold_energy(involved)
        if self._lift_share < 1.0 and self.press_steps * cfg.time_step > PRESS_RAMP_DELAY:
            # A press that has not gone in yet is pushed harder, up to the ball's full weight:
            # the player's extra work, counted as the press's.
            more = min(1.0 - self._lift_share, cfg.time_step / PRESS_RAMP_TIME)
            added = more * cfg.ball_mass * cfg.normal_gravity * self._height
            self._lift_share += more
            self.press_work += added
            self._press_energy += added
        if self.press_steps * cfg.time_step >= cfg.press_drop_time:
            # Still on top at its full weight: the triangle's balls are pinned where the 2-D
            # model cannot lift one out. The press forces its way in, as a player's hand would:
            # the pressed ball drops into the cup it is over and that cup's ball rides on top
            # (it passes through the balls it still overlaps until each pair is apart).
            self.forced["dropped"] += 1
            self._drop()
        if self.steps >= self.max_steps:
            self.done = True

    def _finger_step(self) -> None:
        """One step of model 8's press (finger.py): the finger and the contacts set the
        velocities, Chipmunk moves the board, the pressed ball goes down by its own."""
        m = self.model
        cfg = self.config
        finger = self.finger
        assert finger is not None
        involved = [self.pressed, *self.supports]
        work = finger.push(m, involved, cfg.time_step)
        for i in involved:
            m.bodies[i].velocity = finger.velocities[i]
        m.step(1)
        self.steps += 1
        self.press_steps += 1
        finger.z = max(finger.z + finger.w * cfg.time_step, 0.0)
        self._height = finger.z
        self.press_work += work
        self._press_energy += work
        self._hold_energy([m.bodies[i] for i in involved])
        if finger.z <= 0.0 or self._support_forces() is None:
            self._drop()
        elif self.press_steps * cfg.time_step >= cfg.press_drop_time:
            self.forced["dropped"] += 1
            self._drop()
        if self.steps >= self.max_steps:
            self.done = True

    def _drop(self) -> None:
        """The pressed ball leaves the top and takes the bowl of the cup it is over (model 8:
        the flick is given as it goes in, rolling)."""
        self.on_top = False
        self._height = 0.0
        lift = self.model.drop_in(self.pressed)
        self.press_work += lift
        self._press_energy += lift
        if self.finger is not None:
            flick = self.finger.flick(self.model, self.pressed, flick_velocity(self.push))
            self.press_work += flick
            self._press_energy += flick

    def _support_forces(self) -> _Support | None:
        m = self.model
        return support_forces(
            m.position(self.pressed), [m.position(j) for j in self.supports], m.config.ball_radius
        )

    def _lift_height(self) -> float:
        """Height of the pressed ball's centre over the board while it is on top, m."""
        if not self.on_top:
            return 0.0
        m = self.model
        found = support_push(
            m.position(self.pressed), [m.position(j) for j in self.supports], m.config.ball_radius
        )
        return 0.0 if found is None else found[1]

    def _hold_energy(self, bodies: list[Any]) -> None:
        """A step's force is constant over the step, so sliding off curved tops can gain a
        little energy: take any gain over the press's own work out of the motion of the pressed
        ball and the balls under it relative to their centre of mass (momentum is kept). So
        the energy never exceeds what it was when the press began, nor its lowest since."""
        excess = self.energy() - self._press_energy
        if excess <= 0.0:
            self._press_energy += excess
            return
        n = len(bodies)
        vs = [b.velocity for b in bodies]
        cx, cy = sum(v.x for v in vs) / n, sum(v.y for v in vs) / n
        mass = self.config.ball_mass
        relative = 0.5 * mass * sum((v.x - cx) ** 2 + (v.y - cy) ** 2 for v in vs)
        scale = math.sqrt(max(0.0, 1.0 - excess / relative)) if relative > 0.0 else 0.0
        for b, v in zip(bodies, vs, strict=True):
            b.velocity = (cx + scale * (v.x - cx), cy + scale * (v.y - cy))
        self._press_energy = min(self._press_energy, self.energy())

    def run(self) -> PushOutcome:
        """Step to the end; returns the outcome."""
        while not self.done:
            self.step(self.max_steps)
        return self.outcome()

    def _check(self) -> None:
        m = self.model
        asleep = m.asleep()
        repairs = sum(m.fixups.values())
        m.rehome(asleep)
        if sum(m.fixups.values()) != repairs:
            asleep = m.asleep()  # a repaired ball was woken
        if is_settled(m, asleep):
            self.settled = True
            self.done = True
        elif self.steps >= self.max_steps or (all_asleep(m, asleep) and not self._wake(m)):
            self.done = True

    def _wake(self, m: BoardSpace) -> bool:
        """Every ball sleeps, unsettled: whether a ball asleep off its cup was woken (model 7)."""
        if not (self.config.wake_off_cup and wake_off_cup(m)):
            return False
        self.forced["woken"] += 1
        return True

    def ball_positions(self) -> tuple[tuple[Colour, float, float], ...]:
        """Every ball's colour and centre (m), the pushed ball last: one animation frame."""
        m = self.model
        return tuple((m.colours[i], *m.position(i)) for i in range(len(m.bodies)))

    def energy(self) -> float:
        """Kinetic + spin + bowl + tilt energy now, J, with the pressed ball's height while it
        is on top: over the triangle (the share of its weight the hand lets go) and the
        board's bowl under it, which it takes on when it drops in."""
        cfg = self.config
        energy = self._board_energy()
        if self.on_top:
            x, y = self.model.position(self.pressed)
            energy += self._lift_share * cfg.ball_mass * cfg.normal_gravity * self._height
            if self.finger is not None:
                energy += 0.5 * cfg.ball_mass * self.finger.w**2
            energy += board_bowl_energy(self.board, self.model.stiffness, x, y)
        return energy

    def _board_energy(self) -> float:
        """The model's energy, the sleeping balls' share cached (it cannot change while they
        sleep): the press checks it every step."""
        m = self.model
        flags = m.asleep()
        if flags != self._flags:
            asleep = frozenset(i for i, f in enumerate(flags) if f)
            # A sleeper's energy terms stay as they were read while it sleeps on. Between two
            # press steps no ball can wake and fall asleep again (its idle time restarts), so
            # the terms of balls still asleep are kept then; otherwise all are read afresh.
            terms = self._sleeper_terms
            if self.on_top and self.steps - self._terms_step <= 1:
                for i in [i for i in terms if i not in asleep]:
                    del terms[i]
            else:
                terms.clear()
            self._flags = flags
            self._awake = [i for i, f in enumerate(flags) if not f]
            self._asleep_energy = m.energy_of(asleep, terms=terms)
        self._terms_step = self.steps
        return self._asleep_energy + m.energy_of(self._awake)

    def outcome(self) -> PushOutcome:
        """Where the balls rest; call once :attr:`done`."""
        if not self.done:
            raise RuntimeError("push simulation is still running; step it until done")
        if self._outcome is None:
            m = self.model
            board = self.board
            if self.settled and self.config.settle_radius(board.pitch) < 0.5 * board.pitch:
                # Each ball rests nearer its own bowl's centre than half a pitch, and the bowls
                # are distinct: the cups assign_cups would find, without searching for them.
                cells = [board.cells[b] for b in m.bowl]
            else:
                cells = assign_cups(board, [m.position(i) for i in range(len(m.bodies))])
            pairs = sorted(zip(cells, m.colours, strict=True), key=lambda p: self.board.index(p[0]))
            path = None
            if self._frames is not None:
                path = PushPath(
                    colours=tuple(m.colours),
                    cups=tuple(cells),
                    interval=self.record_every * self.config.time_step,
                    frames=tuple(self._frames),
                )
            self._outcome = PushOutcome(
                balls=tuple(pairs),
                settled=self.settled,
                sim_time=self.sim_time,
                steps=self.steps,
                model=MODEL_VERSION,
                path=path,
            )
        return self._outcome
