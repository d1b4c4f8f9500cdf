"""Who moves next at a card or dice table, whose eyes the table draws for, and at what pace.

People, bots and chance share one :class:`~pusher_sim.turnloop.match.Match`. A bot decides on a
background thread (:mod:`pusher_sim.ui.shell.jobs`) after a readable pause, so the frame loop never
blocks. The table draws one seat's observation, the *viewer*: the one person at the table, or in
hot-seat play the person whose turn it is; when hands are hidden, the screen goes blank until
the next person says they have it ("pass the screen"), so nobody sees a hand that is not theirs.
Every move is autosaved atomically to the user's data folder
(:mod:`~pusher_sim.ui.common.autosave`).

A game whose moves take long to apply (a Pusher push is simulated: tens of milliseconds) asks for
``off_loop``: each move is then applied on a background thread and :meth:`TurnFlow.update` hands
it to the table once it is done, so no frame waits for the physics.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from concurrent.futures import Future, wait
from dataclasses import dataclass
from typing import Any

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.seat_view import SeatView, seat_view
from pusher_sim.turnloop.state import State
from pusher_sim.ui.common.autosave import GameSaver
from pusher_sim.ui.common.table_frame import TableFrame
from pusher_sim.ui.shell.jobs import in_background


@dataclass(frozen=True)
class Logged:
    """A move read from a game log, with the outcome the log records for it (None: none)."""

    outcome: Mapping[str, Any] | None


Applier = Callable[[Match, Action, Logged | None], object]
"""How a move is applied to the match (a logged one with its recorded outcome, as it stands):
:func:`step_only` for most games; a game's own applier may return what the table needs to play
the move back (Pusher's: the push's outcome with the path the balls took)."""


def step_only(match: Match, action: Action, logged: Logged | None = None) -> None:
    """The plain way to apply a move: played now, or read from a log."""
    if logged is None:
        match.step(action)
    else:
        match.step_logged(action, logged.outcome)


@dataclass(frozen=True)
class Played:
    """One action just applied, with the position before it (for the table's animation)."""

    mover: int
    """The seat that moved, or CHANCE."""
    action: Action
    before: State
    outcome: object = None
    """What the game's applier returned for the table to play back (Pusher's: the push's
    outcome with its path), else None; the game's table knows its type."""


class TurnFlow:
    """Drives one match for a table: people act through :meth:`play`, the rest in :meth:`update`."""

    hosted_elsewhere = False
    """True for a joined window's flow: the match is the host's to undo, restart, save or load."""

    def __init__(
        self,
        match: Match,
        hides_hands: bool,
        pace: float = 0.8,
        autosave: bool = True,
        apply: Applier = step_only,
        off_loop: bool = False,
    ) -> None:
        self.match = match
        self.hides_hands = hides_hands
        self.pace = pace
        """Seconds a bot waits before it moves, so a person can follow."""
        self.saver = GameSaver(autosave)
        self.apply = apply
        self.off_loop = off_loop
        """Apply moves on a background thread (see the module docstring)."""
        self._applying: Future[Played] | None = None
        self.people = tuple(s for s, agent in enumerate(match.agents) if agent is None)
        self.viewer = self.people[0] if self.people else 0
        self.pass_to = -1
        """A person who must take the screen before the table shows anything of theirs, or -1."""
        self.error = ""
        self.frame = TableFrame()
        """What surrounds the table (a hosted match's presence panel and chat)."""
        self.stalled = False
        """A bot's decision failed: no automatic move until the match is replaced."""
        self._job: Future[Action] | None = None
        self._ahead = False
        """The bot's decision was started while the last move was still on screen."""
        self._wait = -1.0
        self._start()

    # -- whose view -------------------------------------------------------------------------

    def seat_view(self, seat: int) -> SeatView:
        """What ``seat`` may know of the match now (a joined window's flow is told it)."""
        return seat_view(self.match, seat)

    @property
    def hot_seat(self) -> bool:
        return len(self.people) > 1

    @property
    def you(self) -> int:
        """The seat the one person at this window plays ("you" on the table), or -1: hot-seat
        play, a spectator, bots only."""
        return self.viewer if self.viewer in self.people and not self.hot_seat else -1

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
        if self.pass_to >= 0 or self._job is not None or self._applying is not None:
            return -1
        if not self.match.needs_input():
            return -1
        seat = state.current_player()
        return seat if seat == self.viewer else -1

    @property
    def thinking(self) -> bool:
        return self._job is not None

    @property
    def applying(self) -> bool:
        """True while a move is being applied off the frame loop."""
        return self._applying is not None

    def busy(self) -> bool:
        """True while frames must come without input: a bot or chance is about to move."""
        state = self.match.state
        if self._job is not None or self._applying is not None:
            return True
        if self.stalled:
            return False
        return not state.is_terminal() and not self.match.needs_input() and self.pass_to < 0

    # -- moves ------------------------------------------------------------------------------

    def play(self, action: Action) -> Played | None:
        """A person's action; raises IllegalMove (and changes nothing) if it is not legal.
        Returns what was played, or None while it is applied off the frame loop (then
        :meth:`update` returns it)."""
        self.match.state.validate(action)
        return self._step(action)

    def _step(self, action: Action) -> Played | None:
        if self.off_loop:
            self._applying = in_background(lambda: self._apply(action), "pusher-move")
            return None
        return self._applied(self._apply(action))

    def _apply(self, action: Action) -> Played:
        before = self.match.state.clone()
        mover = before.current_player()
        outcome = self.apply(self.match, action, self._logged())
        return Played(mover, action, before, outcome)

    def _logged(self) -> Logged | None:
        """How the log records the move about to be applied (None: it is played now)."""
        return None

    def _applied(self, played: Played) -> Played:
        self._wait = -1.0
        self.save()
        self._follow()
        return played

    def _poll_applying(self) -> Played | None:
        """The move applied off the frame loop, once it is done (None before, or on failure)."""
        job = self._applying
        if job is None or not job.done():
            return None
        self._applying = None
        exc = job.exception()
        if exc is not None:
            self.error = f"the move failed: {type(exc).__name__}: {exc}"
            return None
        return job.result()

    def save(self) -> None:
        """Autosave; a folder that cannot be written is reported, and the game goes on."""
        _, problem = self.saver.autosave_now(self.match.log)
        if problem:
            self.error = problem

    def update(self, dt: float, hold: bool = False) -> Played | None:
        """Poll the bot's decision; apply the next bot or chance move unless ``hold`` (the table
        is still animating). Returns the action applied this frame, if any.

        A bot thinks while the last move is still on screen: its decision is waited for only
        once the animation and the pace are over, so a bot's chain of pushes plays on without
        a pause for thinking between them (and with F, without any pause the window adds)."""
        if self._applying is not None:
            played = self._poll_applying()
            return None if played is None else self._applied(played)
        job = self._job
        if job is None and hold and self._bot_due():
            self._job = in_background(self.match.next_action, "pusher-bot")  # think meanwhile
            self._wait = -1.0
            return None
        if job is not None:
            if hold:
                return None
            if self._ahead:  # thought during the animation: the pace runs now
                if self._wait < 0:
                    self._wait = self.pace
                self._wait -= dt
                if self._wait > 0:
                    return None
            if not job.done():
                return None
            self._job = None
            exc = job.exception()
            if exc is not None:
                self.error = f"the bot failed: {type(exc).__name__}: {exc}"
                self.stalled = True
                return None
            return self._step(job.result())
        state = self.match.state
        if hold or self.pass_to >= 0 or state.is_terminal() or self.match.needs_input():
            return None
        if self.stalled:
            return None
        if state.is_chance():
            return self._step(self.match.next_action())
        if self._wait < 0:
            self._wait = self.pace
        self._wait -= dt
        if self._wait > 0:
            return None
        self._job = in_background(self.match.next_action, "pusher-bot")
        self._ahead = False
        return None

    def _bot_due(self) -> bool:
        """A bot moves next and may start thinking now."""
        state = self.match.state
        if self.stalled or self.pass_to >= 0 or state.is_terminal() or state.is_chance():
            return False
        self._ahead = not self.match.needs_input()
        return self._ahead

    def wait_applied(self, timeout: float = 30.0) -> None:
        """Block until the move being applied off the frame loop is in the match (saving as the
        window closes must not read a log half-way through a move)."""
        job = self._applying
        if job is not None:
            wait([job], timeout=timeout)

    def hurry(self) -> None:
        """The automatic move now waiting out the pace comes at the next update."""
        if self._wait > 0:
            self._wait = 0.0

    def replace(self, match: Match) -> None:
        """Play ``match`` from now on (a new game, a loaded one); a bot still thinking about the
        old one is forgotten."""
        self.match = match
        self._job = None
        self._applying = None
        self.stalled = False
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

    def __init__(self, live: TurnFlow, match: Match, log: GameLog | None = None) -> None:
        super().__init__(
            match, live.hides_hands, live.pace, False, apply=live.apply, off_loop=live.off_loop
        )
        self.source = log
        """The whole game being replayed: its moves are applied with their recorded outcomes."""
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
        """The move :meth:`show` applies off the frame loop, once it is done."""
        return self._poll_applying()

    def show(self, action: Action) -> Played | None:
        """Apply the replay's next move (from the log, so legal) for the table to animate
        (None while it is applied off the frame loop: :meth:`update` returns it)."""
        if self.off_loop:
            self._applying = in_background(lambda: self._apply(action), "pusher-replay")
            return None
        return self._apply(action)

    def _apply(self, action: Action) -> Played:
        played = super()._apply(action)
        self.befores.append(played.before)
        return played

    def _logged(self) -> Logged | None:
        source = self.source
        return None if source is None else Logged(source.outcome(self.match.moves))

    def back(self) -> None:
        """Undo the last move shown: the position before it, and the log without it."""
        self.match.state = self.befores.pop().clone()
        self.match.log.truncate(self.match.moves - 1)
