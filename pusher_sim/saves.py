"""Where a player's games are kept: the user's data folder, an autosave per game, named saves.

The folder is platformdirs' user data folder for "pusher" (``~/.local/share/pusher/saves`` on
Linux); ``PUSHER_DATA_DIR`` replaces it, which is how the tests keep away from a real home.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import platformdirs

from pusher_sim.errors import UserError

ENV_DATA_DIR = "PUSHER_DATA_DIR"


def data_dir() -> Path:
    """The user's data folder for this project (not created here)."""
    override = os.environ.get(ENV_DATA_DIR)
    return Path(override) if override else platformdirs.user_data_path("pusher", appauthor=False)


def saves_dir() -> Path:
    """The folder that holds autosaves and named saves, created on first use."""
    folder = data_dir() / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def autosave_path(game: str) -> Path:
    """The one autosave of ``game`` (``pusher``, ``rummy`` or ``pushover``)."""
    return saves_dir() / f"autosave-{game}.json"


def new_save_path(game: str, name: str | None = None) -> Path:
    """A path for a new named save that does not exist yet: ``name`` if given, else a timestamp.

    A clash gets ``-2``, ``-3``... appended, so a save never overwrites another silently.
    """
    if name is not None and (not name or Path(name).name != name or name.startswith(".")):
        raise UserError(f"a save name is a plain file name, got {name!r}")
    stem = name or f"{game}-{time.strftime('%Y%m%d-%H%M%S')}"
    folder = saves_dir()
    path = folder / f"{stem}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    return path
