"""How good a Push Over position is for one seat: the strong bot's leaf values.

Push Over is a race for chips, and chips come only from passing the pot stop (O7). So each
player's position is summed up as the number of their own turns they can expect to need to
collect the chips still missing: the distance to the pot stop, then whole laps, each worth an
average pot, at a careful speed; plus the turns a rolled-out player waits for a bottom to be
pushed off (O6) and the expected loss from being pushed off by the pieces coming up behind
(O4, O5). A seat's lead is how many turns it is ahead of its closest rival, and its value is a
winning chance that grows with the lead: so a safe lead is not gambled for a quicker win, and a
hopeless race is. Push-offs, re-entries, restarts and pot grabs all show up as changes in those
few numbers, so the evaluation needs no special case for any of them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pushover.config import PushOverConfig
from pushover.dice import ROLL_OUT, expected_movement_plan, outcome_distribution
from pushover.state import BARE, OUT, OVER, WAITING, PushOverState


@dataclass(frozen=True)
class Weights:
    """The evaluation's few numbers, tuned by playing against the expected-movement bot and a
    bot that never risks a roll-out."""

    speed: float = 11 / 3
    """Stops a careful player moves per turn (rolling a second die only after a 1)."""
    pot_after: float = 1.5
    """Chips in a typical later pot: the refill plus the roll-outs before someone passes."""
    out_delay: float = 12.0
    """Most turns a rolled-out player is expected to wait for a bottom to be pushed off."""
    out_penalty: float = 0.0
    """Turns a rolled-out player loses beyond the wait for a bottom."""
    threat: float = 1.0
    """Weight of the expected loss from being pushed off before one's next turn."""
    spread: float = 4.0
    """Turns of lead that make a win e (2.7) times likelier than a loss."""


class RaceEvaluator:
    """Values positions of one Push Over variant; the per-stop tables are made once."""

    def __init__(self, config: PushOverConfig, weights: Weights | None = None) -> None:
        self.cfg = config
        self.w = weights or Weights()
        length = config.track_length
        # stops from a stop (START = 0) until the pot stop is next reached
        self.to_pot = [(config.pot_stop - s) % length or length for s in range(length + 1)]
        # stops from a stop to the next push-off stop ahead of it (0: there is none)
        self.to_push_off = [
            min(((p - s) % length or length for p in config.push_off_stops), default=0)
            for s in range(length + 1)
        ]
        # P(an opponent's move is at least k stops) under expected-movement play
        dist = outcome_distribution(config, expected_movement_plan(config).roll)
        longest = max((s for s in dist if s is not ROLL_OUT), default=0)
        self.move_at_least = [
            float(sum(p for s, p in dist.items() if s is not ROLL_OUT and s >= k))
            for k in range(longest + 2)
        ]

    def win_chance(self, state: PushOverState, seat: int) -> float:
        """1 for a win, 0 for a loss, 1/n for a draw; else each seat's chance falls off
        exponentially with the turns it needs (a logistic function of the lead, for two)."""
        if state.phase == OVER:
            if state.winner < 0:
                return 1.0 / self.cfg.players
            return 1.0 if state.winner == seat else 0.0
        times = self.turns_to_win(state)
        # 1 / sum(exp((mine - t) / spread)), scaled by the largest term so that no exponent is
        # positive: a gap of thousands of turns (the longest tracks) underflows to 0, never
        # overflows.
        gaps = [(times[seat] - t) / self.w.spread for t in times]
        top = max(gaps)
        return math.exp(-top) / sum(math.exp(g - top) for g in gaps)

    def lead(self, state: PushOverState, seat: int) -> float:
        """How many own turns ``seat`` is ahead of its closest rival in the race."""
        times = self.turns_to_win(state)
        return min(t for s, t in enumerate(times) if s != seat) - times[seat]

    def turns_to_win(self, state: PushOverState) -> list[float]:
        """Each seat's expected own turns to the target, plus its place in the coming round."""
        cfg = self.cfg
        w = self.w
        n = cfg.players
        length = cfg.track_length
        mover = state.to_move
        where = state.where
        stuck = state.free_bottoms == 0
        to_pot = self.to_pot
        stops = [to_pot[p if p > 0 else 0] for p in where]
        order = [(s - mover) % n for s in range(n)]
        # Who reaches the pot first: fewest stops (a stuck rolled-out player a lap more),
        # ties to whoever moves earlier in the coming round.
        race = [
            (stops[s] + (length if stuck and where[s] == OUT else 0), order[s]) for s in range(n)
        ]
        first = race.index(min(race))
        wait = -1.0
        times = []
        for s in range(n):
            travel = float(stops[s])
            delay = 0.0
            if where[s] == OUT:
                delay = w.out_penalty
                if stuck:
                    if wait < 0:
                        wait = self._wait_for_bottom(state)
                    delay += wait
            elif where[s] > 0 and w.threat:
                travel += w.threat * self._threat(state, s)
            # The pot grows by roll-outs while a piece travels (about a typical pot's worth a
            # lap); counting that keeps the value smooth as a piece passes the pot stop.
            if s == first:
                first_pot = state.pot + (w.pot_after - 1.0) * stops[s] / length
            else:
                first_pot = w.pot_after
            missing = cfg.target - state.columns[s] - first_pot
            if missing > 0:
                travel += missing / w.pot_after * length
            times.append(delay + travel / w.speed + order[s] / n)
        return times

    def _threat(self, state: PushOverState, seat: int) -> float:
        """Expected stops lost by ``seat``'s piece to push-offs before its next turn."""
        stop = state.where[seat]
        if stop <= 0:
            return 0.0
        ahead = self.to_push_off[stop]
        loss = self.to_pot[0] - self.to_pot[stop]
        if ahead == 0 or loss <= 0:
            return 0.0
        length = self.cfg.track_length
        tail = self.move_at_least
        n = self.cfg.players
        safe = 1.0
        for offset in range(n):
            other = (state.to_move + offset) % n
            if other == seat:
                break  # only those who move before this seat's next turn
            where = state.where[other]
            if where == OUT:
                continue
            need = (stop - max(where, 0)) % length + ahead - 1
            if 0 < need < len(tail):
                safe *= 1.0 - tail[need]
        return (1.0 - safe) * loss

    def _wait_for_bottom(self, state: PushOverState) -> float:
        """Turns until some moving piece is likely to push a bare bottom off (O5, O6): any
        piece behind a bare bottom pushes it along, and it falls at the next push-off stop."""
        length = self.cfg.track_length
        movers = [0 if p == WAITING else p for p in state.where if p != OUT]
        if not movers:
            return 0.0  # everyone is out: O9 restarts the game
        best = self.w.out_delay
        for bare, piece in enumerate(state.track):
            if piece != BARE or self.to_push_off[bare] == 0:
                continue
            for mover in movers:
                stops = (bare - mover) % length + self.to_push_off[bare] - 1
                best = min(best, stops / self.w.speed)
        return best
