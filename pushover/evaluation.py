"""How good a Push Over position is for one seat: the strong bot's leaf values.

Push Over is a race for chips, and chips come only from passing the pot stop (O7). So each
player's position is summed up as the number of their own turns they can expect to need to
collect the chips still missing: the distance to the pot stop, then whole laps, each worth an
average pot, at a careful speed; plus the turns a rolled-out player waits for a free bottom (O6)
and the expected loss from being pushed off by the pieces coming up behind (O4, O5). A seat's
value is how many turns it is ahead of its most dangerous opponent. Push-offs, re-entries,
restarts and pot grabs all show up as changes in those few numbers, so the evaluation needs no
special case for any of them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from pushover.config import PushOverConfig
from pushover.dice import ROLL_OUT, expected_movement_plan, outcome_distribution
from pushover.state import BARE, OUT, OVER, WAITING, PushOverState


@dataclass(frozen=True)
class Weights:
    """The evaluation's few numbers, tuned by playing against the expected-movement bot."""

    speed: float = 11 / 3
    """Stops a careful player moves per turn (rolling a second die only after a 1)."""
    pot_after: float = 1.5
    """Chips in a typical later pot: the refill plus the roll-outs before someone passes."""
    out_delay: float = 12.0
    """Most turns a rolled-out player is expected to wait for a bottom to be pushed off."""
    out_penalty: float = 0.0
    """Turns a rolled-out player loses beyond the wait for a bottom (calibrated)."""
    threat: float = 1.0
    """Weight of the expected loss from being pushed off before one's next turn."""
    spread: float = 4.0
    """Turns of lead that make a win e (2.7) times likelier than a loss: the scale on which a
    lead becomes a winning chance, so that a sure lead is not gambled for a quicker win."""


@lru_cache(maxsize=16)
def _move_at_least(config: PushOverConfig) -> tuple[float, ...]:
    """P(an opponent's move is at least k stops), k = 0, 1, ..., under expected-movement play:
    the threat a piece behind poses."""
    dist = outcome_distribution(config, expected_movement_plan(config).roll)
    longest = max((s for s in dist if s is not ROLL_OUT), default=0)
    tail = []
    for k in range(longest + 2):
        tail.append(float(sum(p for s, p in dist.items() if s is not ROLL_OUT and s >= k)))
    return tuple(tail)


def _stops_to_pot(config: PushOverConfig, where: int) -> int:
    """Stops from ``where`` (a stop, or START as 0) until the pot stop is next reached."""
    return (config.pot_stop - where) % config.track_length or config.track_length


def _threat(state: PushOverState, seat: int, w: Weights) -> float:
    """Expected stops lost by ``seat``'s piece to push-offs before its next turn."""
    cfg = state.cfg
    stop = state.where[seat]
    if stop <= 0 or not cfg.push_off_stops:
        return 0.0
    length = cfg.track_length
    ahead = min((p - stop) % length or length for p in cfg.push_off_stops)
    loss = _stops_to_pot(cfg, 0) - _stops_to_pot(cfg, stop)
    if loss <= 0:
        return 0.0
    tail = _move_at_least(cfg)
    n = cfg.players
    safe = 1.0
    for offset in range(n):
        other = (state.to_move + offset) % n
        if other == seat:
            break  # only those who move before this seat's next turn
        where = state.where[other]
        if where == OUT:
            continue
        behind = stop - (0 if where == WAITING else where)
        behind %= length
        need = behind + ahead - 1
        if 0 < need < len(tail):
            safe *= 1.0 - tail[need]
    return (1.0 - safe) * loss


def _wait_for_bottom(state: PushOverState, w: Weights) -> float:
    """Turns until some moving piece is likely to push a bare bottom off (O5, O6): the
    shortest way any piece has to go to shove any bare bottom past a push-off stop."""
    cfg = state.cfg
    length = cfg.track_length
    movers = [0 if where == WAITING else where for where in state.where if where != OUT]
    if not movers:
        return 0.0  # everyone is out: O9 restarts the game
    best = w.out_delay
    for bare in range(1, length + 1):
        if state.track[bare] != BARE or not cfg.push_off_stops:
            continue
        ahead = min((p - bare) % length or length for p in cfg.push_off_stops)
        for mover in movers:
            behind = (bare - mover) % length
            best = min(best, (behind + ahead - 1) / w.speed)
    return best


def turns_to_win(state: PushOverState, seat: int, w: Weights) -> float:
    """Own turns ``seat`` can expect to need to collect the chips it still lacks."""
    cfg = state.cfg
    where = state.where[seat]
    delay = 0.0
    if where == OUT:
        delay = w.out_penalty
        if state.free_bottoms == 0:
            delay += _wait_for_bottom(state, w)
    stops: float = _stops_to_pot(cfg, max(where, 0))
    # The pot grows by roll-outs while a piece travels: about a typical pot's worth a lap.
    # Counting that keeps the value smooth as a piece passes the pot stop, so the bot never
    # hangs back before the pot to keep it "in hand".
    growth = (w.pot_after - 1.0) * stops / cfg.track_length
    first_pot = state.pot + growth if _first_to_pot(state, seat) else w.pot_after
    stops += w.threat * _threat(state, seat, w)
    missing = max(0.0, cfg.target - state.columns[seat] - first_pot)
    laps = missing / w.pot_after
    return delay + (stops + laps * cfg.track_length) / w.speed


def _first_to_pot(state: PushOverState, seat: int) -> bool:
    """Does ``seat`` stand to reach the pot stop before everyone else (ties: turn order)?"""
    cfg = state.cfg
    n = cfg.players

    def arrival(s: int) -> tuple[int, int]:
        where = state.where[s]
        stops = _stops_to_pot(cfg, max(where, 0))
        if where == OUT and state.free_bottoms == 0:
            stops += cfg.track_length  # will not be moving for a while
        return stops, (s - state.to_move) % n

    mine = arrival(seat)
    return all(mine <= arrival(s) for s in range(n) if s != seat)


def evaluate(state: PushOverState, seat: int, w: Weights) -> float:
    """``seat``'s chance to win, estimated from how many own turns it is ahead of its closest
    rival in the race to the target (1 for a win, 0 for a loss, 1/2 for a draw)."""
    if state.phase == OVER:
        if state.winner < 0:
            return 0.5
        return 1.0 if state.winner == seat else 0.0
    return 1.0 / (1.0 + math.exp(-lead(state, seat, w) / w.spread))


def lead(state: PushOverState, seat: int, w: Weights) -> float:
    """How many own turns ``seat`` is ahead of its closest rival in the race to the target."""
    n = state.cfg.players
    mover = state.to_move
    # A player who moves earlier in the coming round is that much of a turn further on.
    times = [turns_to_win(state, s, w) + ((s - mover) % n) / n for s in range(n)]
    rival = min(times[s] for s in range(n) if s != seat)
    return rival - times[seat]
