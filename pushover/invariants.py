"""What makes a Push Over position impossible: chips, pieces and bottom characters that do not
add up, a piece off its stop, a turn that should have ended. Every such position is a bug."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pusher_sim.turnloop.state import InvariantError
from pushover.position_codes import BARE, EMPTY, OUT, OVER, ROLLING, START, WAITING

if TYPE_CHECKING:
    from pushover.state import PushOverState


def check_position(state: PushOverState) -> None:
    """Raise InvariantError if ``state`` is a position no game can reach."""
    cfg = state.cfg
    n = cfg.players
    if len(state.where) != n or len(state.columns) != n:
        raise InvariantError("one top character and one column per player")
    if len(state.track) != cfg.track_length + 1 or state.track[0] != EMPTY:
        raise InvariantError("the track has the wrong number of stops")
    if state.pot < 1 or state.pot + sum(state.columns) != state.drawn:
        raise InvariantError(
            f"chips: pot {state.pot} + columns {state.columns} != drawn {state.drawn}"
        )
    if any(c < 0 for c in state.columns):
        raise InvariantError("a column holds fewer than no chips")
    for seat, where in enumerate(state.where):
        if where > 0:
            if where > cfg.track_length or state.track[where] != seat:
                raise InvariantError(f"seat {seat}'s piece is not on its stop {where}")
        elif where == START:
            if state.phase == OVER or seat != state.to_move:
                raise InvariantError(f"seat {seat} stands at START out of turn")
        elif where not in (OUT, WAITING):
            raise InvariantError(f"seat {seat}'s top is nowhere ({where})")
    for stop, piece in enumerate(state.track):
        if piece >= 0 and (piece >= n or state.where[piece] != stop):
            raise InvariantError(f"stop {stop} holds a piece of unknown seat {piece}")
        if piece not in (EMPTY, BARE) and piece < 0:
            raise InvariantError(f"stop {stop} holds {piece}")
    in_play = cfg.bottoms - cfg.boxed_bottoms
    counted = (
        sum(1 for w in state.where if w != OUT)
        + sum(1 for p in state.track if p == BARE)
        + state.free_bottoms
    )
    if state.free_bottoms < 0 or counted != in_play:
        raise InvariantError(f"{counted} bottom characters accounted for, not {in_play}")
    if state.phase == OVER:
        if state.winner >= 0 and state.columns[state.winner] < cfg.target:
            raise InvariantError("the winner has too few chips")
        if state.winner < 0 and state.counts["turns"] < cfg.max_turns:
            raise InvariantError("a draw before the turn limit")
    elif max(state.columns) >= cfg.target:
        raise InvariantError("someone has enough chips but the game goes on")
    if state.phase != OVER:
        if state.where[state.to_move] < 0 or not 0 <= state.to_move < n:
            raise InvariantError("the player to move has no piece in play")
        if sum(state.dice) > cfg.roll_limit or len(state.dice) >= cfg.max_dice:
            raise InvariantError(f"dice {state.dice} should have ended the turn")
        if any(d not in cfg.die_faces for d in state.dice):
            raise InvariantError(f"dice {state.dice} show impossible faces")
    if state.phase == ROLLING and len(state.dice) >= cfg.max_dice:
        raise InvariantError("rolling a die beyond the last")
    if state.counts["turns"] > cfg.max_turns or any(v < 0 for v in state.counts.values()):
        raise InvariantError(f"counters out of range: {state.counts}")
