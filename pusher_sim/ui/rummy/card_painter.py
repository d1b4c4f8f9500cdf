"""Playing cards drawn by the project: faces with polygon suits, backs, at any size.

Suits are built from circles and polygons (no font glyphs, no downloaded art) so they read the
same at 800x600 and at 1920x1080. A card is painted once per size into a cached surface; a frame
blits it. Every face goes through :meth:`CardPainter.face`, the one place a card's value reaches
the screen, which is what the hidden-card test watches.
"""

from __future__ import annotations

import math

import pygame

from pusher_sim.ui.shell.widgets import RGB, font
from rummy.cards import RANK_NAMES, is_joker, is_wild, rank_of, suit_of

RED: RGB = (200, 30, 40)
BLACK: RGB = (22, 22, 28)
PAPER: RGB = (250, 248, 240)
EDGE: RGB = (120, 120, 130)
BACK: RGB = (40, 70, 150)
BACK_LINE: RGB = (90, 125, 210)
WILD_MARK: RGB = (200, 150, 20)
SELECTED: RGB = (255, 200, 40)
ASPECT = 1.4
"""Card height over width."""


def suit_colour(suit: int) -> RGB:
    return RED if suit in (1, 2) else BLACK


def draw_suit(surface: pygame.Surface, suit: int, centre: tuple[float, float], size: float) -> None:
    """Paint a suit sign (0 clubs, 1 diamonds, 2 hearts, 3 spades) of height ``size``."""
    x, y = centre
    h = size / 2
    colour = suit_colour(suit)
    if suit == 1:  # diamond
        pts = [(x, y - h), (x + h * 0.72, y), (x, y + h), (x - h * 0.72, y)]
        pygame.draw.polygon(surface, colour, pts)
        return
    r = h * 0.48
    if suit == 2:  # heart: two lobes and a point below
        pygame.draw.circle(surface, colour, (x - r * 0.95, y - h * 0.38), r)
        pygame.draw.circle(surface, colour, (x + r * 0.95, y - h * 0.38), r)
        pts = [(x - r * 1.92, y - h * 0.25), (x + r * 1.92, y - h * 0.25), (x, y + h)]
        pygame.draw.polygon(surface, colour, pts)
        return
    stem = [(x, y + h * 0.2), (x + h * 0.42, y + h), (x - h * 0.42, y + h)]
    pygame.draw.polygon(surface, colour, stem)
    if suit == 3:  # spade: a heart upside down on a stem
        pygame.draw.circle(surface, colour, (x - r * 0.95, y + h * 0.22), r)
        pygame.draw.circle(surface, colour, (x + r * 0.95, y + h * 0.22), r)
        pts = [(x - r * 1.92, y + h * 0.1), (x + r * 1.92, y + h * 0.1), (x, y - h)]
        pygame.draw.polygon(surface, colour, pts)
        return
    # club: three leaves
    pygame.draw.circle(surface, colour, (x, y - h * 0.5), r * 0.95)
    pygame.draw.circle(surface, colour, (x - r * 1.0, y + h * 0.08), r * 0.95)
    pygame.draw.circle(surface, colour, (x + r * 1.0, y + h * 0.08), r * 0.95)
    pygame.draw.circle(surface, colour, (x, y), r * 0.6)


def _star(surface: pygame.Surface, centre: tuple[float, float], size: float, colour: RGB) -> None:
    x, y = centre
    pts = []
    for k in range(10):
        rad = size / 2 if k % 2 == 0 else size / 5
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts)


class CardPainter:
    """Card faces and backs of one width (make a new painter when the window resizes)."""

    def __init__(self, width: int) -> None:
        self.width = max(16, width)
        self.height = round(self.width * ASPECT)
        self._faces: dict[int, pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._rank_font = font(round(self.width * 0.42))

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    def face(self, surface: pygame.Surface, card: int, topleft: tuple[float, float]) -> None:
        """Draw ``card`` face up. The only way a card's value is drawn."""
        sprite = self._faces.get(card % 52 if card < 104 else 104)
        if sprite is None:
            sprite = self._paint_face(card)
            self._faces[card % 52 if card < 104 else 104] = sprite
        surface.blit(sprite, (round(topleft[0]), round(topleft[1])))

    def back(self, surface: pygame.Surface, topleft: tuple[float, float]) -> None:
        if self._back is None:
            self._back = self._paint_back()
        surface.blit(self._back, (round(topleft[0]), round(topleft[1])))

    def outline(
        self, surface: pygame.Surface, topleft: tuple[float, float], colour: RGB = SELECTED
    ) -> None:
        """A thick frame round a card (selected, or a target to drop on)."""
        rect = pygame.Rect(round(topleft[0]) - 2, round(topleft[1]) - 2, *self.size)
        rect.inflate_ip(4, 4)
        pygame.draw.rect(surface, colour, rect, width=3, border_radius=self._radius + 2)

    @property
    def _radius(self) -> int:
        return max(2, self.width // 10)

    def _blank(self, fill: RGB) -> pygame.Surface:
        surf = pygame.Surface(self.size, pygame.SRCALPHA)
        rect = surf.get_rect()
        pygame.draw.rect(surf, fill, rect, border_radius=self._radius)
        pygame.draw.rect(surf, EDGE, rect, width=1, border_radius=self._radius)
        return surf

    def _paint_face(self, card: int) -> pygame.Surface:
        surf = self._blank(PAPER)
        w, h = self.size
        if is_joker(card):
            _star(surf, (w / 2, h * 0.58), w * 0.62, WILD_MARK)
            text = self._rank_font.render("JK", True, RED)
            surf.blit(text, (round(w * 0.08), round(h * 0.04)))
            return surf
        suit = suit_of(card)
        colour = suit_colour(suit)
        text = self._rank_font.render(RANK_NAMES[rank_of(card)], True, colour)
        surf.blit(text, (round(w * 0.08), round(h * 0.04)))
        draw_suit(surf, suit, (w * 0.21, h * 0.04 + text.get_height() + w * 0.13), w * 0.26)
        draw_suit(surf, suit, (w * 0.58, h * 0.62), w * 0.5)
        if is_wild(card):  # a 2 is wild: a gold corner says so
            _star(surf, (w * 0.82, h * 0.14), w * 0.24, WILD_MARK)
        return surf

    def _paint_back(self) -> pygame.Surface:
        surf = self._blank(BACK)
        w, h = self.size
        inset = max(2, w // 12)
        for k in range(-h, w + h, max(4, w // 7)):
            pygame.draw.line(surf, BACK_LINE, (k, inset), (k + h, h - inset))
            pygame.draw.line(surf, BACK_LINE, (k + h, inset), (k, h - inset))
        pygame.draw.rect(surf, PAPER, surf.get_rect(), width=inset // 2 + 1, border_radius=4)
        mask = self._blank(BACK)  # clip the lattice to the rounded corners
        mask.blit(surf, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return mask
