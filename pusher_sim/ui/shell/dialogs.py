"""Small modal screens over another mode: a question with a few answers, a line of text to type,
a list to choose from.

Each is a :class:`~pusher_sim.ui.shell.mode.Mode` of its own: it draws the mode beneath it
(frozen: the game waits while the player answers) and a card on top with a row of real buttons,
and hands control back with ``host.show(back)``. A button is clicked, or typed (its key is shown
on it), or reached with Left/Right/Tab and pressed with Enter or Space; the default one is edged
and focused at first, and "Enter" is written on whichever button is focused, since that is what
Enter presses. Esc always means "no, go back".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from pusher_sim.ui.shell.mode import Host, Keeps, Mode
from pusher_sim.ui.shell.widgets import ACCENT as HIGHLIGHT
from pusher_sim.ui.shell.widgets import BUTTON, BUTTON_EDGE, TEXT, TEXT_DIM, font, typed

FOCUSED = (190, 210, 250)
"""The fill of the button that Enter or Space would press."""


@dataclass(frozen=True)
class Choice:
    """An answer: the key that gives it, its words, what it does, and whether it is the
    default (focused at first: what Enter gives until the focus moves; edged on screen)."""

    key: int
    label: str
    act: Callable[[], None]
    default: bool = False

    @property
    def key_name(self) -> str:
        """The key as the button shows it ("Y", "Enter", "Esc")."""
        named = {pygame.K_RETURN: "Enter", pygame.K_ESCAPE: "Esc", 0: ""}
        return named.get(self.key) or pygame.key.name(self.key).upper()


class Over:
    """What every dialog shares: the mode beneath it (which keeps its game while it waits) and
    a row of buttons, one of them focused (the default at first)."""

    def __init__(self, host: Host, back: Mode, title: str) -> None:
        self.host, self.back, self.title = host, back, title
        self.choices: tuple[Choice, ...] = ()
        self.focus = 0
        self.buttons: list[tuple[pygame.Rect, Choice]] = []
        """The buttons drawn last frame, for clicks and the tests."""

    def set_choices(self, choices: Sequence[Choice]) -> None:
        self.choices = tuple(choices)
        self.focus = next((n for n, c in enumerate(self.choices) if c.default), 0)

    def handle(self, event: pygame.event.Event) -> None:
        """Closing the window quits, Esc goes back; keys and the mouse work the buttons."""
        if event.type == pygame.QUIT:
            self.host.quit()
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEMOTION:
            hit = self._button_at(event.pos)
            if hit is not None:
                self.focus = hit
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self._button_at(event.pos)
            if hit is not None:
                self.answer(self.choices[hit])
            else:
                self.click(event.pos)

    def _key(self, event: pygame.event.Event) -> None:
        moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_TAB: 1}
        if event.key == pygame.K_ESCAPE:
            self.host.show(self.back)
        elif event.key in moves and self.choices:
            self.focus = (self.focus + moves[event.key]) % len(self.choices)
        elif self.choices and self._presses(event.key):
            self.answer(self.choices[self.focus])
        else:
            for choice in self.choices:
                if choice.key == event.key and not self.typing():
                    self.answer(choice)
                    return
            self.key(event)

    def _presses(self, key: int) -> bool:
        """Enter, or Space when nothing is being typed, presses the focused button."""
        return key in (pygame.K_RETURN, pygame.K_KP_ENTER) or (
            key == pygame.K_SPACE and not self.typing()
        )

    def _button_at(self, pos: tuple[int, int]) -> int | None:
        for n, (rect, _choice) in enumerate(self.buttons):
            if rect.collidepoint(pos):
                return n
        return None

    def typing(self) -> bool:
        """True when letters are text to type, not buttons' keys."""
        return False

    def answer(self, choice: Choice) -> None:
        """Close the dialog, then do what ``choice`` does."""
        self.host.show(self.back)
        choice.act()

    def key(self, event: pygame.event.Event) -> None:
        """A key no button takes."""

    def click(self, pos: tuple[int, int]) -> None:
        """A left click off the buttons at ``pos``."""

    def draw_buttons(self, surface: pygame.Surface, left: int, bottom: int) -> None:
        """The choices as a row of buttons from ``left`` up to ``bottom``: each labelled with
        its words and its keys (:meth:`keys_of`); the focused one filled, the default one
        edged."""
        size = max(18, surface.get_height() // 32)
        label, small = font(size), font(max(14, round(size * 0.75)))
        self.buttons = []
        for n, choice in enumerate(self.choices):
            words = label.render(choice.label, True, TEXT)
            hint = small.render(
                self.keys_of(n), True, TEXT_DIM if n != self.focus else (16, 18, 26)
            )
            w = words.get_width() + hint.get_width() + 36
            h = words.get_height() + 14
            rect = pygame.Rect(left, bottom - h, w, h)
            focused = n == self.focus
            pygame.draw.rect(surface, FOCUSED if focused else BUTTON, rect, border_radius=6)
            edge = TEXT if choice.default else BUTTON_EDGE
            pygame.draw.rect(surface, edge, rect, width=3 if choice.default else 1, border_radius=6)
            if focused:
                words = label.render(choice.label, True, (16, 18, 26))
            surface.blit(words, (rect.x + 12, rect.y + 7))
            surface.blit(hint, (rect.right - 12 - hint.get_width(), rect.y + 7 + size // 8))
            self.buttons.append((rect, choice))
            left = rect.right + 12

    def keys_of(self, n: int) -> str:
        """The keys button ``n`` shows: its own, and "Enter" on the focused one (what Enter
        presses; the default is focused until Left, Right or Tab moves the focus)."""
        named = (self.choices[n].key_name, "Enter" if n == self.focus else "")
        return " / ".join(dict.fromkeys(k for k in named if k))

    def buttons_width(self, surface: pygame.Surface) -> int:
        size = max(18, surface.get_height() // 32)
        label, small = font(size), font(max(14, round(size * 0.75)))
        widths = [
            label.size(c.label)[0] + small.size(f"{c.key_name} / Enter")[0] + 48
            for c in self.choices
        ]
        return sum(widths)

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
    """A centred dark card with a title, lines, and room for a row of buttons at its bottom;
    returns its rectangle."""
    w, h = surface.get_size()
    body = font(max(18, h // 32))
    head = font(max(24, h // 20))
    width = max([head.size(title)[0], width_min] + [body.size(s)[0] for s in lines]) + 64
    width = min(width, w - 8)
    height = head.get_linesize() + body.get_linesize() * (len(lines) + 3) + 40
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
    """A question: each :class:`Choice` is a button; Esc goes back unanswered."""

    def __init__(
        self, host: Host, back: Mode, title: str, lines: Sequence[str], choices: Sequence[Choice]
    ) -> None:
        super().__init__(host, back, title)
        self.lines = tuple(lines)
        self.set_choices(choices)

    def draw(self, surface: pygame.Surface) -> None:
        self.back.draw(surface)
        x, y, _w, h = _card(surface, self.title, self.lines, self.buttons_width(surface))
        self.draw_buttons(surface, x + 24, y + h - 16)


class TextPrompt(Over):
    """One line of text to type (a save's name); Enter (or the Save button) gives it, Esc or
    Cancel goes back."""

    MAX_CHARS = 60

    def __init__(
        self,
        host: Host,
        back: Mode,
        title: str,
        lines: Sequence[str],
        enter: Callable[[str], None],
        verb: str = "Save",
    ) -> None:
        super().__init__(host, back, title)
        self.lines = tuple(lines)
        self.enter = enter
        self.text = ""
        self.set_choices(
            [
                Choice(pygame.K_RETURN, verb, lambda: self.enter(self.text.strip()), True),
                Choice(pygame.K_ESCAPE, "Cancel", _stay),
            ]
        )

    def typing(self) -> bool:
        return True

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_BACKSPACE:
            self.text = typed(self.text, None, self.MAX_CHARS)
        elif getattr(event, "unicode", "") and event.unicode.isprintable():
            self.text = typed(self.text, event.unicode, self.MAX_CHARS)

    def draw(self, surface: pygame.Surface) -> None:
        self.back.draw(surface)
        width = max(360, self.buttons_width(surface))
        x, y, w, h = _card(surface, self.title, (*self.lines, ""), width)
        body = font(max(18, surface.get_height() // 32))
        buttons_top = y + h - 16 - (body.get_height() + 14)
        box_h = body.get_linesize() + 10
        box = pygame.Rect(x + 24, buttons_top - 10 - box_h, w - 48, box_h)
        pygame.draw.rect(surface, (40, 44, 56), box, border_radius=4)
        pygame.draw.rect(surface, HIGHLIGHT, box, width=1, border_radius=4)
        surface.blit(body.render(self.text + "_", True, TEXT), (box.x + 8, box.y + 5))
        self.draw_buttons(surface, x + 24, y + h - 16)


class Choose(Over):
    """A list to pick from with Up/Down and Enter, or a click on a row then Load (a double
    click on a row loads it); Esc or Cancel goes back."""

    ROWS = 10

    def __init__(
        self, host: Host, back: Mode, title: str, items: Sequence[str], pick: Callable[[int], None]
    ) -> None:
        super().__init__(host, back, title)
        self.items = tuple(items)
        self.pick = pick
        self.index = 0
        self.rows: list[tuple[pygame.Rect, int]] = []
        self._clicked = -1
        """The row a click chose: a second click on it loads it."""
        choices = [Choice(pygame.K_ESCAPE, "Cancel", _stay)]
        if self.items:
            choices.insert(0, Choice(pygame.K_RETURN, "Load", self._take_chosen, True))
        self.set_choices(choices)

    def _take_chosen(self) -> None:
        self.pick(self.index)

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_DOWN:
            self.index = min(len(self.items) - 1, self.index + 1)
        elif event.key == pygame.K_UP:
            self.index = max(0, self.index - 1)

    def click(self, pos: tuple[int, int]) -> None:
        for rect, n in self.rows:
            if rect.collidepoint(pos):
                if n == self._clicked:  # the row clicked again: load it
                    self.host.show(self.back)
                    self.pick(n)
                self.index = self._clicked = n
                return

    def draw(self, surface: pygame.Surface) -> None:
        self.back.draw(surface)
        first = max(0, min(self.index - self.ROWS // 2, len(self.items) - self.ROWS))
        shown = self.items[first : first + self.ROWS]
        hint = "Up/Down or a click chooses; Enter, Load or a second click loads"
        width = max(360, self.buttons_width(surface))
        x, y, w, h = _card(surface, self.title, [hint, *[" " * 4 + s for s in shown]], width)
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
        self.draw_buttons(surface, x + 24, y + h - 16)


def _stay() -> None:
    """The answer that changes nothing."""
