"""How pieces move along the Push Over track: a move's steps, the pushes it makes (O4), the
pieces pushed off (O5) and the pot taken on the way (O7, O8, O10).

These change the state in place, as its own moves do; they are apart from
:class:`~pushover.state.PushOverState` because they are the track's mechanics, not the turn's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pushover.position_codes import BARE, EMPTY, OVER, WAITING

if TYPE_CHECKING:
    from pushover.state import PushOverState


def advance(state: PushOverState, pos: int, steps: int, seat: int) -> int:
    """Move a piece (seat's, or a bare bottom when seat is -1) that is not on the track
    array from ``pos`` by ``steps`` stops, pushing (O4) and taking the pot (O7); return
    where it ends."""
    length = state.cfg.track_length
    pot_stop = state.cfg.pot_stop
    track = state.track
    for _ in range(steps):
        pos = pos % length + 1
        if track[pos] != EMPTY:
            push_chain(state, pos)
        if pos == pot_stop and seat >= 0:
            take_pot(state, seat)
            if state.phase == OVER:
                break  # O10: the winner wins at once
    return pos


def push_chain(state: PushOverState, first: int) -> None:
    """O4: the unbroken row of pieces from stop ``first`` moves one stop on, front first;
    a pushed piece that reaches a push-off stop falls off (O5)."""
    length = state.cfg.track_length
    track = state.track
    chain = []
    stop = first
    while track[stop] != EMPTY:
        chain.append(stop)
        stop = stop % length + 1
    push_offs = state.cfg.push_off_stops
    for stop in reversed(chain):
        piece = track[stop]
        track[stop] = EMPTY
        dest = stop % length + 1
        if dest in push_offs:
            if piece == BARE:
                state.free_bottoms += 1
                state.counts["pushoffs_bare"] += 1
                state.tell("pushoff", -1, dest, 0, 0)
            else:
                state.where[piece] = WAITING
                state.counts["pushoffs_full"] += 1
                state.tell("pushoff", piece, dest, 0, 0)
        else:
            track[dest] = piece
            if piece >= 0:
                state.where[piece] = dest


def take_pot(state: PushOverState, seat: int) -> None:
    """O7, O8 (a chip after the pot is emptied), O10."""
    chips = state.pot
    state.columns[seat] += chips
    state.counts["pots_taken"] += 1
    state.tell("pot", seat, chips, 0, 0)
    state.pot = 1
    state.drawn += 1
    if state.columns[seat] >= state.cfg.target:
        state.phase = OVER
        state.winner = seat
        state.tell("win", seat, state.columns[seat], 0, 0)
