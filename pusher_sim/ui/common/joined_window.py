"""A window joined to a hosted match: ``pusher join ADDR`` and the host's own seat.

The window says hello through a :class:`~pusher_sim.net.client.Link`, waits for the host's
welcome on a small screen of its own (:class:`Joining`), then shows the game's usual table on a
:class:`~pusher_sim.ui.common.remote_flow.RemoteFlow`. The seat's token is kept (see
:mod:`pusher_sim.net.held_seats`), so joining again takes the same seat back.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path

import pygame

from pusher_sim.errors import UserError
from pusher_sim.net import protocol
from pusher_sim.net.client import Closed, Link, Refused, Welcome, address_uri
from pusher_sim.net.held_seats import held_token, keep_token, seat_key
from pusher_sim.ui.common.remote_flow import RemoteFlow, Seated, wake_on_news
from pusher_sim.ui.shell.config import AppConfig, parse_size
from pusher_sim.ui.shell.mode import Host, Mode
from pusher_sim.ui.shell.table_registry import table_class
from pusher_sim.ui.shell.widgets import ACCENT, PANEL, TEXT, TEXT_DIM, WARNING, text


class Joining:
    """The screen shown until the host welcomes this window (or refuses it)."""

    def __init__(
        self, host: Host, config: AppConfig, link: Link, key: str | None, seated: Seated | None
    ) -> None:
        self.host, self.config, self.link, self.key = host, config, link, key
        self.seated = seated
        self.problem = ""
        self.table: Mode | None = None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
        ):
            self.host.quit()

    def update(self, dt: float) -> None:
        while not self.link.inbox.empty():
            message = self.link.inbox.get_nowait()
            if isinstance(message, Welcome):
                if self.key is not None and message.token is not None:
                    keep_token(self.key, message.token)
                game = message.view.game
                config = dataclasses.replace(self.config, game=game)
                flow = RemoteFlow(self.link, message, self.seated)
                self.table = table_class(game)(flow, self.host, config)
                self.host.show(self.table)
                return
            if isinstance(message, Refused | Closed):
                self.problem = getattr(message, "message", "") or getattr(message, "reason", "")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(PANEL)
        size = max(18, surface.get_height() // 28)
        x, y = size * 2, surface.get_height() // 3
        text(surface, "Joining a hosted game", (x, y), round(size * 1.5), ACCENT)
        text(surface, self.link.uri, (x, y + size * 3), size, TEXT)
        line, colour = ("waiting for the host...", TEXT_DIM)
        if self.problem:
            line, colour = (self.problem, WARNING)
        text(surface, line, (x, y + size * 5), size, colour)
        text(surface, "Esc leaves", (x, y + size * 7), size, TEXT_DIM)

    def animating(self) -> bool:
        return False


def open_joined_window(
    address: str,
    seat: int | None = None,
    token: str | None = None,
    watch: bool = False,
    save: str | None = None,
    size: str | None = None,
    speed: float = 1.0,
    mute: bool = False,
    name: str = "",
    retry_for: float = 60.0,
    key: str | None = None,
    seated: Seated | None = None,
    transcript: Path | None = None,
) -> int:
    """Open a window on the hosted match at ``address`` until it is closed; an exit code."""
    from pusher_sim.ui.shell.app import HEADLESS, App, close_pygame

    uri = address_uri(address)
    if not watch and token is None:
        key = key or seat_key(uri, seat)
        token = held_token(key)
    config = AppConfig(
        size=parse_size(size or "1100x800"), speed=speed, sound=not mute, autosave=False
    )
    role = protocol.WATCH if watch else protocol.PLAY
    link = Link(uri, role, seat, token, name, retry_for, transcript)
    pygame.display.init()
    if pygame.display.get_driver() in HEADLESS and "SDL_VIDEODRIVER" not in os.environ:
        close_pygame()
        raise UserError("no display to open a window on: join with --bot instead")
    pygame.font.init()
    try:
        pygame.display.set_caption(f"Pusher - {uri}")
        pygame.display.set_mode(config.size, pygame.RESIZABLE)
        wake_on_news(link)
        link.start()
        app = App()
        joining = Joining(app, config, link, None if watch else key, seated)
        app.show(joining)
        app.loop()
    finally:
        link.close()
        close_pygame()
    flow = getattr(joining.table, "flow", None)
    if isinstance(flow, RemoteFlow):
        if flow.ended is not None and save:
            from pusher_sim.net.join_cli import save_seen

            save_seen(Path(save), flow.follower, flow.ended)
            print(f"pusher join: saved to {save}", flush=True)
        if flow.ended is not None and key is not None:
            keep_token(key, None)
        if flow.closed is not None and not flow.closed.ok:
            print(f"pusher join: {flow.closed.reason}", file=sys.stderr)
            return 1
    elif joining.problem:
        print(f"pusher join: {joining.problem}", file=sys.stderr)
        return 1
    return 0
