"""A Pusher position as an RGB array, drawn by the window's own painter on an off-screen surface
(no window opens; it works headless with ``SDL_VIDEODRIVER=dummy``)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pygame

from pusher_sim.pusher.state import PusherState
from pusher_sim.ui.pusher.board_painter import Painter, board_balls
from pusher_sim.ui.pusher.scene import SeatView
from pusher_sim.ui.pusher.screen_layout import Layout

BALL_PITCHES = 0.485
"""A ball's radius in cup pitches (16 mm balls, 16.5 mm pitch)."""


class PositionPainter:
    """Draws positions of one board at one size; keeps the painter's cached background."""

    def __init__(self, state: PusherState, size: tuple[int, int] = (640, 480)) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        game = state.game
        self.layout = Layout.fit(
            game.board, size, game.num_players, BALL_PITCHES * game.board.pitch
        )
        self.painter = Painter(self.layout)
        self.surface = pygame.Surface((self.layout.width, self.layout.height))

    def rgb(self, state: PusherState, kinds: Sequence[str], headline: str) -> np.ndarray:
        """The position as an array of shape (height, width, 3), uint8; ``kinds`` says who
        plays each seat."""
        game = state.game
        surface = self.surface
        self.painter.draw_board(surface)
        self.painter.draw_balls(surface, board_balls(game.board, sorted(state.balls.items())))
        if not state.is_terminal() and state.duty().kind == "push":
            self.painter.draw_triangle_highlights(surface, state.duty().triangles, 0.0)
        seats = [
            SeatView(colour.label, colour, kind, tray)
            for kind, colour, tray in zip(kinds, game.colours, state.trays, strict=True)
        ]
        mover = -1 if state.is_terminal() else state.to_move
        self.painter.draw_trays(surface, seats, mover, state.trays)
        self.painter.draw_status(surface, headline, "", f"move {state.moves}")
        return np.ascontiguousarray(pygame.surfarray.array3d(surface).transpose(1, 0, 2))
