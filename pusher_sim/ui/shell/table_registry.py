"""Each game's table in the window, read from its registry entry only
(:attr:`~pusher_sim.turnloop.registry.GameSpec.table`); a game naming none plays on the text
table (:data:`DEFAULT_TABLE`). Only the window resolves the name, so the game never imports it.

The name is ``"module:attribute"`` of a :class:`~pusher_sim.ui.common.game_table.TableKind`:
calling it with the host and the :class:`~pusher_sim.ui.shell.config.AppConfig` (game, seats,
seed, a log to continue, window size...) opens the table, and
:meth:`~pusher_sim.ui.common.game_table.TableKind.on_flow` makes it on a given turn flow (a
joined window's). Tables are imported on first use, by name, so a table module may import
anything of the window's but this module.
"""

from __future__ import annotations

import importlib
from typing import Protocol, cast

from pusher_sim.turnloop.registry import get_spec
from pusher_sim.ui.common.turn_flow import TurnFlow
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.mode import Host, Mode

DEFAULT_TABLE = "pusher_sim.ui.common.text_table:open_table"
"""The table of a game whose registry entry names none: its seat's text view and its legal
moves as buttons."""


class TableMaker(Protocol):
    """A game's table (a :class:`~pusher_sim.ui.common.game_table.TableKind`), as the window
    shell uses it."""

    def __call__(self, host: Host, config: AppConfig) -> Mode:
        """Open the table for ``config``."""
        ...

    def on_flow(self, flow: TurnFlow, host: Host, config: AppConfig) -> Mode:
        """The table on ``flow`` (a joined window's)."""
        ...


def table_maker(game: str) -> TableMaker:
    """The table of ``game``: its own if its entry names one, else the text table."""
    where = get_spec(game).table or DEFAULT_TABLE
    module, name = where.split(":")
    maker = getattr(importlib.import_module(module), name)
    if not callable(maker) or not callable(getattr(maker, "on_flow", None)):
        raise TypeError(f"{where} is not a table (a TableKind)")
    return cast(TableMaker, maker)
