"""The window's one toolkit of fonts and small clickable things: the cached font, text fitted
to a width, lines of text, buttons, a panel.

A table lays its buttons out afresh each frame from what the rules allow now, so a button that
is drawn is always a legal command; clicks and shortcut keys are looked up in that same list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

RGB = tuple[int, int, int]
TEXT: RGB = (236, 236, 240)
TEXT_DIM: RGB = (160, 166, 180)
WARNING: RGB = (255, 150, 90)
ACCENT: RGB = (120, 255, 170)
PANEL: RGB = (14, 16, 22)
BUTTON: RGB = (52, 84, 140)
BUTTON_EDGE: RGB = (130, 160, 220)


@lru_cache(maxsize=128)
def font(size: int) -> pygame.font.Font:
    """pygame's built-in font: present everywhere, headless included; one object per size for
    every screen of the window (cleared by :func:`clear_fonts` when pygame quits)."""
    return pygame.font.Font(None, max(8, size))


@lru_cache(maxsize=32)
def mono(size: int) -> pygame.font.Font:
    """A fixed-width font for text drawn in columns (a game's text view); pygame's built-in font
    where the system has none."""
    return pygame.font.SysFont("dejavusansmono,liberationmono,couriernew,monospace", max(8, size))


@lru_cache(maxsize=1024)
def fitted(text: str, size: int, room: int, floor: int) -> int:
    """The largest font size from ``size`` down to ``floor`` at which ``text`` fits in ``room``
    pixels (remembered: a frame asks the same question again and again)."""
    while size > floor and font(size).size(text)[0] > room:
        size -= 1
    return size


def text_size(size: tuple[int, int]) -> int:
    """The body text size for a window: readable at 800x600, in proportion at 1920x1080."""
    return max(16, round(min(size[0] / 50, size[1] / 34)))


@lru_cache(maxsize=1024)
def _rendered(words: str, size: int, colour: RGB, width: int) -> pygame.Surface:
    """A line of text drawn once: a table redraws the same few dozen lines every frame."""
    f = font(size)
    if width > 0 and f.size(words)[0] > width:
        while words and f.size(words + "...")[0] > width:
            words = words[:-1]
        words += "..."
    return f.render(words, True, colour)


def typed(line: str, char: str | None, most: int) -> str:
    """A typed line after one key: ``char`` added, the line kept to ``most`` characters, or
    the last character taken off (``char`` None: Backspace). Every typed line of the window
    (a form's name, address and port, a dialog's answer, the table chat) edits this way."""
    if char is None:
        return line[:-1]
    return (line + char)[:most]


def clear_fonts() -> None:
    """Drop cached fonts and text (they die with pygame.quit())."""
    font.cache_clear()
    mono.cache_clear()
    fitted.cache_clear()
    _rendered.cache_clear()
    wrapped.cache_clear()


def text(
    surface: pygame.Surface,
    words: str,
    pos: tuple[float, float],
    size: int,
    colour: RGB = TEXT,
    anchor: str = "topleft",
    width: int = 0,
) -> pygame.Rect:
    """Draw one line; ``width`` > 0 cuts it with an ellipsis to fit. Returns where it went."""
    sprite = _rendered(words, max(14, size), colour, width)
    rect = sprite.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(sprite, rect)
    return rect


@dataclass(frozen=True)
class Button:
    """A labelled rectangle that does ``press`` when clicked or when its key is typed."""

    label: str
    rect: pygame.Rect
    press: Callable[[], None]
    key: int = 0
    """A pygame key code, 0 for none."""
    hint: str = ""
    """The key's name as shown on the button ("1", "Space")."""

    def draw(self, surface: pygame.Surface, size: int) -> None:
        pygame.draw.rect(surface, BUTTON, self.rect, border_radius=6)
        pygame.draw.rect(surface, BUTTON_EDGE, self.rect, width=1, border_radius=6)
        label = f"{self.hint}: {self.label}" if self.hint else self.label
        text(surface, label, self.rect.center, size, TEXT, "center", self.rect.w - 8)


def row_of_buttons(
    specs: Sequence[tuple[str, Callable[[], None], int, str]],
    area: pygame.Rect,
    size: int,
) -> list[Button]:
    """Lay out (label, press, key, hint) buttons left to right in ``area``, wrapping rows."""
    buttons: list[Button] = []
    pad = max(4, size // 3)
    x, y = area.x, area.y
    height = round(size * 1.6)
    for label, press, key, hint in specs:
        shown = f"{hint}: {label}" if hint else label
        w = min(area.w, font(size).size(shown)[0] + 2 * pad + 8)
        if x + w > area.right and x > area.x:
            x, y = area.x, y + height + pad
        buttons.append(Button(label, pygame.Rect(x, y, w, height), press, key, hint))
        x += w + pad
    return buttons


def button_at(buttons: Sequence[Button], pos: tuple[int, int]) -> Button | None:
    return next((b for b in buttons if b.rect.collidepoint(pos)), None)


def button_for_key(buttons: Sequence[Button], key: int) -> Button | None:
    return next((b for b in buttons if b.key and b.key == key), None)


def press_button(buttons: Sequence[Button], event: pygame.event.Event) -> bool:
    """Press the button ``event`` means (its key, Enter for the keypad's too, or a left click
    on it); False when it means none."""
    button = None
    if event.type == pygame.KEYDOWN:
        key = pygame.K_RETURN if event.key == pygame.K_KP_ENTER else event.key
        button = button_for_key(buttons, key)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        button = button_at(buttons, event.pos)
    if button is None:
        return False
    button.press()
    return True


def shade(surface: pygame.Surface, alpha: int = 170) -> None:
    """Darken everything drawn so far (behind a panel or a question)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((8, 10, 14, alpha))
    surface.blit(veil, (0, 0))


def panel(surface: pygame.Surface, title: str, lines: Sequence[str], size: int) -> pygame.Rect:
    """A centred box with a title and lines of text; returns its rectangle."""
    body, head = font(size), font(round(size * 1.35))
    width = max([head.size(title)[0], *(body.size(s)[0] for s in lines)]) + 2 * size
    width = min(width, surface.get_width() - 20)
    height = head.get_linesize() + body.get_linesize() * len(lines) + 2 * size
    box = pygame.Rect(0, 0, width, height)
    box.center = surface.get_rect().center
    pygame.draw.rect(surface, PANEL, box, border_radius=8)
    pygame.draw.rect(surface, BUTTON_EDGE, box, width=1, border_radius=8)
    text(surface, title, (box.x + size, box.y + size // 2), round(size * 1.35), TEXT)
    top = box.y + size // 2 + head.get_linesize() + size // 2
    for n, line in enumerate(lines):
        pos = (box.x + size, top + n * body.get_linesize())
        text(surface, line, pos, size, TEXT_DIM, width=width - 2 * size)
    return box


@lru_cache(maxsize=512)
def wrapped(words: str, size: int, width: int) -> tuple[str, ...]:
    """``words`` broken at spaces into lines that each fit ``width`` pixels at ``size`` (a single
    word wider than that is cut by :func:`text` when drawn)."""
    f = font(max(14, size))
    lines: list[str] = []
    line = ""
    for word in words.split(" "):
        trial = f"{line} {word}" if line else word
        if line and f.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    lines.append(line)
    return tuple(lines)
