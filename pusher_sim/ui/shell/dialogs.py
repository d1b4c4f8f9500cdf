"""Small modal screens over another mode: a question with a few answers, a line of text to type,
a list to choose from.

Each is a :class:`~pusher_sim.ui.shell.mode.Mode` of its own: it draws the mode beneath it
(frozen: the game waits while the player answers) and a card on top, and hands control back with
``host.show(back)``. Esc always means "no, go back"; clicking a button is the same as its key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from pusher_sim.ui.shell.mode import Host, Keeps, Mode
from pusher_sim.ui.shell.widgets import ACCENT as HIGHLIGHT
from pusher_sim.ui.shell.widgets import TEXT, TEXT_DIM, font


@dataclass(frozen=True)
class Choice:
    """An answer: the key that gives it, its label, and what it does."""

    key: int
    label: str
    act: Callable[[], None]


class Over:
    """What every dialog shares: the mode beneath it, which keeps its game while it waits."""

    def __init__(self, host: Host, back: Mode, title: str) -> None:
        self.host, self.back, self.title = host, back, title

    def handle(self, event: pygame.event.Event) -> None:
        """Closing the window quits, Esc goes back; other keys and left clicks are the dialog's."""
        if event.type == pygame.QUIT:
            self.host.quit()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.host.show(self.back)
            else:
                self.key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)

    def key(self, event: pygame.event.Event) -> None:
        """A key other than Esc."""

    def click(self, pos: tuple[int, int]) -> None:
        """A left click at ``pos``."""

    def save_now(self) -> list[Path]:
        """The game beneath is saved as if no dialog were open (Ctrl-C while one asks)."""
        return self.back.save_now() if isinstance(self.back, Keeps) else []

    def save_errors(self) -> list[str]:
        found = getattr(self.back, "save_errors", None)
        return list(found()) if callable(found) else []

    def update(self, dt: float) -> None:
        pass

    def animating(self) -> bool:
        return False


def _card(
    surface: pygame.Surface, title: str, lines: Sequence[str], width_min: int = 0
) -> tuple[int, int, int, int]:
    """A centred dark card with a title and lines; returns its rectangle."""
    w, h = surface.get_size()
    body = font(max(18, h // 32))
    head = font(max(24, h // 20))
    width = max([head.size(title)[0], width_min] + [body.size(s)[0] for s in lines]) + 64
    width = min(width, w - 8)
    height = head.get_linesize() + body.get_linesize() * (len(lines) + 2) + 40
    x, y = (w - width) // 2, (h - height) // 2
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 110))
    surface.blit(shade, (0, 0))
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    card.fill((16, 18, 26, 240))
    surface.blit(card, (x, y))
    pygame.draw.rect(surface, (110, 118, 140), (x, y, width, height), width=1, border_radius=6)
    surface.blit(head.render(title, True, TEXT), (x + 24, y + 14))
    for n, line in enumerate(lines):
        top = y + 18 + head.get_linesize() + n * body.get_linesize()
        surface.blit(body.render(line, True, TEXT_DIM), (x + 24, top))
    return (x, y, width, height)


class Confirm(Over):
    """A question: each :class:`Choice` has a key and a button; Esc goes back unanswered."""

    def __init__(
        self, host: Host, back: Mode, title: str, lines: Sequence[str], choices: Sequence[Choice]
    ) -> None:
        super().__init__(host, back, title)
        self.lines = tuple(lines)
        self.choices = tuple(choices)
        self.buttons: list[tuple[pygame.Rect, Choice]] = []

    def _answer(self, choice: Choice) -> None:
        self.host.show(self.back)
        choice.act()

    def key(self, event: pygame.event.Event) -> None:
        for choice in self.choices:
            if choice.key == event.key:
                self._answer(choice)
                return

    def click(self, pos: tuple[int, int]) -> None:
        for rect, choice in self.buttons:
            if rect.collidepoint(pos):
                self._answer(choice)
                return

    def draw(self, surface: pygame.Surface) -> None:
        self.back.draw(surface)
        x, y, _w, h = _card(surface, self.title, self.lines, 120 * len(self.choices))
        label = font(max(18, surface.get_height() // 32))
        self.buttons = []
        left = x + 24
        for choice in self.choices:
            text = label.render(choice.label, True, (16, 18, 26))
            rect = pygame.Rect(
                left, y + h - text.get_height() - 26, text.get_width() + 20, text.get_height() + 12
            )
            pygame.draw.rect(surface, HIGHLIGHT, rect, border_radius=5)
            surface.blit(text, (rect.x + 10, rect.y + 6))
            self.buttons.append((rect, choice))
            left = rect.right + 12


class TextPrompt(Over):
    """One line of text to type (a save's name); Enter gives it, Esc goes back."""

    MAX_CHARS = 60

    def __init__(
        self, host: Host, back: Mode, title: str, lines: Sequence[str], enter: Callable[[str], None]
    ) -> None:
        super().__init__(host, back, title)
        self.lines = tuple(lines)
        self.enter = enter
        self.text = ""

    def key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.host.show(self.back)
            self.enter(self.text.strip())
        elif event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif getattr(event, "unicode", "") and event.unicode.isprintable():
            self.text = (self.text + event.unicode)[: self.MAX_CHARS]

    def draw(self, surface: pygame.Surface) -> None:
        self.back.draw(surface)
        x, y, w, h = _card(surface, self.title, (*self.lines, ""), 360)
        body = font(max(18, surface.get_height() // 32))
        box = pygame.Rect(
            x + 24, y + h - body.get_linesize() * 2 - 10, w - 48, body.get_linesize() + 10
        )
        pygame.draw.rect(surface, (40, 44, 56), box, border_radius=4)
        pygame.draw.rect(surface, HIGHLIGHT, box, width=1, border_radius=4)
        surface.blit(body.render(self.text + "_", True, TEXT), (box.x + 8, box.y + 5))


class Choose(Over):
    """A list to pick from with Up/Down and Enter (or a click); Esc goes back."""

    ROWS = 10

    def __init__(
        self, host: Host, back: Mode, title: str, items: Sequence[str], pick: Callable[[int], None]
    ) -> None:
        super().__init__(host, back, title)
        self.items = tuple(items)
        self.pick = pick
        self.index = 0
        self.rows: list[tuple[pygame.Rect, int]] = []

    def _take(self, index: int) -> None:
        self.host.show(self.back)
        self.pick(index)

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_DOWN:
            self.index = min(len(self.items) - 1, self.index + 1)
        elif event.key == pygame.K_UP:
            self.index = max(0, self.index - 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.items:
            self._take(self.index)

    def click(self, pos: tuple[int, int]) -> None:
        for rect, n in self.rows:
            if rect.collidepoint(pos):
                self._take(n)
                return

    def draw(self, surface: pygame.Surface) -> None:
        self.back.draw(surface)
        first = max(0, min(self.index - self.ROWS // 2, len(self.items) - self.ROWS))
        shown = self.items[first : first + self.ROWS]
        hint = "Up/Down and Enter, or click; Esc goes back"
        x, y, w, _ = _card(surface, self.title, [hint, *[" " * 4 + s for s in shown]], 360)
        body = font(max(18, surface.get_height() // 32))
        head = font(max(24, surface.get_height() // 20))
        self.rows = []
        for k, _item in enumerate(shown):
            top = y + 18 + head.get_linesize() + (k + 1) * body.get_linesize()
            rect = pygame.Rect(x + 16, top - 2, w - 32, body.get_linesize())
            if first + k == self.index:  # round the whole line, descenders included
                ring = rect.union(pygame.Rect(x + 16, top - 3, w - 32, body.get_height() + 6))
                pygame.draw.rect(surface, HIGHLIGHT, ring, width=2, border_radius=4)
            self.rows.append((rect, first + k))
