"""Where everything of the Push table goes at one window size, and where each card lands: the
hand (selected cards raised), the melds of each team, the other seats' panels, "what happened".

Pure geometry of plain data: the table's input and its painter ask the same questions here, so
a card is clicked where it is drawn.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

import pygame

from pusher_sim.ui.shell.widgets import font, text_size
from rummy.cards import card_str, fits_naturally, slot_str
from rummy.melds import TableMeld

MeldPlace = tuple[TableMeld, pygame.Rect, float]
"""A meld, its rectangle (label included) and the step between its cards."""


@dataclass(frozen=True)
class Layout:
    """Where everything goes at one window size."""

    width: int
    height: int
    base: int
    """The body text size in pixels."""
    card: tuple[int, int]
    small: tuple[int, int]
    header: pygame.Rect
    seats: pygame.Rect
    top: pygame.Rect
    stock: pygame.Rect
    discard: pygame.Rect
    melds: pygame.Rect
    buttons: pygame.Rect
    hand: pygame.Rect

    @classmethod
    def fit(cls, size: tuple[int, int]) -> Layout:
        w, h = size
        base = text_size(size)
        cw = max(36, min(130, round(min(w / 14, h / 8.4))))
        ch = round(cw * 1.4)
        sw = max(26, round(cw * 0.6))
        m = max(6, base // 2)
        header = pygame.Rect(0, 0, w, round(base * 2.6))
        raise_px = round(ch * 0.22)
        hand = pygame.Rect(m, h - m - ch - raise_px, w - 2 * m, ch + raise_px)
        button_h = round(base * 1.6)
        buttons = pygame.Rect(m, hand.y - 2 * (button_h + 6) - 2, w - 2 * m, 2 * (button_h + 6))
        left = round(w * 0.17)
        top_h = max(ch + base * 2, round(base * 7.5))
        top = pygame.Rect(left + m, header.bottom + m, w - left - 2 * m, top_h)
        stock = pygame.Rect(top.x + m, top.y + m, cw, ch)
        discard = pygame.Rect(stock.right + round(cw * 0.35), top.y + m, cw, ch)
        melds = pygame.Rect(
            left + m, top.bottom + m, w - left - 2 * m, buttons.y - top.bottom - 2 * m
        )
        seats = pygame.Rect(m, header.bottom + m, left - m, buttons.y - header.bottom - 2 * m)
        return cls(
            w, h, base, (cw, ch), (sw, round(sw * 1.4)), header, seats, top, stock, discard,
            melds, buttons, hand,
        )  # fmt: skip

    # -- the hand ---------------------------------------------------------------------------

    def hand_rects(self, hand: Sequence[int], selected: Collection[int]) -> dict[int, pygame.Rect]:
        """Where each card of a hand is drawn (selected cards raised)."""
        cw, ch = self.card
        if not hand:
            return {}
        step = min(cw + 6.0, (self.hand.w - cw) / max(1, len(hand) - 1))
        x0 = self.hand.centerx - (step * (len(hand) - 1) + cw) / 2
        return {
            card: pygame.Rect(
                round(x0 + i * step),
                self.hand.y if card in selected else self.hand.bottom - ch,
                cw,
                ch,
            )
            for i, card in enumerate(hand)
        }

    # -- the melds --------------------------------------------------------------------------

    def meld_area(self, team: int) -> pygame.Rect:
        half = self.melds.w // 2
        return pygame.Rect(self.melds.x + team * half, self.melds.y, half - 6, self.melds.h)

    def meld_places(self, melds: Sequence[TableMeld]) -> tuple[list[MeldPlace], float]:
        """Each meld's place, at the largest scale (of the small cards) at which all fit."""
        places: list[MeldPlace] = []
        scale = 1.0
        for scale in (1.0, 0.8, 0.62, 0.5):
            sw, sh = round(self.small[0] * scale), round(self.small[1] * scale)
            step = sw * 0.5
            label = round(self.base * 1.1)
            places = []
            fits = True
            words = font(max(14, round(self.base * 0.8)))
            for team in (0, 1):
                area = self.meld_area(team)
                x, y = area.x + 6, area.y + round(self.base * 1.5)
                for meld in (m for m in melds if m.owner % 2 == team):
                    w = round(sw + step * (len(meld.cards) - 1))
                    w = min(max(w, words.size(meld_label(meld))[0]), area.w - 12)
                    if x + w > area.right and x > area.x + 6:
                        x, y = area.x + 6, y + sh + label + 4
                    places.append((meld, pygame.Rect(x, y, w, sh + label), step))
                    x += w + round(sw * 0.4)
                fits = fits and y + sh + label <= area.bottom
            if fits:
                break
        return places, scale

    # -- the other seats --------------------------------------------------------------------

    def seat_box(self, viewer: int, seat: int) -> pygame.Rect:
        """The panel of ``seat`` (left, across, right of ``viewer``, top to bottom; a
        spectator's column holds every seat)."""
        order = others(viewer)
        k = order.index(seat) if seat in order else 0
        h = self.seats.h // len(order)
        return pygame.Rect(self.seats.x, self.seats.y + k * h, self.seats.w, h - 6)

    def seat_anchor(self, viewer: int, seat: int) -> tuple[float, float]:
        """Where cards going to or from ``seat`` fly (the viewer's hand, or a panel)."""
        if seat == viewer:
            return (self.hand.centerx - self.card[0] / 2, self.hand.bottom - self.card[1])
        box = self.seat_box(viewer, seat)
        return (box.x + box.w * 0.1, box.centery - self.small[1] / 2)

    # -- what happened, the scores ----------------------------------------------------------

    def scores_width(self) -> int:
        return font(max(14, round(self.base * 0.85))).size("deal 5   0000   0000")[0]

    def news_box(self) -> pygame.Rect:
        """Where "what happened" is written: between the discard pile and the scores."""
        x = self.discard.right + self.base
        w = self.top.right - x - self.scores_width() - self.base
        return pygame.Rect(x, self.top.y + 4, max(40, w), self.top.h - 8)

    def news_line(self) -> tuple[int, int]:
        """The text size of "what happened" and the height of one of its lines."""
        return round(self.base * 0.9), round(self.base * 1.15)

    def news_rows(self) -> int:
        return max(1, self.news_box().h // self.news_line()[1])


def meld_label(meld: TableMeld) -> str:
    """What a meld on the table is labelled: its number, its kind, what each wild stands for
    ("5 set 2S=AC"); the meld is laid out at least this wide."""
    wilds = [
        f"{card_str(c)}={slot_str(s)}"
        for c, s in zip(meld.cards, meld.slots, strict=True)
        if not fits_naturally(c, s)
    ]
    return f"{meld.id} {meld.kind}" + (f" {' '.join(wilds)}" if wilds else "")


def others(viewer: int) -> list[int]:
    """The seats in the column beside the table: left, across and right of ``viewer``, or all
    four, in turn from North, for a spectator (a viewer of no seat)."""
    if viewer < 0:
        return [0, 1, 2, 3]
    return [(viewer + k) % 4 for k in (1, 2, 3)]
