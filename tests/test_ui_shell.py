"""Issue 26: what a new player still tripped on around the tables: leaving, continuing, loading,
one vocabulary, the dialogs as real buttons, no sound device."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from pusher_sim.cli import main
from pusher_sim.pusher import Place
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.ui.pusher.pusher_table import PusherTable
from pusher_sim.ui.pushover.pushover_table import PushOverTable
from pusher_sim.ui.rummy.rummy_table import RummyTable
from pusher_sim.ui.shell.app import App
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.dialogs import Confirm
from pusher_sim.ui.shell.start_screen import StartScreen, open_table_asking
from tests import table_driver as drv

pytestmark = pytest.mark.usefixtures("window")


def press(app: App, code: int, unicode: str = "") -> None:
    drv.post(pygame.KEYDOWN, key=code, mod=0, unicode=unicode, scancode=0)
    app.tick(0.05)


def test_leaving_a_game_named_on_the_command_line_goes_to_the_start_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Item 3: ``pusher play rummy``, Esc, Y (leave) shows the start screen; only Q quits."""
    seen: list[object] = []

    def loop(app: App) -> None:
        for _ in range(10):
            app.tick(0.1)
        assert isinstance(app.mode, RummyTable)
        app.mode.flow.pace = 60.0  # the bots wait: the game stays as it is
        press(app, pygame.K_ESCAPE)
        if isinstance(app.mode, Confirm):
            press(app, pygame.K_y, "y")
        seen.append((app.running, app.mode))

    monkeypatch.setattr(App, "loop", loop)
    assert main(["play", "rummy", "--pace", "0"]) == 0
    running, mode = seen[0]  # type: ignore[misc]
    assert running and isinstance(mode, StartScreen)


def autosave_of(tmp_path: Path, game: str) -> Path:
    saves = tmp_path / "saves"
    saves.mkdir(exist_ok=True)
    return saves / f"autosave-{game}.json"


def test_a_finished_game_is_not_offered_as_waiting(tmp_path: Path) -> None:
    """Item 4: an autosave holding a game that is over is neither "waiting" when its game is
    started again nor offered by Continue; the start screen says it is over."""
    match = drv.api_match("pushover", ("bot", "bot"), 4, "bot", lambda m: False)
    assert match.state.is_terminal()
    match.log.save(autosave_of(tmp_path, "pushover"))
    app = App(home=lambda host: StartScreen(host, AppConfig(pace=0.0)))
    app.home()
    start = app.mode
    assert isinstance(start, StartScreen)
    assert not start.can_continue() and "over" in start.continue_label()
    press(app, pygame.K_c, "c")
    assert app.mode is start and "over" in start.message
    open_table_asking(app, AppConfig(game="pushover", pace=60.0), start)
    assert isinstance(app.mode, PushOverTable)  # no question: a new game at once


def test_continue_offers_the_game_left_last(tmp_path: Path) -> None:
    """Item 5: continue Pusher (an older autosave than Push's), leave it without moving: the
    start screen's Continue is that Pusher game, not the newer Push autosave."""
    pusher = get_spec("pusher")
    older = Match(pusher.make_game({"players": 2}), [None, None], seed=1)
    older.step(Place((1, 0)))
    older.log.save(autosave_of(tmp_path, "pusher"))
    os.utime(autosave_of(tmp_path, "pusher"), (1e9, 1e9))
    push = drv.make_match("rummy", ("human", "strong", "strong", "strong"), seed=2)
    while not push.needs_input():
        push.step()
    push.log.save(autosave_of(tmp_path, "rummy"))
    app = App(home=lambda host: StartScreen(host, AppConfig(pace=0.0)))
    app.home()
    start = app.mode
    assert isinstance(start, StartScreen) and "Continue Push," in start.continue_label()
    open_table_asking(app, AppConfig(game="pusher", seats=("human", "human")), start)
    press(app, pygame.K_c, "c")  # continue the waiting Pusher game
    assert isinstance(app.mode, PusherTable)
    app.settle()
    press(app, pygame.K_ESCAPE)
    if isinstance(app.mode, Confirm):
        press(app, pygame.K_y, "y")
    start = app.mode
    assert isinstance(start, StartScreen)
    assert start.continue_label().startswith("Continue Pusher, move 1")
