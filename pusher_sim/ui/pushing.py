"""A push from release to rest: set up off the frame loop, rolled on screen, resolved by the
rules off the frame loop, then checked against what the player saw.

The rules change the match only once the balls have stopped rolling on screen, so the window
never shows a position the animation has not reached yet; the animation and the rules run the
same physics, and if they ever disagree the rules win and the player is told.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pusher_sim.pusher.actions import Push
from pusher_sim.turnloop.match import Match
from pusher_sim.ui.animation import PushAnimation, start_push

if TYPE_CHECKING:
    from pusher_sim.ui.app import App


@dataclass
class PushInFlight:
    """A push being played out on screen, and how far the rules have got with it."""

    push: Push
    match: Match
    animation: PushAnimation
    resolving: bool = False
    resolved: bool = False


def launch(app: App, push: Push) -> None:
    """Set the push up off the frame loop (building the board's Space takes tens of ms), then
    play it out."""
    state, game, match = app.state, app.game, app.match
    board, resolver = game.board, game.resolver
    spec = push.spec(state.colour)
    balls = dict(state.balls)
    trays = [seat.tray for seat in app.scene.seats]
    trays[state.to_move] -= 1
    name = app.scene.seats[state.to_move].name

    def built(result: Any) -> None:
        sim, step = result
        animation = PushAnimation(board, sim, step, trays, game.seat_of, speed=app.config.speed)
        app.push_in_flight = PushInFlight(push, match, animation)
        app.say(f"{name}: {push}")

    work = lambda: start_push(board, balls, spec, resolver)  # noqa: E731
    app.start_job("setting up the push", work, built, mutates=False)


def roll(app: App, flight: PushInFlight, dt: float) -> None:
    """One frame of the push: roll the balls, hand the push to the rules once they stop."""
    animation = flight.animation
    animation.update(dt)
    if not animation.rolling and not flight.resolving:
        _resolve(app, flight)
    if animation.finished and flight.resolved:
        _finish(app, flight)


def _resolve(app: App, flight: PushInFlight) -> None:
    """The push has rolled out on screen: now the rules resolve it, off the frame loop."""
    flight.resolving = True

    def resolved(_: Any) -> None:
        flight.resolved = True

    work = lambda: flight.match.step(flight.push)  # noqa: E731
    app.start_job("resolving the push", work, resolved, mutates=True)


def _finish(app: App, flight: PushInFlight) -> None:
    """Both the animation and the rules are done: show the rules' result, check they agree."""
    app.push_in_flight = None
    app.refresh()
    board, state = app.game.board, app.state
    shown = {c: col for c, col in flight.animation.outcome().balls if board.colour(c) != col}
    if shown != state.balls:
        app.say("warning: the animation and the rules disagree; the rules win", True)
        return
    back = state.last_returned
    if back:
        names = ", ".join(f"{col.label} {c[0]},{c[1]}" for c, col in back)
        app.say(f"{len(back)} back to the trays: {names}")
