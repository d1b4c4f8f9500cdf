"""How good a Push Over position is for one seat, in chips: the strong bot's leaf values.

Chips come only from the pot (O7), so a position is worth the chips already banked, plus the
share of the pot a seat can expect (whoever reaches the pot stop first takes it), minus the turns
a seat is behind: distance to the pot stop at a typical speed, and the turns a rolled-out player
can expect to wait for a free bottom (O6). Push-offs, re-entries and restarts all show up as
changes in those distances and delays, so the evaluation needs no special case for them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pushover.state import OUT, OVER, PushOverState


@dataclass(frozen=True)
class Weights:
    """The evaluation's few numbers, tuned by playing against the expected-movement bot."""

    speed: float = 11 / 3
    """Stops a careful player moves per turn (rolling a second die only after a 1)."""
    turn_value: float = 0.3
    """Chips a turn of delay costs."""
    out_delay: float = 6.0
    """Turns a rolled-out player waits when no bottom is free."""
    pot_sharpness: float = 1.5
    """How sharply the pot goes to the player who will reach it first (per table round)."""
    leader_weight: float = 1.0
    """1: compare with the best opponent; 0: with the average opponent."""
    win: float = 1000.0


def turns_to_pot(state: PushOverState, seat: int, w: Weights) -> float:
    """Own turns until ``seat`` can next reach the pot stop, at a typical speed."""
    cfg = state.cfg
    where = state.where[seat]
    if where > 0:
        distance = (cfg.pot_stop - where) % cfg.track_length or cfg.track_length
        return distance / w.speed
    if where == OUT and state.free_bottoms == 0:
        return w.out_delay + cfg.pot_stop / w.speed
    return cfg.pot_stop / w.speed  # waiting, at START, or about to mount a free bottom


def evaluate(state: PushOverState, seat: int, w: Weights) -> float:
    """``seat``'s position value minus its opponents' (the best or the average of them)."""
    if state.phase == OVER:
        if state.winner < 0:
            return 0.0
        return w.win if state.winner == seat else -w.win
    n = state.cfg.players
    turns = [turns_to_pot(state, s, w) for s in range(n)]
    # Arrival in table rounds, counting who moves first.
    arrival = [turns[s] + ((s - state.to_move) % n) / n for s in range(n)]
    first = min(arrival)
    weights = [math.exp(-w.pot_sharpness * (a - first)) for a in arrival]
    total = sum(weights)
    values = [
        state.columns[s] + state.pot * weights[s] / total - w.turn_value * turns[s]
        for s in range(n)
    ]
    others = [values[s] for s in range(n) if s != seat]
    rival = w.leader_weight * max(others) + (1 - w.leader_weight) * sum(others) / len(others)
    return values[seat] - rival
