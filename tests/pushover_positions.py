"""Set-up Push Over positions for the rule tests: a position is written down, not played to."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pushover.actions import Die, Roll, Stop
from pushover.config import PushOverConfig
from pushover.game import PushOverGame
from pushover.state import COUNTERS, OUT, PushOverState

START = 0


def position(
    *,
    where: Sequence[int],
    bare: Sequence[int] = (),
    to_move: int = 0,
    pot: int = 1,
    columns: Sequence[int] | None = None,
    dice: Sequence[int] = (),
    free: int | None = None,
    **config: Any,
) -> PushOverState:
    """A position with the given pieces; bottoms not on the track or under a top are free
    unless ``free`` says otherwise, and the chips drawn are whatever pot and columns hold."""
    game = PushOverGame(PushOverConfig(players=len(where), **config))
    cfg = game.config
    columns = list(columns) if columns is not None else [0] * cfg.players
    in_play = cfg.bottoms - cfg.boxed_bottoms
    if free is None:
        free = in_play - sum(1 for w in where if w != OUT) - len(bare)
    data = {
        "to_move": to_move,
        "phase": "decide",
        "dice": list(dice),
        "where": list(where),
        "bare": list(bare),
        "free_bottoms": free,
        "pot": pot,
        "drawn": pot + sum(columns),
        "columns": columns,
        "winner": -1,
        "counts": dict.fromkeys(COUNTERS, 0),
        "news": [],
    }
    return game.state_from_json(data)


def turn(state: PushOverState, *faces: int, stop: bool = True) -> PushOverState:
    """The player to move rolls ``faces`` one die at a time, then stops if the turn is still on."""
    seat = state.to_move
    for face in faces:
        state.apply(Roll(seat))
        state.apply(Die(face))
    if stop and state.current_player() == seat and state.dice:
        state.apply(Stop(seat))
    return state
