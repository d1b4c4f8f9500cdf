"""The keys every table answers the same way: leave, help, sound, a new game, undo, and (through
:mod:`.save_commands` and :mod:`.replay_control`) save, load and replay; each asks first when a
game is in progress, and a joined window leaves the ones that change the match to its host.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from pusher_sim.turnloop.match import Match
from pusher_sim.ui.common.leaving import ask_leave
from pusher_sim.ui.common.match_maker import forked, started_over
from pusher_sim.ui.common.save_commands import SaveCommands
from pusher_sim.ui.common.table_protocol import ServedTable
from pusher_sim.ui.common.turn_flow import TurnFlow
from pusher_sim.ui.shell.dialogs import Choice, Confirm
from pusher_sim.ui.shell.mode import Host

HOSTS_KEYS = (pygame.K_n, pygame.K_s, pygame.K_l, pygame.K_u, pygame.K_r)
"""The keys of a table that change its match: a joined window leaves them to the host."""


class CommandedTable(ServedTable, Protocol):
    """What the commands need of a table."""

    show_help: bool
    files: SaveCommands

    def reopen(self, match: Match) -> None: ...

    def undo_refusal(self) -> str: ...

    def start_replay(self) -> None: ...

    def replace_with(
        self, make: Callable[[], Match], label: str, done: Callable[[Match], str]
    ) -> None: ...


class TableCommands:
    """The common keys of ``table`` and what they do."""

    def __init__(self, table: CommandedTable, escape: Callable[[], bool]) -> None:
        self.table = table
        self.escape = escape
        """What Esc closes first (an aim, a panel): True if it closed something."""

    @property
    def flow(self) -> TurnFlow:
        return self.table.flow

    @property
    def host(self) -> Host:
        return self.table.host

    def take(self, key: int) -> bool:
        """Act on ``key`` if it is a common command; False for a key the table keeps."""
        table = self.table
        commands: dict[int, Callable[[], None]] = {
            pygame.K_ESCAPE: self.ask_leave,
            pygame.K_h: self.toggle_help,
            pygame.K_n: self.ask_new_game,
            pygame.K_s: table.files.ask_save,
            pygame.K_l: table.files.ask_load,
            pygame.K_m: self.toggle_sound,
            pygame.K_u: self.undo,
            pygame.K_r: table.start_replay,
        }
        command = commands.get(key)
        if command is None:
            return False
        if table.flow.hosted_elsewhere and key in HOSTS_KEYS:
            table.say("this game is hosted: undo, new game, save, load and replay are the host's")
            return True
        if table.flow.applying and key in HOSTS_KEYS:
            table.say("wait: a move is being applied", warning=True)  # its log is changing
            return True
        command()
        return True

    def in_progress(self) -> bool:
        match = self.table.match
        return not match.state.is_terminal() and any(m >= 0 for m in match.log.movers)

    def ask(self, title: str, line: str, choices: Sequence[Choice]) -> None:
        host = self.table.host
        host.show(Confirm(host, self.table, title, (line,), choices))

    def toggle_help(self) -> None:
        self.table.show_help = not self.table.show_help

    def toggle_sound(self) -> None:
        muted = self.table.sounds.toggle_mute()
        self.table.say("sound off (M turns it on)" if muted else "sound on")

    def leave(self) -> None:
        """Back to the start screen; the autosave is written again, so the game left is the
        one Continue offers (the newest autosave), even when it has not moved since loading."""
        self.table.save_now()
        self.table.host.home()

    def ask_leave(self) -> None:
        """Esc: close what the table has open, else leave (asking first when something would be
        lost; what it asks depends on where the match lives, see :mod:`.leaving`)."""
        if not self.escape():
            ask_leave(self)

    def ask_new_game(self) -> None:
        if not self.in_progress():
            self.new_game()
            return
        self.ask(
            "Start a new game?",
            "This one stays in the autosave until the new game's first move.",
            [
                Choice(pygame.K_y, "New game", self.new_game, default=True),
                Choice(pygame.K_n, "Stay", _no),
            ],
        )

    def new_game(self) -> None:
        table = self.table
        table.reopen(started_over(table.match, secrets.randbelow(2**31)))
        table.say(f"a new game (seed {table.match.seed})")

    def undo(self) -> None:
        """Take back the last move a person made (and the bots' moves after it)."""
        table = self.table
        match = table.match
        if table.loading or not any(m >= 0 and match.agents[m] is None for m in match.log.movers):
            table.say("nothing to undo: no person has moved yet", warning=True)
            return
        refused = table.undo_refusal()
        if refused:
            table.say(refused, warning=True)
            return
        fork = forked(match)

        def undone() -> Match:
            fork.undo_turn()
            return fork

        table.replace_with(undone, "taking back the last move", lambda m: "took back the last move")


def _no() -> None:
    """The answer that changes nothing."""
