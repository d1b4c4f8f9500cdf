"""The table framework: one :class:`GameTable` for every game, into which a game plugs its
:class:`Tabletop` (its drawing, its own input, how it shows a move) through a :class:`TableKind`.

The framework gives every table the same things: the keys that leave, start again, undo, save
and load (:mod:`.table_commands`, :mod:`.save_commands`) and replay (:mod:`.replay_control`),
each asking first when a game is in progress; the status message, help, the autosave, the bots'
pace (:mod:`.turn_flow`) and sleeping when nothing moves. A game brings only its tabletop; one
with none gets the text table (:mod:`.text_table`).

A table draws one seat's view, never the match itself: its :class:`SeatMirror` follows the
:func:`~pusher_sim.turnloop.seat_view.seat_view` of the seat the table draws for after every
move (for Push, the seat's own hand and the public cards, every other card a stand-in), and the
tabletop reads :attr:`GameTable.seen` and :attr:`GameTable.seen_before` (the position before the
last move, as that seat saw it). The match is the local game's, for the local features (undo,
save, load, replay).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, TypeVar

import pygame

from pusher_sim.errors import IllegalMove
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.turnloop.seat_view import SeatMirror
from pusher_sim.turnloop.state import State
from pusher_sim.ui.common.match_maker import MatchMaker
from pusher_sim.ui.common.replay import REPLAY_HINT, Replay
from pusher_sim.ui.common.replay_control import ReplayControl, start_replay
from pusher_sim.ui.common.save_commands import SaveCommands, file_words
from pusher_sim.ui.common.seat_follow import followed
from pusher_sim.ui.common.table_commands import TableCommands
from pusher_sim.ui.common.turn_flow import Applier, Played, TurnFlow, step_only
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.dialogs import Choice
from pusher_sim.ui.shell.jobs import in_background
from pusher_sim.ui.shell.mode import Host
from pusher_sim.ui.shell.sound import Sounds
from pusher_sim.ui.shell.widgets import (
    ACCENT,
    TEXT,
    TEXT_DIM,
    WARNING,
    clear_fonts,
    panel,
    shade,
    text,
)
from pusher_sim.ui.shell.words import game_over_keys

COMMON_HELP = (
    "N  new game   U  undo your last move   S  save under a name   L  load a saved game",
    "R  replay the game: Space pause/resume, Left back, Right step, R or Esc end it",
    "H  this help    M  sound on/off    Esc  leave (the game is kept: continue it later)",
)
JOINED_HELP = (
    "T  chat (Enter sends, Esc closes)    P  who is at the table",
    "H  this help    M  sound on/off    Esc  leave (the host keeps your seat)",
)
"""A joined window's keys: the match is the host's to start again, undo, save, load, replay."""
REPLAY_RECALL = 16
"""Moves shown again when a replay goes back, so the dice, the last turn's summary and what
happened read as they did on the way (a Push Over turn is at most a few rolls)."""
SPACE_GRACE = 0.4
"""Seconds after an animation ends during which Space is swallowed: a Space meant to finish
the animation that comes just too late must not pass, roll or draw a warning."""


class Tabletop(Protocol):
    """What a game plugs into its :class:`GameTable`: its drawing, its own input (the framework's
    keys never reach it) and how it shows each move."""

    @property
    def help_lines(self) -> Sequence[str]:
        """The game's part of the help panel (the framework adds the common keys)."""
        ...

    @property
    def replay_recall(self) -> int:
        """Moves shown again when a replay goes back (0: all it shows is read off the position)."""
        ...

    def hint(self) -> str:
        """What the message line says when there is no news and the game is on: its main keys."""
        ...

    def draw_table(self, surface: pygame.Surface) -> None:
        """Paint the whole screen (the header through :meth:`GameTable.draw_header`)."""
        ...

    def handle_table(self, event: pygame.event.Event) -> None:
        """The game's own input (cards, dice, buttons, the board)."""
        ...

    def on_played(self, played: Played) -> None:
        """A move was applied (by anyone) and the mirror followed it: show it."""
        ...

    def restarted(self) -> None:
        """The match was replaced (a new game, a load, an undo, a replay going back): forget
        animations and selections, read what is shown off the position."""
        ...

    def advance(self, dt: float) -> None:
        """Run the animations by ``dt`` seconds."""
        ...

    def holding(self) -> bool:
        """True while something on screen must finish before the next move is applied."""
        ...

    def showing(self) -> bool:
        """True while an animation runs (a pause waiting for a person is not one)."""
        ...

    def escape(self) -> bool:
        """Esc: close what the tabletop has open (an aim, a panel); False if nothing was."""
        ...

    def continued(self, maker: MatchMaker, log: GameLog, current: Match | None) -> Match:
        """The match continuing ``log``, made off the frame loop (``maker.from_log``; a tabletop
        may note what each move did on the way)."""
        ...


TopT = TypeVar("TopT", bound=Tabletop)


def _may_undo(match: Match) -> str:
    """Every turn may be taken back."""
    return ""


@dataclass(frozen=True)
class TableKind(Generic[TopT]):
    """A game's table, as its registry entry names it (``GameSpec.table``): the tabletop it
    plugs in and how its match is driven. Calling it opens the table for a window config."""

    top: Callable[[GameTable[TopT]], TopT]
    """Make the game's tabletop on the framework's table."""
    apply: Applier = step_only
    """How a move is applied (Pusher's records the push's path for the tabletop)."""
    off_loop: bool = False
    """Moves take long to apply (a push is simulated): they, and a loaded log, are applied off
    the frame loop while the table shows what it has."""
    undo_refusal: Callable[[Match], str] = _may_undo
    """Why U may not take back the last turn of the match, or "" if it may."""

    def flow(self, match: Match, config: AppConfig) -> TurnFlow:
        """The turn flow driving ``match`` at this table."""
        hides = match.game.hides_information  # hot-seat play passes the screen between people
        off = self.off_loop
        return TurnFlow(match, hides, config.pace, config.autosave, self.apply, off)

    def on_flow(self, flow: TurnFlow, host: Host, config: AppConfig) -> GameTable[TopT]:
        """The table on ``flow`` (a joined window's, a replay's)."""
        return GameTable(self, flow, host, config)

    def __call__(
        self, host: Host, config: AppConfig, match: Match | None = None
    ) -> GameTable[TopT]:
        """The table for ``config``: ``match``, a fresh game, or ``config.load`` continued
        (off the frame loop for a game whose moves are slow, the table showing the start)."""
        if match is not None or not config.load or not self.off_loop:
            return self.on_flow(self.flow(match or match_for(config), config), host, config)
        log = GameLog.load(config.load)
        maker = MatchMaker(config.game)
        start = maker.from_log(
            GameLog(log.game, dict(log.config), log.seed, list(log.seats)), config.seats
        )
        table = self.on_flow(self.flow(start, config), host, config)
        log.seats = list(start.log.seats)
        if not log.actions:
            table.reopen(table.continued(maker, log, start))
            return table
        named = file_words(str(config.load), config.game)
        done = f"loaded {len(log.actions)} moves from {named}"
        continued = table.continued
        table.replace_with(lambda: continued(maker, log, start), f"loading {named}", lambda _: done)
        return table


def match_for(config: AppConfig) -> Match:
    """The match a table opens on: ``config.load`` continued, or a fresh game."""
    maker = MatchMaker(config.game)
    if config.load:
        return maker.from_log(GameLog.load(config.load), config.seats)
    seats = config.seats or maker.spec.default_seats
    seed = config.seed if config.seed is not None else secrets.randbelow(2**31)
    return maker.fresh(tuple(seats), seed)


class GameTable(Generic[TopT]):
    """A :class:`~pusher_sim.ui.shell.mode.Mode` for one turn-loop game, its :attr:`top` the
    game's part (see the module docstring)."""

    def __init__(
        self, kind: TableKind[TopT], flow: TurnFlow, host: Host, config: AppConfig
    ) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        clear_fonts()  # fonts cached before a pygame.quit() are dead
        self.kind = kind
        self.flow = flow
        self.host = host
        self.config = config
        self.saver = flow.saver
        """The one place this table's games are written (see :mod:`.autosave`)."""
        self.saver.save_path = config.save_path
        self.speed = config.speed
        """Animation speed: 1 is the readable pace; tests play faster."""
        self.message = ""
        self.warning = False
        self._said_at = flow.match.moves
        """The move count when the message was said: the next move makes it old news."""
        self.show_help = False
        self.clock = 0.0
        self.sounds = Sounds(config.sound)
        self._loading: Future[Match] | None = None
        """A match being made off the frame loop (a load replays the log, so does an undo)."""
        self._when_loaded: Callable[[Match], str] = str
        self._saved_at_end = False
        self.replaying: ReplayControl | None = None
        """Set on a table that replays a game (see :mod:`.replay_control`)."""
        self.files = SaveCommands(self)
        self.mirror = SeatMirror(flow.match.game, flow.viewer)
        self.seen_before: State = self.mirror.state
        """The position before the last move, as the seat the table draws for saw it."""
        self.follow()
        self._held = False
        self._settled_at = -SPACE_GRACE
        """The clock when the last animation ended (see :data:`SPACE_GRACE`)."""
        self.top: TopT = kind.top(self)
        self.commands = TableCommands(self, self.top.escape)

    @property
    def title(self) -> str:
        """The game's title, as its registry entry gives it."""
        return get_spec(self.flow.match.game.name).title

    @property
    def match(self) -> Match:
        return self.flow.match

    @property
    def replay(self) -> Replay | None:
        return self.replaying.replay if self.replaying is not None else None

    @property
    def replay_recall(self) -> int:
        return self.top.replay_recall

    @property
    def loading(self) -> bool:
        """True while the next match is being made off the frame loop (a load, an undo)."""
        return self._loading is not None

    # -- the seat's view --------------------------------------------------------------------

    @property
    def seen(self) -> State:
        """The position as the seat the table draws for sees it (what the table draws)."""
        if self.mirror.seat != self.flow.viewer:  # hot seat: the screen went to another person
            self.follow()
        return self.mirror.state

    def follow(self) -> None:
        """Bring the mirror to the match as the viewer sees it: a new view after a move, or a
        new mirror for another seat or a match replaced (a new game, a load, an undo)."""
        viewer = self.flow.viewer
        view = self.flow.seat_view(viewer)
        self.mirror, self.seen_before = followed(self.mirror, self.match, viewer, view)

    def reopen(self, match: Match) -> None:
        """Play ``match`` from now on (a new game, a load, an undo): the mirror follows it and
        the table starts afresh."""
        self.flow.replace(match)
        self._saved_at_end = False
        self.follow()
        self.restarted()

    def restarted(self) -> None:
        self.top.restarted()

    def played(self, played: Played) -> None:
        """A move was applied: the mirror follows, then the tabletop shows it."""
        self.follow()
        self.top.on_played(played)

    def say(self, words: str, warning: bool = False) -> None:
        """Show ``words`` under the headline until the next move is played."""
        self.message, self.warning = words, warning
        self._said_at = self.match.moves

    def hint_now(self) -> str:
        """What the message line says when there is no news: the table's main keys now."""
        over = game_over_keys(self.flow.hosted_elsewhere)
        return over if self.seen.is_terminal() else self.top.hint()

    def draw_header(
        self,
        surface: pygame.Surface,
        box: pygame.Rect,
        base: int,
        fill: tuple[int, int, int],
        head: str,
        status: str,
    ) -> None:
        """The strip across the top: the game's heading, whose turn it is (or where the replay
        is), and the message (during a replay, its keys unless a warning takes their place)."""
        message = self.message or self.hint_now()
        if self.replay is not None:
            status = self.replay.headline
            message = self.message if self.warning else REPLAY_HINT
        pygame.draw.rect(surface, fill, box)
        big = round(base * 1.2)
        text(surface, head, (base // 2 + 4, 4), big, TEXT, width=box.w // 2)
        status = self.flow.frame.headline(status)
        text(surface, status, (box.w // 2, 4), big, ACCENT, width=box.w // 2 - 10)
        colour = WARNING if self.warning else TEXT_DIM
        left = (base // 2 + 4, round(base * 1.45))
        text(surface, message, left, base, colour, width=box.w - base)

    # -- the Mode protocol ------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.flow.frame.takes(event):  # the chat or the people panel of a hosted match
            return
        if event.type == pygame.QUIT:
            self.host.quit()
        elif self.show_help and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.show_help = False
        elif self.replaying is not None:
            self.replaying.handle(event)
        elif event.type != pygame.KEYDOWN or not self._key_taken(event.key):
            self.top.handle_table(event)

    def handle_table(self, event: pygame.event.Event) -> None:
        """The tabletop's own input (a replay passes it a resize)."""
        self.top.handle_table(event)

    def _key_taken(self, key: int) -> bool:
        """A command key acted on, or a late Space swallowed: the tabletop does not see it."""
        late = key == pygame.K_SPACE and self._late_space()
        return late or self.commands.take(key)

    def _late_space(self) -> bool:
        """True for a Space that comes just after an animation ended (it was meant for it)."""
        return not self.top.showing() and self.clock - self._settled_at < SPACE_GRACE

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.message and self.match.moves != self._said_at:
            self.message, self.warning = "", False  # a move was played since: old news
        self.top.advance(dt)
        held, self._held = self._held, self.top.showing()
        if held and not self._held:
            self._settled_at = self.clock
        if self.replaying is not None:
            self.replaying.run(dt)
            return
        self._poll_loading()
        if self._loading is None:
            played = self.flow.update(dt, hold=self.holding())
            if played is not None:
                self.played(played)
        if self.flow.error:
            self.say(self.flow.error, warning=True)
            self.flow.error = ""
        if self.match.state.is_terminal() and not self._saved_at_end:
            self._saved_at_end = True
            self.save_now()

    def draw(self, surface: pygame.Surface) -> None:
        self.flow.frame.paint(surface, self.top.draw_table)  # the table, and what surrounds it
        if self.show_help:
            shade(surface)
            size = max(16, surface.get_height() // 32)
            common = JOINED_HELP if self.flow.hosted_elsewhere else COMMON_HELP
            lines = [*self.top.help_lines, "", *common]
            panel(surface, f"{self.title}: how to play", lines, size)

    def holding(self) -> bool:
        """True while the tabletop shows something that must finish before the next move."""
        return self.top.holding()

    def animating(self) -> bool:
        replaying = self.replay is not None and not self.replay.waiting
        busy = self.flow.busy() or self.flow.applying or self.holding()
        return replaying or busy or self._loading is not None

    def save_now(self) -> list[Path]:
        """The game written to its autosave (and to ``--save``): nothing is lost on quitting
        (during a replay, the live game, not the rewound one on screen)."""
        if self.replaying is not None:
            return self.replaying.live.save_now()
        self.flow.wait_applied()  # a move half-applied would write half a log
        written, problem = self.saver.save_all(self.match.log)
        if problem:
            self.say(problem, warning=True)
        return written

    def save_errors(self) -> list[str]:
        """Saves that failed, listed again when the window closes."""
        return list(self.saver.errors)

    # -- for the tabletop and the commands --------------------------------------------------

    def perform(self, action: Action) -> bool:
        """A person's command: apply it, or say why not (nothing changes)."""
        try:
            played = self.flow.play(action)
        except IllegalMove as exc:
            self.say(exc.reason, warning=True)  # the rule's code is no part of the interface
            return False
        if played is not None:  # else it is applied off the frame loop: update hands it on
            self.played(played)
        return True

    def undo_refusal(self) -> str:
        return self.kind.undo_refusal(self.match)

    def in_progress(self) -> bool:
        return self.commands.in_progress()

    def ask(self, title: str, line: str, choices: Sequence[Choice]) -> None:
        self.commands.ask(title, line, choices)

    def toggle_help(self) -> None:
        self.commands.toggle_help()

    def toggle_sound(self) -> None:
        self.commands.toggle_sound()

    def continued(self, maker: MatchMaker, log: GameLog, current: Match | None) -> Match:
        return self.top.continued(maker, log, current)

    def replace_with(
        self, make: Callable[[], Match], label: str, done: Callable[[Match], str]
    ) -> None:
        """Make the next match off the frame loop; ``done`` says what happened."""
        self._loading = in_background(make, "pusher-load")
        self._when_loaded = done
        self.say(label)

    def _poll_loading(self) -> None:
        job = self._loading
        if job is None or not job.done():
            return
        self._loading = None
        exc = job.exception()
        if exc is not None:
            self.say(f"cannot load: {exc}", True)
            return
        self.reopen(job.result())
        self.say(self._when_loaded(self.match))

    def start_replay(self) -> None:
        """R: the game so far again, from its start (see :mod:`.replay_control`)."""
        start_replay(self)

    def twin(self, flow: TurnFlow) -> GameTable[TopT]:
        """A table of this kind on ``flow`` (a replay's)."""
        return self.kind.on_flow(flow, self.host, self.config)

    def save_as(self, name: str) -> None:
        self.files.save_as(name)

    def load_from(self, path: Path) -> None:
        self.files.load_from(path)
