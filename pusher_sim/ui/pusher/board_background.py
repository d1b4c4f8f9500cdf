"""The still part of the Pusher board, painted once per window size into the surface every frame
starts from (see :mod:`.board_painter`): a dark gradient, the wooden hexagonal rim with its
grain, the felt, the coloured cups and the trays' hollows.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from pusher_sim.board_sprites import cup_sprite
from pusher_sim.ui.pusher.screen_layout import TRAY_ROWS, Layout, TrayBox
from pusher_sim.ui.shell.widgets import RGB

BACKGROUND_TOP: RGB = (34, 40, 52)
BACKGROUND_BOTTOM: RGB = (18, 21, 28)
WOOD: RGB = (150, 98, 52)
WOOD_DARK: RGB = (96, 60, 30)
FELT: RGB = (226, 212, 182)
CUP_RADIUS_PITCHES = 0.40
"""Radius of a drawn hollow, in cup pitches (a ball, at 0.485 pitches, covers its hollow)."""


def paint_background(lay: Layout) -> pygame.Surface:
    """The board as it stands still at ``lay``: the background, the wooden rim, the cups and
    the trays' hollows, painted once per window size."""
    surf = _vertical_gradient((lay.width, lay.height), BACKGROUND_TOP, BACKGROUND_BOTTOM)
    board = lay.board
    outer = list(lay.frame_corners)
    inner = list(lay.rim_corners)
    shadow = [(x + 6, y + 8) for x, y in outer]
    pygame.draw.polygon(surf, (10, 12, 16), shadow)
    pygame.draw.polygon(surf, WOOD, outer)
    pygame.draw.polygon(surf, WOOD_DARK, outer, width=2)
    pygame.draw.polygon(surf, FELT, inner)
    pygame.draw.polygon(surf, WOOD_DARK, inner, width=max(2, round(lay.scale * 0.0012)))
    _paint_wood_grain(surf, outer, lay.origin)
    cup_px = max(2, round(lay.pixels(CUP_RADIUS_PITCHES * board.pitch)))
    for cell in board.cells:
        sprite = cup_sprite(board.colour(cell), cup_px)
        x, y = lay.cell_screen(cell)
        surf.blit(sprite, sprite.get_rect(center=(round(x), round(y))))
    for tray in lay.trays:
        _paint_tray(surf, tray)
    return surf.convert() if pygame.display.get_init() and pygame.display.get_surface() else surf


def _paint_wood_grain(
    surf: pygame.Surface, outer: Sequence[tuple[float, float]], origin: tuple[float, float]
) -> None:
    """A few darker lines along each side of the rim, so it reads as wood, not plastic."""
    cx, cy = origin
    for k in range(6):
        a, b = outer[k], outer[(k + 1) % 6]
        for frac in (0.965, 0.985):
            p = (cx + (a[0] - cx) * frac, cy + (a[1] - cy) * frac)
            q = (cx + (b[0] - cx) * frac, cy + (b[1] - cy) * frac)
            pygame.draw.aaline(surf, (128, 82, 42), p, q)


def _paint_tray(surf: pygame.Surface, tray: TrayBox) -> None:
    """The wooden triangle with its hollows (the balls are drawn per frame on top)."""
    last = TRAY_ROWS - 1
    s = tray.slot_px
    top = tray.apex
    left = tray.slot(0)  # the first hollow: bottom left
    right = tray.slot(last)  # last hollow of the bottom row
    pad = s * 0.75
    corners = [
        (top[0], top[1] - pad * 1.15),
        (right[0] + pad, right[1] + pad * 0.6),
        (left[0] - pad, left[1] + pad * 0.6),
    ]
    pygame.draw.polygon(surf, WOOD, corners)
    pygame.draw.polygon(surf, WOOD_DARK, corners, width=2)
    hollow = max(2, round(s * 0.40))
    for k in range(TRAY_ROWS * (TRAY_ROWS + 1) // 2):
        x, y = tray.slot(k)
        pygame.draw.circle(surf, WOOD_DARK, (round(x), round(y)), hollow)
        pygame.draw.circle(surf, (110, 72, 38), (round(x) + 1, round(y) + 1), max(1, hollow - 2))


def _vertical_gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    surf = pygame.Surface(size)
    w, h = size
    for y in range(h):
        t = y / max(h - 1, 1)
        colour = tuple(int(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
        pygame.draw.line(surf, colour, (0, y), (w, y))
    return surf
