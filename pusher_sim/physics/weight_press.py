"""The press of models 6 and 7: the pressed ball's weight drives the triangle's balls apart.

The pressed ball starts on top of the triangle balls it overlaps and passes over them; each step
it is on top, a share of its weight (the press's strength, growing to all of it if the press has
not gone in) pushes the balls under it apart along the slope it rests on (press.py,
``support_forces``), until it overlaps none and drops into the cup it is over (or is dropped in
by force after ``press_drop_time``). A step's force is constant over the step, so the energy is
held to the press's own work (press_ledger.py). docs/physics.md, "The press", has the reasoning.
"""

from __future__ import annotations

from typing import Any

from pusher_sim.physics.press_ledger import PressLedger, Support
from pusher_sim.physics.space import BoardSpace

PRESS_RAMP_DELAY = 0.1
PRESS_RAMP_TIME = 0.25
"""A press that has not gone in between the triangle's balls after ``PRESS_RAMP_DELAY`` seconds
(a blocked triangle, a gentle press; a free one goes in within 0.08 s) grows from its strength's
share of the pressed ball's weight to all of it in ``PRESS_RAMP_TIME`` seconds."""


class WeightPress:
    """The pressed ball (index ``pressed``) on top of the ``triangle`` balls it overlaps, pushed
    in by a share of its weight: a :class:`~pusher_sim.physics.press_ledger.Press` whose
    :attr:`ledger` keeps the balls under it, its height, its work and its drop."""

    def __init__(
        self, model: BoardSpace, pressed: int, triangle: list[int], strength: float
    ) -> None:
        self.ledger = PressLedger(model, pressed, triangle)
        self._lift_share = model.state.config.press_work_share(strength)
        # support_forces as found after the last press step: the positions it reads do not
        # change before the next one, so that step starts from it (see push_apart).
        self._found: tuple[int, list[int], Support | None] | None = None
        self._involved: list[Any] = []
        self.ledger.begin(self.energy())

    def push_apart(self) -> bool:
        """Set this step's forces of the pressed ball's weight on the balls under it; False if
        it overlaps none any more (it has dropped in, and the step is the board's)."""
        ledger = self.ledger
        m = ledger.model
        cfg = ledger.config
        top = m.state.bodies[ledger.pressed]
        ledger.meet_supports()
        cached = self._found
        if cached is not None and cached[0] == ledger.press_steps and cached[1] is ledger.supports:
            found = cached[2]
        else:
            found = ledger.support_forces()
        if found is None:
            ledger.drop()
            return False
        ledger.height, pushes = found
        weight = self._lift_share * cfg.ball_mass * cfg.normal_gravity
        involved = [top]
        fx = fy = 0.0
        for j, sx, sy in pushes:
            support = m.state.bodies[ledger.supports[j]]
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
        ledger = self.ledger
        cfg = ledger.config
        ledger.press_steps += 1
        # The height the pressed ball's highest support gives it is what support_forces finds
        # (support_push's maximum, the same arithmetic); the next step reuses the forces.
        found = ledger.support_forces()
        self._found = (ledger.press_steps, ledger.supports, found)
        ledger.height = 0.0 if found is None else found[0]
        ledger.hold(self._involved, self.energy)
        if self._lift_share < 1.0 and ledger.press_steps * cfg.time_step > PRESS_RAMP_DELAY:
            # A press that has not gone in yet is pushed harder, up to the ball's full weight:
            # the player's extra work, counted as the press's.
            more = min(1.0 - self._lift_share, cfg.time_step / PRESS_RAMP_TIME)
            added = more * cfg.ball_mass * cfg.normal_gravity * ledger.height
            self._lift_share += more
            ledger.add_work(added)
        if ledger.press_steps * cfg.time_step >= cfg.press_drop_time:
            # Still on top at its full weight: the triangle's balls are pinned where the 2-D
            # model cannot lift one out. The press forces its way in, as a player's hand would:
            # the pressed ball drops into the cup it is over and that cup's ball rides on top
            # (it passes through the balls it still overlaps until each pair is apart).
            ledger.dropped += 1
            ledger.drop()

    def energy(self) -> float:
        """Kinetic + spin + bowl + tilt energy now, J, with the pressed ball's height while it
        is on top: over the triangle (the share of its weight the hand lets go) and the
        board's bowl under it, which it takes on when it drops in."""
        return self.ledger.energy(self._lift_share)
