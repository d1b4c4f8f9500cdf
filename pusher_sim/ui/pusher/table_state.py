"""What a Pusher table holds between frames: the match, the scene drawn from it, the work in flight,
and what the player sees besides the board (messages, the move list, the last push's result).

The table never blocks a frame on the match: a bot's decision, resolving a push, undoing and loading
(both replay the log) run as :mod:`~pusher_sim.ui.shell.jobs`, polled once per frame, while frames
are drawn from the last :class:`~pusher_sim.ui.pusher.scene.Scene`. The modules beside it act on a
table: :mod:`~pusher_sim.ui.pusher.moves` plays moves, :mod:`~pusher_sim.ui.pusher.keyboard` and
:mod:`~pusher_sim.ui.pusher.mouse` read input, :mod:`~pusher_sim.ui.pusher.frame_painter` paints.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pusher_sim.atomic import atomic_write
from pusher_sim.board import Cell, Colour
from pusher_sim.errors import UserError
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.saves import autosave_path
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import GameSpec
from pusher_sim.ui.common.match_maker import MatchMaker, Rebuilt
from pusher_sim.ui.common.replay import Replay
from pusher_sim.ui.pusher.aim import Aim
from pusher_sim.ui.pusher.board_painter import Painter, font
from pusher_sim.ui.pusher.move_list import MoveList, log_entries
from pusher_sim.ui.pusher.push_animation import PushAnimation, physics_behind
from pusher_sim.ui.pusher.scene import Demand, read_scene
from pusher_sim.ui.pusher.screen_layout import Layout
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.jobs import Job
from pusher_sim.ui.shell.mode import Host, Mode
from pusher_sim.ui.shell.sound import Sounds

DEFAULT_STRENGTH = 0.5
"""How hard a push presses its ball in until the player changes it (Push's own default)."""
DROP_SECONDS = 0.35
"""How long a bot's ball takes to drop from its tray into the cup."""


@dataclass
class Drop:
    """A bot's ball on its way from the tray to the cup it was placed in (drawn, not played)."""

    cell: Cell
    colour: Colour
    seat: int
    seconds: float
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.seconds


@dataclass
class PushInFlight:
    """A push being played out on screen, and how far the rules have got with it."""

    push: Push
    match: Match
    animation: PushAnimation
    mover: int
    resolving: bool = False
    resolved: bool = False


class Table:
    """One Pusher game on screen, and everything the window shows around it."""

    def __init__(
        self,
        host: Host,
        config: AppConfig,
        match: Match | None = None,
        spec: GameSpec | None = None,
        wait_for_load: bool = False,
    ) -> None:
        """``wait_for_load``: replay ``config.load`` before returning (a screenshot needs the
        position at once); by default the table opens on the log's empty board and the replay,
        pushes and all, runs off the frame loop."""
        self.host = host
        self.screen: Mode | None = None
        """The mode showing this table (a dialog returns to it)."""
        self.config = config
        font.cache_clear()  # fonts cached before a pygame.quit() are dead
        self.matches = MatchMaker(config.game, spec)
        self.job: Job | None = None
        self.push_in_flight: PushInFlight | None = None
        self.aim: Aim | None = None
        self.strength = DEFAULT_STRENGTH
        self.hover: tuple[float, float] | None = None
        self.hover_px: tuple[int, int] | None = None
        self.replay: Replay | None = None
        self.message = ""
        self.warning = False
        self.note = ""
        """The last push's result, kept on screen until the player acts."""
        self.show_help = False
        self.show_rule = False
        self.clock = 0.0
        self.wait_left = 0.0
        """Seconds before the next automatic move (a bot's move stays on screen a while)."""
        self.drop: Drop | None = None
        self.stalled = False
        """A bot's decision failed: no automatic move until a new game, undo or load."""
        self.moves = MoveList()
        self.sounds = Sounds(enabled=config.sound)
        self.save_errors: list[str] = []
        """Saves that failed (said on screen at once; listed again when the window closes)."""
        self.saved_at_end = False
        log = GameLog.load(config.load) if config.load and match is None else None
        deferred = log is not None and bool(log.actions) and not wait_for_load
        if match is not None:
            self.match = match
            actions = [match.game.action_codec.decode(a) for a in match.log.actions]
            self.moves.reset(log_entries(self.state, actions, match.log.movers))
        elif log is not None and deferred:  # open on the log's empty board, replay it below
            empty = GameLog(log.game, log.config, log.seed, log.seats)
            self.match = self.matches.from_log(empty, config.seats)
        elif log is not None:
            rebuilt = self.matches.rebuild(log, config.seats)
            self.match = rebuilt.match
            self.moves.reset(rebuilt.entries)
        else:
            seats = config.seats or self.matches.spec.default_seats
            seed = config.seed if config.seed is not None else secrets.randbelow(2**31)
            self.match = self.matches.fresh(tuple(seats), seed)
        self.layout = self._fit(config.size)
        self.painter = Painter(self.layout)
        self.scene = read_scene(self.match)
        self.say("H help   N new game   U undo   S save   L load   R replay   Esc leave")
        if log is not None and deferred:
            text = f"loaded {len(log.actions)} moves from {config.load}"
            self.replace_from_log(f"loading {config.load}", log, text, self.match.log.seats)

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
        return self.animation is not None or self.job is not None or self.push_in_flight is not None

    @property
    def replaying(self) -> bool:
        return self.replay is not None and not self.replay.finished

    @property
    def awaiting_person(self) -> bool:
        return (
            not self.busy
            and self.replay is None
            and self.drop is None
            and self.scene.demand != Demand.OVER
            and self.match.needs_input()
        )

    @property
    def in_progress(self) -> bool:
        """A game with moves that is not over: leaving it deserves a question."""
        return self.match.moves > 0 and self.scene.demand != Demand.OVER

    def refresh(self) -> None:
        """Read the scene again after the match changed (a new game may need a new layout)."""
        self.scene = read_scene(self.match)
        self.resize((self.layout.width, self.layout.height))

    # -- saving -----------------------------------------------------------------------------

    def write_log(self, path: Path, log: GameLog | None = None) -> None:
        """``log`` (by default the match's) to ``path``, atomically."""
        data = (log or self.match.log).to_json()
        atomic_write(path, json.dumps(data, indent=1) + "\n")

    def autosave(self) -> Path | None:
        """Keep the game in the user's autosave (not while a replay rewinds it)."""
        if not self.config.autosave or self.replay is not None or not self.match.log.actions:
            return None
        if self.job is not None and self.job.mutates:
            return None
        try:
            path = autosave_path(self.config.game)
            self.write_log(path)
        except (UserError, OSError) as exc:  # the data folder cannot be made or written
            self.say(f"cannot autosave: {exc}", warning=True)
            self.save_errors.append(f"cannot autosave: {exc}")
            return None
        return path

    def save_now(self) -> list[Path]:
        """The autosave and ``--save``, as the window closes or is interrupted (during a replay,
        the whole game being replayed, not the rewound one on screen)."""
        whole = self.replay.log if self.replay is not None else None
        written = []
        auto = self.autosave()
        if auto is not None:
            written.append(auto)
        elif self.config.autosave and (self.match.moves or whole is not None):
            with contextlib.suppress(OSError):
                if autosave_path(self.config.game).exists():  # as of the last finished move
                    written.append(autosave_path(self.config.game))
        mutating = self.job is not None and self.job.mutates
        if self.config.save_path is not None and (whole is not None or not mutating):
            try:
                self.write_log(self.config.save_path, whole)
                written.append(self.config.save_path)
            except UserError as exc:
                self.save_errors.append(str(exc))
        return written

    # -- jobs -------------------------------------------------------------------------------

    def start_job(
        self, label: str, work: Callable[[], Any], done: Callable[[Any], None], mutates: bool
    ) -> None:
        self.job = Job.start(label, work, done, mutates)

    def replace_match(self, label: str, work: Callable[[], Rebuilt], text: str) -> None:
        """Make a new match off the frame loop (it replays a log), then play it and say ``text``."""

        def done(result: Any) -> None:
            assert isinstance(result, Rebuilt)
            self.match = result.match
            self.moves.reset(result.entries)
            self.refresh()
            self.say(text)
            self.autosave()

        self.start_job(label, work, done, mutates=False)

    def replace_from_log(
        self, label: str, log: GameLog, text: str, seats: Sequence[str] | None = None
    ) -> None:
        current = self.match
        self.replace_match(label, lambda: self.matches.rebuild(log, seats, current), text)

    def poll_job(self) -> None:
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
            self.stalled = True

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
        self.replay = None
        self.drop = None
        self.wait_left = 0.0
        self.note = ""
        self.stalled = False
        self.saved_at_end = False
