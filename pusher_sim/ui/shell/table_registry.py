"""Which game has a table in the window, and the function making it: the game's registry entry
names it (:attr:`~pusher_sim.turnloop.registry.GameSpec.table`), only the window resolves it.

A function takes the host and the :class:`~pusher_sim.ui.shell.config.AppConfig` (game, seats, seed,
a log to continue, window size...) and returns the table's :class:`~pusher_sim.ui.shell.mode.Mode`.
Tables are imported on first use, so a table module may import anything of the window's but
this module, and a game without a table simply names none.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import cast

from pusher_sim.turnloop.registry import get_spec
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.mode import Host, Mode

TableMaker = Callable[[Host, AppConfig], Mode]


def has_table(game: str) -> bool:
    return get_spec(game).table is not None


def table_maker(game: str) -> TableMaker:
    """The function making ``game``'s table (KeyError for a game without one)."""
    where = get_spec(game).table
    if where is None:
        raise KeyError(game)
    module, name = where.split(":")
    return cast(TableMaker, getattr(importlib.import_module(module), name))
