"""Who moves next at a card or dice table, whose eyes the table draws for, and at what pace.

People, bots and chance share one :class:`~pusher_sim.turnloop.match.Match`. A bot decides on a
background thread (:mod:`pusher_sim.ui.shell.jobs`) after a readable pause, so the frame loop never
blocks. The table draws one seat's observation, the *viewer*: the one person at the table, or in
hot-seat play the person whose turn it is; when hands are hidden, the screen goes blank until
the next person says they have it ("pass the screen"), so nobody sees a hand that is not theirs.
Every move is autosaved atomically to the user's data folder.
"""

from __future__ import annotations

import json
from concurrent.futures import Future
from dataclasses import dataclass

from pusher_sim.atomic import atomic_write
from pusher_sim.errors import UserError
from pusher_sim.saves import autosave_path
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.state import State
from pusher_sim.ui.shell.jobs import in_background


@dataclass(frozen=True)
class Played:
    """One action just applied, with the position before it (for the table's animation)."""

    mover: int
    """The seat that moved, or CHANCE."""
    action: Action
    before: State


class TurnFlow:
    """Drives one match for a table: people act through :meth:`play`, the rest in :meth:`update`."""

    def __init__(
        self, match: Match, hides_hands: bool, pace: float = 0.8, autosave: bool = True
    ) -> None:
        self.match = match
        self.hides_hands = hides_hands
        self.pace = pace
        """Seconds a bot waits before it moves, so a person can follow."""
        self.autosave = autosave
        self.people = tuple(s for s, agent in enumerate(match.agents) if agent is None)
        self.viewer = self.people[0] if self.people else 0
        self.pass_to = -1
        """A person who must take the screen before the table shows anything of theirs, or -1."""
        self.error = ""
        self._job: Future[Action] | None = None
        self._wait = -1.0
        self._start()

    # -- whose view -------------------------------------------------------------------------

    @property
    def hot_seat(self) -> bool:
        return len(self.people) > 1

    def _follow(self) -> None:
        """Turn the table to the person to move (through a screen pass if hands are hidden)."""
        seat = self.match.state.current_player()
        if seat < 0 or self.match.agents[seat] is not None or seat == self.viewer:
            return
        if self.hides_hands:
            self.pass_to = seat
        else:
            self.viewer = seat

    def take_screen(self) -> None:
        """The person the screen was passed to has it: show their view."""
        if self.pass_to >= 0:
            self.viewer, self.pass_to = self.pass_to, -1

    @property
    def awaiting(self) -> int:
        """The seat of the person who may act now, or -1 (a bot, chance, a pass, the end)."""
        state = self.match.state
        if self.pass_to >= 0 or self._job is not None or not self.match.needs_input():
            return -1
        seat = state.current_player()
        return seat if seat == self.viewer else -1

    @property
    def thinking(self) -> bool:
        return self._job is not None

    def busy(self) -> bool:
        """True while frames must come without input: a bot or chance is about to move."""
        state = self.match.state
        if self._job is not None:
            return True
        return not state.is_terminal() and not self.match.needs_input() and self.pass_to < 0

    # -- moves ------------------------------------------------------------------------------

    def play(self, action: Action) -> Played:
        """A person's action; raises IllegalMove (and changes nothing) if it is not legal."""
        self.match.state.validate(action)
        return self._step(action)

    def _step(self, action: Action) -> Played:
        before = self.match.state.clone()
        mover = before.current_player()
        self.match.step(action)
        self._wait = -1.0
        self.save()
        self._follow()
        return Played(mover, action, before)

    def save(self) -> None:
        """Autosave; a folder that cannot be written is reported, and the game goes on."""
        if not self.autosave:
            return
        try:
            data = json.dumps(self.match.log.to_json())
            atomic_write(autosave_path(self.match.game.name), data + "\n")
        except (UserError, OSError) as exc:
            self.error = f"autosave failed: {exc}"

    def update(self, dt: float, hold: bool = False) -> Played | None:
        """Poll the bot's decision; start the next bot or chance move unless ``hold`` (the table
        is still animating). Returns the action applied this frame, if any."""
        job = self._job
        if job is not None:
            if not job.done():
                return None
            self._job = None
            exc = job.exception()
            if exc is not None:
                self.error = f"the bot failed: {type(exc).__name__}: {exc}"
                return None
            return self._step(job.result())
        state = self.match.state
        if hold or self.pass_to >= 0 or state.is_terminal() or self.match.needs_input():
            return None
        if state.is_chance():
            return self._step(self.match.next_action())
        if self._wait < 0:
            self._wait = self.pace
        self._wait -= dt
        if self._wait > 0:
            return None
        self._job = in_background(self.match.next_action, "pusher-bot")
        return None

    def replace(self, match: Match) -> None:
        """Play ``match`` from now on (a new game, a loaded one); a bot still thinking about the
        old one is forgotten."""
        self.match = match
        self._job = None
        self._wait = -1.0
        self.people = tuple(s for s, agent in enumerate(match.agents) if agent is None)
        self.viewer = self.people[0] if self.people else 0
        self.pass_to = -1
        self._start()

    def _start(self) -> None:
        """Who sees a match that is just opened: with hidden hands and several people, nobody
        until the person to move (or the first person) says they have the screen."""
        if self.hides_hands and self.hot_seat:
            seat = self.match.state.current_player()
            mover = seat >= 0 and self.match.agents[seat] is None
            self.pass_to = seat if mover else self.people[0]
        else:
            self._follow()


class WatchFlow(TurnFlow):
    """The turn flow of a replay: ``match`` shown to the viewer ``live`` shows, moving only when
    the replay shows the next logged move, never saved, and nobody may act in it.

    Keeping the viewer keeps a replay of hidden hands to what that seat could see."""

    def __init__(self, live: TurnFlow, match: Match) -> None:
        super().__init__(match, live.hides_hands, live.pace, autosave=False)
        self.viewer = live.viewer
        self.pass_to = -1
        self.befores: list[State] = []
        """The position before each move shown so far, for going back."""

    @property
    def awaiting(self) -> int:
        return -1

    def busy(self) -> bool:
        return False

    def update(self, dt: float, hold: bool = False) -> Played | None:
        return None

    def show(self, action: Action) -> Played:
        """Apply the replay's next move (from the log, so legal) for the table to animate."""
        before = self.match.state.clone()
        mover = before.current_player()
        self.match.step(action)
        self.befores.append(before)
        return Played(mover, action, before)

    def back(self) -> None:
        """Undo the last move shown: the position before it, and the log without it."""
        self.match.state = self.befores.pop().clone()
        del self.match.log.actions[-1]
        del self.match.log.movers[-1]
