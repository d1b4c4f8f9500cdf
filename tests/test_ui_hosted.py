"""Issue 34, the window's side, with real hosts on 127.0.0.1: a joined window shows who is at the
table (by name), waits for the players before the start, says at once when a player leaves, a
bot takes a seat or the host goes, and chats; the window that hosts from the start screen shows
where others join, and leaving it asks whether to keep hosting (the start screen leads back) or
stop (the port is free again, the joiner sees the host go).

The windows run in this process on SDL's dummy driver, driven frame by frame; every wait is on
a condition, with a generous guard against hanging, never a timed assertion.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from pusher_sim.net import protocol
from pusher_sim.net.client import HOST_STOPPED, Link
from pusher_sim.ui.common.game_table import GameTable
from pusher_sim.ui.common.hosting import hosted_now, stop_hosting
from pusher_sim.ui.common.joining import Joining
from pusher_sim.ui.common.remote_flow import RemoteFlow, wake_on_news
from pusher_sim.ui.shell.app import App
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.dialogs import Confirm
from pusher_sim.ui.shell.network_forms import HostForm
from pusher_sim.ui.shell.start_screen import StartScreen
from tests.hosted import Host, join

pytestmark = [
    pytest.mark.usefixtures("window"),
    pytest.mark.skipif(not Path("/proc").is_dir(), reason="kills processes by group"),
]
GUARD = 60.0
"""Seconds any wait may take before the test calls it a hang (never a measure of speed)."""


def run_until(app: App, done: Callable[[], bool], seconds: float = GUARD) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"still waiting: {app.mode}"
        app.tick(1 / 60)
        time.sleep(0.005)


def window(address: str, name: str, watch: bool = False) -> App:
    """A joined window on ``address``, shown once the host welcomed it."""
    app = App()
    role = protocol.WATCH if watch else protocol.PLAY
    link = Link(address, role, name=name, retry_for=3600.0)  # only the drop itself may tell
    wake_on_news(link)
    link.start()
    config = AppConfig(size=(800, 600), speed=1e3, pace=0.0, sound=False, autosave=False)
    app.show(Joining(app, config, link, None, None))
    run_until(app, lambda: isinstance(app.mode, GameTable))
    return app


def flow_of(app: App) -> RemoteFlow:
    mode = app.mode
    while isinstance(mode, Confirm):
        mode = mode.back
    assert isinstance(mode, GameTable) and isinstance(mode.flow, RemoteFlow)
    return mode.flow


def key(app: App, code: int, char: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=char))
    app.tick(1 / 60)


def close(app: App) -> None:
    flow = flow_of(app)
    flow.link.close()


def test_a_joined_window_sees_who_comes_and_goes(tmp_path: Path) -> None:
    """Waiting for a player, then names; a player whose window dies is said to have left at
    once; a bot takes the seat left empty; chat reaches everyone; the spectator is no one's
    "you"; the host gone is said without anyone acting."""
    host = Host(tmp_path / "host", "pushover", "--seats", "open,open", "--abandon-after", "1")
    ann = window(host.address, "Ann")
    try:
        presence = flow_of(ann).presence
        assert presence.waiting_line() == "waiting for 1 player to join"
        bob = join(tmp_path / "bob", host.address, "--bot", "random", "--name", "Bob")
        run_until(ann, lambda: presence.started and any(s.name == "Bob" for s in presence.seats))
        cid = window(host.address, "Cid", watch=True)
        run_until(ann, lambda: "Cid" in presence.watchers)
        assert flow_of(cid).presence.watching
        key(ann, pygame.K_t, "t")
        for char in "hi":
            key(ann, getattr(pygame, f"K_{char}"), char)
        key(ann, pygame.K_RETURN)
        seen = flow_of(cid).presence
        run_until(cid, lambda: any(e.text == "hi" and e.name == "Ann" for e in seen.chat))
        bob.kill()
        run_until(ann, lambda: any("left" in n for n in presence.notices))
        run_until(ann, lambda: any("bot" in n for n in presence.notices))
        assert presence.seats[1].bot and presence.seats[1].name == "Bob"
        host.kill()
        run_until(ann, lambda: bool(presence.host_gone))
        close(cid)
    finally:
        close(ann)
        host.kill()


def test_hosting_from_the_start_screen_keeps_or_stops_the_match(tmp_path: Path) -> None:
    """The host's window lists where others join; Esc asks: Keep hosting (the start screen
    leads back to the match) or Stop hosting (the joiner sees the host go, and hosting again
    on the same port works: no "address already in use" from our own server)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = App(home=lambda host: StartScreen(host, AppConfig(sound=False, size=(800, 600))))
    app.home()
    form = HostForm(app, AppConfig(sound=False, size=(800, 600)), app.mode, "pushover")  # type: ignore[arg-type]
    form.port = str(port)
    app.show(form)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: isinstance(app.mode, GameTable))
    try:
        presence = flow_of(app).presence
        assert presence.addresses == (f"127.0.0.1:{port} (this machine only)",)
        assert presence.page == f"http://127.0.0.1:{port}/"
        friend = window(f"127.0.0.1:{port}", "Bob")
        run_until(app, lambda: presence.started)
        key(app, pygame.K_ESCAPE)
        asked = app.mode
        assert isinstance(asked, Confirm)
        assert [c.label for c in asked.choices] == ["Keep hosting", "Stop hosting", "Stay"]
        key(app, pygame.K_k, "k")
        start = app.mode
        assert isinstance(start, StartScreen) and hosted_now() is not None
        assert any(b.what == "hosted" for b in start.buttons())
        key(app, pygame.K_b, "b")  # back to the match still hosted
        run_until(app, lambda: isinstance(app.mode, GameTable))
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_s, "s")  # stop hosting
        assert isinstance(app.mode, StartScreen) and hosted_now() is None
        gone = flow_of(friend).presence
        run_until(friend, lambda: gone.host_gone == HOST_STOPPED)
        close(friend)
        form = HostForm(app, AppConfig(sound=False), app.mode, "pushover")
        form.port = str(port)
        app.show(form)
        key(app, pygame.K_RETURN)
        assert not form.message, form.message  # the port was free again
        run_until(app, lambda: isinstance(app.mode, GameTable))
    finally:
        if isinstance(app.mode, GameTable):
            close(app)
        stop_hosting()
