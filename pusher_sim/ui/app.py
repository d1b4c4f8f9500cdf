"""The Pusher window: one :class:`App` that a frame loop drives, and :func:`run`, that loop.

The app holds a :class:`~pusher_sim.turnloop.match.Match` and never blocks a frame on it: a bot's
decision, resolving a push through the rules, undoing and loading (both replay the log, pushes
and all) run on background threads; the frame loop polls them and meanwhile draws from the last
:class:`~pusher_sim.ui.scene.Scene` and the push animation. Tests drive the same object frame by
frame with :meth:`App.handle`, :meth:`App.update`, :meth:`App.draw` and :meth:`App.tick`.
"""

from __future__ import annotations

import argparse
import copy
import math
import os
import secrets
import sys
import time
import traceback
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from pusher_sim.board import Colour
from pusher_sim.errors import IllegalMove, UserError
from pusher_sim.push import PushSpec
from pusher_sim.pusher.actions import Pass, Place, Push
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import GameSpec, get_spec
from pusher_sim.ui.aim import Aim, Flick, triangle_at
from pusher_sim.ui.animation import PushAnimation, start_push
from pusher_sim.ui.background import in_background
from pusher_sim.ui.draw import Painter, board_balls, font
from pusher_sim.ui.layout import Layout
from pusher_sim.ui.scene import Demand, read_scene

DEFAULT_SAVE = "pusher-save.json"
MAX_FRAME_SECONDS = 0.1
"""A longer frame (the window was dragged, the machine hiccupped) counts as this long."""

HELP_LINES = (
    "Place: click a highlighted cup (a cup of another colour).",
    "Push: press inside a highlighted triangle, drag back to aim,",
    "   release to flick; the band shows direction and strength.",
    "Balls that come to rest in their own colour go back to the tray.",
    "Empty your tray to win.",
    "",
    "N\tnew game",
    "U\tundo your last turn",
    "S / L\tsave / load the game",
    "R\treplay the game (R again: skip to the end)",
    "Space\tpass when the rules say skip",
    "Right button\tcancel a push while aiming",
    "H / Esc\tthis help / quit",
)


@dataclass(frozen=True)
class AppConfig:
    """What the window is asked to play; :meth:`from_args` reads the ``pusher play`` options."""

    game: str = "pusher"
    seats: tuple[str, ...] | None = None
    """human or a bot name per seat; None: the game's default seats (or the loaded log's)."""
    seed: int | None = None
    load: str | None = None
    save: str | None = None
    """Where S saves and L loads; also written when a game ends. None: pusher-save.json."""
    size: tuple[int, int] = (1100, 800)
    speed: float = 1.0
    """Animation speed: 1 is real time (tests play pushes faster)."""

    @property
    def save_path(self) -> Path:
        return Path(self.save or DEFAULT_SAVE)

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> AppConfig:
        return cls(
            game=getattr(args, "game", None) or "pusher",
            seats=tuple(args.seats) if getattr(args, "seats", None) else None,
            seed=getattr(args, "seed", None),
            load=getattr(args, "load", None),
            save=getattr(args, "save", None),
            size=parse_size(getattr(args, "size", None) or "1100x800"),
        )


def parse_size(text: str) -> tuple[int, int]:
    """``"WxH"`` to a window size; a mistake is a UserError naming the bad text."""
    parts = text.lower().split("x")
    try:
        width, height = (int(p) for p in parts)
    except ValueError:
        raise UserError(f"--size must look like 1100x800, not {text!r}") from None
    if not (320 <= width <= 10000 and 240 <= height <= 10000):
        raise UserError(f"--size {text} is out of range (320x240 to 10000x10000)")
    return width, height


@dataclass
class PushInFlight:
    """A push being played out, and how far the rules have got with it."""

    push: Push
    match: Match
    resolving: bool = False
    resolved: bool = False


@dataclass
class Job:
    """Work running off the frame loop, and what to do with its result on the frame loop."""

    label: str
    future: Future[Any]
    done: Callable[[Any], None]
    mutates: bool
    """True when the job changes the current match (the match must not be touched meanwhile)."""


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
        self._spec = spec
        self._pending_load: GameLog | None = None
        self.match = match or self._first_match(wait_for_load)
        self.job: Job | None = None
        self.animation: PushAnimation | None = None
        self.pushing: PushInFlight | None = None
        self.aim: Aim | None = None
        self.hover: tuple[float, float] | None = None
        self.replay_queue: deque[Action] = deque()
        self.message = ""
        self.warning = False
        self.show_help = False
        self.running = True
        self.frames = 0
        self.clock = 0.0
        self.frame_seconds: deque[float] = deque(maxlen=600)
        self._last_tick: float | None = None
        self._saved_at_end = False
        self._full_log: GameLog | None = None
        """The whole game while a replay runs (R again jumps to its end)."""
        self.layout = self._fit(self.config.size)
        self.painter = Painter(self.layout)
        self.scene = read_scene(self.match)
        self.say("H help   N new game   U undo   S save   L load   R replay   Esc quit")
        if self._pending_load is not None:
            log, seats = self._pending_load, self.match.log.seats
            self._start_job(
                f"loading {self.config.load}",
                lambda: self._match_from_log(log, seats),
                self._swap(f"loaded {len(log.actions)} moves from {self.config.load}"),
                mutates=False,
            )

    # -- making matches ---------------------------------------------------------------------

    @property
    def spec(self) -> GameSpec:
        """The game's registry entry, looked up only when a match must be made from scratch."""
        if self._spec is None:
            self._spec = get_spec(self.config.game)
        return self._spec

    def _first_match(self, wait_for_load: bool) -> Match:
        if self.config.load:
            log = GameLog.load(self.config.load)
            if wait_for_load or not log.actions:
                return self._match_from_log(log, self.config.seats)
            self._pending_load = log
            empty = GameLog(log.game, log.config, log.seed, log.seats)
            return self._match_from_log(empty, self.config.seats)
        seats = self.config.seats or self.spec.default_seats
        seed = self.config.seed if self.config.seed is not None else secrets.randbelow(2**31)
        return self._fresh_match(tuple(seats), seed)

    def _fresh_match(self, seats: Sequence[str], seed: int) -> Match:
        self.spec.check_seats(seats)
        game = self.spec.make_game({"players": len(seats)})
        log = GameLog(game.name, game.config_json(), seed, list(seats))
        return Match(game, self.spec.make_agents(game, seats), log=log)

    def _match_from_log(self, log: GameLog, seats: Sequence[str] | None) -> Match:
        """A match continuing ``log`` (replays every action: run it off the frame loop).

        A log of the game being played, with the same seats, keeps the current game and agents;
        anything else is made afresh from the log through the game's spec.
        """
        if log.game != self.config.game:
            raise UserError(f"that is a {log.game} log, not a {self.config.game} one")
        chosen = list(seats or log.seats)
        current = getattr(self, "match", None)
        if (
            current is not None
            and log.config == current.game.config_json()
            and chosen == current.log.seats
        ):
            game, agents = current.game, current.agents
        else:
            self.spec.check_seats(chosen)
            game = self.spec.make_game(log.config)
            agents = self.spec.make_agents(game, chosen)
        log.seats = chosen
        return Match(game, agents, log=log)

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
        game = self.match.game
        assert isinstance(game, PusherGame)
        radius = getattr(getattr(game.resolver, "config", None), "ball_radius", None)
        ball = float(radius) if isinstance(radius, float) else 0.485 * game.board.pitch
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

    # -- events -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                self._press(event.pos)
            elif event.button == 3 and self.aim is not None:
                self.aim = None
                self.say("push cancelled")
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.layout.to_board(*event.pos)
            if self.aim is not None:
                self.aim = self.aim.moved_to(self.hover)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)

    def _press(self, pos: tuple[int, int]) -> None:
        if not self.awaiting_person:
            if self.scene.demand != Demand.OVER:
                self.say(f"wait: {self._busy_reason()}")
            return
        scene = self.scene
        if scene.demand in (Demand.PUSH, Demand.PUSH_AGAIN):
            self._start_aim(pos)
        else:
            self._click_cup(pos)

    def _click_cup(self, pos: tuple[int, int]) -> None:
        cell = self.layout.cell_at_pixel(*pos)
        if cell is None:
            self.say("click on a cup: the highlighted ones are legal", warning=True)
            return
        self._perform(Place(cell))
        if self.warning and self.scene.can_pass:
            self.say(f"{self.message} - press Space to pass", warning=True)

    def _start_aim(self, pos: tuple[int, int]) -> None:
        point = self.layout.to_board(*pos)
        board = self.game.board
        tri = triangle_at(board, point, self.scene.pushable)
        if tri is None:
            self.say(
                f"{self.scene.rule}: press inside a highlighted triangle - a push is due",
                warning=True,
            )
            return
        aim = Aim(tri, point, point)
        region = self.game.config.press_region
        if not self.game.geo.press_inside(tri, aim.offset(board), region):
            self.say(f"P8: press nearer the triangle's centre (within {region:.0%})", warning=True)
            return
        self.aim = aim
        self.say("drag back to aim, release to push (right button cancels)")

    def _release(self, pos: tuple[int, int]) -> None:
        aim = self.aim
        if aim is None:
            return
        self.aim = aim.moved_to(self.layout.to_board(*pos))
        flick = self._flick()
        push = Push(aim.triangle, self.aim.offset(self.game.board), flick.angle, flick.speed)
        self.aim = None
        self._perform(push)

    def _flick(self) -> Flick:
        assert self.aim is not None
        return self.aim.flick(self.game.board, self.game.resolver.max_flick_speed)

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.running = False
        elif key == pygame.K_h:
            self.show_help = not self.show_help
        elif key == pygame.K_n:
            self.new_game()
        elif key == pygame.K_u:
            self.undo()
        elif key == pygame.K_s:
            self.save()
        elif key == pygame.K_l:
            self.load()
        elif key == pygame.K_r:
            self.replay()
        elif key == pygame.K_SPACE:
            if self.awaiting_person and self.scene.can_pass:
                self._perform(Pass())
            elif self.awaiting_person:
                self.say("you may not pass now: " + self.scene.demand.value, warning=True)

    def _busy_reason(self) -> str:
        if self.job is not None:
            return self.job.label
        if self.animation is not None:
            return "the push is still rolling"
        if self.replay_queue:
            return "the replay is running (R skips to the end)"
        seat = self.scene.mover
        return f"{self.scene.seats[seat].name} ({self.scene.seats[seat].kind}) is to move"

    # -- moves ------------------------------------------------------------------------------

    def _perform(self, action: Action) -> None:
        """Carry out an action: a push is animated first, anything else is applied at once."""
        try:
            self.state.validate(action)
        except IllegalMove as exc:
            self.say(f"{exc.rule}: {exc.reason}", warning=True)
            return
        if isinstance(action, Push):
            self._animate(action)
            return
        mover = self.scene.mover
        self.match.step(action)
        self._refresh()
        who = self.scene.seats[mover].name if mover >= 0 else "chance"
        self.say(f"{who}: {action}")

    def _animate(self, push: Push) -> None:
        """Set the push up off the frame loop (building the board's Space takes tens of ms),
        then play it out."""
        state = self.state
        board, resolver, match = self.game.board, self.game.resolver, self.match
        spec = PushSpec(push.triangle, state.colour, push.offset, push.angle, push.speed)
        balls = dict(state.balls)
        trays = [seat.tray for seat in self.scene.seats]
        trays[state.to_move] -= 1
        name = self.scene.seats[state.to_move].name

        def built(result: Any) -> None:
            sim, step = result
            self.animation = PushAnimation(
                board, sim, step, trays, self.game.seat_of, speed=self.config.speed
            )
            self.pushing = PushInFlight(push, match)
            self.say(f"{name}: {push}")

        work = lambda: start_push(board, balls, spec, resolver)  # noqa: E731
        self._start_job("setting up the push", work, built, mutates=False)

    def _resolve_push(self, flight: PushInFlight) -> None:
        """The push has rolled out on screen: now the rules resolve it, off the frame loop."""
        flight.resolving = True

        def resolved(_: Any) -> None:
            flight.resolved = True

        work = lambda: flight.match.step(flight.push)  # noqa: E731
        self._start_job("resolving the push", work, resolved, mutates=True)

    def _finish_push(self, animation: PushAnimation) -> None:
        """Both the animation and the rules are done: show the rules' result, check they agree."""
        self.animation = None
        self.pushing = None
        self._refresh()
        outcome = animation.outcome()
        board = self.game.board
        shown = {c: col for c, col in outcome.balls if board.colour(c) != col}
        if shown != self.state.balls:
            self.say("warning: the animation and the rules disagree; the rules win", True)
            return
        back = self.state.last_returned
        if back:
            names = ", ".join(f"{col.label} {c[0]},{c[1]}" for c, col in back)
            self.say(f"{len(back)} back to the trays: {names}")

    def _refresh(self) -> None:
        self.scene = read_scene(self.match)
        self.resize((self.layout.width, self.layout.height))

    # -- jobs -------------------------------------------------------------------------------

    def _start_job(
        self, label: str, work: Callable[[], Any], done: Callable[[Any], None], mutates: bool
    ) -> None:
        self.job = Job(label, in_background(work), done, mutates)

    def _poll_job(self) -> None:
        job = self.job
        if job is None or not job.future.done():
            return
        self.job = None
        exc = job.future.exception()
        if exc is None:
            job.done(job.future.result())
        else:
            if self.pushing is not None:
                self.animation = None
                self.pushing = None
                self._refresh()
            if isinstance(exc, UserError):
                self.say(str(exc), warning=True)
            else:
                # A bug, not a mistake of the player's: keep the window and the position, and
                # leave the traceback where a developer will look for it.
                traceback.print_exception(exc, file=sys.stderr)
                self.say(f"internal error ({type(exc).__name__}: {exc}); see the terminal", True)

    def _must_wait(self) -> bool:
        """True (and says so) while a job is changing the match: its log is not safe to read."""
        if self.job is not None and self.job.mutates:
            self.say(f"wait: {self.job.label}", warning=True)
            return True
        return False

    # -- keys -------------------------------------------------------------------------------

    def new_game(self) -> None:
        self._reset_play()
        old = self.match
        log = GameLog(old.log.game, dict(old.log.config), (old.seed + 1) % 2**31, old.log.seats)
        self.match = Match(old.game, old.agents, log=log)
        self._refresh()
        self.say(f"new game (seed {self.match.seed})")

    def _reset_play(self) -> None:
        """Forget everything in flight; a job still running only touches the match it was given,
        which is about to be replaced, and its result is never looked at."""
        self.job = None
        self.animation = None
        self.pushing = None
        self.aim = None
        self.replay_queue.clear()
        self._full_log = None
        self._saved_at_end = False

    def undo(self) -> None:
        if self.animation is not None:
            self.say("wait: the push is still rolling", warning=True)
            return
        people = [m for m in self.match.log.movers if m >= 0 and self.match.agents[m] is None]
        if not people:
            self.say("nothing to undo: no person has moved yet", warning=True)
            return
        if self._must_wait():
            return
        self._reset_play()
        fork = copy.copy(self.match)
        fork.log = GameLog.from_json(copy.deepcopy(self.match.log.to_json()))

        def undone() -> Match:
            fork.undo_turn()
            return fork

        self._start_job("undoing", undone, self._swap("took back the last turn"), mutates=False)

    def save(self) -> None:
        if self._must_wait():
            return
        path = self.config.save_path
        try:
            self.match.log.save(path)
        except OSError as exc:
            self.say(f"cannot save to {path}: {exc.strerror}", warning=True)
            return
        self.say(f"saved {self.match.moves} moves to {path}")

    def load(self, path: str | Path | None = None) -> None:
        where = Path(path) if path is not None else self.config.save_path
        try:
            log = GameLog.load(where)
            if log.game != self.config.game:
                raise UserError(f"{where} is a {log.game} log, not a {self.config.game} one")
        except UserError as exc:
            self.say(f"cannot load: {exc}", warning=True)
            return
        self._reset_play()
        self._start_job(
            f"loading {where.name}",
            lambda: self._match_from_log(log, None),
            self._swap(f"loaded {len(log.actions)} moves from {where}"),
            mutates=False,
        )

    def replay(self) -> None:
        """Play the logged game again from the start, every push animated; R again skips."""
        if self.replay_queue or (self._full_log is not None and self.busy):
            self._skip_replay()
            return
        if self._must_wait():
            return
        if not self.match.log.actions:
            self.say("nothing to replay yet", warning=True)
            return
        old = self.match
        actions = [old.game.action_codec.decode(a) for a in old.log.actions]
        self._reset_play()
        log = GameLog(old.log.game, dict(old.log.config), old.log.seed, list(old.log.seats))
        self.match = Match(old.game, old.agents, log=log)
        self.replay_queue.extend(actions)
        self._full_log = old.log
        self._refresh()
        self.say(f"replaying {len(actions)} moves (R again skips to the end)")

    def _skip_replay(self) -> None:
        full = self._full_log
        assert full is not None
        log = GameLog.from_json(copy.deepcopy(full.to_json()))
        self._reset_play()
        self._start_job(
            "skipping to the end",
            lambda: self._match_from_log(log, None),
            self._swap("replay skipped to the end"),
            mutates=False,
        )

    def _swap(self, text: str) -> Callable[[Any], None]:
        def done(match: Any) -> None:
            assert isinstance(match, Match)
            self.match = match
            self._refresh()
            self.say(text)

        return done

    # -- frames -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Advance the world by ``dt`` seconds: poll jobs, roll the push, start the next move."""
        dt = min(max(dt, 0.0), MAX_FRAME_SECONDS)
        self.clock += dt
        self._poll_job()
        animation, flight = self.animation, self.pushing
        if animation is not None and flight is not None:
            animation.update(dt)
            if not animation.rolling and not flight.resolving:
                self._resolve_push(flight)
            if animation.finished and flight.resolved:
                self._finish_push(animation)
            return
        if self.job is None:
            self._advance()
            if self.replay_queue == deque() and self._full_log is not None and not self.busy:
                self._full_log = None

    def _advance(self) -> None:
        """Start whatever comes next when no person is to move."""
        state = self.match.state
        if state.is_terminal():
            self.replay_queue.clear()
            self._save_at_end()
            return
        if self.replay_queue:
            action = self.replay_queue.popleft()
            self._perform(action)
            return
        if self.match.needs_input():
            return
        if state.is_chance():
            self._perform(self.match.next_action())
            return
        match = self.match
        name = self.scene.seats[self.scene.mover].name
        self._start_job(f"{name} is thinking", match.next_action, self._bot_chose(match), False)

    def _bot_chose(self, match: Match) -> Callable[[Any], None]:
        def done(action: Any) -> None:
            if match is self.match and isinstance(action, Action):
                self._perform(action)

        return done

    def _save_at_end(self) -> None:
        if self._saved_at_end or self.config.save is None:
            return
        self._saved_at_end = True
        self.save()

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole window (reads only the scene and the animation, never the match)."""
        self.resize(surface.get_size())
        painter, lay, scene = self.painter, self.layout, self.scene
        painter.draw_board(surface)
        animation = self.animation
        if animation is not None:
            balls = animation.board_balls()
            counts = animation.tray_counts()
        else:
            balls = board_balls(lay.board, scene.balls)
            counts = [seat.tray for seat in scene.seats]
        person = self.awaiting_person
        painter.draw_balls(surface, balls)
        if person and scene.demand in (Demand.PUSH, Demand.PUSH_AGAIN):
            hover = None
            if self.aim is not None:
                hover = self.aim.triangle
            elif self.hover is not None:
                hover = triangle_at(lay.board, self.hover, scene.pushable)
            painter.draw_triangle_highlights(surface, scene.pushable, self.clock, hover)
        if person and scene.demand in (Demand.PLACE, Demand.FORM_TRIANGLE):
            painter.draw_cup_highlights(surface, scene.legal_cups, self.clock)
        mover = scene.mover if scene.demand != Demand.OVER else -1
        painter.draw_trays(surface, scene.seats, mover, counts)
        if animation is not None and animation.flying:
            self._draw_flying(surface, animation)
        if self.aim is not None and scene.mover >= 0:
            colour = scene.seats[scene.mover].colour
            painter.draw_rubber_band(surface, self.aim.press, self.aim.drag, self._flick(), colour)
        painter.draw_status(surface, self._headline(), self._hint(), self._aside())
        painter.draw_message(surface, self.message, self.warning)
        if self.show_help:
            painter.draw_panel(surface, "Pusher - how to play", HELP_LINES)
        elif scene.demand == Demand.OVER and not self.busy:
            painter.draw_panel(surface, scene.result, ("N new game, R replay, S save, Esc quit",))

    def _draw_flying(self, surface: pygame.Surface, animation: PushAnimation) -> None:
        t = animation.flight()
        lay = self.layout
        balls: list[tuple[float, float, Colour, int]] = []
        for ball in animation.flying:
            tray = lay.trays[ball.seat]
            x0, y0 = lay.to_screen(*ball.start)
            x1, y1 = tray.slot(ball.slot)
            lift = math.sin(math.pi * t) * 0.25 * math.hypot(x1 - x0, y1 - y0)
            # Lifted off the board the ball looks bigger, then shrinks to the tray's scale.
            near = self.painter.ball_px * (1.0 + 0.3 * math.sin(math.pi * t))
            radius = near + (tray.slot_px * 0.46 - near) * t
            balls.append(
                (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t - lift, ball.colour, round(radius))
            )
        self.painter.draw_sized_balls(surface, balls)

    def _headline(self) -> str:
        return self.scene.headline

    def _hint(self) -> str:
        if self.job is not None:
            return self.job.label + "..."
        if self.animation is not None:
            return "the balls are rolling..."
        if self.replay_queue:
            return f"replaying: {len(self.replay_queue)} moves to go (R skips to the end)"
        return self.scene.hint

    def _aside(self) -> str:
        return f"move {self.scene.moves}   seed {self.match.seed}   H help"

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
        pygame.image.save(surface, path)
    finally:
        close_pygame()
    print(f"screenshot saved to {path}")
    return 0


def run(args: argparse.Namespace) -> int:
    """``pusher play``: open the window and run frames until the player quits."""
    config = AppConfig.from_args(args)
    if getattr(args, "screenshot", None):
        return screenshot(config, args.screenshot)
    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_caption("Pusher")
        pygame.display.set_mode(config.size, pygame.RESIZABLE)
        app = App(config)
        clock = pygame.time.Clock()
        while app.tick(clock.tick(60) / 1000.0):
            pass
        if config.save is not None:
            app.save()
    finally:
        close_pygame()
    return 0
