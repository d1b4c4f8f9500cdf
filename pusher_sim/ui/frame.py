"""Painting one whole frame of the window from the app's state.

A frame reads only the app's :class:`~pusher_sim.ui.scene.Scene`, its push animation and what the
person is doing with the pointer, never the live match, which a job may be changing meanwhile.
The order of the calls below is the stacking order on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from pusher_sim.ui.aim import triangle_at
from pusher_sim.ui.draw import board_balls
from pusher_sim.ui.keys import HELP_LINES
from pusher_sim.ui.pointer import aimed_flick
from pusher_sim.ui.scene import Demand

if TYPE_CHECKING:
    from pusher_sim.ui.app import App


def draw_frame(app: App, surface: pygame.Surface) -> None:
    painter, lay, scene, animation = app.painter, app.layout, app.scene, app.animation
    painter.draw_board(surface)
    if animation is not None:
        balls = animation.board_balls()
        counts = animation.tray_counts()
    else:
        balls = board_balls(lay.board, scene.balls)
        counts = [seat.tray for seat in scene.seats]
    person = app.awaiting_person
    painter.draw_balls(surface, balls)
    if person and scene.demand in (Demand.PUSH, Demand.PUSH_AGAIN):
        hover = None
        if app.aim is not None:
            hover = app.aim.triangle
        elif app.hover is not None:
            hover = triangle_at(lay.board, app.hover, scene.pushable)
        painter.draw_triangle_highlights(surface, scene.pushable, app.clock, hover)
    if person and scene.demand in (Demand.PLACE, Demand.FORM_TRIANGLE):
        painter.draw_cup_highlights(surface, scene.legal_cups, app.clock)
    mover = scene.mover if scene.demand != Demand.OVER else -1
    painter.draw_trays(surface, scene.seats, mover, counts)
    if animation is not None and animation.flying:
        painter.draw_flying_balls(surface, animation.flying, animation.flight())
    if app.aim is not None and scene.mover >= 0:
        colour = scene.seats[scene.mover].colour
        painter.draw_rubber_band(surface, app.aim.press, app.aim.drag, aimed_flick(app), colour)
    aside = f"move {scene.moves}   seed {app.match.seed}   H help"
    painter.draw_status(surface, scene.headline, _hint(app), aside)
    painter.draw_message(surface, app.message, app.warning)
    if app.show_help:
        painter.draw_panel(surface, "Pusher - how to play", HELP_LINES)
    elif scene.demand == Demand.OVER and not app.busy:
        painter.draw_panel(surface, scene.result, ("N new game, R replay, S save, Esc quit",))


def _hint(app: App) -> str:
    """The status line's second row: what the window is busy with, else what the rules ask."""
    if app.job is not None:
        return app.job.label + "..."
    if app.animation is not None:
        return "the balls are rolling..."
    if app.replay_queue:
        return f"replaying: {len(app.replay_queue)} moves to go (R skips to the end)"
    return app.scene.hint
