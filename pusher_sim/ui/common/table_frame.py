"""What surrounds a table in the window. A game played here has nothing around it; a hosted
match has the presence panel and the chat
(:class:`~pusher_sim.ui.common.presence_panel.PresenceFrame`). Every table draws and reads
input through its flow's frame in the same two calls of
:class:`~pusher_sim.ui.common.game_table.GameTable`, so no table knows which it has.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame


class TableFrame:
    """The plain frame: the whole window is the table's, and every input is the table's."""

    def paint(self, surface: pygame.Surface, draw_table: Callable[[pygame.Surface], None]) -> None:
        """Draw the table (``draw_table`` on the part of ``surface`` that is the table's) and
        whatever surrounds it or lies over it."""
        draw_table(surface)

    def headline(self, status: str) -> str:
        """What the table's headline says: ``status`` (whose turn it is), unless the frame
        knows better (before a hosted match starts, nobody's)."""
        return status

    def takes(self, event: pygame.event.Event) -> bool:
        """True if ``event`` is the frame's (a key typed into the chat), not the table's."""
        return False

    def animating(self) -> bool:
        """True while the frame needs frames without input."""
        return False
