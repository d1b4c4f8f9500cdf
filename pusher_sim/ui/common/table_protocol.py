"""What the table framework's helpers (:mod:`.table_commands`, :mod:`.save_commands`,
:mod:`.replay_control`) all need of the table they serve: its match and turn flow, the app
showing it, its sounds, the message line, and writing the game. Each helper's own protocol adds
the little more it uses; the one class that has them all is
:class:`~pusher_sim.ui.common.game_table.GameTable`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from pusher_sim.turnloop.match import Match
from pusher_sim.ui.common.turn_flow import TurnFlow
from pusher_sim.ui.shell.mode import Host, Mode
from pusher_sim.ui.shell.sound import Sounds


class ServedTable(Mode, Protocol):
    """A table as the framework's helpers see it (see the module docstring)."""

    flow: TurnFlow
    host: Host
    sounds: Sounds

    @property
    def match(self) -> Match: ...

    @property
    def loading(self) -> bool: ...

    def say(self, words: str, warning: bool = False) -> None: ...

    def save_now(self) -> list[Path]: ...
