"""What every game's table shares as a window mode: the keys that leave, start again, undo,
save and load (:mod:`.save_commands`) and replay (:mod:`.replay_control`), each asking first when
a game is in progress; the status message, help, and sleeping when nothing moves.

A table draws one seat's view, never the match itself: its :class:`SeatMirror` follows the
:func:`seat_view` of the seat the table draws for after every move (for Push, the seat's own
hand and the public cards, every other card a stand-in), and the table reads :attr:`seen` and
:attr:`seen_before` (the position before the last move, as that seat saw it). The match is
the local game's, for the local features (undo, save, load, replay).

A table subclasses :class:`GameTable` and supplies its drawing, its own input and its
animations; the turn flow (:mod:`pusher_sim.ui.common.turn_flow`) supplies the moves.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path

import pygame

from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.turnloop.seat_view import SeatMirror
from pusher_sim.turnloop.state import State
from pusher_sim.ui.common.leaving import ask_leave
from pusher_sim.ui.common.match_maker import MatchMaker, forked, started_over
from pusher_sim.ui.common.replay import REPLAY_HINT, Replay
from pusher_sim.ui.common.replay_control import ReplayControl, start_replay
from pusher_sim.ui.common.save_commands import SaveCommands
from pusher_sim.ui.common.turn_flow import Played, TurnFlow
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.dialogs import Choice, Confirm
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
HOSTS_KEYS = (pygame.K_n, pygame.K_s, pygame.K_l, pygame.K_u, pygame.K_r)
"""The keys of a table that change its match: a joined window leaves them to the host."""
REPLAY_RECALL = 16
"""Moves shown again when a replay goes back, so the dice, the last turn's summary and what
happened read as they did on the way (a Push Over turn is at most a few rolls)."""
SPACE_GRACE = 0.4
"""Seconds after an animation ends during which Space is swallowed: a Space meant to finish
the animation that comes just too late must not pass, roll or draw a warning."""


def match_for(config: AppConfig) -> Match:
    """The match a table opens on: ``config.load`` continued, or a fresh game."""
    maker = MatchMaker(config.game)
    if config.load:
        return maker.from_log(GameLog.load(config.load), config.seats)
    seats = config.seats or maker.spec.default_seats
    seed = config.seed if config.seed is not None else secrets.randbelow(2**31)
    return maker.fresh(tuple(seats), seed)


class GameTable:
    """A :class:`~pusher_sim.ui.shell.mode.Mode` for one turn-loop game (see the module
    docstring)."""

    help_lines: Sequence[str] = ()
    replay_recall = REPLAY_RECALL
    """Moves shown again when a replay goes back (0: the table reads all it shows from the
    position, as Pusher's does)."""
    hint = ""
    """What the message line says when there is no news (the table's main keys)."""

    @property
    def title(self) -> str:
        """The game's title, as its registry entry gives it."""
        return get_spec(self.flow.match.game.name).title

    def __init__(self, flow: TurnFlow, host: Host, config: AppConfig) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        clear_fonts()  # fonts cached before a pygame.quit() are dead
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
        self.screen_size = config.size
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

    @property
    def match(self) -> Match:
        return self.flow.match

    @property
    def replay(self) -> Replay | None:
        return self.replaying.replay if self.replaying is not None else None

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
        match, viewer = self.match, self.flow.viewer
        view = self.flow.seat_view(viewer)
        mirror = self.mirror
        if mirror.seat != viewer and not match.game.hides_information:
            mirror = _reseated(mirror, viewer)  # the same position, whoever looks
        try:
            if mirror.game is not match.game:
                raise CorruptFile("another game")
            before = mirror.state
            mirror.follow(view)
        except CorruptFile:  # another match, or another seat's eyes: start again
            mirror = SeatMirror(match.game, viewer)
            try:
                mirror.follow(view)
            except CorruptFile:
                if match.game.hides_information:
                    raise
                # A position not reached by its moves (a scenario set up directly): the
                # position is public, so the mirror takes it as it is.
                mirror.state, mirror.history = match.state.clone(), list(view.history)
            before = mirror.state
        self.mirror, self.seen_before = mirror, before

    def reopen(self, match: Match) -> None:
        """Play ``match`` from now on (a new game, a load, an undo): the mirror follows it and
        the table starts afresh."""
        self.flow.replace(match)
        self._saved_at_end = False
        self.follow()
        self.restarted()

    def played(self, played: Played) -> None:
        """A move was applied: the mirror follows, then the table shows it."""
        self.follow()
        self.on_played(played)

    def say(self, words: str, warning: bool = False) -> None:
        """Show ``words`` under the headline until the next move is played."""
        self.message, self.warning = words, warning
        self._said_at = self.match.moves

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
            self.handle_table(event)

    def _key_taken(self, key: int) -> bool:
        """A command key acted on, or a late Space swallowed: the table does not see it."""
        late = key == pygame.K_SPACE and self._late_space()
        return late or self._command_key(key)

    def _late_space(self) -> bool:
        """True for a Space that comes just after an animation ended (it was meant for it)."""
        return not self.showing() and self.clock - self._settled_at < SPACE_GRACE

    def _command_key(self, key: int) -> bool:
        commands = {
            pygame.K_ESCAPE: self.ask_leave,
            pygame.K_h: self.toggle_help,
            pygame.K_n: self.ask_new_game,
            pygame.K_s: self.files.ask_save,
            pygame.K_l: self.files.ask_load,
            pygame.K_m: self.toggle_sound,
            pygame.K_u: self.undo,
            pygame.K_r: self.start_replay,
        }
        command = commands.get(key)
        if command is None:
            return False
        if self.flow.hosted_elsewhere and key in HOSTS_KEYS:
            self.say("this game is hosted: undo, new game, save, load and replay are the host's")
            return True
        if self.flow.applying and key in (
            pygame.K_n,
            pygame.K_s,
            pygame.K_l,
            pygame.K_u,
            pygame.K_r,
        ):
            self.say("wait: a move is being applied", warning=True)  # its log is changing
            return True
        command()
        return True

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.message and self.match.moves != self._said_at:
            self.message, self.warning = "", False  # a move was played since: old news
        self.advance(dt)
        held, self._held = self._held, self.showing()
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
        self.screen_size = surface.get_size()
        self.flow.frame.paint(surface, self.draw_table)  # the table, and what surrounds it
        if self.show_help:
            shade(surface)
            size = max(16, surface.get_height() // 32)
            common = JOINED_HELP if self.flow.hosted_elsewhere else COMMON_HELP
            panel(surface, f"{self.title}: how to play", [*self.help_lines, "", *common], size)

    def animating(self) -> bool:
        replaying = self.replay is not None and not self.replay.waiting
        busy = self.flow.busy() or self.flow.applying or self.holding()
        return replaying or busy or self._loading is not None

    @property
    def loading(self) -> bool:
        """True while the next match is being made off the frame loop (a load, an undo)."""
        return self._loading is not None

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

    # -- for the tables ---------------------------------------------------------------------

    def hint_now(self) -> str:
        """What the message line says when there is no news: the table's main keys now."""
        over = game_over_keys(self.flow.hosted_elsewhere)
        return over if self.seen.is_terminal() else self.hint

    def handle_table(self, event: pygame.event.Event) -> None:
        """The table's own input (cards, dice, buttons)."""

    def advance(self, dt: float) -> None:
        """Run the table's animations by ``dt`` seconds."""

    def holding(self) -> bool:
        """True while an animation must finish before the next move."""
        return False

    def showing(self) -> bool:
        """True while an animation runs (a pause waiting for a person is not one)."""
        return self.holding()

    def on_played(self, played: Played) -> None:
        """An action was applied (by anyone): start its animation, say what happened."""

    def draw_table(self, surface: pygame.Surface) -> None:
        """Paint the table."""

    def restarted(self) -> None:
        """The match was replaced: forget animations and selections."""

    def continued(self, maker: MatchMaker, log: GameLog, current: Match | None) -> Match:
        """The match continuing ``log`` (run off the frame loop; a table may note what each
        move did on the way)."""
        return maker.from_log(log, None, current)

    def undo_refusal(self) -> str:
        """Why U may not take back the last turn here, or "" if it may: a table whose game hides
        cards refuses to rewind past one a person has seen (the same card would come again)."""
        return ""

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

    # -- leaving, new games, saves ----------------------------------------------------------

    def in_progress(self) -> bool:
        state = self.match.state
        return not state.is_terminal() and any(m >= 0 for m in self.match.log.movers)

    def ask(self, title: str, line: str, choices: Sequence[Choice]) -> None:
        self.host.show(Confirm(self.host, self, title, (line,), choices))

    def toggle_help(self) -> None:
        self.show_help = not self.show_help

    def toggle_sound(self) -> None:
        muted = self.sounds.toggle_mute()
        self.say("sound off (M turns it on)" if muted else "sound on")

    def leave(self) -> None:
        """Back to the start screen; the autosave is written again, so the game left is the
        one Continue offers (the newest autosave), even when it has not moved since loading."""
        self.save_now()
        self.host.home()

    def ask_leave(self) -> None:
        ask_leave(self)  # what it asks depends on where the match lives (see .leaving)

    def ask_new_game(self) -> None:
        if not self.in_progress():
            self.new_game()
            return
        self.ask(
            "Start a new game?",
            "This one stays in the autosave until the new game's first move.",
            [
                Choice(pygame.K_y, "New game", self.new_game, default=True),
                Choice(pygame.K_n, "Stay", _no),
            ],
        )

    def new_game(self) -> None:
        self.reopen(started_over(self.match, secrets.randbelow(2**31)))
        self.say(f"a new game (seed {self.match.seed})")

    def undo(self) -> None:
        """Take back the last move a person made (and the bots' moves after it)."""
        match = self.match
        if self._loading is not None or not any(
            m >= 0 and match.agents[m] is None for m in match.log.movers
        ):
            self.say("nothing to undo: no person has moved yet", warning=True)
            return
        refused = self.undo_refusal()
        if refused:
            self.say(refused, warning=True)
            return
        fork = forked(match)

        def undone() -> Match:
            fork.undo_turn()
            return fork

        self.replace_with(undone, "taking back the last move", lambda m: "took back the last move")

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

    def twin(self, flow: TurnFlow) -> GameTable:
        """A table of this kind on ``flow`` (a replay's)."""
        return type(self)(flow, self.host, self.config)

    def save_as(self, name: str) -> None:
        self.files.save_as(name)

    def load_from(self, path: Path) -> None:
        self.files.load_from(path)


def _reseated(mirror: SeatMirror, seat: int) -> SeatMirror:
    """``mirror`` for another seat of a game that hides nothing: the same position and moves."""
    copy = SeatMirror(mirror.game, seat)
    copy.state, copy.history = mirror.state, list(mirror.history)
    return copy


def _no() -> None:
    """The answer that changes nothing."""
