"""The window: one :class:`App` that shows one mode at a time, and :func:`run`, ``pusher play``.

The app only dispatches: events to the current :class:`~pusher_sim.ui.shell.mode.Mode`, time to its
``update``, the screen to its ``draw``. While the mode is not animating and no input comes, it
sleeps (see :func:`wait_for_input`) rather than redraw an unchanged picture; Ctrl-C and SIGTERM end
the loop after the mode has saved what it holds. Tests drive the same object frame by frame with
:meth:`App.tick` and :meth:`App.settle`.
"""

from __future__ import annotations

import argparse
import io
import os
import signal
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

import pygame

from pusher_sim.atomic import atomic_write
from pusher_sim.errors import UserError
from pusher_sim.ui.shell.config import AppConfig, parse_size
from pusher_sim.ui.shell.mode import Keeps, Mode
from pusher_sim.ui.shell.start_screen import StartScreen, open_table_asking
from pusher_sim.ui.shell.table_registry import table_maker
from pusher_sim.ui.shell.widgets import clear_fonts

if TYPE_CHECKING:
    from pusher_sim.ui.common.hosting import Hosting
    from pusher_sim.ui.common.remote_flow import Seated

__all__ = ["App", "AppConfig", "parse_size", "run", "run_joined", "screenshot"]

FPS = 60
IDLE_WAIT_MS = 1000
"""The longest sleep while idle: the loop wakes this often to notice a signal."""
IDLE_POLL = 0.01
"""How often an idle window looks for input, in seconds."""


class App:
    """The window's host: the current mode, the frame loop, and what quitting means."""

    def __init__(self, home: Callable[[App], Mode] | None = None) -> None:
        """``home`` makes the start screen; without it, leaving a table closes the window."""
        if not pygame.font.get_init():
            pygame.font.init()
        self._home = home
        self.mode: Mode | None = None
        self.running = True
        self.frames = 0
        self.frame_seconds: deque[float] = deque(maxlen=600)
        self.interrupted: str | None = None
        self._last_tick: float | None = None

    # -- Host -------------------------------------------------------------------------------

    def show(self, mode: Mode) -> None:
        self.mode = mode

    def quit(self) -> None:
        self.running = False

    def home(self) -> None:
        if self._home is None:
            self.quit()
        else:
            self.show(self._home(self))

    # -- frames -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.mode is not None:
            self.mode.handle(event)

    def animating(self) -> bool:
        return self.mode is not None and self.mode.animating()

    def tick(self, dt: float | None = None, events: list[pygame.event.Event] | None = None) -> bool:
        """One frame: events, update, draw. Returns False once the app should quit."""
        start = time.perf_counter()
        if dt is None:
            dt = 0.0 if self._last_tick is None else start - self._last_tick
        self._last_tick = start
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
            if not self.running:
                break
        if self.mode is not None and self.running:
            self.mode.update(dt)
            surface = pygame.display.get_surface()
            if surface is not None:
                self.mode.draw(surface)
                pygame.display.flip()
        self.frames += 1
        self.frame_seconds.append(time.perf_counter() - start)
        return self.running

    def settle(self, max_frames: int = 100_000, dt: float = 1.0 / FPS) -> int:
        """Run frames until the mode stops animating (a person is to move, or the game is
        over). For tests and scripts; returns the number of frames it took."""
        for n in range(max_frames):
            if not self.animating():
                return n
            self.tick(dt)
            time.sleep(0.0005)  # leave a worker thread (a bot, a push) the interpreter
        raise TimeoutError(f"the app was still busy after {max_frames} frames")

    def loop(self) -> None:
        """Run frames until the window closes: 60 a second while something moves, none while
        nothing does (it waits for input instead)."""
        clock = pygame.time.Clock()
        self.tick()  # the first picture, before any input
        while self.running and self.interrupted is None:
            if self.animating():
                clock.tick(FPS)
                self.tick()
                continue
            events = wait_for_input(IDLE_WAIT_MS / 1000.0)
            if events:
                self.tick(events=events)
                clock.tick()

    def save_now(self) -> list[Path]:
        """What the current mode holds, saved (nothing if it holds no game)."""
        if isinstance(self.mode, Keeps):
            return self.mode.save_now()
        return []

    def save_errors(self) -> list[str]:
        """Saves the current mode could not make (a mode may list them as ``save_errors``)."""
        found = getattr(self.mode, "save_errors", None)
        return list(found()) if callable(found) else []


def wait_for_input(timeout: float) -> list[pygame.event.Event]:
    """Sleep until input comes (or ``timeout`` seconds pass); the events that came.

    ``pygame.event.wait`` would do, but pygame implements it by polling SDL every millisecond,
    which alone costs about 3% of a core; looking every :data:`IDLE_POLL` seconds instead costs
    a tenth of that and delays a click by at most that long, far below what a person notices.
    """
    deadline = time.monotonic() + timeout
    while True:
        events = pygame.event.get()
        if events or time.monotonic() >= deadline:
            return events
        time.sleep(IDLE_POLL)


def close_pygame() -> None:
    """Quit pygame, first dropping cached fonts: a Font used after pygame.font.quit() crashes."""
    clear_fonts()
    pygame.quit()


def screenshot(config: AppConfig, path: str) -> int:
    """Render the position (or the start screen) to a PNG without opening a window."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    try:
        app = App()
        if config.game == "start":
            mode: Mode = StartScreen(app, AppConfig(size=config.size, sound=False))
        else:  # a table: deal (or load), then draw
            quiet = AppConfig(**{**config.__dict__, "autosave": False, "sound": False})
            mode = table_maker(config.game)(app, quiet)
            for _ in range(8):
                mode.update(0.0)
            while getattr(mode, "loading", False):  # a Pusher log replays its pushes
                time.sleep(0.01)
                mode.update(0.0)
        surface = pygame.Surface(config.size)
        mode.draw(surface)
        png = io.BytesIO()  # drawn in memory: a failed write is then atomic_write's one line
        pygame.image.save(surface, png, "png")
        atomic_write(path, png.getvalue())
    finally:
        close_pygame()
    print(f"screenshot saved to {path}")
    return 0


HEADLESS = ("offscreen", "dummy")
"""SDL's video drivers that show nothing."""


def wants_start_screen(args: argparse.Namespace) -> bool:
    """``pusher play`` with nothing chosen opens the start screen."""
    return not (
        getattr(args, "game", None) or getattr(args, "seats", None) or getattr(args, "load", None)
    )


def run(args: argparse.Namespace) -> int:
    """``pusher play``: open the window and run frames until the player quits."""
    config = AppConfig.from_args(args)
    if getattr(args, "screenshot", None):
        return screenshot(config, args.screenshot)
    pygame.display.init()
    if pygame.display.get_driver() in HEADLESS and "SDL_VIDEODRIVER" not in os.environ:
        # SDL falls back to an invisible window when there is no screen: say so instead of
        # running a game nobody can see.
        close_pygame()
        raise UserError("no display to open a window on: play with --terminal, or --screenshot")
    pygame.font.init()
    caught: dict[int, Callable[..., object] | int | None] = {}
    try:
        pygame.display.set_caption("Pusher")
        pygame.display.set_mode(config.size, pygame.RESIZABLE)
        app = App(home=lambda host: StartScreen(host, config))  # leaving goes back to it
        if wants_start_screen(args):
            app.home()
        else:
            # An autosaved game of this kind is not replaced without the player's word.
            open_table_asking(app, config, StartScreen(app, config))

        def interrupt(signum: int, _frame: FrameType | None) -> None:
            app.interrupted = signal.Signals(signum).name

        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            caught[sig] = signal.signal(sig, interrupt)
        app.loop()
        saved = app.save_now()
        failed = app.save_errors()
    finally:
        for signum, old in caught.items():
            signal.signal(signum, old)
        close_pygame()
    for problem in failed:
        print(f"pusher: {problem}", file=sys.stderr)
    where = " and ".join(str(p) for p in saved)
    if app.interrupted is not None:
        print(
            f"pusher: interrupted ({app.interrupted})"
            + (f"; game saved to {where}" if where else ""),
            file=sys.stderr,
        )
        return 128 + signal.Signals[app.interrupted].value
    if where:
        print(f"game saved to {where}")
    return 0


def run_joined(
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
    hosting: Hosting | None = None,
) -> int:
    """``pusher join``: a window on the hosted match at ``address`` until it is closed (see
    :mod:`pusher_sim.ui.common.joining`); an exit code. ``hosting``: the match this process
    hosts (``pusher host`` with a ``human`` seat), whose window lists where others join."""
    # Here, not at the top: a window that joins nothing never loads the network client.
    from pusher_sim.net import protocol
    from pusher_sim.net.client import Link, address_uri
    from pusher_sim.net.held_seats import held_token, seat_key
    from pusher_sim.ui.common.joining import Joining, finish_joined
    from pusher_sim.ui.common.remote_flow import wake_on_news

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
        joining = Joining(app, config, link, None if watch else key, seated, hosting)
        app.show(joining)
        app.loop()
    finally:
        link.close()
        close_pygame()
    return finish_joined(joining, save)
