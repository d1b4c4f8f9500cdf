"""The frame of a hosted match's table: a strip along the bottom of the window saying who sits
where and what just happened, the waiting card before the start, the people panel (P), and the
table chat (T opens a line to type, Enter sends it, Esc closes it).

The strip is the window's, not the table's: the table draws in the space above it, so nothing
of the game is hidden. Before play starts the waiting card lies over the table (clicks on the
table then say why nothing moves, not whose turn it would be); the host's own window lists there
the addresses to give a friend. Everything a peer typed (names, chat) is drawn as plain text
through :func:`~pusher_sim.ui.common.presence.plain`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from pusher_sim.net.protocol import MAX_CHAT
from pusher_sim.ui.common.presence import Presence, SeatNow
from pusher_sim.ui.common.table_frame import TableFrame
from pusher_sim.ui.shell.widgets import (
    ACCENT,
    PANEL,
    RGB,
    TEXT,
    TEXT_DIM,
    WARNING,
    font,
    panel,
    shade,
    text,
    text_size,
    typed,
)

CHAT_SHOWN = 8
"""Chat lines drawn over the table while the chat is open."""
CHAT_BOX: RGB = (8, 10, 14)
"""The open chat's box, opaque over the table's hint row it covers."""
CHAT_KEYS = (pygame.K_t,)
PEOPLE_KEY = pygame.K_p
STRIP_EDGE: RGB = (60, 66, 80)

Sender = Callable[[str], str]
"""Sends a chat line to the host; returns "" or why it could not."""


class PresenceFrame(TableFrame):
    """The strip, the waiting card, the people panel and the chat (see the module docstring)."""

    def __init__(self, presence: Presence, labels: Sequence[str], send: Sender) -> None:
        self.presence = presence
        self.labels = tuple(labels)
        """Each seat's name on the table ("Red", "North")."""
        self.send = send
        self.typing: str | None = None
        """The chat line being typed, or None while the chat is closed."""
        self.show_people = False
        self._said = ("", -1)
        """The frame's own word (a refused chat line, why a click did nothing), with the
        presence's news count when it was said: any news after it makes it old."""
        self.strip = pygame.Rect(0, 0, 0, 0)
        """Where the strip was drawn last frame."""

    # -- input ------------------------------------------------------------------------------

    def takes(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        mouse = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if mouse and self.strip.collidepoint(event.pos):
            return True  # the strip is no part of the table
        if event.type == pygame.MOUSEBUTTONDOWN and self.waiting:
            self.say(f"{self.presence.waiting_line()}: the game starts when they do")
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if self.typing is None:
            if event.key in CHAT_KEYS:
                self.typing = ""
                self.say("")
                return True
            if event.key == PEOPLE_KEY:
                self.show_people = not self.show_people
                return True
            if event.key == pygame.K_ESCAPE and self.show_people:
                self.show_people = False
                return True
            return False
        if event.key == pygame.K_ESCAPE:
            self.typing = None
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            line, self.typing = self.typing.strip(), None
            if line:
                self.say(self.send(line))
        elif event.key == pygame.K_BACKSPACE:
            self.typing = typed(self.typing, None, MAX_CHAT)
        else:
            char = getattr(event, "unicode", "")
            if char and char.isprintable():
                self.typing = typed(self.typing, char, MAX_CHAT)  # the host's bound
        return True

    def say(self, words: str) -> None:
        self._said = (words, self.presence.news)

    @property
    def said(self) -> str:
        """The frame's own word, until news comes after it."""
        words, at = self._said
        return words if at == self.presence.news else ""

    def headline(self, status: str) -> str:
        return self.presence.waiting_line().capitalize() if self.waiting else status

    @property
    def waiting(self) -> bool:
        """Play has not begun: the table waits for players."""
        return not self.presence.started and self.presence.waiting > 0

    # -- drawing ----------------------------------------------------------------------------

    def paint(self, surface: pygame.Surface, draw_table: Callable[[pygame.Surface], None]) -> None:
        w, h = surface.get_size()
        size = text_size((w, h))
        line = font(size).get_linesize()
        strip = 2 * line + 12
        draw_table(surface.subsurface((0, 0, w, h - strip)))
        box = self.strip = pygame.Rect(0, h - strip, w, strip)
        pygame.draw.rect(surface, PANEL, box)
        pygame.draw.line(surface, STRIP_EDGE, box.topleft, box.topright)
        self._seats_line(surface, box.x + size // 2, box.y + 4, w - size, size)
        self._news_line(surface, box.x + size // 2, box.y + 6 + line, w - size, size)
        if self.typing is not None:
            self._chat_lines(surface, box.top, size)
        if self.waiting or self.show_people:
            self._card(surface, size)

    def _seats_line(self, surface: pygame.Surface, x: int, y: int, room: int, size: int) -> None:
        """Each seat by its label and player, coloured by what it is doing; the spectators."""
        parts: list[tuple[str, RGB]] = []
        for seat in self.presence.seats:
            parts.append((self.seat_words(seat), _colour(seat)))
        watchers = self.presence.watchers
        if watchers:
            parts.append((f"watching: {_names(watchers)}", TEXT_DIM))
        right = x + room
        for words, colour in parts:
            if x >= right:
                break
            drawn = text(surface, words, (x, y), size, colour, width=right - x)
            x = drawn.right + size
        if self.presence.watching:
            mark = "you are watching"
            text(surface, mark, (right, y), size, ACCENT, "topright")

    def _news_line(self, surface: pygame.Surface, x: int, y: int, room: int, size: int) -> None:
        """The chat line being typed; else the newest word (the host gone, a seat's news, a
        chat line); the keys on the right."""
        presence = self.presence
        keys = "T chat   P people"
        if presence.addresses:
            keys = f"join: {presence.addresses[0]}   {keys}"
        keys_w = font(size).size(keys)[0]
        text(surface, keys, (x + room, y), size, TEXT_DIM, "topright")
        room -= keys_w + size
        if self.typing is not None:
            words, colour = f"Say: {self.typing}_   (Enter sends, Esc closes)", ACCENT
        elif presence.host_gone:
            words, colour = presence.host_gone, WARNING
        elif self.said:
            words, colour = self.said, WARNING
        elif self.waiting:
            words, colour = presence.waiting_line(), ACCENT
        else:
            words = presence.newest
            colour = WARNING if presence.newest_is_warning else TEXT
        text(surface, words, (x, y), size, colour, width=max(0, room))

    def _chat_lines(self, surface: pygame.Surface, bottom: int, size: int) -> None:
        """The last chat lines over the table's lower left, while the chat is open."""
        presence = self.presence
        shown = list(presence.chat)[-CHAT_SHOWN:]
        line = font(size).get_linesize()
        width = min(surface.get_width() - 2 * size, 60 * size)
        height = line * max(1, len(shown)) + size
        top = bottom - height
        pygame.draw.rect(surface, CHAT_BOX, (0, top, width + size // 2, height))  # opaque
        if not shown:
            text(surface, "no chat yet: type a line", (size, top + size // 2), size, TEXT_DIM)
        for n, entry in enumerate(shown):
            who = presence.speaker(entry)
            words = f"{who}: {entry.text}"
            pos = (size, top + size // 2 + n * line)
            text(surface, words, pos, size, TEXT, width=width - size)

    def _card(self, surface: pygame.Surface, size: int) -> None:
        """The people at the table (and where others join, on the host's own window)."""
        presence = self.presence
        lines = [f"{self.labels_of(seat)}:  {self.seat_words(seat, full=True)}"
                 for seat in presence.seats]  # fmt: skip
        if presence.watchers:
            lines.append(f"watching: {_names(presence.watchers, 6)}")
        if presence.addresses:
            lines += ["", "Others join with:  pusher join ADDRESS   or Join a game", *[
                f"   {a}" for a in presence.addresses]]  # fmt: skip
            if presence.page:
                lines.append(f"In a browser:  {presence.page}")
        keys = "T chat   Esc leave" if self.waiting else "P or Esc closes this   T chat"
        lines += ["", keys]
        title = presence.waiting_line().capitalize() if self.waiting else "At the table"
        shade(surface, 120)
        panel(surface, title, lines, size)

    # -- words ------------------------------------------------------------------------------

    def labels_of(self, seat: SeatNow) -> str:
        n = seat.seat
        return self.labels[n] if 0 <= n < len(self.labels) else f"Seat {n + 1}"

    def seat_words(self, seat: SeatNow, full: bool = False) -> str:
        """ "Red: Ann (you)", "Blue: Bob, away", "Green: bot" (``full``: the player and the
        seat's state only, for the card's lines)."""
        who = seat.name or ("a player" if seat.taken else "open")
        if not seat.for_people:
            who = f"{seat.kind} bot" if seat.kind != "bot" else "bot"
        if seat.seat == self.presence.you:
            who = f"{seat.name} (you)" if seat.name else "you"
        state = seat.state
        shown = state not in ("bot", "here") or full
        if full:
            return who if state == "bot" else f"{who}, {state}"
        label = self.labels_of(seat)
        return f"{label}: {who}" + (f", {state}" if shown else "")


def _colour(seat: SeatNow) -> RGB:
    if seat.away:
        return WARNING
    if seat.bot or not seat.for_people or not seat.taken:
        return TEXT_DIM
    return TEXT


def _names(names: Sequence[str], most: int = 3) -> str:
    """Spectators' names, the unnamed counted: "Cid, Dee and 2 more"."""
    named = [n for n in names if n]
    shown = named[:most]
    rest = len(names) - len(shown)
    if not shown:
        return f"{rest} spectator{'s' * (rest != 1)}"
    return ", ".join(shown) + (f" and {rest} more" if rest else "")
