"""The Pusher tabletop: what Pusher plugs into the window's
:class:`~pusher_sim.ui.common.game_table.GameTable` (like the card and dice tables): it turns
the mouse and a few keys into Pusher's actions and shows its game.

Leaving, new games, undo, save, load, replay, help, the autosave and the bots' pace come from the
common table. A move is applied off the frame loop (a push is simulated): the turn flow applies
it with :func:`~pusher_sim.ui.pusher.push_record.apply_recorded`, which resolves a push once and
keeps the path the balls took, and :meth:`PusherTable.on_played` plays that path back. Frames are
drawn from a :class:`~pusher_sim.ui.pusher.table_view.PusherView` built here, never from the live
match. Space or a click finishes the animation on screen; F fast-forwards the bots' turn.

:data:`open_table` is the table Pusher's registry entry names.
"""

from __future__ import annotations

import pygame

from pusher_sim.push_resolution import DEFAULT_STRENGTH, PushOutcome
from pusher_sim.pusher.actions import Place, Push
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.ui.common.game_table import GameTable, TableKind
from pusher_sim.ui.common.match_maker import MatchMaker
from pusher_sim.ui.common.replay_control import INSTANT
from pusher_sim.ui.common.tabletop import OnTable
from pusher_sim.ui.common.turn_flow import Played
from pusher_sim.ui.pusher.aim import Aim, Flick, triangle_at
from pusher_sim.ui.pusher.board_painter import Painter
from pusher_sim.ui.pusher.frame_builder import busy_reason, frame_of
from pusher_sim.ui.pusher.frame_painter import paint_frame
from pusher_sim.ui.pusher.hand_ghost import ghost_after, hand_line
from pusher_sim.ui.pusher.move_list import (
    MoveEntry,
    MoveList,
    colour_of,
    describe,
    last_push_result,
    log_entries,
    push_result,
    replayed_entries,
    seat_label,
)
from pusher_sim.ui.pusher.move_on_screen import Drop, MoveOnScreen, PushOnScreen
from pusher_sim.ui.pusher.push_animation import PushAnimation
from pusher_sim.ui.pusher.push_record import apply_recorded
from pusher_sim.ui.pusher.scene import Demand, Scene, read_scene
from pusher_sim.ui.pusher.screen_layout import Layout
from pusher_sim.ui.pusher.table_keys import PusherKeys
from pusher_sim.ui.pusher.table_view import HandGhost, PusherView
from pusher_sim.ui.shell.words import table_keys

DROP_SECONDS = 0.35
"""How long a bot's ball takes to drop from its tray into the cup."""
BALL_PITCHES = 0.485
"""A ball's radius in cup pitches, as drawn (the physics' 8 mm ball on a 16.5 mm pitch)."""

HELP_LINES = (
    "Place: click a highlighted cup (a cup of another colour).",
    "Push: press inside a highlighted triangle, drag back to aim, release to flick;",
    "   the band shows direction and flick speed. While aiming, the wheel or Up/Down",
    "   sets how hard the ball is pressed in: 0% just loosens the triangle, 100% is",
    "   the hardest press. Right button or Esc cancels the aim.",
    "Balls that come to rest in their own colour go back to the tray.",
    "Empty your tray to win. Cups are named like C4: row C, 4th cup.",
    "",
    "Space  pass when the rules say skip; finish the push on screen",
    "F  fast-forward the bots' turn    I  the rule in force, in full",
    "Wheel over the move list, PageUp/PageDown  scroll the moves",
)


class PusherTable(OnTable):
    """One Pusher game on screen (see the module docstring)."""

    help_lines = HELP_LINES
    replay_recall = 0

    def __init__(self, table: GameTable[PusherTable]) -> None:
        super().__init__(table)
        flow, config = table.flow, table.config
        self.moves = MoveList()
        self.aim: Aim | None = None
        self.strength = DEFAULT_STRENGTH
        self.hover: tuple[float, float] | None = None
        self.hover_px: tuple[int, int] | None = None
        self.note = ""
        """The last push's result, kept on screen until the player acts."""
        self.ghost: HandGhost | None = None  # the last push, aimed and made, till the next move
        self.show_rule = False
        self.on_screen = MoveOnScreen()
        self.fast = False
        """F: the bots' turn is being fast-forwarded (until a person is to move)."""
        self.keys = PusherKeys(self, flow.pace)
        self._listed: dict[int, list[MoveEntry]] = {}
        """Move lists made while a log was replayed off the frame loop, by id of its match."""
        self.layout = self._fit(config.size)
        self.painter = Painter(self.layout)
        self.scene = self._read_scene()
        self.restarted()
        self.say(table_keys(flow.hosted_elsewhere))

    # -- what the table is ------------------------------------------------------------------

    @property
    def game(self) -> PusherGame:
        game = self.match.game
        assert isinstance(game, PusherGame)
        return game

    @property
    def state(self) -> PusherState:
        """The position as the table's seat sees it (the exact one: Pusher hides nothing)."""
        state = self.seen
        assert isinstance(state, PusherState)
        return state

    @property
    def push(self) -> PushOnScreen | None:
        """The push being played back, if one is."""
        return self.on_screen.push

    @property
    def drop(self) -> Drop | None:
        """A bot's ball dropping into its cup, if one is."""
        return self.on_screen.drop

    @property
    def animation(self) -> PushAnimation | None:
        return self.push.animation if self.push is not None else None

    @property
    def working(self) -> bool:
        """True while something runs off the frame loop: a bot thinking, a move being applied
        (a push resolved), a game being loaded or undone."""
        return self.flow.thinking or self.flow.applying or self.loading

    @property
    def busy(self) -> bool:
        """True while a person cannot move: work off the loop or something on screen."""
        return self.working or self.holding()

    @property
    def awaiting_person(self) -> bool:
        return (
            self.replay is None
            and not self.busy
            and self.flow.awaiting >= 0
            and self.scene.demand != Demand.OVER
        )

    def _read_scene(self) -> Scene:
        return read_scene(self.mirror, self.match.log.seats, self.flow.you)

    def _fit(self, size: tuple[int, int]) -> Layout:
        game = self.game
        ball = BALL_PITCHES * game.board.pitch
        return Layout.fit(game.board, size, game.num_players, ball)

    def resize(self, size: tuple[int, int]) -> None:
        lay = self.layout
        if (lay.width, lay.height) != size or lay.board != self.game.board:
            self.layout = self._fit(size)
            self.painter = Painter(self.layout)

    # -- what the framework asks of a tabletop ----------------------------------------------

    def holding(self) -> bool:
        return self.on_screen.holding()

    def hint(self) -> str:
        return ""

    def advance(self, dt: float) -> None:
        if self.fast and (self.flow.awaiting >= 0 or self.state.is_terminal()):
            self.keys.fast_forward(False)
        self.on_screen.advance(dt, self.fast, self.sounds, self._landed)

    def on_played(self, played: Played) -> None:
        """A move was applied (by anyone): play a push back, drop a bot's ball in, list it."""
        if isinstance(played.action, Push) and isinstance(played.outcome, PushOutcome):
            before = self.seen_before
            assert isinstance(before, PusherState)
            trays = list(before.trays)
            trays[played.mover] -= 1
            animation = PushAnimation(
                self.game.board, played.outcome, trays, self.game.seat_of,
                self.speed, self.layout.ball_radius,
            )  # fmt: skip
            self.on_screen.push = PushOnScreen(played, animation)
            if self.fast or self.speed >= INSTANT:
                animation.finish()
            self.ghost = ghost_after(self.state, played.action, played.mover)
            self.say(f"{seat_label(self.state, played.mover)}: {played.action}")
            self.note = hand_line(self.ghost, self.match.agents[played.mover] is None)
            return
        self.ghost = None
        self._list(played)
        self.scene = self._read_scene()
        entry = self.moves.last
        if entry is not None:
            self.say(f"{entry.who}: {entry.text}")
        if isinstance(played.action, Place):
            self.sounds.play("place")
            person = played.mover >= 0 and self.match.agents[played.mover] is None
            if not person and self.flow.pace > 0 and played.mover >= 0 and not self.fast:
                seconds = min(DROP_SECONDS, self.flow.pace)
                colour = self.game.colours[played.mover]
                self.on_screen.drop = Drop(played.action.cell, colour, played.mover, seconds)

    def restarted(self) -> None:
        """The match was replaced (new game, undo, load, a replay stepping back): list its
        moves, read its position and the last push's result off it."""
        match = self.match
        listed = self._listed.pop(id(match), None)
        self._listed.clear()
        if listed is not None:
            self.moves.reset(listed)
        elif len(self.moves.entries) >= match.moves and match.moves > 0:
            self.moves.truncate(match.moves)
        else:
            seen = self.mirror.history
            actions = [match.game.action_codec.decode(dict(m.action or {})) for m in seen]
            self.moves.reset(log_entries(self.state, actions, [m.mover for m in seen]))
        self.on_screen.clear()
        self.aim = self.ghost = None
        self.keys.fast_forward(False)
        self.scene = self._read_scene()
        self.resize((self.layout.width, self.layout.height))
        self.note = self.last_push_result()

    def continued(self, maker: MatchMaker, log: GameLog, current: Match | None) -> Match:
        """The match continuing ``log``, listing what every push sent back on the way."""
        empty = GameLog(log.game, dict(log.config), log.seed, list(log.seats))
        match = maker.from_log(empty, None, current)
        self._listed[id(match)] = replayed_entries(match, log)
        return match

    # -- input ------------------------------------------------------------------------------

    def handle_table(self, event: pygame.event.Event) -> None:
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif event.type == pygame.KEYDOWN:
            self.keys.key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                self._press(event.pos)
            elif event.button == 3 and self.aim is not None:
                self.aim = None
                self.say("push cancelled")
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.layout.to_board(*event.pos)
            self.hover_px = event.pos
            if self.aim is not None:
                self.aim = self.aim.moved_to(self.hover)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.keys.wheel(event.y)

    def escape(self) -> bool:
        """Esc: cancel an aim, else close the rule; False if neither was open."""
        if self.aim is not None:
            self.aim = None
            self.say("push cancelled")
        elif self.show_rule:
            self.show_rule = False
        else:
            return False
        return True

    def finish_showing(self) -> bool:
        """Jump the push or the dropping ball on screen to its end; False if none is shown."""
        return self.on_screen.finish()

    def aimed_flick(self) -> Flick:
        """The flick the push being aimed would get if released now."""
        assert self.aim is not None
        return self.aim.flick(self.game.board, self.game.resolver.max_flick_speed)

    def _press(self, pos: tuple[int, int]) -> None:
        if self.finish_showing():
            return
        if not self.awaiting_person:
            if self.scene.demand != Demand.OVER:
                self.say(f"wait: {busy_reason(self)}")
        elif self.scene.demand in (Demand.PUSH, Demand.PUSH_AGAIN):
            self._start_aim(pos)
        else:
            self._click_cup(pos)

    def _click_cup(self, pos: tuple[int, int]) -> None:
        cell = self.layout.cell_at_pixel(*pos)
        if cell is None:
            self.say("click on a cup: the highlighted ones are legal", warning=True)
            return
        self.note = ""
        if not self.perform(Place(cell)) and self.scene.can_pass:
            self.say(f"{self.message} - press Space to pass", warning=True)

    def _start_aim(self, pos: tuple[int, int]) -> None:
        point = self.layout.to_board(*pos)
        board = self.game.board
        tri = triangle_at(board, point, self.scene.pushable)
        if tri is None:
            self.say(
                "press inside a highlighted triangle: a push is due (I: the rule)",
                warning=True,
            )
            return
        aim = Aim(tri, point, point)
        region = self.game.config.press_region
        if not self.game.geo.press_inside(tri, aim.offset(board), region):
            self.say(f"press nearer the triangle's centre (within {region:.0%} of it)", True)
            return
        self.aim = aim
        self.say("drag back to aim, wheel or Up/Down: press strength, release to push")

    def _release(self, pos: tuple[int, int]) -> None:
        if self.aim is None:
            return
        aim = self.aim = self.aim.moved_to(self.layout.to_board(*pos))
        flick = self.aimed_flick()
        self.aim = None
        board = self.game.board
        self.note = ""
        push = Push(aim.triangle, aim.offset(board), flick.angle, flick.speed, self.strength)
        if self.perform(push):
            self.say(f"{seat_label(self.state, self.scene.mover)}: {push}")

    # -- a push on screen -------------------------------------------------------------------

    def _landed(self, shown: PushOnScreen) -> None:
        """The push is over on screen: show the position the rules reached and say what came
        back in the result line, which stays until the player acts."""
        self._list(shown.played)
        self.scene = self._read_scene()
        self.note = push_result(self.state, shown.played.mover)
        self.say(hand_line(self.ghost, self.match.agents[shown.played.mover] is None))

    def _list(self, played: Played) -> None:
        state = self.state
        mover = played.mover
        entry = describe(
            self.mirror.moves, seat_label(state, mover), colour_of(state, mover), played.action,
            state,
        )  # fmt: skip
        self.moves.add(entry)

    def last_push_result(self) -> str:
        """The last push's result line, as the live table kept it: until a person moved."""
        match = self.match
        people = [
            n + 1 for n, m in enumerate(match.log.movers) if m >= 0 and match.agents[m] is None
        ]
        return last_push_result(self.moves.entries, people)

    # -- drawing ----------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        self.resize(surface.get_size())
        paint_frame(self.painter, frame_of(self), surface)

    def view(self) -> PusherView:
        """What this frame shows (see :mod:`~pusher_sim.ui.pusher.frame_builder`)."""
        return frame_of(self)


open_table = TableKind(PusherTable, apply=apply_recorded, off_loop=True)
"""Pusher's table, as its registry entry names it: calling it opens the table. Its moves are
applied off the frame loop (a push is simulated, once, by
:func:`~pusher_sim.ui.pusher.push_record.apply_recorded`), and a log to continue is replayed
off it while the table shows the empty board."""
