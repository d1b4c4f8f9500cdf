"""How a table's :class:`~pusher_sim.turnloop.seat_view.SeatMirror` keeps up with its match: the
position one seat sees, brought forward move by move, or made again when the match or the seat
changes (a new game, a load, an undo, the screen passed in hot-seat play).
"""

from __future__ import annotations

from pusher_sim.errors import CorruptFile
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.seat_view import SeatMirror, SeatView
from pusher_sim.turnloop.state import State


def followed(
    mirror: SeatMirror, match: Match, viewer: int, view: SeatView
) -> tuple[SeatMirror, State]:
    """The mirror of ``viewer`` brought to ``view`` of ``match``, and the position it showed
    before (what a table animates from)."""
    if mirror.seat != viewer and not match.game.hides_information:
        mirror = _reseated(mirror, viewer)  # the same position, whoever looks
    try:
        if mirror.game is not match.game:
            raise CorruptFile("another game")
        before = mirror.state
        mirror.follow(view)
    except CorruptFile:  # another match, or another seat's eyes: start again
        mirror = SeatMirror(match.game, viewer)
        try:
            mirror.follow(view)
        except CorruptFile:
            if match.game.hides_information:
                raise
            # A position not reached by its moves (a scenario set up directly): the
            # position is public, so the mirror takes it as it is.
            mirror.state, mirror.history = match.state.clone(), list(view.history)
        before = mirror.state
    return mirror, before


def _reseated(mirror: SeatMirror, seat: int) -> SeatMirror:
    """``mirror`` for another seat of a game that hides nothing: the same position and moves."""
    copy = SeatMirror(mirror.game, seat)
    copy.state, copy.history = mirror.state, list(mirror.history)
    return copy
