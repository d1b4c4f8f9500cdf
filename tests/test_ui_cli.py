"""``pusher play --screenshot`` renders the position to a PNG, headless (issue 6)."""

from __future__ import annotations

import os
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PUSHER_DATA_DIR"] = tempfile.mkdtemp(prefix="pusher-ui-cli-tests-")  # never the user's

import threading
from pathlib import Path

import pygame
import pytest

from pusher_sim.board_sprites import BALL_RGB
from pusher_sim.cli import main
from pusher_sim.pusher import Place, PusherGame
from pusher_sim.pusher.spec import SPEC
from pusher_sim.turnloop import GameLog, Match
from pusher_sim.ui.pusher.screen_layout import Layout


def test_screenshot_writes_a_png_of_the_window_size(tmp_path: Path) -> None:
    png = tmp_path / "shot.png"
    args = ["play", "--seats", "human,bot", "--seed", "3", "--size", "800x600"]
    assert main([*args, "--screenshot", str(png)]) == 0
    image = pygame.image.load(str(png))
    assert image.get_size() == (800, 600)
    colours = {image.get_at((x, y))[:3] for x in range(0, 800, 40) for y in range(0, 600, 40)}
    assert len(colours) > 10  # a picture, not a blank


def test_screenshot_of_a_loaded_game_shows_its_balls(tmp_path: Path) -> None:
    game = SPEC.make_game({"players": 2})
    assert isinstance(game, PusherGame)
    match = Match(game, [None, None], seed=5, seat_names=["human", "human"])
    match.step(Place((1, 0)))
    log, png = tmp_path / "game.json", tmp_path / "shot.png"
    match.log.save(log)
    assert main(["play", "--load", str(log), "--screenshot", str(png), "--size", "900x700"]) == 0
    image = pygame.image.load(str(png))
    layout = Layout.fit(game.board, (900, 700), 2, 0.008)
    x, y = layout.cell_screen((1, 0))
    # Just below the highlight: the shaded red ball, not the blue cup beneath it.
    pixel = image.get_at((round(x), round(y + 0.3 * layout.ball_px)))
    r, g, b = pixel.r, pixel.g, pixel.b
    red = BALL_RGB[next(c for c in BALL_RGB if c.label == "red")]
    assert r > 2 * g and r > 2 * b and abs(r - red[0]) < 90


def test_a_bad_window_size_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--size", "huge", "--screenshot", "x.png"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--size" in err


def test_the_window_runs_frames_until_escape(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``pusher play`` opens the window and its frame loop ends on Esc (posted from outside)."""
    monkeypatch.setenv("PUSHER_DATA_DIR", str(tmp_path))  # no autosave to ask about first
    done = threading.Event()

    def press_escape() -> None:
        while not done.wait(0.2):
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))

    presser = threading.Thread(target=press_escape, daemon=True)
    presser.start()
    save = tmp_path / "game.json"
    try:
        code = main(["play", "--seats", "human,bot", "--seed", "2", "--save", str(save)])
    finally:
        done.set()
    assert code == 0
    assert GameLog.load(save).seed == 2  # --save writes the log when the window closes


def test_no_display_is_one_line_not_an_invisible_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # As on a machine with no screen and no SDL_VIDEODRIVER chosen: SDL falls back to offscreen.
    monkeypatch.delenv("SDL_VIDEODRIVER")
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    assert main(["play", "--seats", "human,bot"]) == 2
    err = capsys.readouterr().err
    assert "no display" in err and err.count("\n") == 1
