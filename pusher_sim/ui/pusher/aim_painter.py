"""Painting a push being aimed: the pusher's ball at the press point, the rubber band back to
the pointer, the flick's arrow forward and its strength, and the gauge of how hard the ball is
pressed in. The band, its label and the gauge stay inside the board's area wherever the pointer
goes; the arrow goes over everything.
"""

from __future__ import annotations

import math

import pygame

from pusher_sim.board import Colour
from pusher_sim.board_sprites import ball_sprite
from pusher_sim.ui.pusher.aim import DEAD_ZONE_PITCHES, FULL_DRAG_PITCHES, Flick
from pusher_sim.ui.pusher.board_painter import backed_label, mix_colour
from pusher_sim.ui.pusher.screen_layout import Layout
from pusher_sim.ui.shell.widgets import RGB, TEXT, font


def band_end(
    press: tuple[float, float], drag: tuple[float, float], pitch: float
) -> tuple[float, float]:
    """Where the rubber band ends: at the pointer, or where the flick stops growing (the band
    stretches no further than the strongest flick)."""
    longest = (DEAD_ZONE_PITCHES + FULL_DRAG_PITCHES) * pitch
    dx, dy = drag[0] - press[0], drag[1] - press[1]
    length = math.hypot(dx, dy)
    if length <= longest:
        return drag
    return (press[0] + dx * longest / length, press[1] + dy * longest / length)


def draw_rubber_band(
    surface: pygame.Surface,
    lay: Layout,
    press: tuple[float, float],
    drag: tuple[float, float],
    flick: Flick,
    colour: Colour,
) -> None:
    """The pusher's ball at the press point, a band back to the pointer, an arrow forward."""
    px, py = lay.to_screen(*press)
    dx, dy = band_end_px(lay, press, drag)
    strength = mix_colour((120, 230, 120), (255, 70, 50), flick.fraction)
    area = pygame.Rect(lay.board_box.as_tuple())
    if flick.speed > 0:  # the band stays on the board; the arrow goes over everything
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip))
        pygame.draw.line(surface, (30, 20, 10), (px, py), (dx, dy), 5)
        pygame.draw.line(surface, strength, (px, py), (dx, dy), 3)
        surface.set_clip(clip)
        length = lay.pixels(lay.board.pitch) * (0.8 + 3.2 * flick.fraction)
        ex = px + math.cos(flick.angle) * length
        ey = py - math.sin(flick.angle) * length
        pygame.draw.line(surface, strength, (px, py), (ex, ey), 4)
        arrow_head(surface, (px, py), (ex, ey), strength, lay.pixels(0.35 * lay.board.pitch))
    ghost = ball_sprite(colour, lay.ball_px).copy()
    ghost.set_alpha(200)
    surface.blit(ghost, ghost.get_rect(center=(round(px), round(py))))
    pygame.draw.circle(surface, (255, 255, 255), (round(px), round(py)), 3)
    if flick.speed > 0:
        label = font(max(16, lay.status.h // 3)).render(
            f"flick {flick.fraction * 100:.0f}%", True, strength
        )
        # On the pointer's side away from the press point; the gauge takes the other side.
        if dx >= px:
            where = label.get_rect(midright=(round(dx) - 14, round(dy) - 14))
        else:
            where = label.get_rect(midleft=(round(dx) + 14, round(dy) - 14))
        backed_label(surface, label, where.clamp(area.inflate(-10, -4)))


def band_end_px(
    lay: Layout, press: tuple[float, float], drag: tuple[float, float]
) -> tuple[float, float]:
    """Where the band ends on screen: :func:`band_end`, drawn no further than the board's
    area, so the band, its label and the gauge stay readable wherever the pointer goes."""
    px, py = lay.to_screen(*press)
    ex, ey = lay.to_screen(*band_end(press, drag, lay.board.pitch))
    box = lay.board_box
    t = 1.0
    for start, delta, low, high in (
        (px, ex - px, box.x + 2, box.x + box.w - 3),
        (py, ey - py, box.y + 2, box.y + box.h - 3),
    ):
        if delta > 0 and start + delta > high:
            t = min(t, max(0.0, (high - start) / delta))
        elif delta < 0 and start + delta < low:
            t = min(t, max(0.0, (low - start) / delta))
    return (px + (ex - px) * t, py + (ey - py) * t)


def draw_strength_gauge(
    surface: pygame.Surface,
    lay: Layout,
    press: tuple[float, float],
    drag: tuple[float, float],
    strength: float,
) -> pygame.Rect:
    """How hard the ball is pressed in (0..1): a vertical gauge beside the pointer, on the
    side away from the press point (where the band and the flick's label are not)."""
    px, _ = lay.to_screen(*press)
    dx, dy = band_end_px(lay, press, drag)
    h = max(40, round(lay.pixels(2.2 * lay.board.pitch)))
    w = max(8, h // 7)
    gap = round(lay.pixels(0.6 * lay.board.pitch))
    x = round(dx) + gap if dx >= px else round(dx) - gap - w
    y = round(dy - h / 2)
    label = font(max(14, lay.status.h // 3)).render(f"press {strength:.0%}", True, TEXT)
    area = pygame.Rect(lay.board_box.as_tuple())
    room = pygame.Rect(area.x + 4, area.y + 4, area.w - 8, area.h - label.get_height() - 14)
    rect = pygame.Rect(x, y, w, h).clamp(room)  # inside the board's area, label and all
    x, y = rect.topleft
    pygame.draw.rect(surface, (20, 22, 30), rect.inflate(4, 4), border_radius=3)
    fill = round(h * max(0.0, min(1.0, strength)))
    colour = mix_colour((120, 200, 255), (255, 120, 60), strength)
    pygame.draw.rect(surface, colour, (x, y + h - fill, w, fill), border_radius=2)
    pygame.draw.rect(surface, TEXT, rect, width=1, border_radius=2)
    where = label.get_rect(midtop=(x + w // 2, y + h + 6))
    backed_label(surface, label, where.clamp(area.inflate(-10, -4)))
    return rect


def arrow_head(
    surface: pygame.Surface,
    start: tuple[float, float],
    end: tuple[float, float],
    colour: RGB,
    size: float,
) -> None:
    """A filled arrowhead of ``size`` pixels at ``end`` of the line from ``start``."""
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    left = (end[0] - size * math.cos(angle - 0.45), end[1] - size * math.sin(angle - 0.45))
    right = (end[0] - size * math.cos(angle + 0.45), end[1] - size * math.sin(angle + 0.45))
    pygame.draw.polygon(surface, colour, [end, left, right])
