"""Painting one frame: the board, cups, balls, trays, highlights, the rubber band and text lines.

The static part (background, wooden rim, cups) is painted once per window size into a cached
surface; a frame is that surface plus one blit per ball and a few lines, which is what keeps the
frame time far below 16 ms with 51 balls rolling.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from pusher_sim.board import Board, Cell, Colour, Triangle
from pusher_sim.board_sprites import ball_sprite, shadow_sprite
from pusher_sim.ui.pusher.board_background import paint_background
from pusher_sim.ui.pusher.move_list import MoveEntry
from pusher_sim.ui.pusher.push_animation import FlyingBall
from pusher_sim.ui.pusher.scene import SeatShown
from pusher_sim.ui.pusher.screen_layout import TRAY_ROWS, Layout, TrayBox
from pusher_sim.ui.shell.widgets import ACCENT as HIGHLIGHT
from pusher_sim.ui.shell.widgets import RGB, TEXT, TEXT_DIM, WARNING, fitted, font

BallAt = tuple[float, float, Colour]
"""A ball to draw: board x, y in metres and its colour."""
ScreenBall = tuple[float, float, Colour]
"""A ball to draw at a screen position (flying back to a tray)."""

LAST_MOVE: RGB = (255, 255, 255)
LIST_FLOOR = 11
"""The smallest font a line of the move list shrinks to so it shows whole (a chain of pushes
at 800x600: "28-31. 4 pushes of D8 C8 D9: 1 back")."""


@dataclass(frozen=True)
class StatusText:
    """Where the status line's three texts go and their font sizes."""

    head: pygame.Rect
    head_size: int
    hint: pygame.Rect
    hint_size: int
    side: pygame.Rect
    side_size: int


class Painter:
    """Draws frames for one layout; make a new one when the window changes size."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.ball_px = max(2, round(layout.ball_px))
        self.background = paint_background(layout)

    # -- a frame ----------------------------------------------------------------------------

    def draw_board(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))

    def draw_balls(self, surface: pygame.Surface, balls: Iterable[BallAt]) -> None:
        lay = self.layout
        items = [(lay.to_screen(x, y), colour) for x, y, colour in balls]
        self.draw_screen_balls(surface, [(x, y, c) for (x, y), c in items])

    def draw_screen_balls(self, surface: pygame.Surface, balls: Iterable[ScreenBall]) -> None:
        items = list(balls)
        shadow = shadow_sprite(self.ball_px)
        off = max(1, self.ball_px // 5)
        for x, y, _ in items:
            surface.blit(shadow, shadow.get_rect(center=(round(x) + off, round(y) + off)))
        for x, y, colour in items:
            sprite = ball_sprite(colour, self.ball_px)
            surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))

    def draw_flying_balls(
        self, surface: pygame.Surface, flying: Iterable[FlyingBall], t: float
    ) -> None:
        """Returned balls on their way to the trays, ``t`` (0..1) of the way there: lifted off
        the board a ball looks bigger, then shrinks to the tray's scale."""
        lay = self.layout
        lift_scale = 1.0 + 0.3 * math.sin(math.pi * t)
        for ball in flying:
            tray = lay.trays[ball.seat]
            x0, y0 = lay.to_screen(*ball.start)
            x1, y1 = tray.slot(ball.slot)
            lift = math.sin(math.pi * t) * 0.25 * math.hypot(x1 - x0, y1 - y0)
            near = self.ball_px * lift_scale
            radius = round(near + (tray.slot_px * 0.46 - near) * t)
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t - lift
            sprite = ball_sprite(ball.colour, max(2, radius))
            surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))

    def draw_cup_highlights(self, surface: pygame.Surface, cells: Iterable[Cell], t: float) -> None:
        """A ring that breathes around every legal cup."""
        lay = self.layout
        pulse = 0.5 + 0.5 * math.sin(t * 5.0)
        radius = lay.pixels(0.47 * lay.board.pitch)
        width = max(2, round(radius * (0.14 + 0.06 * pulse)))
        colour = mix_colour(HIGHLIGHT, (255, 255, 255), 0.35 * pulse)
        for cell in cells:
            x, y = lay.cell_screen(cell)
            pygame.draw.circle(surface, colour, (round(x), round(y)), round(radius), width)

    def draw_triangle_highlights(
        self,
        surface: pygame.Surface,
        triangles: Sequence[Triangle],
        t: float,
        hover: Triangle | None = None,
    ) -> None:
        """Pushable triangles, drawn over their balls: a glowing wash inside the three centres,
        a ring round each ball, brighter under the pointer."""
        lay = self.layout
        if not triangles:
            return
        overlay = pygame.Surface((lay.width, lay.height), pygame.SRCALPHA)
        pulse = 0.5 + 0.5 * math.sin(t * 4.0)
        ring = round(lay.pixels(0.52 * lay.board.pitch))
        for tri in triangles:
            pts = [lay.cell_screen(c) for c in tri]
            hot = tri == hover
            alpha = 130 if hot else int(55 + 45 * pulse)
            pygame.draw.polygon(overlay, (*HIGHLIGHT, alpha), pts)
            for x, y in pts:
                pygame.draw.circle(
                    overlay, (*HIGHLIGHT, 230 if hot else 120 + int(80 * pulse)),
                    (round(x), round(y)), ring, max(2, ring // 8),
                )  # fmt: skip
        surface.blit(overlay, (0, 0))
        for tri in triangles:
            pts = [lay.cell_screen(c) for c in tri]
            pygame.draw.polygon(surface, (255, 255, 255) if tri == hover else HIGHLIGHT, pts, 2)

    def draw_trays(
        self,
        surface: pygame.Surface,
        seats: Sequence[SeatShown],
        mover: int,
        counts: Sequence[int],
    ) -> None:
        """Each player's name, what they are, and the balls left in their tray."""
        for seat, (view, tray, count) in enumerate(
            zip(seats, self.layout.trays, counts, strict=False)
        ):
            if seat == mover:
                pygame.draw.rect(surface, HIGHLIGHT, tray.box.as_tuple(), width=2, border_radius=8)
            lines = self.tray_header_rects(tray, view, count)
            for n, (rect, size, words) in enumerate(lines):
                surface.blit(font(size).render(words, True, TEXT_DIM if n else TEXT), rect)
            swatch = ball_sprite(view.colour, max(4, tray.header.h // 4))
            mid = (tray.header.x + 6, tray.header.y + tray.header.h * 0.3)
            surface.blit(swatch, swatch.get_rect(midleft=mid))
            radius = max(2, round(tray.slot_px * 0.46))
            sprite = ball_sprite(view.colour, radius)
            for k in range(min(count, TRAY_ROWS * (TRAY_ROWS + 1) // 2)):
                x, y = tray.slot(k)
                surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))

    def tray_header_rects(
        self, tray: TrayBox, view: SeatShown, count: int
    ) -> list[tuple[pygame.Rect, int, str]]:
        """The header's two lines (name and who plays; balls left), each shrunk to fit its box."""
        swatch_w = 2 * max(4, tray.header.h // 4) + 2 + 12
        room = tray.header.w - swatch_w - 4
        out = []
        for words, size, top in (
            (f"{view.name}  ({view.label})", max(18, int(tray.header.h * 0.5)), 0.02),
            (f"{count} in the tray", max(16, int(tray.header.h * 0.42)), 0.52),
        ):
            size = fitted(words, size, room, 10)
            w, h = font(size).size(words)
            y = tray.header.y + round(tray.header.h * top)
            out.append(
                (
                    pygame.Rect(tray.header.x + swatch_w, y, w, min(h, tray.header.h // 2)),
                    size,
                    words,
                )
            )
        return out

    def status_rects(self, headline: str, hint: str, aside: str) -> StatusText:
        """Where the status line's texts go, and in what sizes: the headline shrinks (down to a
        floor) rather than run into the move number and seed on its right."""
        box = self.layout.status
        side_font = font(int(box.h * 0.34))
        side = pygame.Rect((0, 0), side_font.size(aside))
        side.topright = (box.w - 14, int(box.h * 0.12))
        room = side.left - 14 - 24
        size = int(box.h * 0.52)
        size = fitted(headline, size, room, 12)
        big = pygame.Rect((14, int(box.h * 0.08)), font(size).size(headline))
        hint_size = int(box.h * 0.34)
        hint_size = fitted(hint, hint_size, box.w - 28, 10)
        small = pygame.Rect((14, int(box.h * 0.60)), font(hint_size).size(hint))
        return StatusText(big, size, small, hint_size, side, int(box.h * 0.34))

    def draw_status(self, surface: pygame.Surface, headline: str, hint: str, aside: str) -> None:
        box = self.layout.status
        pygame.draw.rect(surface, (14, 16, 22), box.as_tuple())
        pygame.draw.line(surface, (60, 66, 80), (0, box.h - 1), (box.w, box.h - 1))
        where = self.status_rects(headline, hint, aside)
        surface.blit(font(where.head_size).render(headline, True, TEXT), where.head.topleft)
        surface.blit(font(where.hint_size).render(hint, True, TEXT_DIM), where.hint.topleft)
        surface.blit(font(where.side_size).render(aside, True, TEXT_DIM), where.side.topleft)

    def draw_note(self, surface: pygame.Surface, note: str) -> None:
        """The last push's result, kept until the player acts."""
        box = self.layout.note
        pygame.draw.rect(surface, (22, 30, 26) if note else (14, 16, 22), box.as_tuple())
        if note:
            size = int(box.h * 0.8)
            size = fitted(note, size, box.w - 28, 10)
            text = font(size).render(note, True, HIGHLIGHT)
            surface.blit(text, text.get_rect(midleft=(14, box.y + box.h / 2)))

    def move_rows(self) -> int:
        """How many moves the move list shows at once."""
        box = self.layout.move_list
        return max(
            1, (box.h - self._list_font().get_linesize() - 8) // self._list_font().get_linesize()
        )

    def _list_size(self) -> int:
        return max(15, min(28, self.layout.height // 38))

    def _list_font(self) -> pygame.font.Font:
        return font(self._list_size())

    def draw_move_list(
        self, surface: pygame.Surface, entries: Sequence[MoveEntry], total: int, scroll: int
    ) -> None:
        """The last moves, newest at the bottom; a hint when older ones are scrolled away."""
        box = self.layout.move_list
        pygame.draw.rect(surface, (14, 16, 22), box.as_tuple(), border_radius=6)
        pygame.draw.rect(surface, (60, 66, 80), box.as_tuple(), width=1, border_radius=6)
        body = self._list_font()
        line = body.get_linesize()
        title = f"Moves ({total})" + (f" - {scroll} newer below" if scroll else "")
        surface.blit(body.render(title, True, TEXT_DIM), (box.x + 8, box.y + 4))
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(box.x + 4, box.y, box.w - 8, box.h))
        for n, entry in enumerate(entries):
            top = box.y + 4 + line * (n + 1)
            x = box.x + 8
            if entry.colour is not None:
                swatch = ball_sprite(entry.colour, max(3, line // 3))
                surface.blit(swatch, swatch.get_rect(midleft=(x, top + line // 2)))
                x += swatch.get_width() + 4
            newest = n == len(entries) - 1 and scroll == 0
            words = f"{entry.label}. {entry.text}"
            size = fitted(words, self._list_size(), box.x + box.w - 8 - x, LIST_FLOOR)
            shown = font(size).render(words, True, TEXT if newest else TEXT_DIM)
            surface.blit(shown, shown.get_rect(midleft=(x, top + line // 2)))
        surface.set_clip(clip)

    def draw_last_move(self, surface: pygame.Surface, cells: Sequence[Cell]) -> None:
        """A dashed-looking white ring round the cup (or triangle) of the last move."""
        lay = self.layout
        radius = round(lay.pixels(0.56 * lay.board.pitch))
        for cell in cells:
            x, y = lay.cell_screen(cell)
            centre = (round(x), round(y))
            for k in range(8):
                start = k * math.pi / 4
                rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
                rect.center = centre
                pygame.draw.arc(surface, LAST_MOVE, rect, start, start + math.pi / 6, 3)

    def draw_row_letters(self, surface: pygame.Surface, names: Sequence[tuple[str, Cell]]) -> None:
        """The row letters along the left of the board, on the wooden frame."""
        lay = self.layout
        small = font(max(14, round(lay.pixels(0.55 * lay.board.pitch))))
        for letter, cell in names:
            x, y = lay.cell_screen(cell)
            text = small.render(letter, True, (250, 236, 210))
            surface.blit(
                text,
                text.get_rect(center=(round(x - lay.pixels(1.05 * lay.board.pitch)), round(y))),
            )

    def draw_cup_label(self, surface: pygame.Surface, cell: Cell, name: str) -> pygame.Rect:
        """The name of the cup under the pointer, in a tag just above it."""
        lay = self.layout
        x, y = lay.cell_screen(cell)
        text = font(max(16, lay.status.h // 3)).render(name, True, (16, 18, 26))
        rect = text.get_rect(midbottom=(round(x), round(y - lay.pixels(0.55 * lay.board.pitch))))
        pygame.draw.rect(surface, (250, 236, 190), rect.inflate(8, 4), border_radius=4)
        surface.blit(text, rect)
        return rect

    def draw_drop(
        self, surface: pygame.Surface, cell: Cell, colour: Colour, seat: int, t: float
    ) -> None:
        """A ball on its way from the tray of ``seat`` into ``cell``, ``t`` (0..1) of the way."""
        lay = self.layout
        tray = lay.trays[seat]
        x0, y0 = tray.slot(0)
        x1, y1 = lay.cell_screen(cell)
        e = t * t * (3.0 - 2.0 * t)
        lift = math.sin(math.pi * e) * 0.2 * math.hypot(x1 - x0, y1 - y0)
        x, y = x0 + (x1 - x0) * e, y0 + (y1 - y0) * e - lift
        radius = round(tray.slot_px * 0.46 + (self.ball_px - tray.slot_px * 0.46) * e)
        sprite = ball_sprite(colour, max(2, radius))
        surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))

    def draw_message(self, surface: pygame.Surface, message: str, warning: bool) -> None:
        box = self.layout.message
        pygame.draw.rect(surface, (14, 16, 22), box.as_tuple())
        if message:
            size = int(box.h * 0.8)
            size = fitted(message, size, box.w - 28, 10)
            text = font(size).render(message, True, WARNING if warning else TEXT)
            surface.blit(text, text.get_rect(midleft=(14, box.y + box.h / 2)))

    def draw_panel(self, surface: pygame.Surface, title: str, lines: Sequence[str]) -> pygame.Rect:
        """A centred card over the board (the rule in force, the result of the game), as wide
        as its longest line, key columns included; returns where it went."""
        lay = self.layout
        body = font(max(18, lay.height // 30))
        head = font(max(24, lay.height // 18))
        tab = max((body.size(s.split("\t")[0])[0] for s in lines if "\t" in s), default=0) + 16
        widths = [
            tab + body.size(s.split("\t", 1)[1])[0] if "\t" in s else body.size(s)[0] for s in lines
        ]
        width = max([head.size(title)[0], *widths]) + 48
        height = head.get_linesize() + body.get_linesize() * len(lines) + 40
        x = lay.board_box.x + (lay.board_box.w - width) // 2
        y = lay.board_box.y + (lay.board_box.h - height) // 2
        card = pygame.Surface((width, height), pygame.SRCALPHA)
        card.fill((12, 14, 20, 225))
        surface.blit(card, (x, y))
        pygame.draw.rect(surface, (90, 96, 112), (x, y, width, height), width=1, border_radius=6)
        surface.blit(head.render(title, True, TEXT), (x + 24, y + 16))
        for n, line in enumerate(lines):
            top = y + 20 + head.get_linesize() + n * body.get_linesize()
            if "\t" in line:  # a key and what it does, in two columns
                keys, what = line.split("\t", 1)
                surface.blit(body.render(keys, True, HIGHLIGHT), (x + 24, top))
                surface.blit(body.render(what, True, TEXT), (x + 24 + tab, top))
                continue
            text = body.render(line, True, TEXT_DIM if line.startswith(" ") else TEXT)
            surface.blit(text, (x + 24, top))
        return pygame.Rect(x, y, width, height)


def backed_label(surface: pygame.Surface, text: pygame.Surface, where: pygame.Rect) -> None:
    """A label on a dark backing, readable over any cup or ball."""
    pygame.draw.rect(surface, (16, 18, 26), where.inflate(10, 4), border_radius=4)
    surface.blit(text, where)


def mix_colour(a: RGB, b: RGB, t: float) -> RGB:
    t = min(1.0, max(0.0, t))
    return (
        int(a[0] + (b[0] - a[0]) * t),
        int(a[1] + (b[1] - a[1]) * t),
        int(a[2] + (b[2] - a[2]) * t),
    )


def board_balls(board: Board, balls: Iterable[tuple[Cell, Colour]]) -> list[BallAt]:
    """Balls resting in cups, as positions to draw."""
    return [(*board.position(cell), colour) for cell, colour in balls]
