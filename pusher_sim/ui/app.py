"""The Pusher window: one :class:`App` that a frame loop drives, and :func:`run`, that loop.

The app holds a :class:`~pusher_sim.turnloop.match.Match` and never blocks a frame on it: a bot's
decision, resolving a push through the rules, undoing and loading (both replay the log, pushes
and all) run as :mod:`~pusher_sim.ui.jobs`; the frame loop polls them and meanwhile draws from
the last :class:`~pusher_sim.ui.scene.Scene` and the push animation. Tests drive the same object
frame by frame with :meth:`App.handle`, :meth:`App.update`, :meth:`App.draw` and :meth:`App.tick`.

The App conducts and the parts live beside it: the keys in :mod:`~pusher_sim.ui.keys`, the mouse
in :mod:`~pusher_sim.ui.pointer`, a push from release to rest in :mod:`~pusher_sim.ui.pushing`,
making matches in :mod:`~pusher_sim.ui.matches`, painting a frame in :mod:`~pusher_sim.ui.frame`.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import time
import traceback
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from pusher_sim.atomic import atomic_write_with
from pusher_sim.errors import IllegalMove, UserError
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import GameSpec
from pusher_sim.ui import keys, pointer, pushing
from pusher_sim.ui.aim import Aim
from pusher_sim.ui.animation import PushAnimation, physics_behind
from pusher_sim.ui.config import AppConfig, parse_size
from pusher_sim.ui.draw import Painter, font
from pusher_sim.ui.frame import draw_frame
from pusher_sim.ui.jobs import Job
from pusher_sim.ui.layout import Layout
from pusher_sim.ui.matches import MatchMaker
from pusher_sim.ui.pushing import PushInFlight
from pusher_sim.ui.scene import Demand, read_scene

__all__ = ["App", "AppConfig", "parse_size", "run", "screenshot"]

MAX_FRAME_SECONDS = 0.1
"""A longer frame (the window was dragged, the machine hiccupped) counts as this long."""


class App:
    """The Pusher window's state and behaviour, one frame at a time."""

    def __init__(
        self,
        config: AppConfig | None = None,
        match: Match | None = None,
        spec: GameSpec | None = None,
        wait_for_load: bool = False,
    ) -> None:
        """``wait_for_load``: replay ``config.load`` before returning (a screenshot needs the
        position at once); by default the window opens on the log's empty board and the replay,
        pushes and all, runs off the frame loop."""
        self.config = config or AppConfig()
        if not pygame.font.get_init():
            pygame.font.init()
        font.cache_clear()  # fonts cached before a pygame.quit() are dead
        self.matches = MatchMaker(self.config.game, spec)
        self.job: Job | None = None
        self.push_in_flight: PushInFlight | None = None
        self.aim: Aim | None = None
        self.hover: tuple[float, float] | None = None
        self.replay_queue: deque[Action] = deque()
        self.full_log: GameLog | None = None
        """The whole game while a replay runs (R again jumps to its end)."""
        self.message = ""
        self.warning = False
        self.show_help = False
        self.running = True
        self.frames = 0
        self.clock = 0.0
        self.frame_seconds: deque[float] = deque(maxlen=600)
        self._last_tick: float | None = None
        self._saved_at_end = False
        log = GameLog.load(self.config.load) if self.config.load and match is None else None
        deferred = log is not None and bool(log.actions) and not wait_for_load
        if match is not None:
            self.match = match
        elif log is not None and deferred:  # open on the log's empty board, replay it below
            empty = GameLog(log.game, log.config, log.seed, log.seats)
            self.match = self.matches.from_log(empty, self.config.seats)
        elif log is not None:
            self.match = self.matches.from_log(log, self.config.seats)
        else:
            seats = self.config.seats or self.matches.spec.default_seats
            seed = self.config.seed if self.config.seed is not None else secrets.randbelow(2**31)
            self.match = self.matches.fresh(tuple(seats), seed)
        self.layout = self._fit(self.config.size)
        self.painter = Painter(self.layout)
        self.scene = read_scene(self.match)
        self.say("H help   N new game   U undo   S save   L load   R replay   Esc quit")
        if log is not None and deferred:
            text = f"loaded {len(log.actions)} moves from {self.config.load}"
            self.replace_from_log(f"loading {self.config.load}", log, text, self.match.log.seats)

    @property
    def game(self) -> PusherGame:
        game = self.match.game
        assert isinstance(game, PusherGame)
        return game

    @property
    def state(self) -> PusherState:
        state = self.match.state
        assert isinstance(state, PusherState)
        return state

    # -- layout -----------------------------------------------------------------------------

    def _fit(self, size: tuple[int, int]) -> Layout:
        game = self.game
        physics = physics_behind(game.resolver)
        ball = physics.config.ball_radius if physics is not None else 0.485 * game.board.pitch
        return Layout.fit(game.board, size, game.num_players, ball)

    def resize(self, size: tuple[int, int]) -> None:
        if (self.layout.width, self.layout.height) != size or self.layout.board != self.game.board:
            self.layout = self._fit(size)
            self.painter = Painter(self.layout)

    # -- status -----------------------------------------------------------------------------

    def say(self, text: str, warning: bool = False) -> None:
        self.message = text
        self.warning = warning

    @property
    def animation(self) -> PushAnimation | None:
        return self.push_in_flight.animation if self.push_in_flight is not None else None

    @property
    def busy(self) -> bool:
        """True while a push plays out or a job runs: a person cannot move now."""
        return self.animation is not None or self.job is not None

    @property
    def awaiting_person(self) -> bool:
        return (
            not self.busy
            and not self.replay_queue
            and self.scene.demand != Demand.OVER
            and self.match.needs_input()
        )

    # -- events: the keys are in keys.py, the mouse in pointer.py ------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif event.type == pygame.KEYDOWN:
            keys.press_key(self, event.key)
        else:
            pointer.handle_mouse(self, event)

    # -- moves ------------------------------------------------------------------------------

    def perform(self, action: Action) -> None:
        """Carry out an action: a push is animated first, anything else is applied at once."""
        try:
            self.state.validate(action)
        except IllegalMove as exc:
            self.say(f"{exc.rule}: {exc.reason}", warning=True)
            return
        if isinstance(action, Push):
            pushing.launch(self, action)
            return
        mover = self.scene.mover
        self.match.step(action)
        self.refresh()
        who = self.scene.seats[mover].name if mover >= 0 else "chance"
        self.say(f"{who}: {action}")

    def refresh(self) -> None:
        """Read the scene again after the match changed (a new game may need a new layout)."""
        self.scene = read_scene(self.match)
        self.resize((self.layout.width, self.layout.height))

    # -- jobs -------------------------------------------------------------------------------

    def start_job(
        self, label: str, work: Callable[[], Any], done: Callable[[Any], None], mutates: bool
    ) -> None:
        self.job = Job.start(label, work, done, mutates)

    def replace_match(self, label: str, work: Callable[[], Match], text: str) -> None:
        """Make a new match off the frame loop (it replays a log), then play it and say ``text``."""

        def done(match: Any) -> None:
            assert isinstance(match, Match)
            self.match = match
            self.refresh()
            self.say(text)

        self.start_job(label, work, done, mutates=False)

    def replace_from_log(
        self, label: str, log: GameLog, text: str, seats: Sequence[str] | None = None
    ) -> None:
        current = self.match
        self.replace_match(label, lambda: self.matches.from_log(log, seats, current), text)

    def _poll_job(self) -> None:
        job = self.job
        if job is None or not job.future.done():
            return
        self.job = None
        exc = job.future.exception()
        if exc is None:
            job.done(job.future.result())
            return
        if self.push_in_flight is not None:
            self.push_in_flight = None
            self.refresh()
        if isinstance(exc, UserError):
            self.say(str(exc), warning=True)
        else:
            # A bug, not a mistake of the player's: keep the window and the position, and
            # leave the traceback where a developer will look for it.
            traceback.print_exception(exc, file=sys.stderr)
            self.say(f"internal error ({type(exc).__name__}: {exc}); see the terminal", True)

    def must_wait(self) -> bool:
        """True (and says so) while a job is changing the match: its log is not safe to read."""
        if self.job is not None and self.job.mutates:
            self.say(f"wait: {self.job.label}", warning=True)
            return True
        return False

    def forget_play(self) -> None:
        """Forget everything in flight; a job still running only touches the match it was given,
        which is about to be replaced, and its result is never looked at."""
        self.job = None
        self.push_in_flight = None
        self.aim = None
        self.replay_queue.clear()
        self.full_log = None
        self._saved_at_end = False

    # -- frames -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance the world by ``dt`` seconds: poll jobs, roll the push, start the next move."""
        dt = min(max(dt, 0.0), MAX_FRAME_SECONDS)
        self.clock += dt
        self._poll_job()
        if self.push_in_flight is not None:
            pushing.roll(self, self.push_in_flight, dt)
            return
        if self.job is None:
            self._advance()
            if not self.replay_queue and not self.busy:
                self.full_log = None

    def _advance(self) -> None:
        """Start whatever comes next when no person is to move."""
        state = self.match.state
        if state.is_terminal():
            self.replay_queue.clear()
            self._save_at_end()
        elif self.replay_queue:
            self.perform(self.replay_queue.popleft())
        elif self.match.needs_input():
            return
        elif state.is_chance():
            self.perform(self.match.next_action())
        else:
            match = self.match
            name = self.scene.seats[self.scene.mover].name
            self.start_job(f"{name} is thinking", match.next_action, self._bot_chose(match), False)

    def _bot_chose(self, match: Match) -> Callable[[Any], None]:
        def done(action: Any) -> None:
            if match is self.match and isinstance(action, Action):
                self.perform(action)

        return done

    def _save_at_end(self) -> None:
        if self._saved_at_end or self.config.save is None:
            return
        self._saved_at_end = True
        keys.save(self)

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole window (reads only the scene and the animation, never the match)."""
        self.resize(surface.get_size())
        draw_frame(self, surface)

    def tick(self, dt: float | None = None) -> bool:
        """One frame: events, update, draw. Returns False once the app should quit."""
        start = time.perf_counter()
        if dt is None:
            dt = 0.0 if self._last_tick is None else start - self._last_tick
        self._last_tick = start
        for event in pygame.event.get():
            self.handle(event)
        self.update(dt)
        surface = pygame.display.get_surface()
        if surface is not None:
            self.draw(surface)
            pygame.display.flip()
        self.frames += 1
        self.frame_seconds.append(time.perf_counter() - start)
        return self.running

    def settle(self, max_frames: int = 100_000, dt: float = 1.0 / 60.0) -> int:
        """Run frames until nothing is pending and a person is to move (or the game is over).

        For tests and scripts; returns the number of frames it took.
        """
        for n in range(max_frames):
            if (
                not self.busy
                and not self.replay_queue
                and (self.match.state.is_terminal() or self.match.needs_input())
            ):
                return n
            self.tick(dt)
            if self.job is not None:
                time.sleep(0.001)
        raise TimeoutError(f"the app was still busy after {max_frames} frames")


def close_pygame() -> None:
    """Quit pygame, first dropping cached fonts: a Font used after pygame.font.quit() crashes."""
    font.cache_clear()
    pygame.quit()


def screenshot(config: AppConfig, path: str) -> int:
    """Render the position to a PNG without opening a window."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    try:
        app = App(config, wait_for_load=True)
        surface = pygame.Surface(config.size)
        app.draw(surface)
        atomic_write_with(path, lambda handle: pygame.image.save(surface, handle, "png"))
    finally:
        close_pygame()
    print(f"screenshot saved to {path}")
    return 0


HEADLESS = ("offscreen", "dummy")
"""SDL's video drivers that show nothing."""


def run(args: argparse.Namespace) -> int:
    """``pusher play``: open the window and run frames until the player quits."""
    config = AppConfig.from_args(args)
    if getattr(args, "screenshot", None):
        return screenshot(config, args.screenshot)
    pygame.display.init()
    if pygame.display.get_driver() in HEADLESS and "SDL_VIDEODRIVER" not in os.environ:
        # SDL falls back to an invisible window when there is no screen: say so instead of
        # running a game nobody can see.
        close_pygame()
        raise UserError("no display to open a window on: play with --terminal, or --screenshot")
    pygame.font.init()
    try:
        pygame.display.set_caption("Pusher")
        pygame.display.set_mode(config.size, pygame.RESIZABLE)
        app = App(config)
        clock = pygame.time.Clock()
        while app.tick(clock.tick(60) / 1000.0):
            pass
        if config.save is not None:
            keys.save(app)
    finally:
        close_pygame()
    return 0
