"""Hypothesis in CI explores the same examples every run (CI sets CI=true), so a red build is
always reproducible; on a developer's machine it keeps searching for new ones. The window tests'
fixtures, :func:`window` and :func:`unwritable_data_folder`, are here too, and :func:`nim`, the
test game's registration."""

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture
def window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A headless pygame window (1100x800) with the user's data folder in ``tmp_path``: every
    window test's set-up, written once; pygame and its cached fonts are closed after."""
    import pygame

    from pusher_sim.ui.shell.app import close_pygame

    for name in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
        monkeypatch.setenv(name, "dummy")
    monkeypatch.setenv("PUSHER_DATA_DIR", str(tmp_path))
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1100, 800), pygame.RESIZABLE)
    close_pygame()


@pytest.fixture
def unwritable_data_folder(window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The window's data folder is a file, so nothing can be written there (issue 21): the saves
    must choose their fallback, under ``tmp_path``, which is returned. (After :func:`window`,
    which sets a data folder of its own.)"""
    import tempfile

    from pusher_sim import saves

    blocked = tmp_path / "not-a-folder"
    blocked.write_text("not a folder")
    monkeypatch.setenv("PUSHER_DATA_DIR", str(blocked))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(saves, "_chosen", {})
    return saves.fallback_dir()


@pytest.fixture
def nim(monkeypatch: pytest.MonkeyPatch) -> str:
    """The test game Nim (tests/nim/) registered for this test: in the registry's ``GAMES`` for
    this process, and in ``PUSHER_GAMES`` for the ``pusher`` processes it starts."""
    from pusher_sim.turnloop.registry import GAMES, GAMES_VARIABLE
    from tests.nim import ENTRY

    name, _, where = ENTRY.partition("=")
    monkeypatch.setitem(GAMES, name, where)
    monkeypatch.setenv(GAMES_VARIABLE, ENTRY)
    return name


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's Chromium for the browser tests (tests/browser.py); without one they are skipped
    with one line saying so."""
    from tests.browser import launch

    yield from launch()
