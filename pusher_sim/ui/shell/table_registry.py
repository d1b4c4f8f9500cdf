"""Which game has a table in the window: game name to ``"module:function"`` making its mode.

A function takes the host and the :class:`~pusher_sim.ui.shell.config.AppConfig` (game, seats, seed,
a log to continue, window size...) and returns the table's :class:`~pusher_sim.ui.shell.mode.Mode`.
Entries are imported on first use, so a table module may import anything of the window's but
this registry, and a game without a table simply has no line here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import cast

from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.mode import Host, Mode

TableMaker = Callable[[Host, AppConfig], Mode]

TABLES: dict[str, str] = {
    "pusher": "pusher_sim.ui.pusher.pusher_table:open_table",
    "rummy": "pusher_sim.ui.rummy.rummy_table:open_table",
    "pushover": "pusher_sim.ui.pushover.pushover_table:open_table",
}


def has_table(game: str) -> bool:
    return game in TABLES


def table_maker(game: str) -> TableMaker:
    """The function making ``game``'s table (KeyError for a game without one)."""
    module, name = TABLES[game].split(":")
    return cast(TableMaker, getattr(importlib.import_module(module), name))
