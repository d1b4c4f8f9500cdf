"""One push, steppable: a batch run calls it to the end, a front end frame by frame."""

from __future__ import annotations

import math
from collections.abc import Mapping

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.errors import ConfigError
from pusher_sim.physics.config import PhysicsConfig
from pusher_sim.physics.finger import FingerPress
from pusher_sim.physics.press import flick_velocity, press_point, press_velocities, validate_push
from pusher_sim.physics.press_ledger import Press
from pusher_sim.physics.settle import all_asleep, assign_cups, is_settled, wake_off_cup
from pusher_sim.physics.space import BoardSpace
from pusher_sim.physics.version import MODEL_VERSION
from pusher_sim.physics.weight_press import WeightPress
from pusher_sim.push_resolution import Point, PushOutcome, PushPath, PushSpec

RECORD_INTERVAL = 1.0 / 120.0
"""Simulated seconds between two frames of a recorded path (rounded to whole steps): twice a
60 Hz display's rate, so a slowed-down replay stays smooth."""


class PushSimulation:
    """A push from the press to rest.

    Balls are created in the board's cell order, the pushed ball last, so the same inputs build
    the same Space and replay bit for bit. The run ends when the balls are settled (see
    settle.py), or, unsettled, when every ball is asleep without being settled (what the full-cup
    rule of space.py is there to prevent) or the simulated-time cap is reached; the outcome then
    snaps the balls to cups (settle.assign_cups) and says ``settled=False``. It never runs past
    the cap. With ``record`` it keeps every ball's centre every :data:`RECORD_INTERVAL`, which
    the outcome carries as its :class:`~pusher_sim.push_resolution.PushPath`.
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
        # Model 8's finger moves the triangle's balls by the contacts and gives the flick as
        # it lets go (finger.py); model 7 strikes them and flicks at once (weight_press.py).
        finger = cfg.press_makes_room
        strikes = (
            [(0.0, 0.0)] * 3
            if finger
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
        flick = flick_velocity(push)
        self.press: Press
        if finger:
            self.pressed = model.add_ball(push.colour, p, (0.0, 0.0), pressed=True)
            self.press = FingerPress(model, self.pressed, triangle_balls, push.strength, flick)
        else:
            self.pressed = model.add_ball(push.colour, p, flick, pressed=True)
            self.press = WeightPress(model, self.pressed, triangle_balls, push.strength)
        self.steps = 0
        self.max_steps = int(cfg.max_sim_time / cfg.time_step)
        self.settled = False
        self.done = False
        self.woken = 0
        self._outcome: PushOutcome | None = None
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
        while n > 0 and self.press.ledger.on_top and not self.done:
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
        frame = [(*m.position(i), 0.0) for i in range(len(m.state.bodies))]
        if self.press.ledger.on_top:
            x, y, _ = frame[self.pressed]
            frame[self.pressed] = (x, y, self.press.ledger.height)
        return tuple(frame)

    def _press_step(self) -> None:
        """One step with the pressed ball on top of the triangle (the press part); none if it
        has just dropped in."""
        if not self.press.push_apart():
            return
        self.model.step(1)
        self.steps += 1
        self.press.after_step()
        if self.steps >= self.max_steps:
            self.done = True

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
        elif self.steps >= self.max_steps:
            self.done = True
        elif all_asleep(m, asleep) and not self._wake(m):
            # Round cups (``round_cups``): every ball at rest, one held off its cup's centre by a
            # ball on the land beside it (wedged there by the others) is at rest for good.
            self.settled = m.state.lip < math.inf and not m.crowded
            self.done = True

    def _wake(self, m: BoardSpace) -> bool:
        """Every ball sleeps, unsettled: whether a ball asleep off its cup was woken (model 7)."""
        if not (self.config.wake_off_cup and wake_off_cup(m)):
            return False
        self.woken += 1
        return True

    @property
    def forced(self) -> dict[str, int]:
        """Model 7's fix-ups outside the board's own (BoardSpace.fixups): a press dropped in by
        force after ``press_drop_time``, and a wake of balls asleep off their cups."""
        return {"dropped": self.press.ledger.dropped, "woken": self.woken}

    def ball_positions(self) -> tuple[tuple[Colour, float, float], ...]:
        """Every ball's colour and centre (m), the pushed ball last: one animation frame."""
        m = self.model
        return tuple((m.state.colours[i], *m.position(i)) for i in range(len(m.state.bodies)))

    def energy(self) -> float:
        """Kinetic + spin + bowl + tilt energy now, J, with the pressed ball's height while it
        is on top (the press's :meth:`~pusher_sim.physics.press_ledger.Press.energy`)."""
        return self.press.energy()

    def outcome(self) -> PushOutcome:
        """Where the balls rest; call once :attr:`done`."""
        if not self.done:
            raise RuntimeError("push simulation is still running; step it until done")
        if self._outcome is None:
            m = self.model
            board = self.board
            bowls = m.state.bowl
            if (
                self.settled
                and self.config.settle_radius(board.pitch) < 0.5 * board.pitch
                and min(bowls) >= 0
            ):
                # Each ball rests nearer its own bowl's centre than half a pitch, and the bowls
                # are distinct: the cups assign_cups would find, without searching for them.
                cells = [board.cells[b] for b in bowls]
            else:
                cells = assign_cups(board, [m.position(i) for i in range(len(m.state.bodies))])
            pairs = sorted(
                zip(cells, m.state.colours, strict=True), key=lambda p: self.board.index(p[0])
            )
            path = None
            if self._frames is not None:
                path = PushPath(
                    colours=tuple(m.state.colours),
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
