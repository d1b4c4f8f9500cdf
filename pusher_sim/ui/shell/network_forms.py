"""The start screen's *Host a game* and *Join a game* forms.

*Host a game* hosts the start screen's game from this window: each seat is yours, open for
whoever joins, or a bot; the match is served by a thread of this process
(:func:`~pusher_sim.net.hosting.host_in_background`) and this window joins it like any other.
*Join a game* takes the host's address and a seat (or none: watch). Both end on the
:class:`~pusher_sim.ui.common.joining.Joining` screen, then the game's table. They work as every
form of the window (:mod:`~pusher_sim.ui.shell.form`): typing edits the address or port, Enter
goes, Esc goes back.
"""

from __future__ import annotations

import pygame

from pusher_sim.errors import UserError
from pusher_sim.net import protocol
from pusher_sim.net.client import Link, address_uri
from pusher_sim.net.held_seats import held_token, seat_key
from pusher_sim.net.hosting import DEFAULT_PORT, host_in_background, hosted_from, hosting_args
from pusher_sim.net.table import OPEN
from pusher_sim.turnloop.registry import GAMES, HUMAN, get_spec
from pusher_sim.ui.common.hosting import Hosting, keep, stop_hosting
from pusher_sim.ui.common.joining import Joining
from pusher_sim.ui.common.remote_flow import wake_on_news
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.form import FormButton, Row, RowForm
from pusher_sim.ui.shell.mode import Host, Mode
from pusher_sim.ui.shell.widgets import RGB, TEXT_DIM, WARNING, typed
from pusher_sim.ui.shell.words import seat_kind

MAX_ADDRESS = 200
BINDS = (("127.0.0.1", "this machine only"), ("0.0.0.0", "anyone on the network"))


class Form(RowForm):
    """A network form: a button that goes, Back (Esc) to the start screen, and its notes."""

    button = ""

    def __init__(self, host: Host, config: AppConfig, back: Mode) -> None:
        super().__init__(host)
        self.config, self.back = config, back
        self.name = ""
        """The name the others see (the protocol strips it to plain text)."""

    def name_row(self) -> Row:
        return Row("name", "Your name", self.name, typed=True)

    def type_name(self, char: str | None) -> None:
        self.name = typed(self.name, char, protocol.MAX_NAME)

    def go(self) -> None:
        raise NotImplementedError

    def buttons(self) -> list[FormButton]:
        return [FormButton("go", f"{self.button}  (Enter)"), FormButton("back", "Back  (Esc)")]

    def shortcuts(self) -> dict[int, str]:
        return {pygame.K_RETURN: "go", pygame.K_KP_ENTER: "go", pygame.K_ESCAPE: "back"}

    def press(self, what: str) -> None:
        if what == "go":
            self.go()
        elif what == "back":
            self.host.show(self.back)

    def notes(self) -> list[tuple[str, RGB]]:
        return [(self.message, WARNING), *((t, TEXT_DIM) for t in self.hints())]

    def hints(self) -> list[str]:
        return []

    def joining(self, link: Link, key: str | None) -> None:
        joined(self.host, self.config, link, key)


class JoinForm(Form):
    """*Join a game*: the host's address, and a seat or watching."""

    title = "Join a game"
    button = "Join"

    def __init__(self, host: Host, config: AppConfig, back: Mode) -> None:
        super().__init__(host, config, back)
        self.address = f"127.0.0.1:{DEFAULT_PORT}"
        self.seat: int | None = None
        self.watch = False

    def rows(self) -> list[Row]:
        seat = "any open seat" if self.seat is None else f"seat {self.seat + 1}"
        return [
            Row("address", "Host address", self.address, typed=True),
            Row("seat", "Seat", "none: watching" if self.watch else seat),
            self.name_row(),
        ]

    def change(self, key: str, step: int) -> None:
        if key == "seat":  # any, 1..8, watch
            options: list[int | str | None] = [None, *range(8), "watch"]
            now: int | str | None = "watch" if self.watch else self.seat
            pick = options[(options.index(now) + step) % len(options)]
            self.watch = pick == "watch"
            self.seat = pick if isinstance(pick, int) else None

    def type(self, key: str, char: str | None) -> None:
        if key == "name":
            self.type_name(char)
        else:
            self.address = typed(self.address, char, MAX_ADDRESS)

    def hints(self) -> list[str]:
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
        self.joining(Link(uri, role, self.seat, token, self.name), key)


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

    def rows(self) -> list[Row]:
        spec = get_spec(self.game)
        out = [
            Row("game", "Game", spec.title),
            Row("players", "Players", str(len(self.seats))),
        ]
        for n, seat in enumerate(self.seats):
            words = "you" if seat == HUMAN else "open: for whoever joins" if seat == OPEN else seat
            shown = words if seat in (HUMAN, OPEN) else seat_kind(seat)
            out.append(Row(f"seat{n}", f"Seat {n + 1}", shown))
        out.append(self.name_row())
        out.append(Row("port", "Port", self.port, typed=True))
        out.append(Row("bind", "Who may join", BINDS[self.bind][1]))
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
        if key == "name":
            self.type_name(char)
        elif char is None or char.isdigit():
            self.port = typed(self.port, char, 5)

    def hints(self) -> list[str]:
        return ["one seat is yours; the others join with: pusher join ADDRESS:PORT"]

    def go(self) -> None:
        if HUMAN not in self.seats:
            self.message = "one seat must be yours (you)"
            return
        port = int(self.port or "0")
        if port > 65535:
            self.message = f"port {port} is out of range (0 to 65535)"
            return
        stop_hosting()  # this window hosts one match at a time: its port is free again
        args = hosting_args(self.game, self.seats, port, BINDS[self.bind][0])
        try:
            table = hosted_from(args)
            hosted = host_in_background(args, table, self.seats.index(HUMAN))
        except UserError as exc:
            self.message = str(exc)
            return
        hosting = Hosting.of(self.game, args.bind, hosted, self.name)
        keep(hosting)
        join_hosted(self.host, self.config, hosting)


def join_hosted(host: Host, config: AppConfig, hosting: Hosting) -> None:
    """This window to the match it hosts, at its own seat (again, after leaving it running)."""
    link = Link(hosting.address, protocol.PLAY, hosting.seat, hosting.token, hosting.name)
    joined(host, config, link, None, hosting)


def joined(
    host: Host, config: AppConfig, link: Link, key: str | None, hosting: Hosting | None = None
) -> None:
    """Start ``link`` and wait on the Joining screen for the host's welcome (``key``: where
    the seat's token is kept)."""
    wake_on_news(link)
    link.start()
    host.show(Joining(host, config, link, key, None, hosting))
