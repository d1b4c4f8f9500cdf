"""The mechanics every form screen of the window shares: the start screen and the *Host a game*
and *Join a game* forms are each a :class:`RowForm`.

A form is rows of a label and a value (Up/Down pick a row; Left/Right, or a click on the left or
right half of a row, change its value; a typed row takes what is typed), a row of buttons (each
clicked or given by its key) and lines of notes under them. A form says what its rows, buttons
and notes are now; this module reads the keys and the mouse and draws them, one way for all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from pusher_sim.ui.shell.mode import Host
from pusher_sim.ui.shell.widgets import ACCENT, RGB, TEXT, TEXT_DIM, WARNING, fitted, font

BACKGROUND: RGB = (22, 26, 34)
DARK: RGB = (16, 18, 26)
"""The words on a lit button."""
ROW_FILL: RGB = (36, 44, 58)
UNLIT: RGB = (50, 56, 68)
UNLIT_TEXT: RGB = (90, 96, 110)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass(frozen=True)
class Row:
    """One line of a form: what it sets, its label and its value now."""

    key: str
    label: str
    value: str
    typed: bool = False
    """Typing edits it (an address, a port); else Left/Right step through its choices."""


@dataclass(frozen=True)
class FormButton:
    """A button under the rows: what it does (its ``what``), its words, and whether it may be
    pressed now (a button that may not is drawn unlit)."""

    what: str
    words: str
    enabled: bool = True


class RowForm:
    """A :class:`~pusher_sim.ui.shell.mode.Mode` made of rows, buttons and notes (see the module
    docstring); subclasses say what those are and what pressing a button does."""

    title = ""
    width = 360
    """Half the width of the rows, in pixels, on a window wide enough."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.row = 0
        self.message = ""
        """A warning shown under the buttons (what went wrong last)."""
        self.hits: list[tuple[pygame.Rect, str, int]] = []
        """Clickable areas drawn last frame: (rect, row key or button, direction)."""

    # -- what a form says -------------------------------------------------------------------

    def rows(self) -> list[Row]:
        raise NotImplementedError

    def buttons(self) -> list[FormButton]:
        raise NotImplementedError

    def shortcuts(self) -> dict[int, str]:
        """Keys that press a button: key code to the button's ``what``."""
        return {}

    def change(self, key: str, step: int) -> None:
        """Left/Right (``step`` +1 or -1) on row ``key``."""

    def type(self, key: str, char: str | None) -> None:
        """A character typed into typed row ``key`` (None: Backspace)."""

    def press(self, what: str) -> None:
        """Button ``what`` was clicked or its key typed."""

    def subtitle(self) -> str:
        """A line under the title (the game's summary on the start screen)."""
        return ""

    def notes(self) -> Sequence[tuple[str, RGB]]:
        """Lines under the buttons, each with its colour; the warning comes first."""
        return [(self.message, WARNING)]

    # -- the Mode protocol ------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.host.quit()
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for rect, what, step in self.hits:
                if rect.collidepoint(event.pos):
                    self.click(what, step if event.button == 1 else -step)
                    return

    def _key(self, event: pygame.event.Event) -> None:
        rows = self.rows()
        row = rows[min(self.row, len(rows) - 1)]
        char = getattr(event, "unicode", "")
        if event.key in (pygame.K_UP, pygame.K_DOWN):
            self.row = (self.row + (1 if event.key == pygame.K_DOWN else -1)) % len(rows)
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and not row.typed:
            self.change(row.key, 1 if event.key == pygame.K_RIGHT else -1)
        elif row.typed and event.key == pygame.K_BACKSPACE:
            self.type(row.key, None)
        elif row.typed and char and char.isprintable() and event.key not in ENTER_KEYS:
            self.type(row.key, char)
        else:
            what = self.shortcuts().get(event.key)
            if what is not None:
                self.press(what)

    def click(self, what: str, step: int) -> None:
        """A click on a button (``what``) or on one half of a row (``step``: its direction)."""
        keys = [r.key for r in self.rows()]
        if what in keys:
            self.row = keys.index(what)
            self.change(what, step)
        else:
            self.press(what)

    def update(self, dt: float) -> None:
        pass

    def animating(self) -> bool:
        return False

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(BACKGROUND)
        big, body = font(max(30, h // 10)), font(max(20, h // 24))
        title = big.render(self.title, True, TEXT)
        surface.blit(title, title.get_rect(midtop=(w // 2, h // 20)))
        top = h // 20 + title.get_height()
        subtitle = self.subtitle()
        if subtitle:
            sub = font(max(16, h // 36)).render(subtitle, True, TEXT_DIM)
            surface.blit(sub, sub.get_rect(midtop=(w // 2, top + 4)))
            top += sub.get_height() + 4
        top += h // 20
        self.hits = []
        line = body.get_linesize() + max(6, h // 80)
        half = min(w // 2 - 20, self.width)
        left, right = w // 2 - half, w // 2 + half
        rows = self.rows()
        for n, row in enumerate(rows):
            rect = pygame.Rect(left, top + n * line - 4, right - left, line - 2)
            self._draw_row(surface, row, n == self.row, rect)
            mid = rect.centerx
            self.hits.append((pygame.Rect(rect.x, rect.y, mid - rect.x, rect.h), row.key, -1))
            self.hits.append((pygame.Rect(mid, rect.y, rect.right - mid, rect.h), row.key, 1))
        y = self._draw_buttons(surface, left, top + len(rows) * line + line // 2)
        y += body.get_linesize() + 30
        for words, colour in self.notes():
            if words:
                size = fitted(words, max(14, h // 40), w - 40, 10)
                label = font(size).render(words, True, colour)
                surface.blit(label, label.get_rect(midtop=(w // 2, y)))
                y += label.get_height() + 8

    def _draw_row(self, surface: pygame.Surface, row: Row, chosen: bool, rect: pygame.Rect) -> None:
        body = font(max(20, surface.get_height() // 24))
        x, y, right = rect.x + 12, rect.y + 4, rect.right - 12
        if chosen:
            pygame.draw.rect(surface, ROW_FILL, rect, border_radius=6)
            pygame.draw.rect(surface, ACCENT, rect, width=1, border_radius=6)
        surface.blit(body.render(row.label, True, TEXT_DIM), (x, y))
        if row.typed:
            value = body.render(row.value + ("_" if chosen else ""), True, TEXT)
            surface.blit(value, (right - value.get_width(), y))
            return
        value = body.render(row.value, True, TEXT)
        arrow_l, arrow_r = body.render("<", True, ACCENT), body.render(">", True, ACCENT)
        vx = right - arrow_r.get_width() - 10 - value.get_width()
        surface.blit(value, (vx, y))
        surface.blit(arrow_l, (vx - 10 - arrow_l.get_width(), y))
        surface.blit(arrow_r, (right - arrow_r.get_width(), y))

    def _draw_buttons(self, surface: pygame.Surface, left: int, y: int) -> int:
        """The buttons left to right from ``left``, wrapping; returns the last row's top."""
        w, h = surface.get_size()
        body = font(max(20, h // 24))
        x = left
        for button in self.buttons():
            label = body.render(button.words, True, DARK if button.enabled else UNLIT_TEXT)
            rect = pygame.Rect(x, y, label.get_width() + 24, label.get_height() + 14)
            if rect.right > w - 10 and x > left:
                x, y = left, y + rect.h + 10
                rect.topleft = (x, y)
            pygame.draw.rect(surface, ACCENT if button.enabled else UNLIT, rect, border_radius=6)
            surface.blit(label, (rect.x + 12, rect.y + 7))
            self.hits.append((rect, button.what, 1))
            x = rect.right + 14
        return y
