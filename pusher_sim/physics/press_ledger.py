"""What every press is and keeps, whatever its law: the :class:`Press` members
:class:`~pusher_sim.physics.simulation.PushSimulation` runs, and the :class:`PressLedger` part
each press holds.

The ledger is the pressed ball on top of the balls it overlaps: which balls those are, its
height, the work the press puts in and the energy held to it, and its drop into the cup it is
over. A press (weight_press.py, finger.py) is the law that drives the balls under it apart and
holds a ledger for the rest. docs/physics.md, "How the parts compose", says how they fit.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Protocol

from pusher_sim.physics.cups import board_bowl_energy
from pusher_sim.physics.press import support_forces, support_push
from pusher_sim.physics.space import BoardSpace

Support = tuple[float, list[tuple[int, float, float]]]
"""What :func:`~pusher_sim.physics.press.support_forces` finds: the height, and the pushes."""


class Press(Protocol):
    """A press as :class:`~pusher_sim.physics.simulation.PushSimulation` runs it while its
    ledger is on top: :meth:`push_apart` before each step, :meth:`after_step` after it. What
    every press keeps, whether the pressed ball is on top, its height and the drops by force,
    its :attr:`ledger` answers (one place for both presses)."""

    ledger: PressLedger

    def push_apart(self) -> bool:
        """Set this step's forces or velocities; False if the ball has dropped in."""

    def after_step(self) -> None:
        """Account for the step just taken."""

    def energy(self) -> float:
        """Kinetic + spin + bowl + tilt energy now, J, with the pressed ball's while on top."""


class PressLedger:
    """The pressed ball (index ``pressed``) on top of the ``triangle`` balls it overlaps.

    ``press_work`` is what the press puts in (the flick, the strikes or the finger, the pressed
    ball's height and, at the drop, the lift of the ball it lands on onto the others: repairs.py,
    drop_in); the energy is held to it (:meth:`hold`). ``dropped`` counts presses dropped in by
    force (a fix-up).
    """

    def __init__(self, model: BoardSpace, pressed: int, triangle: list[int]) -> None:
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
        self.height = self._lift_height()
        """Height of the pressed ball's centre over the board while it is on top, m."""
        self.press_work = 0.0
        self._held = 0.0  # the most energy the press's work allows now
        self._flags: list[bool] | None = None  # the sleep flags the cached share was read at
        self._awake: list[int] = []
        self._asleep_energy = 0.0
        self._sleeper_terms: dict[int, tuple[float, float, float]] = {}
        self._terms_step = 0

    def begin(self, energy: float) -> None:
        """The press starts with ``energy`` (its :meth:`Press.energy` now): its work so far."""
        self._held = energy
        self.press_work = energy

    def add_work(self, work: float) -> None:
        """The press puts ``work`` in, J."""
        self.press_work += work
        self._held += work

    def meet_supports(self) -> None:
        """After the first step: the balls its collision detection met overlapping are those the
        pressed ball is on top of; the rest must collide as usual."""
        if self.press_steps == 1:
            self.model.stop_ignoring()
            self.supports = sorted(self.model.pressed.ignored)

    def support_forces(self) -> Support | None:
        """:func:`~pusher_sim.physics.press.support_forces` of the pressed ball now."""
        m = self.model
        return support_forces(
            m.position(self.pressed),
            [m.position(j) for j in self.supports],
            self.config.ball_radius,
        )

    def drop(self) -> None:
        """The pressed ball leaves the top and takes the bowl of the cup it is over."""
        self.on_top = False
        self.height = 0.0
        self.add_work(self.model.drop_in(self.pressed))

    def hold(self, bodies: list[Any], energy: Callable[[], float]) -> None:
        """A step's force is constant over the step, so sliding off curved tops can gain a
        little energy: take any gain over the press's own work out of the motion of the
        ``bodies`` (the pressed ball and the balls under it) relative to their centre of mass
        (momentum is kept). So the ``energy`` never exceeds what it was when the press began,
        nor its lowest since."""
        excess = energy() - self._held
        if excess <= 0.0:
            self._held += excess
            return
        n = len(bodies)
        vs = [b.velocity for b in bodies]
        cx, cy = sum(v.x for v in vs) / n, sum(v.y for v in vs) / n
        mass = self.config.ball_mass
        relative = 0.5 * mass * sum((v.x - cx) ** 2 + (v.y - cy) ** 2 for v in vs)
        scale = math.sqrt(max(0.0, 1.0 - excess / relative)) if relative > 0.0 else 0.0
        for b, v in zip(bodies, vs, strict=True):
            b.velocity = (cx + scale * (v.x - cx), cy + scale * (v.y - cy))
        self._held = min(self._held, energy())

    def energy(self, lift_share: float) -> float:
        """Kinetic + spin + bowl + tilt energy now, J, with the pressed ball's height while it
        is on top: over the triangle (``lift_share`` of its weight, what the hand lets go) and
        the board's bowl under it, which it takes on when it drops in."""
        cfg = self.config
        energy = self.board_energy()
        if self.on_top:
            x, y = self.model.position(self.pressed)
            energy += lift_share * cfg.ball_mass * cfg.normal_gravity * self.height
            state = self.model.state
            energy += board_bowl_energy(state.board, state.stiffness, x, y, state.lip)
        return energy

    def board_energy(self) -> float:
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
