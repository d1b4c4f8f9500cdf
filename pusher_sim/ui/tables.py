"""Which window table plays which turn-loop game: the one place the app asks for a Push or Push
Over table, given a match and the host that shows it."""

from __future__ import annotations

from pusher_sim.turnloop.match import Match
from pusher_sim.ui.hotseat import TurnFlow
from pusher_sim.ui.mode import Host
from pusher_sim.ui.pushover_table import PushOverTable
from pusher_sim.ui.rummy_table import RummyTable
from pusher_sim.ui.table import GameTable

CARD_AND_DICE_GAMES = ("rummy", "pushover")
"""Games drawn by a :class:`GameTable` (Pusher has its own table)."""

BOT_PACE = 0.8
"""Seconds a bot waits before each move at speed 1: slow enough to follow."""


def open_table(
    match: Match, host: Host | None = None, speed: float = 1.0, autosave: bool = True
) -> GameTable:
    """The table for ``match``'s game. ``speed`` scales the bots' pace and every animation."""
    game = match.game.name
    pace = BOT_PACE / speed if speed > 0 else 0.0
    if game == "rummy":
        return RummyTable(TurnFlow(match, True, pace, autosave), host, speed)
    if game == "pushover":
        return PushOverTable(TurnFlow(match, False, pace, autosave), host, speed)
    raise ValueError(f"no card or dice table for {game!r}")
