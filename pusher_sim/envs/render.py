"""A Pusher position as an RGB array for the envs' ``rgb_array`` mode: the board's cups and balls
(the window's shaded sprites), the triangles to push, each seat's tray count and a status line,
drawn on an off-screen surface. It imports nothing of the window, so the envs stand without it
(headless with ``SDL_VIDEODRIVER=dummy``)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pygame

from pusher_sim.board_sprites import BALL_RGB, ball_sprite, cup_sprite
from pusher_sim.pusher.state import PusherState

BALL_PITCHES = 0.485
"""A ball's radius in cup pitches (16 mm balls, 16.5 mm pitch)."""
CUP_PITCHES = 0.42
"""A cup's radius as drawn, in cup pitches."""
BACKGROUND = (26, 30, 40)
TEXT = (232, 232, 236)
HIGHLIGHT = (255, 214, 90)


class PositionPainter:
    """Draws positions of one board at one size: the board fills the left, the trays a column
    on the right, the status the top line."""

    def __init__(self, state: PusherState, size: tuple[int, int] = (640, 480)) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.width, self.height = max(160, size[0]), max(120, size[1])
        self.surface = pygame.Surface((self.width, self.height))
        self.status_h = max(18, self.height // 12)
        self.panel_w = self.width // 4
        self.font = pygame.font.Font(None, max(12, self.status_h * 3 // 4))
        self.small = pygame.font.Font(None, max(10, self.status_h // 2))
        board = state.game.board
        reach = max(math.hypot(*board.position(c)) for c in board.cells) + board.pitch
        box_w, box_h = self.width - self.panel_w, self.height - self.status_h
        self.scale = min(box_w, box_h) / (2.0 * reach)
        self.origin = (box_w / 2.0, self.status_h + box_h / 2.0)

    def _screen(self, x: float, y: float) -> tuple[int, int]:
        return round(self.origin[0] + x * self.scale), round(self.origin[1] - y * self.scale)

    def rgb(self, state: PusherState, kinds: Sequence[str], headline: str) -> np.ndarray:
        """The position as an array of shape (height, width, 3), uint8; ``kinds`` says who
        plays each seat."""
        game, surface = state.game, self.surface
        board = game.board
        surface.fill(BACKGROUND)
        cup_px = max(2, round(CUP_PITCHES * board.pitch * self.scale))
        ball_px = max(2, round(BALL_PITCHES * board.pitch * self.scale))
        for cell in board.cells:
            sprite = cup_sprite(board.colour(cell), cup_px)
            surface.blit(sprite, sprite.get_rect(center=self._screen(*board.position(cell))))
        if not state.is_terminal() and state.duty().kind == "push":
            for triangle in state.duty().triangles:
                corners = [self._screen(*board.position(c)) for c in triangle]
                pygame.draw.polygon(surface, HIGHLIGHT, corners, width=2)
        for cell, colour in sorted(state.balls.items()):
            sprite = ball_sprite(colour, ball_px)
            surface.blit(sprite, sprite.get_rect(center=self._screen(*board.position(cell))))
        mover = -1 if state.is_terminal() else state.to_move
        row_h = (self.height - self.status_h) // max(1, game.num_players)
        left = self.width - self.panel_w + 6
        for seat, (kind, colour, tray) in enumerate(
            zip(kinds, game.colours, state.trays, strict=True)
        ):
            top = self.status_h + seat * row_h
            words = f"{colour.label} ({kind}): {tray}"
            shade = HIGHLIGHT if seat == mover else BALL_RGB[colour]
            surface.blit(self.small.render(words, True, shade), (left, top + 4))
        status = f"{headline}   move {state.moves}"
        surface.blit(self.font.render(status, True, TEXT), (6, 2))
        return np.ascontiguousarray(pygame.surfarray.array3d(surface).transpose(1, 0, 2))
