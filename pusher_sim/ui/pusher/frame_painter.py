"""Painting one whole frame of a Pusher table from its :class:`~.table_view.PusherView`.

The order of the calls below is the stacking order on screen: the aim (rubber band, arrow and
gauge) comes after the text bars so that aiming towards the bottom of the board never hides the
flick's arrowhead under the message line.
"""

from __future__ import annotations

import string

import pygame

from pusher_sim.pusher.names import row_start
from pusher_sim.ui.pusher.aim_painter import draw_rubber_band, draw_strength_gauge
from pusher_sim.ui.pusher.board_painter import Painter
from pusher_sim.ui.pusher.hand_ghost import draw_hand_ghost
from pusher_sim.ui.pusher.scene import Demand
from pusher_sim.ui.pusher.table_view import PusherView


def paint_frame(painter: Painter, view: PusherView, surface: pygame.Surface) -> None:
    lay, scene = painter.layout, view.scene
    painter.draw_board(surface)
    radius = lay.board.radius
    painter.draw_row_letters(
        surface,
        [
            (string.ascii_uppercase[radius - r], (row_start(r, radius), r))
            for r in range(radius, -radius - 1, -1)
        ],
    )
    painter.draw_balls(surface, view.balls)
    if view.last_cells:
        painter.draw_last_move(surface, view.last_cells)
    if view.pushable:
        painter.draw_triangle_highlights(surface, view.pushable, view.clock, view.hover)
    if view.legal_cups:
        painter.draw_cup_highlights(surface, view.legal_cups, view.clock)
    mover = scene.mover if scene.demand != Demand.OVER else -1
    painter.draw_trays(surface, scene.seats, mover, view.tray_counts)
    if view.drop is not None:
        drop = view.drop
        painter.draw_drop(surface, drop.cell, drop.colour, drop.seat, drop.t)
    if view.flying:
        painter.draw_flying_balls(surface, view.flying, view.flight)
    if view.ghost is not None:
        draw_hand_ghost(surface, lay, view.ghost)
    if view.cup_label is not None:
        painter.draw_cup_label(surface, *view.cup_label)
    painter.draw_move_list(surface, view.moves, view.move_total, view.move_scroll)
    painter.draw_status(surface, view.headline, view.hint, view.aside)
    painter.draw_note(surface, view.note)
    painter.draw_message(surface, view.message, view.warning)
    if view.aim is not None:
        aim = view.aim
        draw_rubber_band(surface, lay, aim.press, aim.drag, aim.flick, aim.colour)
        draw_strength_gauge(surface, lay, aim.press, aim.drag, aim.strength)
    if view.panel is not None:
        painter.draw_panel(surface, *view.panel)
