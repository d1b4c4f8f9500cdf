"""The start screen's *Host a game* and *Join a game* forms.

*Host a game* hosts the start screen's game from this window: each seat is yours, open for
whoever joins, or a bot; the match is served by a thread of this process
(:func:`~pusher_sim.net.hosting.host_in_background`) and this window joins it like any other.
*Join a game* takes the host's address and a seat (or none: watch). Both end on the
:class:`~pusher_sim.ui.common.joining.Joining` screen, then the game's table. Keys: Up/Down pick
a row, Left/Right change it, typing edits the address or port, Enter starts, Esc goes back.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from pusher_sim.errors import UserError
from pusher_sim.net import protocol
from pusher_sim.net.client import Link, address_uri
from pusher_sim.net.held_seats import held_token, seat_key
from pusher_sim.net.hosting import DEFAULT_PORT, host_in_background, hosted_from, hosting_args
from pusher_sim.net.table import OPEN
from pusher_sim.turnloop.registry import GAMES, HUMAN, get_spec
from pusher_sim.ui.common.joining import Joining
from pusher_sim.ui.common.remote_flow import wake_on_news
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.mode import Host, Mode
from pusher_sim.ui.shell.widgets import ACCENT, TEXT, TEXT_DIM, WARNING, font
from pusher_sim.ui.shell.words import seat_kind

MAX_ADDRESS = 200
BINDS = (("127.0.0.1", "this machine only"), ("0.0.0.0", "anyone on the network"))


@dataclass(frozen=True)
class Field:
    key: str
    label: str
    value: str
    typed: bool = False
    """Typing edits it (an address, a port)."""


class Form:
    """Rows of label and value, a button row, and a message line: what both forms share."""

    title = ""
    button = ""

    def __init__(self, host: Host, config: AppConfig, back: Mode) -> None:
        self.host, self.config, self.back = host, config, back
        self.row = 0
        self.message = ""
        self.hits: list[tuple[pygame.Rect, str, int]] = []

    def fields(self) -> list[Field]:
        raise NotImplementedError

    def change(self, key: str, step: int) -> None:
        """Left/Right on a row."""

    def type(self, key: str, char: str | None) -> None:
        """A character typed into a typed row (None: Backspace)."""

    def go(self) -> None:
        raise NotImplementedError

    def handle(self, event: pygame.event.Event) -> None:
        fields = self.fields()
        if event.type == pygame.QUIT:
            self.host.quit()
        elif event.type == pygame.KEYDOWN:
            field = fields[min(self.row, len(fields) - 1)]
            if event.key == pygame.K_ESCAPE:
                self.host.show(self.back)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.go()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.row = (self.row + (1 if event.key == pygame.K_DOWN else -1)) % len(fields)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and not field.typed:
                self.change(field.key, 1 if event.key == pygame.K_RIGHT else -1)
            elif field.typed and event.key == pygame.K_BACKSPACE:
                self.type(field.key, None)
            elif field.typed and event.unicode and event.unicode.isprintable():
                self.type(field.key, event.unicode)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for rect, what, step in self.hits:
                if rect.collidepoint(event.pos):
                    self.click(what, step if event.button == 1 else -step)
                    return

    def click(self, what: str, step: int) -> None:
        if what == "go":
            self.go()
        elif what == "back":
            self.host.show(self.back)
        else:
            keys = [f.key for f in self.fields()]
            self.row = keys.index(what)
            self.change(what, step)

    def update(self, dt: float) -> None:
        pass

    def animating(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill((22, 26, 34))
        big, body, small = font(max(30, h // 12)), font(max(20, h // 24)), font(max(16, h // 36))
        title = big.render(self.title, True, TEXT)
        surface.blit(title, title.get_rect(midtop=(w // 2, h // 16)))
        self.hits = []
        line = body.get_linesize() + max(6, h // 80)
        top = h // 16 + title.get_height() + h // 16
        left, right = w // 2 - min(w // 2 - 20, 360), w // 2 + min(w // 2 - 20, 360)
        for n, field in enumerate(self.fields()):
            y = top + n * line
            rect = pygame.Rect(left, y - 4, right - left, line - 2)
            if n == self.row:
                pygame.draw.rect(surface, (36, 44, 58), rect, border_radius=6)
                pygame.draw.rect(surface, ACCENT, rect, width=1, border_radius=6)
            surface.blit(body.render(field.label, True, TEXT_DIM), (left + 12, y))
            shown = field.value + ("_" if field.typed and n == self.row else "")
            value = body.render(shown if field.typed else f"<  {shown}  >", True, TEXT)
            surface.blit(value, (right - 12 - value.get_width(), y))
            mid = rect.x + rect.w // 2
            self.hits.append((pygame.Rect(rect.x, rect.y, mid - rect.x, rect.h), field.key, -1))
            self.hits.append((pygame.Rect(mid, rect.y, rect.right - mid, rect.h), field.key, 1))
        y = top + len(self.fields()) * line + line // 2
        x = left
        for what, words in (("go", f"{self.button}  (Enter)"), ("back", "Back  (Esc)")):
            label = body.render(words, True, (16, 18, 26))
            rect = pygame.Rect(x, y, label.get_width() + 24, label.get_height() + 14)
            pygame.draw.rect(surface, ACCENT, rect, border_radius=6)
            surface.blit(label, (rect.x + 12, rect.y + 7))
            self.hits.append((rect, what, 1))
            x = rect.right + 14
        y += body.get_linesize() + 36
        for words, colour in ((self.message, WARNING), *((t, TEXT_DIM) for t in self.notes())):
            if words:
                label = small.render(words, True, colour)
                surface.blit(label, label.get_rect(midtop=(w // 2, y)))
                y += label.get_height() + 8

    def notes(self) -> list[str]:
        return []

    def joining(self, link: Link, key: str | None, note: str = "") -> None:
        wake_on_news(link)
        link.start()
        self.host.show(Joining(self.host, self.config, link, key, None, note))


class JoinForm(Form):
    """*Join a game*: the host's address, and a seat or watching."""

    title = "Join a game"
    button = "Join"

    def __init__(self, host: Host, config: AppConfig, back: Mode) -> None:
        super().__init__(host, config, back)
        self.address = f"127.0.0.1:{DEFAULT_PORT}"
        self.seat: int | None = None
        self.watch = False

    def fields(self) -> list[Field]:
        seat = "any open seat" if self.seat is None else f"seat {self.seat + 1}"
        return [
            Field("address", "Host address", self.address, typed=True),
            Field("seat", "Seat", "none: watching" if self.watch else seat),
        ]

    def change(self, key: str, step: int) -> None:
        if key == "seat":  # any, 1..8, watch
            options: list[int | str | None] = [None, *range(8), "watch"]
            now: int | str | None = "watch" if self.watch else self.seat
            pick = options[(options.index(now) + step) % len(options)]
            self.watch = pick == "watch"
            self.seat = pick if isinstance(pick, int) else None

    def type(self, key: str, char: str | None) -> None:
        if char is None:
            self.address = self.address[:-1]
        elif len(self.address) < MAX_ADDRESS:
            self.address += char

    def notes(self) -> list[str]:
        return ["the address the host's screen shows, like 192.168.1.20:4747"]

    def go(self) -> None:
        try:
            uri = address_uri(self.address)
        except UserError as exc:
            self.message = str(exc)
            return
        key = None if self.watch else seat_key(uri, self.seat)
        token = None if key is None else held_token(key)
        role = protocol.WATCH if self.watch else protocol.PLAY
        self.joining(Link(uri, role, self.seat, token), key)


class HostForm(Form):
    """*Host a game*: the start screen's game, each seat yours, open or a bot; the port; who
    may join."""

    title = "Host a game"
    button = "Host"

    def __init__(self, host: Host, config: AppConfig, back: Mode, game: str) -> None:
        super().__init__(host, config, back)
        self.game = game
        spec = get_spec(game)
        players = min(spec.players)
        self.seats = [HUMAN, *[OPEN] * (players - 1)]
        self.port = str(DEFAULT_PORT)
        self.bind = 0

    def fields(self) -> list[Field]:
        spec = get_spec(self.game)
        out = [
            Field("game", "Game", spec.title),
            Field("players", "Players", str(len(self.seats))),
        ]
        for n, seat in enumerate(self.seats):
            words = "you" if seat == HUMAN else "open: for whoever joins" if seat == OPEN else seat
            shown = words if seat in (HUMAN, OPEN) else seat_kind(seat)
            out.append(Field(f"seat{n}", f"Seat {n + 1}", shown))
        out.append(Field("port", "Port", self.port, typed=True))
        out.append(Field("bind", "Who may join", BINDS[self.bind][1]))
        return out

    def change(self, key: str, step: int) -> None:
        spec = get_spec(self.game)
        if key == "game":
            games = list(GAMES)
            self.game = games[(games.index(self.game) + step) % len(games)]
            players = min(get_spec(self.game).players)
            self.seats = [HUMAN, *[OPEN] * (players - 1)]
        elif key == "players":
            allowed = sorted(spec.players)
            n = allowed[(allowed.index(len(self.seats)) + step) % len(allowed)]
            self.seats = (self.seats + [OPEN] * n)[:n]
        elif key.startswith("seat"):
            n = int(key[4:])
            options = [HUMAN, OPEN, *spec.bots]
            pick = options[(options.index(self.seats[n]) + step) % len(options)]
            if pick == HUMAN:  # one seat is this window's
                self.seats = [OPEN if s == HUMAN else s for s in self.seats]
            self.seats[n] = pick
        elif key == "bind":
            self.bind = (self.bind + 1) % len(BINDS)

    def type(self, key: str, char: str | None) -> None:
        if char is None:
            self.port = self.port[:-1]
        elif char.isdigit() and len(self.port) < 5:
            self.port += char

    def notes(self) -> list[str]:
        return ["one seat is yours; the others join with: pusher join ADDRESS:PORT"]

    def go(self) -> None:
        if HUMAN not in self.seats:
            self.message = "one seat must be yours (you)"
            return
        port = int(self.port or "0")
        if port > 65535:
            self.message = f"port {port} is out of range (0 to 65535)"
            return
        args = hosting_args(self.game, self.seats, port, BINDS[self.bind][0])
        try:
            table = hosted_from(args)
            hosted = host_in_background(args, table, self.seats.index(HUMAN))
        except UserError as exc:
            self.message = str(exc)
            return
        link = Link(hosted.address, protocol.PLAY, hosted.seat, hosted.token)
        self.joining(link, None, f"others join with: pusher join {hosted.shown}")
