"""Issue 26: what a new player still tripped on around the tables: leaving, continuing, loading,
one vocabulary, the dialogs as real buttons, no sound device."""

from __future__ import annotations

import pygame
import pytest

from pusher_sim.cli import main
from pusher_sim.ui.rummy.rummy_table import RummyTable
from pusher_sim.ui.shell.app import App
from pusher_sim.ui.shell.dialogs import Confirm
from pusher_sim.ui.shell.start_screen import StartScreen
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
