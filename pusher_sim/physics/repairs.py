"""Full cups: a cup keeps one holder, and what sorts out the balls that meet in one.

A ball entering a held cup is refused and keeps its own bowl; the ball the pressed one lands on
rides on top (no bowl, counted at the highest point of any cell) until a free cup takes it; at
each settle check a refused or riding ball takes the free cup it is in, two refused balls in
each other's cups swap, and a rider pinned at rest rolls over the others to the nearest free
cup. None of it raises the energy. docs/physics.md, "Full cups and other repairs".
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pusher_sim.physics.bowls import Bowls
from pusher_sim.physics.collision import BALL_FILTER, OVER_FILTER
from pusher_sim.physics.energy import Energy
from pusher_sim.physics.state import SpaceState


class FullCups:
    """Riders and the settle check's repairs of a Space with cups (``bowls``)."""

    def __init__(self, state: SpaceState, bowls: Bowls, energy: Energy) -> None:
        self.state = state
        self.bowls = bowls
        self.energy = energy

    def drop_in(self, i: int) -> float:
        """Ball ``i`` now sits in the board: give it the bowl of the cup it is over. If a
        triangle ball the press is driving out still holds that cup, that ball rides: it is on
        its way out, and the pressed ball landed clear of it. Returns the energy that lifting
        it onto the others takes (J): work the press does."""
        s = self.state
        s.lifted.discard(i)
        c = s.board.index(s.board.cell_at(*s.position(i)))
        self.bowls.enter(i, c)
        if self.bowls.lips is not None and s.inside[i] != c:
            return 0.0  # on the land between round cups (``round_cups``): no bowl, nobody rides
        h = s.holder.get(c)
        lift = 0.0
        if h is not None:
            before = self.energy.ball_energy(h)
            self._ride(h)
            lift = self.energy.ball_energy(h) - before
        self.bowls.take(i, c)
        return lift

    def _ride(self, i: int) -> None:
        """Ball ``i`` has no bowl from now on: it is on top, counted at :meth:`Bowls.top_energy`."""
        s = self.state
        old = s.bowl[i]
        if old >= 0:
            del s.holder[old]
            s.bowl[i] = -1
        s.springs[i].stiffness = 0.0
        s.riders[i] = self.bowls.top_energy()
        s.astray.add(i)

    def rehome(self, asleep: Sequence[bool] | None = None) -> None:
        """Settle-check repair of full cups: a refused or riding ball takes the cup whose cell
        it is in when that cup is free, two refused balls each in the other's cup swap, and a
        rider at rest rolls over the others toward a free cup.

        First it catches up with cell entries the steps missed (Bowls.catch_up). None of this
        raises the energy; a ball that changes bowl or starts rolling over is woken. ``asleep``
        is the state's asleep() if the caller has it already.
        """
        s, bowls = self.state, self.bowls
        bowls.catch_up(s.asleep() if asleep is None else asleep)
        if not s.astray and not s.over:
            return
        cell_at, index = s.board.cell_at, s.board.index
        for i in sorted(s.astray):
            if i not in s.astray:
                continue  # swapped home earlier in this pass
            c = index(cell_at(*s.position(i)))
            holder = s.holder.get(c)
            if holder is None and bowls.bowl_energy(i, c) > s.riders.get(i, math.inf):
                continue  # a rider whose ride is lower than this corner of the cell
            if bowls.lips is not None and s.inside[i] != c:
                continue  # round cups: a bowl is taken inside its lip only
            if holder is None or holder == i:
                bowls.enter(i, c)
                bowls.take(i, c)
                s.fixups["rehomed"] += 1
                s.activate(i)
            elif holder in s.astray and s.bowl[i] >= 0:
                j = holder
                cj = index(cell_at(*s.position(j)))
                if cj == s.bowl[i]:
                    del s.holder[c], s.holder[cj]
                    s.bowl[i] = s.bowl[j] = -1
                    for ball, cup in ((i, c), (j, cj)):
                        bowls.enter(ball, cup)
                        bowls.take(ball, cup)
                        s.activate(ball)
                    s.fixups["swapped"] += 1

        if s.over:
            self._land()
        if s.riders:
            self._roll_over()

    def _roll_over(self) -> None:
        """A rider at rest (pinned by the balls it rides on) rolls over them to the nearest free
        cup: it gets just the speed that carries it, against rolling resistance, half a radius
        into that cup's cell, paid from its ride energy, and meets no ball until it is apart
        from them again."""
        st = self.state
        cfg = st.config
        rim = self.bowls.rim_energy()
        slow2 = cfg.sleep_speed * cfg.sleep_speed
        mass = cfg.ball_mass + st.spin_mass
        for i in sorted(st.riders):
            body = st.bodies[i]
            v = body.velocity
            if v.x * v.x + v.y * v.y >= slow2:
                continue
            x, y = st.position(i)
            free = [c for c in range(len(st.centres)) if c not in st.holder]
            if not free:
                return
            d, f = min((math.dist((x, y), st.centres[c]), c) for c in free)
            if d == 0.0:
                continue
            s = max(d - 0.5 * st.board.pitch, 0.0) + 0.5 * cfg.ball_radius
            ke = mass * cfg.resistance_deceleration * s
            if st.riders[i] - ke < rim:
                continue
            st.riders[i] -= ke
            speed = math.sqrt(2.0 * ke / mass)
            fx, fy = st.centres[f]
            body.activate()
            velocity = (speed * (fx - x) / d, speed * (fy - y) / d)
            body.velocity = velocity
            if st.spins[i] is not None:
                st.spins[i].velocity = velocity
            st.over.add(i)
            st.shapes[i].filter = OVER_FILTER
            st.fixups["rolled_over"] += 1

    def _land(self) -> None:
        """A rider that rolled over the others meets them again once it holds a bowl and
        overlaps none of them (until then they rest on each other, as in 3-D)."""
        s = self.state
        reach2 = 4.0 * s.config.ball_radius**2
        for i in sorted(s.over):
            if s.bowl[i] < 0 and i in s.riders:
                continue  # still riding (round cups: a ball on the land has landed too)
            x, y = s.position(i)
            if all(
                j == i or (x - b.position.x) ** 2 + (y - b.position.y) ** 2 >= reach2
                for j, b in enumerate(s.bodies)
            ):
                s.over.discard(i)
                s.shapes[i].filter = BALL_FILTER
