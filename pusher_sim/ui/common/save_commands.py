"""S and L at a table: saving the game under a name, and loading a saved one (this game's on
this table, another game's on its own table), each asking first when a game is in progress.

The commands work on any table through :class:`SavingTable`, the little they need of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Protocol

import pygame

from pusher_sim.errors import UserError
from pusher_sim.saves import autosave_path, data_dir, new_save_path, saves_dir
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import GAMES
from pusher_sim.ui.common.autosave import GameSaver, saved_game
from pusher_sim.ui.common.match_maker import MatchMaker
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.dialogs import Choice, Choose, TextPrompt
from pusher_sim.ui.shell.mode import Host, Mode
from pusher_sim.ui.shell.table_registry import table_maker
from pusher_sim.ui.shell.words import game_title


class SavingTable(Mode, Protocol):
    """What saving and loading need of a table."""

    host: Host
    config: AppConfig
    saver: GameSaver

    @property
    def match(self) -> Match: ...

    def say(self, words: str, warning: bool = False) -> None: ...

    def in_progress(self) -> bool: ...

    def ask(self, title: str, line: str, choices: Sequence[Choice]) -> None: ...

    def save_now(self) -> list[Path]: ...

    def continued(self, maker: MatchMaker, log: GameLog, current: Match | None) -> Match: ...

    def replace_with(
        self, make: Callable[[], Match], label: str, done: Callable[[Match], str]
    ) -> None: ...


class SaveCommands:
    """S and L for one table."""

    def __init__(self, table: SavingTable) -> None:
        self.table = table

    def ask_save(self) -> None:
        table = self.table
        folder = data_dir() / "saves"
        lines = (f"Saves go to {folder}", "Type a name, or just Enter for a dated one.")
        table.host.show(TextPrompt(table.host, table, "Save this game", lines, self.save_as))

    def save_as(self, name: str) -> None:
        """Save under ``name`` (empty: a dated name); an existing save is never overwritten."""
        table = self.table
        match = table.match
        try:
            path = table.saver.write(new_save_path(match.game.name, name or None), match.log)
        except (UserError, OSError) as exc:
            table.say(f"cannot save: {exc}", warning=True)
            return
        table.say(f"saved {match.moves} moves to {path}")

    def ask_load(self) -> None:
        if not self.table.in_progress():
            self.choose_save()
            return
        self.table.ask(
            "Load another game?",
            "This one is kept in the autosave until the loaded game moves on.",
            [
                Choice(pygame.K_y, "Choose a game", self.choose_save, default=True),
                Choice(pygame.K_n, "Stay", _stay),
            ],
        )

    def choose_save(self) -> None:
        """The named saves, newest first (``--save``'s file first), each with its game; one of
        another game opens on that game's table."""
        table = self.table
        try:
            folder = saves_dir()
            found = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        except OSError as exc:
            table.say(f"cannot read the saves: {exc}", warning=True)
            return
        autosaves = {autosave_path(g) for g in GAMES}  # Continue reaches those
        paths = [p for p in found if p not in autosaves]
        given = table.config.save_path
        if given is not None and given.exists():  # --save's file first
            paths = [given, *(p for p in paths if p.resolve() != given.resolve())]
        if not paths:
            table.say(f"no saved games in {folder}", warning=True)
            return
        games = [saved_game(p) for p in paths]
        names = [
            f"{game_title(g)}: {p.name}" if g else p.name for p, g in zip(paths, games, strict=True)
        ]

        def pick(n: int) -> None:
            game = games[n] or table.match.game.name  # unreadable: the load says why
            if game == table.match.game.name:
                self.load_from(paths[n])
            else:
                self.open_elsewhere(game, paths[n])

        table.host.show(Choose(table.host, table, "Load a game", names, pick))

    def open_elsewhere(self, game: str, path: Path) -> None:
        """Continue the save at ``path`` of another game on that game's table (this game is
        kept in its autosave)."""
        table = self.table
        config = replace(table.config, game=game, load=str(path), seats=None, seed=None)
        try:
            other = table_maker(game)(table.host, config)
        except UserError as exc:
            table.say(f"cannot load {path.name}: {exc}", warning=True)
            return
        table.save_now()
        table.host.show(other)

    def load_from(self, path: Path) -> None:
        """Continue the game saved at ``path`` (replayed off the frame loop)."""
        table = self.table
        name = table.match.game.name
        maker = MatchMaker(name)
        current = table.match

        def load() -> Match:
            log = GameLog.load(path)
            if log.game != name:
                mine, theirs = game_title(name), game_title(log.game)
                raise UserError(f"{path.name} is a {theirs} game, not a {mine} one")
            return table.continued(maker, log, current)

        named = file_words(path, name)
        table.replace_with(
            load, f"loading {named}", lambda m: f"loaded {m.moves} moves from {named}"
        )


def file_words(path: str | Path, game: str) -> str:
    """How the window names a saved game: "your last game" for the game's autosave (what
    Continue opens), else the file's name; never a folder (a player needs no absolute path)."""
    try:
        autosave = Path(path).resolve() == autosave_path(game).resolve()
    except OSError:
        autosave = False
    return "your last game" if autosave else Path(path).name


def _stay() -> None:
    """The answer that changes nothing."""
