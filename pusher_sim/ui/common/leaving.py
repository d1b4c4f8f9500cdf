"""What Esc asks before a table is left, by where its match lives.

A game played here is saved and the start screen continues it. A joined window leaves a seat
the host keeps for it (joining again takes it back): the start screen cannot continue that game,
so the question does not say it can. The window that hosts the match asks whether to stop
hosting (the others are told the host has gone) or keep the match running (the start screen
leads back to it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from pusher_sim.ui.common.hosting import Hosting, leave_running, stop_hosting
from pusher_sim.ui.common.turn_flow import TurnFlow
from pusher_sim.ui.shell.dialogs import Choice
from pusher_sim.ui.shell.mode import Host


class LeavingTable(Protocol):
    """What a table gives the question (the table's commands, :mod:`.table_commands`)."""

    @property
    def flow(self) -> TurnFlow: ...

    @property
    def host(self) -> Host: ...

    def in_progress(self) -> bool: ...

    def leave(self) -> None: ...

    def ask(self, title: str, line: str, choices: Sequence[Choice]) -> None: ...


def ask_leave(table: LeavingTable) -> None:
    """Esc on a table: leave at once when nothing would be lost, else ask first."""
    flow = table.flow
    hosting: Hosting | None = getattr(flow, "hosting", None)
    left = _leaving(table)
    if hosting is not None and hosting.running():
        table.ask(
            f"Leave the {hosting.title} game you host?",
            "Keep hosting: the others play on, you may come back. Stop: they are told you left.",
            [
                Choice(pygame.K_k, "Keep hosting", lambda: _keep_then(hosting, left), True),
                Choice(pygame.K_s, "Stop hosting", lambda: _then_stop(left)),
                Choice(pygame.K_n, "Stay", _no),
            ],
        )
    elif not table.in_progress():
        left()
    elif flow.hosted_elsewhere:
        table.ask(
            "Leave this game?",
            "The host keeps your seat: join the same address again to take it back.",
            [Choice(pygame.K_y, "Leave", left, default=True), Choice(pygame.K_n, "Stay", _no)],
        )
    else:
        table.ask(
            "Leave this game?",
            "It is saved: the start screen can continue it.",
            [
                Choice(pygame.K_y, "Leave", left, default=True),
                Choice(pygame.K_q, "Quit", table.host.quit),
                Choice(pygame.K_n, "Stay", _no),
            ],
        )


def _leaving(table: LeavingTable) -> Callable[[], None]:
    """Leaving the table: a joined window first lets go of the host (its seat is kept)."""
    link = getattr(table.flow, "link", None)

    def leave() -> None:
        if link is not None:
            link.close()
        table.leave()

    return leave


def _keep_then(hosting: Hosting, leave: Callable[[], None]) -> None:
    leave_running(hosting)
    leave()


def _then_stop(leave: Callable[[], None]) -> None:
    """Leave (this window's link first), then stop serving."""
    leave()
    stop_hosting()


def _no() -> None:
    """The answer that changes nothing."""
