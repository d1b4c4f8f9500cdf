"""A push from release to rest: set up off the frame loop, rolled on screen, resolved by the
rules off the frame loop, then checked against what the player saw.

The rules change the match only once the balls have stopped rolling on screen, so the window
never shows a position the animation has not reached yet; the animation and the rules run the
same physics, and if they ever disagree the rules win and the player is told.
"""

from __future__ import annotations

from typing import Any

from pusher_sim.pusher.actions import Push
from pusher_sim.ui.common.match_maker import colour_of, seat_label
from pusher_sim.ui.pusher.move_list import describe, returned_text
from pusher_sim.ui.pusher.push_animation import PushAnimation, start_push
from pusher_sim.ui.pusher.table_state import PushInFlight, Table


def launch(table: Table, push: Push) -> None:
    """Set the push up off the frame loop (building the board's Space takes tens of ms), then
    play it out."""
    state, game, match = table.state, table.game, table.match
    board, resolver = game.board, game.resolver
    spec = push.spec(state.colour)
    balls = dict(state.balls)
    trays = [seat.tray for seat in table.scene.seats]
    mover = state.to_move
    trays[mover] -= 1
    name = table.scene.seats[mover].name

    def built(result: Any) -> None:
        sim, step = result
        animation = PushAnimation(
            board, sim, step, trays, game.seat_of, table.config.speed, table.layout.ball_radius
        )
        table.push_in_flight = PushInFlight(push, match, animation, mover)
        table.say(f"{name}: {push}")

    work = lambda: start_push(board, balls, spec, resolver)  # noqa: E731
    table.start_job("setting up the push", work, built, mutates=False)


def roll(table: Table, flight: PushInFlight, dt: float) -> None:
    """One frame of the push: roll the balls, hand the push to the rules once they stop."""
    animation = flight.animation
    was_rolling, was_finished = animation.rolling, animation.finished
    animation.update(dt)
    if animation.collisions:
        table.sounds.play("collision", min(1.0, 0.4 + 0.2 * animation.collisions))
    if was_rolling and not animation.rolling:
        table.sounds.play("drop")
    if not was_finished and animation.finished and animation.flying:
        table.sounds.play("tray")
    if not animation.rolling and not flight.resolving:
        _resolve(table, flight)
    if animation.finished and flight.resolved:
        _finish(table, flight)


def _resolve(table: Table, flight: PushInFlight) -> None:
    """The push has rolled out on screen: now the rules resolve it, off the frame loop."""
    flight.resolving = True

    def resolved(_: Any) -> None:
        flight.resolved = True

    work = lambda: flight.match.step(flight.push)  # noqa: E731
    table.start_job("resolving the push", work, resolved, mutates=True)


def _finish(table: Table, flight: PushInFlight) -> None:
    """Both the animation and the rules are done: show the rules' result, check they agree."""
    table.push_in_flight = None
    table.refresh()
    board, state = table.game.board, table.state
    who = seat_label(state, flight.mover)
    table.moves.add(
        describe(table.match.moves, who, colour_of(state, flight.mover), flight.push, state)
    )
    table.autosave()
    shown = {c: col for c, col in flight.animation.outcome().balls if board.colour(c) != col}
    if shown != state.balls:
        table.say("warning: the animation and the rules disagree; the rules win", True)
        return
    table.note = push_result(table, flight.mover)
    table.say("")  # the result is in the note line, which stays; no need to say it twice


def push_result(table: Table, mover: int) -> str:
    """What a push did and what follows, in words a player reads at a glance."""
    state = table.state
    who = seat_label(state, mover)
    colour = state.game.colours[mover]
    back = returned_text(state)
    own = sum(1 for _, col in state.last_returned if col == colour)
    head = f"{who}'s push: " + (back if back else "nothing came back")
    if state.is_terminal():
        return head
    nxt = state.current_player()
    if nxt == mover:
        return f"{head} - none of {who}'s came back: {who} moves again"
    mine = f"{own} of {who}'s came back - " if own else ""
    return f"{head} - {mine}the turn passes to {seat_label(state, nxt)}"
