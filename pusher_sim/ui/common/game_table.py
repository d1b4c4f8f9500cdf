"""What every game's table shares as a window mode: the keys that leave, start again,
save and load (each asking first when a game is in progress, with the window's dialogs), the
replay, the status message, help, and sleeping when nothing moves.

A replay is a second table of the same kind on a :class:`~pusher_sim.ui.common.turn_flow.WatchFlow`,
shown instead of the live one and handing the screen back to it when it ends, so the game in
progress is left exactly as it was.

A table subclasses :class:`GameTable` and supplies its drawing, its own input and its
animations; the turn flow (:mod:`pusher_sim.ui.common.turn_flow`) supplies the moves.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path

import pygame

from pusher_sim.errors import IllegalMove, UserError
from pusher_sim.saves import data_dir, new_save_path, saves_dir
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.ui.common.match_maker import MatchMaker, forked, started_over
from pusher_sim.ui.common.replay import REPLAY_HINT, Replay
from pusher_sim.ui.common.turn_flow import Played, TurnFlow, WatchFlow
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.dialogs import Choice, Choose, Confirm, TextPrompt
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

COMMON_HELP = (
    "N  new game   U  undo your last move   S  save under a name   L  load a saved game",
    "R  replay the game: Space pause/resume, Left back, Right step, R or Esc end it",
    "H  this help    M  sound on/off    Esc  leave (the game is kept: continue it later)",
)
HOSTS_KEYS = (pygame.K_n, pygame.K_s, pygame.K_l, pygame.K_u, pygame.K_r)
"""The keys of a table that change its match: a joined window leaves them to the host."""
REPLAY_KEYS_ONLY = "this is a replay: R or Esc ends it first"
REPLAY_RECALL = 16
"""Moves shown again when a replay goes back, so the dice, the last turn's summary and what
happened read as they did on the way (a Push Over turn is at most a few rolls)."""
INSTANT = 1e9
"""An animation speed at which the tables skip their animations."""


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

    title = "table"
    help_lines: Sequence[str] = ()
    replay_recall = REPLAY_RECALL
    """Moves shown again when a replay goes back (0: the table reads all it shows from the
    position, as Pusher's does)."""
    hint = ""
    """What the message line says when there is no news (the table's main keys)."""

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
        self.replay: Replay | None = None
        """Set on a table that replays a game (see :meth:`start_replay`)."""
        self.returns_to: GameTable | None = None
        """The live table a replay hands the screen back to."""
        self._replay_wait = 0.0

    @property
    def match(self) -> Match:
        return self.flow.match

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
        message = self.message or self.hint
        if self.replay is not None:
            status = self.replay.headline
            message = self.message if self.warning else REPLAY_HINT
        pygame.draw.rect(surface, fill, box)
        big = round(base * 1.2)
        text(surface, head, (base // 2 + 4, 4), big, TEXT, width=box.w // 2)
        text(surface, status, (box.w // 2, 4), big, ACCENT, width=box.w // 2 - 10)
        colour = WARNING if self.warning else TEXT_DIM
        left = (base // 2 + 4, round(base * 1.45))
        text(surface, message, left, base, colour, width=box.w - base)

    # -- the Mode protocol ------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.host.quit()
        elif self.show_help and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.show_help = False
        elif self.replay is not None:
            self._handle_replay(event)
        elif event.type == pygame.KEYDOWN and self._command_key(event.key):
            return
        else:
            self.handle_table(event)

    def _command_key(self, key: int) -> bool:
        commands = {
            pygame.K_ESCAPE: self.ask_leave,
            pygame.K_h: self.toggle_help,
            pygame.K_n: self.ask_new_game,
            pygame.K_s: self.ask_save,
            pygame.K_l: self.ask_load,
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
        if self.replay is not None:
            self._run_replay(dt)
            return
        self._poll_loading()
        if self._loading is None:
            played = self.flow.update(dt, hold=self.holding())
            if played is not None:
                self.on_played(played)
        if self.flow.error:
            self.say(self.flow.error, warning=True)
            self.flow.error = ""
        if self.match.state.is_terminal() and not self._saved_at_end:
            self._saved_at_end = True
            self.save_now()

    def draw(self, surface: pygame.Surface) -> None:
        self.screen_size = surface.get_size()
        self.draw_table(surface)
        if self.show_help:
            shade(surface)
            size = max(16, surface.get_height() // 32)
            panel(surface, f"{self.title}: how to play", [*self.help_lines, "", *COMMON_HELP], size)

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
        if self.returns_to is not None:
            return self.returns_to.save_now()
        self.flow.wait_applied()  # a move half-applied would write half a log
        written, problem = self.saver.save_all(self.match.log)
        if problem:
            self.say(problem, warning=True)
        return written

    def save_errors(self) -> list[str]:
        """Saves that failed, listed again when the window closes."""
        return list(self.saver.errors)

    # -- for the tables ---------------------------------------------------------------------

    def handle_table(self, event: pygame.event.Event) -> None:
        """The table's own input (cards, dice, buttons)."""

    def advance(self, dt: float) -> None:
        """Run the table's animations by ``dt`` seconds."""

    def holding(self) -> bool:
        """True while an animation must finish before the next move."""
        return False

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
            self.say(f"{exc.rule}: {exc.reason}", warning=True)
            return False
        if played is not None:  # else it is applied off the frame loop: update hands it on
            self.on_played(played)
        return True

    # -- leaving, new games, saves ----------------------------------------------------------

    def in_progress(self) -> bool:
        state = self.match.state
        return not state.is_terminal() and any(m >= 0 for m in self.match.log.movers)

    def _ask(self, title: str, line: str, choices: list[Choice]) -> None:
        self.host.show(Confirm(self.host, self, title, (line,), choices))

    def toggle_help(self) -> None:
        self.show_help = not self.show_help

    def toggle_sound(self) -> None:
        muted = self.sounds.toggle_mute()
        self.say("sound off (M turns it on)" if muted else "sound on")

    def ask_leave(self) -> None:
        if not self.in_progress():
            self.host.home()
            return
        self._ask(
            "Leave this game?",
            "It is saved: the start screen can continue it.",
            [
                Choice(pygame.K_y, "Y leave", self.host.home),
                Choice(pygame.K_q, "Q quit", self.host.quit),
                Choice(pygame.K_n, "N stay", lambda: None),
            ],
        )

    def ask_new_game(self) -> None:
        if not self.in_progress():
            self.new_game()
            return
        self._ask(
            "Start a new game?",
            "This one stays in the autosave until the new game's first move.",
            [Choice(pygame.K_y, "Y new game", self.new_game), Choice(pygame.K_n, "N stay", _no)],
        )

    def new_game(self) -> None:
        self.flow.replace(started_over(self.match, secrets.randbelow(2**31)))
        self._saved_at_end = False
        self.restarted()
        self.say(f"a new game (seed {self.match.seed})")

    def ask_save(self) -> None:
        folder = data_dir() / "saves"
        lines = (f"Saves go to {folder}", "Type a name, or just Enter for a dated one.")
        self.host.show(TextPrompt(self.host, self, "Save this game", lines, self.save_as))

    def save_as(self, name: str) -> None:
        """Save under ``name`` (empty: a dated name); an existing save is never overwritten."""
        try:
            path = self.saver.write(
                new_save_path(self.match.game.name, name or None), self.match.log
            )
        except (UserError, OSError) as exc:
            self.say(f"cannot save: {exc}", warning=True)
            return
        self.say(f"saved {self.match.moves} moves to {path}")

    def ask_load(self) -> None:
        if not self.in_progress():
            self.choose_save()
            return
        self._ask(
            "Load another game?",
            "This one is kept in the autosave until the loaded game moves on.",
            [
                Choice(pygame.K_y, "Y choose a game", self.choose_save),
                Choice(pygame.K_n, "N stay", _no),
            ],
        )

    def choose_save(self) -> None:
        try:
            folder = saves_dir()
            games = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        except OSError as exc:
            self.say(f"cannot read the saves: {exc}", warning=True)
            return
        games = [p for p in games if p != folder / f"autosave-{self.match.game.name}.json"]
        given = self.config.save_path
        if given is not None and given.exists():  # --save's file first
            games = [given, *(p for p in games if p.resolve() != given.resolve())]
        if not games:
            self.say(f"no saved games in {folder}", warning=True)
            return
        names = [p.name for p in games]
        self.host.show(
            Choose(self.host, self, "Load a game", names, lambda n: self.load_from(games[n]))
        )

    def load_from(self, path: Path) -> None:
        """Continue the game saved at ``path`` (replayed off the frame loop)."""
        name = self.match.game.name
        maker = MatchMaker(name)
        current = self.match

        def load() -> Match:
            log = GameLog.load(path)
            if log.game != name:
                raise UserError(f"{path.name} is a {log.game} game, not a {name} one")
            return self.continued(maker, log, current)

        self._replace_with(
            load, f"loading {path.name}", lambda m: f"loaded {m.moves} moves from {path.name}"
        )

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

        self._replace_with(undone, "taking back the last move", lambda m: "took back the last move")

    def _replace_with(
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
        self.flow.replace(job.result())
        self._saved_at_end = False
        self.restarted()
        self.say(self._when_loaded(self.match))

    # -- the replay -------------------------------------------------------------------------

    def start_replay(self) -> None:
        """R: the game so far played again from the start on a table of this kind, for the
        eyes this table draws for; R or Esc comes back here with nothing changed."""
        match = self.match
        if self._loading is not None:
            self.say("wait: a game is being loaded", warning=True)
            return
        if self.flow.pass_to >= 0:
            self.say("take the screen first: a replay shows the hand of whoever has it", True)
            return
        if not match.log.actions:
            self.say("nothing to replay yet", warning=True)
            return
        actions = [match.game.action_codec.decode(a) for a in match.log.actions]
        watch = WatchFlow(self.flow, started_over(match, match.log.seed), match.log)
        twin = type(self)(watch, self.host, self.config)
        twin.replay = Replay(match.log, actions)
        twin.returns_to = self
        twin.sounds = self.sounds
        twin.speed = self.speed
        self.host.show(twin)

    def end_replay(self, words: str = "replay over: back to the game") -> None:
        """R or Esc during a replay (or its end): the live table again, as it was left."""
        live = self.returns_to
        assert live is not None, "only a replay ends"
        live.say(words)
        self.host.show(live)

    def _handle_replay(self, event: pygame.event.Event) -> None:
        """A replay's keys; nothing else acts on a replay (clicks only say so)."""
        rep = self.replay
        assert rep is not None
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.say("this is a replay: R or Esc ends it", warning=True)
        elif event.type == pygame.VIDEORESIZE:
            self.handle_table(event)
        elif event.type != pygame.KEYDOWN:
            return
        elif event.key in (pygame.K_r, pygame.K_ESCAPE):
            self.end_replay()
        elif event.key == pygame.K_SPACE:
            rep.toggle_pause()
        elif event.key == pygame.K_RIGHT:
            rep.step()
        elif event.key == pygame.K_LEFT:
            self._replay_back()
        elif event.key == pygame.K_h:
            self.toggle_help()
        elif event.key == pygame.K_m:
            self.toggle_sound()
        elif event.key in (pygame.K_n, pygame.K_s, pygame.K_l, pygame.K_u):
            self.say(REPLAY_KEYS_ONLY, warning=True)

    def _replay_back(self) -> None:
        """Left: the position a move earlier, with what the table listed there (the last few
        moves are shown again at once, without animation or sound, as they were on the way)."""
        rep, flow = self.replay, self.flow
        assert rep is not None and isinstance(flow, WatchFlow)
        if flow.applying or rep.back() < 0:
            return
        flow.back()
        again = min(self.replay_recall, len(flow.befores))
        for _ in range(again):
            flow.back()
        self.restarted()
        speed, muted = self.speed, self.sounds.muted
        self.speed, self.sounds.muted = INSTANT, True
        try:
            for action in rep.actions[rep.position - again : rep.position]:
                played = flow.show(action)
                assert played is not None, "a table applying moves off the loop recalls none"
                self.on_played(played)
        finally:
            self.speed, self.sounds.muted = speed, muted

    def _run_replay(self, dt: float) -> None:
        """Show the replay's next move once the last one's animation and the pace are over."""
        rep, flow = self.replay, self.flow
        assert rep is not None and isinstance(flow, WatchFlow)
        shown = flow.update(dt)
        if shown is not None:
            self.on_played(shown)
        if self.holding() or flow.applying:
            return
        if rep.finished:
            self.end_replay("end of the replay: back to the game")
            return
        if not rep.paused and self._replay_wait > 0:
            self._replay_wait -= dt
            return
        action = rep.take_next()
        if action is not None:
            played = flow.show(action)
            if played is not None:
                self.on_played(played)
            self._replay_wait = flow.pace


def _no() -> None:
    """The answer that changes nothing."""
