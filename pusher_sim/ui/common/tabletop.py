"""What a game's tabletop reads of the :class:`~pusher_sim.ui.common.game_table.GameTable` it is
plugged into, under short names: the match, the turn flow, the seat's view, the message line,
the sounds. A tabletop holds its table (composition); these accessors only save it writing
``self.table.`` everywhere. Three of the :class:`~pusher_sim.ui.common.game_table.Tabletop`'s
questions have a plain answer here, which a tabletop restates only when its game needs another
(Esc closes nothing of its own, a log is continued as it stands, whatever holds the next move
back is an animation).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.seat_view import SeatMirror
from pusher_sim.turnloop.state import State
from pusher_sim.ui.common.game_table import GameTable
from pusher_sim.ui.common.match_maker import MatchMaker
from pusher_sim.ui.common.replay import Replay
from pusher_sim.ui.common.turn_flow import TurnFlow
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.sound import Sounds


class OnTable:
    """A tabletop's link to its table (see the module docstring)."""

    def __init__(self, table: GameTable[Any]) -> None:
        self.table = table

    @property
    def flow(self) -> TurnFlow:
        return self.table.flow

    @property
    def match(self) -> Match:
        return self.table.match

    @property
    def config(self) -> AppConfig:
        return self.table.config

    @property
    def mirror(self) -> SeatMirror:
        return self.table.mirror

    @property
    def seen(self) -> State:
        """The position as the seat the table draws for sees it."""
        return self.table.seen

    @property
    def seen_before(self) -> State:
        """The position before the last move, as that seat saw it."""
        return self.table.seen_before

    @property
    def speed(self) -> float:
        """Animation speed: 1 is the readable pace."""
        return self.table.speed

    @property
    def sounds(self) -> Sounds:
        return self.table.sounds

    @property
    def replay(self) -> Replay | None:
        return self.table.replay

    @property
    def loading(self) -> bool:
        return self.table.loading

    @property
    def message(self) -> str:
        return self.table.message

    @property
    def warning(self) -> bool:
        return self.table.warning

    @property
    def clock(self) -> float:
        """Seconds the table has run (what idle animations are timed by)."""
        return self.table.clock

    def say(self, words: str, warning: bool = False) -> None:
        self.table.say(words, warning)

    def perform(self, action: Action) -> bool:
        """A person's command: applied, or why not said (False)."""
        return self.table.perform(action)

    def escape(self) -> bool:
        """Esc: nothing of the tabletop's own to close."""
        return False

    def continued(self, maker: MatchMaker, log: GameLog, current: Match | None) -> Match:
        """The match continuing ``log``, as it stands."""
        return maker.from_log(log, None, current)

    def holding(self) -> bool:
        """Nothing on screen holds the next move back."""
        return False

    def showing(self) -> bool:
        """An animation runs exactly while the next move is held back."""
        return self.holding()

    def doer(self, action: Action) -> Callable[[], None]:
        """What a button for ``action`` does when pressed: :meth:`perform` it."""

        def press() -> None:
            self.perform(action)

        return press
