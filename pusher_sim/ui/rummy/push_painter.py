"""Painting one frame of the Push table from its :class:`~.push_view.PushView`: the other
seats' panels, the stock and the discard pile, "what happened", the scores, the melds, the
buttons, the viewer's hand, the cards in flight and a card over it all. It reads nothing but the
view, so it draws exactly what the seat may see.
"""

from __future__ import annotations

import pygame

from pusher_sim.ui.rummy.card_painter import CardPainter
from pusher_sim.ui.rummy.push_view import PushView
from pusher_sim.ui.rummy.table_layout import Layout, meld_label, others
from pusher_sim.ui.shell.widgets import ACCENT, TEXT, TEXT_DIM, font, panel, shade, text, wrapped

FELT = (22, 78, 52)
FELT_DARK = (14, 54, 36)
FLIGHT_SECONDS = 0.45


class PushPainter:
    """The card painters for one layout, and the frame's drawing."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.cards = CardPainter(layout.card[0])
        self.small_cards = CardPainter(layout.small[0])
        self._sized: dict[int, CardPainter] = {}

    def _painter(self, width: int) -> CardPainter:
        """Cards ``width`` pixels wide (made once per width)."""
        if width not in self._sized:
            self._sized[width] = CardPainter(width)
        return self._sized[width]

    def paint(self, surface: pygame.Surface, view: PushView) -> None:
        """Everything below the header, in stacking order."""
        self._seats(surface, view)
        self._piles(surface, view)
        self._news(surface, view)
        self._scores(surface, view)
        self._melds(surface, view)
        for button in view.buttons:
            button.draw(surface, self.layout.base)
        if view.hand_shown:
            self._hand(surface, view)
        self._flights(surface, view)
        if view.panel is not None:
            shade(surface, 235 if view.passing else 170)
            panel(surface, view.panel[0], view.panel[1], self.layout.base)

    def _seats(self, surface: pygame.Surface, view: PushView) -> None:
        lay, obs = self.layout, view.obs
        base = lay.base
        small = round(base * 0.85)
        watching = view.viewer < 0
        for k, seat in enumerate(others(view.viewer)):
            box = lay.seat_box(view.viewer, seat)
            pygame.draw.rect(surface, FELT_DARK, box, border_radius=8)
            if obs.to_move == seat and obs.phase in ("draw", "meld"):
                pygame.draw.rect(surface, ACCENT, box, width=3, border_radius=8)
            team = "A" if seat % 2 == 0 else "B"
            where = "" if watching else ("left, ", "across partner, ", "right, ")[k]
            n = obs.hand_sizes[seat]
            laid = ", contract laid" if obs.laid[seat] else ""
            line = f"{where}team {team}" + (", dealer" if obs.dealer == seat else "")
            # Lines that do not fit the panel's width wrap: nothing is cut off.
            rows = [(p, base, TEXT) for p in wrapped(view.names[seat], base, box.w - 12)]
            rows += [(p, small, TEXT_DIM) for p in wrapped(line, small, box.w - 12)]
            count = wrapped(f"{n} card{'s' * (n != 1)}{laid}", small, box.w - 12)
            y = box.y + 4
            for words, size, colour in rows:
                text(surface, words, (box.x + 6, y), size, colour)
                y += font(max(14, size)).get_linesize()
            step = font(max(14, small)).get_linesize()
            bottom = box.bottom - 2 - len(count) * step
            for m, words in enumerate(count):
                text(surface, words, (box.x + 6, bottom + m * step), small, TEXT)
            width = min(lay.small[0], int((bottom - y - 6) / 1.4))
            if width >= 16:  # card backs, where there is room for them
                backs = self._painter(width)
                gap = min(width * 0.3, (box.w - 12 - width) / max(1, min(n, 12) - 1))
                for i in range(min(n, 12)):
                    backs.back(surface, (box.x + 6 + i * gap, y + 2))

    def _piles(self, surface: pygame.Surface, view: PushView) -> None:
        lay, obs = self.layout, view.obs
        small = round(lay.base * 0.85)
        below = (lay.stock.centerx, lay.stock.bottom + 4)
        text(surface, f"stock {obs.stock_size}", below, small, TEXT, "midtop")
        if obs.stock_size:
            self.cards.back(surface, lay.stock.topleft)
        else:
            pygame.draw.rect(surface, FELT_DARK, lay.stock, width=2, border_radius=6)
        below = (lay.discard.centerx, lay.discard.bottom + 4)
        text(surface, "discard", below, small, TEXT, "midtop")
        top = obs.discard_top
        if top >= 0 and top in {f.card for f in view.flights}:
            top = -1  # the card is still on its way there
        if top >= 0:
            self.cards.face(surface, top, lay.discard.topleft)
        else:
            pygame.draw.rect(surface, FELT_DARK, lay.discard, width=2, border_radius=6)
        take, push = view.draw_from
        if take:
            self.cards.outline(surface, lay.discard.topleft, ACCENT)
        if push:
            self.cards.outline(surface, lay.stock.topleft, ACCENT)

    def _news(self, surface: pygame.Surface, view: PushView) -> None:
        """The lines of "what happened" in view; a bar on the right shows where they are in
        the whole match."""
        lay, news = self.layout, view.news
        box = lay.news_box()
        size, step = lay.news_line()
        rows = lay.news_rows()
        previous = news.earlier_event
        for n, (line, event) in enumerate(news.lines):
            colour = TEXT if event == news.newest_event else TEXT_DIM
            x = box.x + (lay.base if event == previous else 0)
            text(surface, line, (x, box.y + n * step), size, colour, width=box.right - 8 - x)
            previous = event
        if news.back > 0:
            more = f"{news.back} newer: PgDn, End"
            y = box.y + len(news.lines) * step
            text(surface, more, (box.x, y), size, ACCENT, width=box.w - 8)
        if news.total > rows:
            shown = len(news.lines)
            track = pygame.Rect(box.right - 4, box.y, 3, rows * step)
            pygame.draw.rect(surface, FELT_DARK, track)
            thumb_h = max(6, track.h * rows // news.total)
            thumb_y = track.y + (track.h - thumb_h) * news.first // max(1, news.total - shown)
            pygame.draw.rect(surface, TEXT_DIM, (track.x, thumb_y, 3, thumb_h))

    def _scores(self, surface: pygame.Surface, view: PushView) -> None:
        """Each finished deal's points and the match totals, per team (fewer is better)."""
        lay, obs = self.layout, view.obs
        size = max(14, round(lay.base * 0.85))
        line = font(size).get_linesize()
        right = lay.top.right - 6
        cols = (right - lay.scores_width(), right - font(size).size("   0000")[0], right)
        mine = "AB"[view.viewer % 2] if view.viewer >= 0 else ""
        rows = [("points", f"A{'*' if mine == 'A' else ''}", f"B{'*' if mine == 'B' else ''}")]
        rows += [(f"deal {n + 1}", str(a), str(b)) for n, (a, b) in enumerate(obs.scores)]
        total_a, total_b = (sum(s[k] for s in obs.scores) for k in (0, 1))
        rows.append(("match", str(total_a), str(total_b)))
        for n, (label, a, b) in enumerate(rows):
            y = lay.top.y + 2 + n * line
            colour = TEXT if n in (0, len(rows) - 1) else TEXT_DIM
            text(surface, label, (cols[0], y), size, colour)
            text(surface, a, (cols[1], y), size, colour, "topright")
            text(surface, b, (cols[2], y), size, colour, "topright")

    def _melds(self, surface: pygame.Surface, view: PushView) -> None:
        lay = self.layout
        base = lay.base
        mine = view.viewer % 2 if view.viewer >= 0 else -1
        for team in (0, 1):
            area = lay.meld_area(team)
            pygame.draw.rect(surface, FELT_DARK, area, border_radius=8)
            names = "North, South" if team == 0 else "East, West"
            you = "  (your team)" if team == mine else ""
            text(surface, f"team {'AB'[team]}: {names}{you}", (area.x + 8, area.y + 4), base, TEXT)
        places, scale = lay.meld_places(view.obs.melds)
        painter = self.small_cards if scale == 1.0 else self._painter(round(lay.small[0] * scale))
        size = round(base * 0.8)
        for meld, rect, step in places:
            text(surface, meld_label(meld), (rect.x, rect.y), size, TEXT_DIM, width=rect.w)
            top = rect.y + round(base * 1.1)
            for i, card in enumerate(meld.cards):
                painter.face(surface, card, (rect.x + i * step, top))
            if meld.id in view.targets:
                pygame.draw.rect(surface, ACCENT, rect.inflate(6, 6), width=2, border_radius=6)

    def _hand(self, surface: pygame.Surface, view: PushView) -> None:
        dragged = view.dragged[0] if view.dragged is not None else -1
        for card, rect in self.layout.hand_rects(view.obs.hand, view.selected).items():
            if card == dragged:
                continue
            self.cards.face(surface, card, rect.topleft)
            if card in view.selected or card in view.crossed:
                self.cards.outline(surface, rect.topleft)
            elif card in view.marked:
                self.cards.outline(surface, rect.topleft, ACCENT)
        if view.dragged is not None:
            cw, ch = self.layout.card
            (x, y) = view.dragged[1]
            self.cards.face(surface, dragged, (x - cw / 2, y - ch / 2))

    def _flights(self, surface: pygame.Surface, view: PushView) -> None:
        for flight in view.flights:
            t = (view.flight_clock - flight.delay) / FLIGHT_SECONDS
            if not 0.0 <= t <= 1.0:
                continue
            t = t * t * (3 - 2 * t)
            x = flight.start[0] + (flight.end[0] - flight.start[0]) * t
            y = flight.start[1] + (flight.end[1] - flight.start[1]) * t
            if flight.card >= 0:
                self.cards.face(surface, flight.card, (x, y))
            else:
                self.cards.back(surface, (x, y))
