"""What the Push and Push Over tables share as window modes: the keys that leave, start again,
save and load (each asking first when a game is in progress), the status message, help, and
sleeping when nothing moves.

A table subclasses :class:`GameTable` and supplies its drawing, its own input and its
animations; the turn flow (:mod:`pusher_sim.ui.hotseat`) supplies the moves.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path

import pygame

from pusher_sim.atomic import atomic_write
from pusher_sim.errors import IllegalMove, UserError
from pusher_sim.saves import new_save_path, saves_dir
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.ui.hotseat import Played, TurnFlow
from pusher_sim.ui.jobs import in_background
from pusher_sim.ui.matches import MatchMaker, started_over
from pusher_sim.ui.mode import Host
from pusher_sim.ui.widgets import Question, clear_fonts, panel, shade

COMMON_HELP = (
    "N  new game     S  save     L  load your last save",
    "H  this help    Esc  leave (asks first; the game is autosaved)",
)


class GameTable:
    """A :class:`~pusher_sim.ui.mode.Mode` for one turn-loop game; see the module docstring."""

    title = "table"
    help_lines: Sequence[str] = ()

    def __init__(self, flow: TurnFlow, host: Host | None = None) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        clear_fonts()  # fonts cached before a pygame.quit() are dead
        self.flow = flow
        self.host = host
        self.message = ""
        self.warning = False
        self.question: Question | None = None
        self.show_help = False
        self.closed = False
        self.clock = 0.0
        self._loading: Future[Match] | None = None
        self._loaded_from = Path()
        self.screen_size = (1100, 800)

    @property
    def match(self) -> Match:
        return self.flow.match

    def say(self, words: str, warning: bool = False) -> None:
        self.message, self.warning = words, warning

    # -- the Mode protocol ------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.question is not None:
            answer = self.question.handle(event, pygame.Rect((0, 0), self.screen_size))
            if answer is not None:
                question, self.question = self.question, None
                if answer:
                    question.yes()
            return
        if event.type == pygame.QUIT:
            self.ask_leave()
        elif event.type == pygame.KEYDOWN and self._command_key(event.key):
            return
        elif self.show_help and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.show_help = False
        else:
            self.handle_table(event)

    def _command_key(self, key: int) -> bool:
        if key == pygame.K_ESCAPE:
            if self.show_help:
                self.show_help = False
            else:
                self.ask_leave()
        elif key == pygame.K_h:
            self.show_help = not self.show_help
        elif key == pygame.K_n:
            self._ask("Start a new game?", "The game in progress ends.", self.new_game)
        elif key == pygame.K_s:
            self.save_named()
        elif key == pygame.K_l:
            self._ask("Load your last saved game?", "The game in progress ends.", self.load_last)
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self.clock += dt
        self.advance(dt)
        self._poll_loading()
        if self._loading is None:
            played = self.flow.update(dt, hold=self.holding())
            if played is not None:
                self.on_played(played)
        if self.flow.error:
            self.say(self.flow.error, warning=True)
            self.flow.error = ""

    def draw(self, surface: pygame.Surface) -> None:
        self.screen_size = surface.get_size()
        self.draw_table(surface)
        size = max(16, surface.get_height() // 32)
        if self.show_help:
            shade(surface)
            panel(surface, f"{self.title}: how to play", [*self.help_lines, "", *COMMON_HELP], size)
        if self.question is not None:
            self.question.draw(surface)

    def animating(self) -> bool:
        return self.flow.busy() or self.holding() or self._loading is not None

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

    def perform(self, action: Action) -> bool:
        """A person's command: apply it, or say why not (nothing changes)."""
        try:
            played = self.flow.play(action)
        except IllegalMove as exc:
            self.say(f"{exc.rule}: {exc.reason}", warning=True)
            return False
        except UserError as exc:
            self.say(str(exc), warning=True)
            return False
        self.on_played(played)
        return True

    # -- leaving, new games, saves ----------------------------------------------------------

    def in_progress(self) -> bool:
        state = self.match.state
        return not state.is_terminal() and any(m >= 0 for m in self.match.log.movers)

    def _ask(self, words: str, detail: str, yes: Callable[[], None]) -> None:
        if self.in_progress():
            self.question = Question(words, detail, yes)
        else:
            yes()

    def ask_leave(self) -> None:
        self._ask("Leave the table?", "The game is autosaved; you can go on later.", self.leave)

    def leave(self) -> None:
        self.closed = True
        if self.host is not None:
            self.host.quit()

    def new_game(self) -> None:
        self.flow.replace(started_over(self.match, secrets.randbelow(2**31)))
        self.restarted()
        self.say("a new game")

    def restarted(self) -> None:
        """The match was replaced: forget animations and selections."""

    def save_named(self) -> None:
        path = new_save_path(self.match.game.name)
        try:
            atomic_write(path, json.dumps(self.match.log.to_json()) + "\n")
        except UserError as exc:
            self.say(str(exc), warning=True)
            return
        self.say(f"saved to {path}")

    def load_last(self) -> None:
        path = last_save(self.match.game.name)
        if path is None:
            self.say(f"no saved {self.title} game in {saves_dir()}", warning=True)
            return
        maker = MatchMaker(self.match.game.name)
        current = self.match
        seats = list(current.log.seats)

        def load() -> Match:
            return maker.from_log(GameLog.load(path), seats, current)

        self._loading = in_background(load, "pusher-load")
        self._loaded_from = path
        self.say(f"loading {path.name}")

    def _poll_loading(self) -> None:
        job = self._loading
        if job is None or not job.done():
            return
        self._loading = None
        exc = job.exception()
        if exc is not None:
            self.say(str(exc) if isinstance(exc, UserError) else f"cannot load: {exc}", True)
            return
        self.flow.replace(job.result())
        self.restarted()
        self.say(f"loaded {self._loaded_from.name}")


def last_save(game: str) -> Path | None:
    """The newest named save of ``game`` (S names them ``<game>-<time>.json``)."""
    saves = [p for p in saves_dir().glob(f"{game}-*.json") if p.is_file()]
    return max(saves, key=lambda p: p.stat().st_mtime, default=None)
