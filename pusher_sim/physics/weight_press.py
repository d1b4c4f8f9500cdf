"""The press of models 6 and 7: the pressed ball's weight drives the triangle's balls apart.

The pressed ball starts on top of the triangle balls it overlaps and passes over them; each step
it is on top, a share of its weight (the press's strength, growing to all of it if the press has
not gone in) pushes the balls under it apart along the slope it rests on (press.py,
``support_forces``), until it overlaps none and drops into the cup it is over (or is dropped in
by force after ``press_drop_time``). A step's force is constant over the step, so the energy is
held to the press's own work. docs/physics.md, "The press", has the reasoning.

A press is the part :class:`~pusher_sim.physics.simulation.PushSimulation` runs while
:attr:`WeightPress.on_top`: :meth:`~WeightPress.push_apart` before each step,
:meth:`~WeightPress.after_step` after it, :meth:`~WeightPress.energy` for the total energy with
the pressed ball's height. Another model's press is another class with these members.
"""

from __future__ import annotations

import math
from typing import Any

from pusher_sim.physics.cups import board_bowl_energy
from pusher_sim.physics.press import support_forces, support_push
from pusher_sim.physics.space import BoardSpace

_Support = tuple[float, list[tuple[int, float, float]]]  # what support_forces finds

PRESS_RAMP_DELAY = 0.1
PRESS_RAMP_TIME = 0.25
"""A press that has not gone in between the triangle's balls after ``PRESS_RAMP_DELAY`` seconds
(a blocked triangle, a gentle press; a free one goes in within 0.08 s) grows from its strength's
share of the pressed ball's weight to all of it in ``PRESS_RAMP_TIME`` seconds."""


class WeightPress:
    """The pressed ball (index ``pressed``) on top of the ``triangle`` balls it overlaps.

    ``press_work`` is what the press puts in: the flick, the strikes, the pressed ball's height
    and (at the drop) the lift of the ball it lands on onto the others (repairs.py, drop_in);
    ``dropped`` counts presses dropped in by force (a fix-up).
    """

    def __init__(
        self, model: BoardSpace, pressed: int, triangle: list[int], strength: float
    ) -> None:
        self.model = model
        self.config = cfg = model.state.config
        self.pressed = pressed
        px, py = model.position(pressed)
        touching = 2.0 * cfg.ball_radius
        overlapping = [
            i
            for i in triangle
            if (model.position(i)[0] - px) ** 2 + (model.position(i)[1] - py) ** 2
            < touching * touching
        ]
        model.ignore_first_contact(overlapping)
        self.supports = overlapping
        self.on_top = bool(overlapping)
        self.press_steps = 0
        self.dropped = 0
        self._flags: list[bool] | None = None  # the sleep flags the cached share was read at
        self._awake: list[int] = []
        self._asleep_energy = 0.0
        # support_forces as found after the last press step: the positions it reads do not
        # change before the next one, so that step starts from it (see push_apart).
        self._found: tuple[int, list[int], _Support | None] | None = None
        self._sleeper_terms: dict[int, tuple[float, float, float]] = {}
        self._terms_step = 0
        self._lift_share = cfg.press_work_share(strength)
        self.height = self._lift_height()
        """Height of the pressed ball's centre over the board while it is on top, m."""
        self._press_energy = self.energy()
        self.press_work = self._press_energy
        self._involved: list[Any] = []

    def push_apart(self) -> bool:
        """Set this step's forces of the pressed ball's weight on the balls under it; False if
        it overlaps none any more (it has dropped in, and the step is the board's)."""
        m = self.model
        cfg = self.config
        top = m.state.bodies[self.pressed]
        if self.press_steps == 1:
            # The first step's collision detection has met every pair that overlaps: those
            # are the balls the pressed one is on top of; the rest must collide as usual.
            m.stop_ignoring()
            self.supports = sorted(m.pressed.ignored)
        cached = self._found
        if cached is not None and cached[0] == self.press_steps and cached[1] is self.supports:
            found = cached[2]
        else:
            found = self._support_forces()
        if found is None:
            self._drop()
            return False
        self.height, pushes = found
        weight = self._lift_share * cfg.ball_mass * cfg.normal_gravity
        involved = [top]
        fx = fy = 0.0
        for j, sx, sy in pushes:
            support = m.state.bodies[self.supports[j]]
            support.force = (weight * sx, weight * sy)
            fx -= weight * sx
            fy -= weight * sy
            involved.append(support)
        top.force = (fx, fy)
        self._involved = involved
        return True

    def after_step(self) -> None:
        """Account for the step just taken: the new height, the energy held to the press's
        work, the ramp of a press that has not gone in, and the forced drop."""
        cfg = self.config
        self.press_steps += 1
        # The height the pressed ball's highest support gives it is what support_forces finds
        # (support_push's maximum, the same arithmetic); the next step reuses the forces.
        found = self._support_forces()
        self._found = (self.press_steps, self.supports, found)
        self.height = 0.0 if found is None else found[0]
        self._hold_energy(self._involved)
        if self._lift_share < 1.0 and self.press_steps * cfg.time_step > PRESS_RAMP_DELAY:
            # A press that has not gone in yet is pushed harder, up to the ball's full weight:
            # the player's extra work, counted as the press's.
            more = min(1.0 - self._lift_share, cfg.time_step / PRESS_RAMP_TIME)
            added = more * cfg.ball_mass * cfg.normal_gravity * self.height
            self._lift_share += more
            self.press_work += added
            self._press_energy += added
        if self.press_steps * cfg.time_step >= cfg.press_drop_time:
            # Still on top at its full weight: the triangle's balls are pinned where the 2-D
            # model cannot lift one out. The press forces its way in, as a player's hand would:
            # the pressed ball drops into the cup it is over and that cup's ball rides on top
            # (it passes through the balls it still overlaps until each pair is apart).
            self.dropped += 1
            self._drop()

    def _drop(self) -> None:
        """The pressed ball leaves the top and takes the bowl of the cup it is over."""
        self.on_top = False
        self.height = 0.0
        lift = self.model.drop_in(self.pressed)
        self.press_work += lift
        self._press_energy += lift

    def _support_forces(self) -> _Support | None:
        m = self.model
        return support_forces(
            m.position(self.pressed),
            [m.position(j) for j in self.supports],
            self.config.ball_radius,
        )

    def _lift_height(self) -> float:
        if not self.on_top:
            return 0.0
        m = self.model
        found = support_push(
            m.position(self.pressed),
            [m.position(j) for j in self.supports],
            self.config.ball_radius,
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

    def energy(self) -> float:
        """Kinetic + spin + bowl + tilt energy now, J, with the pressed ball's height while it
        is on top: over the triangle (the share of its weight the hand lets go) and the
        board's bowl under it, which it takes on when it drops in."""
        cfg = self.config
        energy = self._board_energy()
        if self.on_top:
            x, y = self.model.position(self.pressed)
            energy += self._lift_share * cfg.ball_mass * cfg.normal_gravity * self.height
            energy += board_bowl_energy(self.model.state.board, self.model.state.stiffness, x, y)
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
            if self.on_top and self.press_steps - self._terms_step <= 1:
                for i in [i for i in terms if i not in asleep]:
                    del terms[i]
            else:
                terms.clear()
            self._flags = flags
            self._awake = [i for i, f in enumerate(flags) if not f]
            self._asleep_energy = m.energy_of(asleep, terms=terms)
        self._terms_step = self.press_steps
        return self._asleep_energy + m.energy_of(self._awake)
