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


class FullCups(Bowls):
    """Holders, riders and the settle check's repairs (a base of BoardSpace)."""

    def top_energy(self) -> float:
        """The height a riding ball is counted at, J: the highest point of any cell, where the
        rim meets the edge between two outer cups (r = pitch / sqrt 2, twice the rim's energy;
        an inner cell's corners are at r = pitch / sqrt 3)."""
        return 0.25 * self.stiffness * self.board.pitch**2

    def rim_energy(self) -> float:
        """Bowl energy at the lowest point of a cup's rim (an edge midpoint), J."""
        return 0.125 * self.stiffness * self.board.pitch**2

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
            self.shapes[i].filter = OVER_FILTER
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
                self.shapes[i].filter = BALL_FILTER

    @property
    def crowded(self) -> bool:
        """Some ball is not in its own bowl's cup (refused) or has none (riding)."""
        return bool(self._astray)
