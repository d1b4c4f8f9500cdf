"""The mouse on a Pusher table: a click places a ball, press-drag-release aims and flicks a
push, the wheel sets the push's strength while aiming (or scrolls the move list under it), and
the right button cancels an aim.

Hit tests go through the layout (pixels to board metres) and the aim's geometry
(:mod:`~pusher_sim.ui.pusher.aim`); a press while the table is busy only says what it is
waiting for.
"""

from __future__ import annotations

import pygame

from pusher_sim.pusher.actions import Place, Push
from pusher_sim.ui.pusher import moves
from pusher_sim.ui.pusher.aim import Aim, Flick, triangle_at
from pusher_sim.ui.pusher.keyboard import STRENGTH_STEP, change_strength
from pusher_sim.ui.pusher.scene import Demand
from pusher_sim.ui.pusher.table_state import Table


def handle_mouse(table: Table, event: pygame.event.Event) -> None:
    if event.type == pygame.MOUSEBUTTONDOWN:
        if event.button == 1:
            _press(table, event.pos)
        elif event.button == 3 and table.aim is not None:
            table.aim = None
            table.say("push cancelled")
    elif event.type == pygame.MOUSEMOTION:
        table.hover = table.layout.to_board(*event.pos)
        table.hover_px = event.pos
        if table.aim is not None:
            table.aim = table.aim.moved_to(table.hover)
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        _release(table, event.pos)
    elif event.type == pygame.MOUSEWHEEL:
        wheel(table, event.y)


def wheel(table: Table, notches: int) -> None:
    """Up is away from the player: a harder press while aiming, older moves over the list."""
    if table.aim is not None:
        change_strength(table, STRENGTH_STEP * notches)
    else:
        table.moves.scroll_by(notches, table.painter.move_rows())


def aimed_flick(table: Table) -> Flick:
    """The flick the push being aimed would get if released now."""
    assert table.aim is not None
    return table.aim.flick(table.game.board, table.game.resolver.max_flick_speed)


def _press(table: Table, pos: tuple[int, int]) -> None:
    if not table.awaiting_person:
        if table.scene.demand != Demand.OVER or table.replay is not None:
            table.say(f"wait: {_busy_reason(table)}")
    elif table.scene.demand in (Demand.PUSH, Demand.PUSH_AGAIN):
        _start_aim(table, pos)
    else:
        _click_cup(table, pos)


def _click_cup(table: Table, pos: tuple[int, int]) -> None:
    cell = table.layout.cell_at_pixel(*pos)
    if cell is None:
        table.say("click on a cup: the highlighted ones are legal", warning=True)
        return
    moves.perform(table, Place(cell), by_person=True)
    if table.warning and table.scene.can_pass:
        table.say(f"{table.message} - press Space to pass", warning=True)


def _start_aim(table: Table, pos: tuple[int, int]) -> None:
    point = table.layout.to_board(*pos)
    board = table.game.board
    tri = triangle_at(board, point, table.scene.pushable)
    if tri is None:
        table.say(
            f"{table.scene.rule}: press inside a highlighted triangle - a push is due",
            warning=True,
        )
        return
    aim = Aim(tri, point, point)
    region = table.game.config.press_region
    if not table.game.geo.press_inside(tri, aim.offset(board), region):
        table.say(f"P8: press nearer the triangle's centre (within {region:.0%})", warning=True)
        return
    table.aim = aim
    table.say("drag back to aim, wheel or Up/Down: press strength, release to push")


def _release(table: Table, pos: tuple[int, int]) -> None:
    if table.aim is None:
        return
    aim = table.aim = table.aim.moved_to(table.layout.to_board(*pos))
    flick = aimed_flick(table)
    table.aim = None
    push = Push(
        aim.triangle, aim.offset(table.game.board), flick.angle, flick.speed, table.strength
    )
    moves.perform(table, push, by_person=True)


def _busy_reason(table: Table) -> str:
    if table.job is not None:
        return table.job.label
    if table.animation is not None:
        return "the push is still rolling"
    if table.replay is not None:
        return "this is a replay (R or Esc ends it)"
    if table.drop is not None or table.wait_left > 0:
        return "the last move is being shown"
    seat = table.scene.seats[table.scene.mover]
    return f"{seat.name} ({seat.kind}) is to move"
