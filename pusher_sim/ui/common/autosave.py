"""Writing a table's game to disk: the autosave after every move and ``--save`` at the end.

Every table saves through :class:`GameSaver`, so there is one place that turns a log into the
file's text, one place that writes it (atomically, :mod:`pusher_sim.atomic`) and one wording for
a folder that cannot be written: the game goes on and the failure is said on screen and listed
again when the window closes. Where the autosave lives is :func:`pusher_sim.saves.autosave_path`.
"""

from __future__ import annotations

from pathlib import Path

from pusher_sim.errors import UserError
from pusher_sim.saves import autosave_path
from pusher_sim.turnloop.log import GameLog


def saved_game(path: Path) -> str | None:
    """The game a saved file holds (its registry name), or None when it cannot be read."""
    try:
        return GameLog.load(path).game
    except (UserError, OSError):
        return None


class GameSaver:
    """Where one table's games go: the autosave (unless turned off) and ``--save``'s file."""

    def __init__(self, autosave: bool, save_path: Path | None = None) -> None:
        self.autosave = autosave
        self.save_path = save_path
        self.errors: list[str] = []
        """Every save that failed, in the words said on screen."""

    def write(self, path: Path, log: GameLog) -> Path:
        """``log`` to ``path`` atomically; raises UserError or OSError."""
        return log.save(path)

    def autosave_now(self, log: GameLog) -> tuple[Path | None, str]:
        """Keep ``log`` in its game's autosave: the path written (None when autosave is off or
        there is nothing to keep) and what went wrong ("" when nothing did)."""
        if not self.autosave or not log.actions:
            return None, ""
        try:
            return self.write(autosave_path(log.game), log), ""
        except (UserError, OSError) as exc:  # the data folder cannot be made or written
            return None, self._failed(f"autosave failed: {exc}")

    def save_all(self, log: GameLog) -> tuple[list[Path], str]:
        """The autosave and ``--save``'s file, as the window closes or a game ends."""
        written: list[Path] = []
        auto, problem = self.autosave_now(log)
        if auto is not None:
            written.append(auto)
        if self.save_path is not None:
            try:
                written.append(self.write(self.save_path, log))
            except (UserError, OSError) as exc:
                problem = self._failed(f"cannot save: {exc}")
        return written, problem

    def _failed(self, words: str) -> str:
        self.errors.append(words)
        return words
