"""Joining a hosted match: the screen shown until the host's welcome, then the game's table.

A joined window (``pusher join ADDR``, the host's own seat, the start screen's *Join a game*)
says hello through a :class:`~pusher_sim.net.client.Link`, waits on :class:`Joining`, then shows
the game's usual table on a :class:`~pusher_sim.ui.common.remote_flow.RemoteFlow`. The seat's
token is kept (see :mod:`pusher_sim.net.held_seats`), so joining again takes the same seat back.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pygame

from pusher_sim.net.client import Link
from pusher_sim.net.held_seats import keep_token
from pusher_sim.net.host_messages import Closed, Refused, Welcome
from pusher_sim.ui.common.hosting import Hosting
from pusher_sim.ui.common.remote_flow import RemoteFlow, Seated
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.mode import Host, Mode
from pusher_sim.ui.shell.table_registry import table_maker
from pusher_sim.ui.shell.widgets import ACCENT, PANEL, TEXT, TEXT_DIM, WARNING, text


class Joining:
    """The screen shown until the host welcomes this window (or refuses it)."""

    def __init__(
        self,
        host: Host,
        config: AppConfig,
        link: Link,
        key: str | None,
        seated: Seated | None,
        hosting: Hosting | None = None,
    ) -> None:
        self.host, self.config, self.link, self.key = host, config, link, key
        self.seated = seated
        self.hosting = hosting
        """The match as this process hosts it, when this is the host's own window."""
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
                flow = RemoteFlow(self.link, message, self.seated, self.hosting)
                table = table_maker(game).on_flow(flow, self.host, config)
                flow.rejoined = getattr(table, "follow", None)
                self.table = table
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
        if self.hosting is not None:
            where = f"others join with: pusher join {self.hosting.addresses[0].split(' ')[0]}"
            text(surface, where, (x, y + size * 7), size, ACCENT)
        text(surface, "Esc leaves", (x, y + size * 9), size, TEXT_DIM)

    def animating(self) -> bool:
        return False


def finish_joined(joining: Joining, save: str | None) -> int:
    """After the window closed: save what the seat saw (``--save``) once the match is over,
    forget a finished match's token, and say why the link failed if it did; an exit code."""
    flow = getattr(joining.table, "flow", None)
    if isinstance(flow, RemoteFlow):
        if flow.ended is not None and save:
            from pusher_sim.net.joined import save_seen

            save_seen(Path(save), flow.follower, flow.ended)
            print(f"pusher join: saved to {save}", flush=True)
        if flow.ended is not None and joining.key is not None:
            keep_token(joining.key, None)
        if flow.closed is not None and not flow.closed.ok:
            print(f"pusher join: {flow.closed.reason}", file=sys.stderr)
            return 1
    elif joining.problem:
        print(f"pusher join: {joining.problem}", file=sys.stderr)
        return 1
    return 0
