"""Playing moves on a table: a person's move, a bot's or chance's in its turn, and a replay's.

A push is handed to :mod:`~pusher_sim.ui.pusher.pushing` to roll out first; anything else changes
the match at once, goes into the move list and the autosave, and (when no person made it) stays on
screen for the table's pace before the next automatic move, a bot's ball dropping in from its tray
meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pusher_sim.errors import IllegalMove, UserError
from pusher_sim.pusher.actions import Place, Push
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.match import Match
from pusher_sim.ui.common.match_maker import colour_of, seat_label
from pusher_sim.ui.pusher import pushing
from pusher_sim.ui.pusher.move_list import describe
from pusher_sim.ui.pusher.scene import Demand
from pusher_sim.ui.pusher.table_state import DROP_SECONDS, Drop, Table

MAX_FRAME_SECONDS = 0.1
"""A longer frame (the window was dragged, the machine hiccupped) counts as this long."""


def perform(table: Table, action: Action, by_person: bool = False) -> None:
    """Carry out an action: a push is animated first, anything else is applied at once."""
    try:
        table.state.validate(action)
    except IllegalMove as exc:
        table.say(f"{exc.rule}: {exc.reason}", warning=True)
        return
    if by_person:
        table.note = ""  # the player has acted: the last push's result may go
    if isinstance(action, Push):
        pushing.launch(table, action)
        return
    mover = table.scene.mover
    table.match.step(action)
    state = table.state
    entry = describe(
        table.match.moves, seat_label(state, mover), colour_of(state, mover), action, state
    )
    table.moves.add(entry)
    table.refresh()
    table.say(f"{entry.who}: {entry.text}")
    if isinstance(action, Place):
        table.sounds.play("place")
        if not by_person and table.config.pace > 0 and mover >= 0:
            seconds = min(DROP_SECONDS, table.config.pace)
            table.drop = Drop(action.cell, state.game.colours[mover], mover, seconds)
    if not by_person:
        table.wait_left = table.config.pace
    table.autosave()


def update(table: Table, dt: float) -> None:
    """Advance the table by ``dt`` seconds: poll jobs, roll the push, start the next move."""
    dt = min(max(dt, 0.0), MAX_FRAME_SECONDS)
    table.clock += dt
    table.poll_job()
    if table.push_in_flight is not None:
        pushing.roll(table, table.push_in_flight, dt)
        if table.push_in_flight is None:
            table.wait_left = table.config.pace
        return
    if table.drop is not None:
        table.drop.t += dt
        if table.drop.done:
            table.drop = None
            table.sounds.play("drop")
    if table.wait_left > 0:
        table.wait_left = max(0.0, table.wait_left - dt)
        return
    if table.job is None and table.drop is None:
        _advance(table)


def _advance(table: Table) -> None:
    """Start whatever comes next when no person is to move."""
    state = table.match.state
    replay = table.replay
    if replay is not None:
        if replay.finished or state.is_terminal():
            table.replay = None
            table.say("end of the replay: the game goes on from here")
            return
        action = replay.take_next()
        if action is not None:
            perform(table, action)
        return
    if state.is_terminal():
        _save_at_end(table)
    elif table.match.needs_input() or table.stalled:
        return
    elif state.is_chance():
        perform(table, table.match.next_action())
    else:
        match = table.match
        name = table.scene.seats[table.scene.mover].name
        table.start_job(f"{name} is thinking", match.next_action, _bot_chose(table, match), False)


def _bot_chose(table: Table, match: Match) -> Callable[[Any], None]:
    def done(action: Any) -> None:
        if match is table.match and isinstance(action, Action):
            perform(table, action)

    return done


def _save_at_end(table: Table) -> None:
    if table.saved_at_end:
        return
    table.saved_at_end = True
    path = table.config.save_path
    if path is None:
        return
    try:
        table.write_log(path)
    except UserError as exc:
        table.say(str(exc), warning=True)
        return
    table.say(f"game over: saved {table.match.moves} moves to {path}")


def idle(table: Table) -> bool:
    """True when nothing will change until the player acts: the window may sleep."""
    if table.busy or table.drop is not None or table.wait_left > 0:
        return False
    if table.replay is not None:
        return table.replay.waiting
    return table.scene.demand == Demand.OVER or table.match.needs_input() or table.stalled
