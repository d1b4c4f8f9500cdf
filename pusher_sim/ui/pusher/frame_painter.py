"""Painting one whole frame of a Pusher table.

A frame reads only the table's :class:`~pusher_sim.ui.pusher.scene.Scene`, its push animation, its
move list and what the person is doing with the pointer, never the live match, which a job may be
changing meanwhile. The order of the calls below is the stacking order on screen.
"""

from __future__ import annotations

import string
import textwrap

import pygame

from pusher_sim.errors import UserError
from pusher_sim.pusher.names import cup_name, row_start
from pusher_sim.rules_text import plain, rule
from pusher_sim.ui.common.replay import REPLAY_HINT
from pusher_sim.ui.pusher.aim import triangle_at
from pusher_sim.ui.pusher.board_painter import board_balls
from pusher_sim.ui.pusher.keyboard import HELP_LINES
from pusher_sim.ui.pusher.mouse import aimed_flick
from pusher_sim.ui.pusher.scene import Demand
from pusher_sim.ui.pusher.table_state import Table


def draw_frame(table: Table, surface: pygame.Surface) -> None:
    painter, lay, scene, animation = table.painter, table.layout, table.scene, table.animation
    painter.draw_board(surface)
    radius = lay.board.radius
    painter.draw_row_letters(
        surface,
        [
            (string.ascii_uppercase[radius - r], (row_start(r, radius), r))
            for r in range(radius, -radius - 1, -1)
        ],
    )
    if animation is not None:
        balls = animation.board_balls()
        counts = animation.tray_counts()
    else:
        shown = scene.balls
        if table.drop is not None:
            shown = tuple(b for b in shown if b[0] != table.drop.cell)
        balls = board_balls(lay.board, shown)
        counts = [seat.tray for seat in scene.seats]
        if table.drop is not None:
            counts[table.drop.seat] += 1  # the ball is still on its way out of the tray
    person = table.awaiting_person
    painter.draw_balls(surface, balls)
    last = table.moves.last
    if animation is None and table.drop is None and last is not None and last.cells:
        painter.draw_last_move(surface, last.cells)
    if person and scene.demand in (Demand.PUSH, Demand.PUSH_AGAIN):
        hover = None
        if table.aim is not None:
            hover = table.aim.triangle
        elif table.hover is not None:
            hover = triangle_at(lay.board, table.hover, scene.pushable)
        painter.draw_triangle_highlights(surface, scene.pushable, table.clock, hover)
    if person and scene.demand in (Demand.PLACE, Demand.FORM_TRIANGLE):
        painter.draw_cup_highlights(surface, scene.legal_cups, table.clock)
    mover = scene.mover if scene.demand != Demand.OVER else -1
    painter.draw_trays(surface, scene.seats, mover, counts)
    if table.drop is not None:
        drop = table.drop
        painter.draw_drop(surface, drop.cell, drop.colour, drop.seat, drop.t / drop.seconds)
    if animation is not None and animation.flying:
        painter.draw_flying_balls(surface, animation.flying, animation.flight())
    if table.aim is not None and scene.mover >= 0:
        colour = scene.seats[scene.mover].colour
        painter.draw_rubber_band(
            surface, table.aim.press, table.aim.drag, aimed_flick(table), colour
        )
        painter.draw_strength_gauge(surface, table.aim.press, table.aim.drag, table.strength)
    elif table.hover_px is not None and table.aim is None:
        cell = lay.cell_at_pixel(*table.hover_px)
        if cell is not None:
            painter.draw_cup_label(surface, cell, cup_name(cell, radius))
    painter.draw_move_list(
        surface,
        table.moves.visible(painter.move_rows()),
        len(table.moves.entries),
        table.moves.scroll,
    )
    painter.draw_status(surface, headline(table), hint(table), aside(table))
    painter.draw_note(surface, table.note)
    painter.draw_message(surface, table.message, table.warning)
    if table.show_help:
        painter.draw_panel(surface, "Pusher - how to play", HELP_LINES)
    elif table.show_rule:
        title, lines = rule_in_force(scene.rule)
        painter.draw_panel(surface, title, lines)
    elif scene.demand == Demand.OVER and not table.busy and table.replay is None:
        painter.draw_panel(surface, scene.result, ("N new game, R replay, S save, Esc leave",))


def rule_in_force(number: str) -> tuple[str, tuple[str, ...]]:
    """The rule the status line names, as a panel's title and lines (from docs/rules.md)."""
    try:
        text = plain(rule("pusher", number)).strip()
    except UserError:
        return (f"Rule {number}", ("No rule text for this state.", "", "I or Esc closes this."))
    title, _, body = text.partition("\n")
    lines: list[str] = []
    for paragraph in body.strip().split("\n\n"):
        lines.extend(textwrap.wrap(" ".join(paragraph.split()), 64) or [""])
        lines.append("")
    return (title, (*lines, "I or Esc closes this."))


def headline(table: Table) -> str:
    """The status line's big text: whose move and what is due, or that this is a replay."""
    if table.replay is not None:
        return table.replay.headline
    return table.scene.headline


def hint(table: Table) -> str:
    """The status line's second row: what the window is busy with, else what the rules ask."""
    if table.replay is not None:
        return REPLAY_HINT
    if table.job is not None:
        return table.job.label + "..."
    if table.animation is not None:
        return "the balls are rolling..."
    return table.scene.hint


def aside(table: Table) -> str:
    mute = "   sound off" if table.sounds.muted else ""
    return f"move {table.scene.moves}   seed {table.match.seed}{mute}   I rule   H help"
