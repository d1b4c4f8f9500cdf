"""Where a player's games are kept: the user's data folder, an autosave per game, named saves.

The folder is platformdirs' user data folder for "pusher" (``~/.local/share/pusher/saves`` on
Linux); ``PUSHER_DATA_DIR`` replaces it, which is how the tests keep away from a real home.

The folder is checked when a game starts (:func:`check_saves_dir`), by creating a file in it,
not by asking: a data folder that is a file, a link loop, ``/dev/null``, ``/proc`` or a path
too long for the system cannot hold a save, and finding that out at Ctrl-C time lost the game.
Such a folder is replaced by a stated fallback (:func:`fallback_dir`, in the system's temporary
folder), and one line says so and where saves go instead.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

import platformdirs

from pusher_sim.errors import UserError
from pusher_sim.printable import printable

ENV_DATA_DIR = "PUSHER_DATA_DIR"
_chosen: dict[str, Path] = {}
"""The saves folder in use for each data folder asked for (checked once per process)."""


def data_dir() -> Path:
    """The user's data folder for this project (not created here)."""
    override = os.environ.get(ENV_DATA_DIR)
    return Path(override) if override else platformdirs.user_data_path("pusher", appauthor=False)


def fallback_dir() -> Path:
    """Where saves go when the data folder cannot hold them: a folder of this user's in the
    system's temporary folder."""
    user = os.getuid() if hasattr(os, "getuid") else os.getlogin()
    return Path(tempfile.gettempdir()) / f"pusher-{user}" / "saves"


def folder_problem(folder: Path) -> str | None:
    """Why no save could be written in ``folder`` (created if need be), or None: proven by
    creating and removing a file there."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=".pusher-check.", suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(name)
    except OSError as exc:
        return str(exc.strerror or exc)
    except ValueError as exc:  # a NUL in the path
        return str(exc)
    return None


def check_saves_dir() -> Path:
    """The folder saves go to, checked: the data folder's, or the fallback with one line on
    stderr saying why and where. Refused (one line) if neither can hold a save."""
    wanted = data_dir() / "saves"
    key = str(wanted)
    if key in _chosen:
        return _chosen[key]
    problem = folder_problem(wanted)
    if problem is None:
        _chosen[key] = wanted
        return wanted
    fallback = fallback_dir()
    other = folder_problem(fallback)
    if other is not None:
        raise UserError(
            f"no folder can hold saved games: {printable(wanted, 200)} ({problem}), {fallback} "
            f"({other}); set {ENV_DATA_DIR} to a folder you can write"
        )
    print(
        f"pusher: the data folder {printable(wanted, 200)} cannot hold saved games ({problem}); "
        f"saves go to {printable(fallback)}",
        file=sys.stderr,
    )
    _chosen[key] = fallback
    return fallback


def saves_dir() -> Path:
    """The folder that holds autosaves and named saves, created and checked on first use."""
    return check_saves_dir()


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
