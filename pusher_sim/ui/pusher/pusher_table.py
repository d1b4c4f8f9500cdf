"""The Pusher table as a mode of the window: input goes to the keys and the mouse, time to the
moves, and the frame to the painter.

:func:`open_table` is what :mod:`~pusher_sim.ui.shell.table_registry` lists for Pusher.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from pusher_sim.turnloop.match import Match
from pusher_sim.ui.pusher import keyboard, mouse, moves
from pusher_sim.ui.pusher.frame_painter import draw_frame
from pusher_sim.ui.pusher.table_state import Table
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.mode import Host


class PusherTable:
    """A :class:`~pusher_sim.ui.shell.mode.Mode` showing one
    :class:`~pusher_sim.ui.pusher.table_state.Table`."""

    def __init__(self, table: Table) -> None:
        self.table = table
        table.screen = self

    def handle(self, event: pygame.event.Event) -> None:
        table = self.table
        if event.type == pygame.QUIT:
            table.host.quit()
        elif event.type == pygame.VIDEORESIZE:
            table.resize((event.w, event.h))
        elif event.type == pygame.KEYDOWN:
            keyboard.press_key(table, event.key)
        else:
            mouse.handle_mouse(table, event)

    def update(self, dt: float) -> None:
        moves.update(self.table, dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.table.resize(surface.get_size())
        draw_frame(self.table, surface)

    def animating(self) -> bool:
        return not moves.idle(self.table)

    def save_now(self) -> list[Path]:
        return self.table.save_now()

    def save_errors(self) -> list[str]:
        return list(self.table.save_errors)


def open_table(host: Host, config: AppConfig, match: Match | None = None) -> PusherTable:
    """A Pusher table for ``config`` (a fresh game, or ``config.load`` continued)."""
    return PusherTable(Table(host, config, match))
