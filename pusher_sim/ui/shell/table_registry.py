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


TABLE_CLASSES: dict[str, str] = {
    "pusher": "pusher_sim.ui.pusher.pusher_table:PusherTable",
    "rummy": "pusher_sim.ui.rummy.rummy_table:RummyTable",
    "pushover": "pusher_sim.ui.pushover.pushover_table:PushOverTable",
}
"""Each game's table class, made on a turn flow: ``Table(flow, host, config)`` (a joined window
gives it the flow of a hosted match)."""


def has_table(game: str) -> bool:
    return get_spec(game).table is not None


def table_maker(game: str) -> TableMaker:
    """The function making ``game``'s table (KeyError for a game without one)."""
    where = get_spec(game).table
    if where is None:
        raise KeyError(game)
    module, name = where.split(":")
    return cast(TableMaker, getattr(importlib.import_module(module), name))


def table_class(game: str) -> Callable[..., Mode]:
    """The class of ``game``'s table (KeyError for a game without one)."""
    module, name = TABLE_CLASSES[game].split(":")
    return cast(Callable[..., Mode], getattr(importlib.import_module(module), name))
