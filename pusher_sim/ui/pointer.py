"""The mouse: a click places a ball, press-drag-release aims and flicks a push, and the right
button cancels an aim.

Hit tests go through the layout (pixels to board metres) and the aim's geometry
(:mod:`~pusher_sim.ui.aim`); a press while the window is busy only says what it is waiting for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from pusher_sim.pusher.actions import Place, Push
from pusher_sim.ui.aim import Aim, Flick, triangle_at
from pusher_sim.ui.scene import Demand

if TYPE_CHECKING:
    from pusher_sim.ui.app import App


def handle_mouse(app: App, event: pygame.event.Event) -> None:
    if event.type == pygame.MOUSEBUTTONDOWN:
        if event.button == 1:
            _press(app, event.pos)
        elif event.button == 3 and app.aim is not None:
            app.aim = None
            app.say("push cancelled")
    elif event.type == pygame.MOUSEMOTION:
        app.hover = app.layout.to_board(*event.pos)
        if app.aim is not None:
            app.aim = app.aim.moved_to(app.hover)
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        _release(app, event.pos)


def aimed_flick(app: App) -> Flick:
    """The flick the push being aimed would get if released now."""
    assert app.aim is not None
    return app.aim.flick(app.game.board, app.game.resolver.max_flick_speed)


def _press(app: App, pos: tuple[int, int]) -> None:
    if not app.awaiting_person:
        if app.scene.demand != Demand.OVER:
            app.say(f"wait: {_busy_reason(app)}")
    elif app.scene.demand in (Demand.PUSH, Demand.PUSH_AGAIN):
        _start_aim(app, pos)
    else:
        _click_cup(app, pos)


def _click_cup(app: App, pos: tuple[int, int]) -> None:
    cell = app.layout.cell_at_pixel(*pos)
    if cell is None:
        app.say("click on a cup: the highlighted ones are legal", warning=True)
        return
    app.perform(Place(cell))
    if app.warning and app.scene.can_pass:
        app.say(f"{app.message} - press Space to pass", warning=True)


def _start_aim(app: App, pos: tuple[int, int]) -> None:
    point = app.layout.to_board(*pos)
    board = app.game.board
    tri = triangle_at(board, point, app.scene.pushable)
    if tri is None:
        app.say(
            f"{app.scene.rule}: press inside a highlighted triangle - a push is due", warning=True
        )
        return
    aim = Aim(tri, point, point)
    region = app.game.config.press_region
    if not app.game.geo.press_inside(tri, aim.offset(board), region):
        app.say(f"P8: press nearer the triangle's centre (within {region:.0%})", warning=True)
        return
    app.aim = aim
    app.say("drag back to aim, release to push (right button cancels)")


def _release(app: App, pos: tuple[int, int]) -> None:
    if app.aim is None:
        return
    aim = app.aim = app.aim.moved_to(app.layout.to_board(*pos))
    flick = aimed_flick(app)
    app.aim = None
    app.perform(Push(aim.triangle, aim.offset(app.game.board), flick.angle, flick.speed))


def _busy_reason(app: App) -> str:
    if app.job is not None:
        return app.job.label
    if app.animation is not None:
        return "the push is still rolling"
    if app.replay_queue:
        return "the replay is running (R skips to the end)"
    seat = app.scene.seats[app.scene.mover]
    return f"{seat.name} ({seat.kind}) is to move"
