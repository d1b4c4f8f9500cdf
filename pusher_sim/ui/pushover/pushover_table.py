"""The Push Over table: the loop of stops with the pieces stacked on them, the dice rolled one at
a time, the pot and each player's chips, and Roll / Stop as buttons and keys. What a frame
shows and its drawing are :mod:`.pushover_painter`'s.

Each die tumbles before it shows its face and a piece walks stop by stop to where it ends, so a
turn can be followed; the position drawn during an animation is the one before the move, and the
table switches to the new one when the animation ends.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import pygame

from pusher_sim.ui.common.game_table import REPLAY_RECALL, GameTable, TableKind
from pusher_sim.ui.common.tabletop import OnTable
from pusher_sim.ui.common.turn_flow import Played
from pusher_sim.ui.pushover.pushover_painter import (
    BOARD_DARK,
    STEP_SECONDS,
    Areas,
    PushOverView,
    Walk,
    cap,
    paint,
)
from pusher_sim.ui.shell.widgets import Button, press_button, row_of_buttons
from pusher_sim.ui.shell.words import game_over_keys, seat_name, without_rule_codes
from pushover.actions import Die, Roll, Stop
from pushover.dice import move_length
from pushover.game import COLOURS
from pushover.state import Event, PushOverState
from pushover.text import PushOverText

TUMBLE_SECONDS = 0.55

HELP = (
    "On your turn, roll one die at a time (Space or the Roll button).",
    "After each die, stop (Enter or the Stop button) or roll again.",
    "Stopping moves your piece the total times 1, 2 or 3 for 1, 2 or 3 dice;",
    "   a total over the limit is a roll-out: your top goes beside START.",
    "Pieces in your way are pushed on; pushed onto a red stop, they fall off.",
    "Pass or land on the gold stop to take the pot. Enough chips win.",
)


class PushOverTable(OnTable):
    """The Push Over tabletop; see the module docstring."""

    help_lines = HELP
    replay_recall = REPLAY_RECALL

    def __init__(self, table: GameTable[PushOverTable]) -> None:
        super().__init__(table)
        self.screen_size = table.config.size
        self.dice: tuple[int, ...] = ()
        """The dice of the turn in progress, or of the turn just ended (still on show)."""
        self.tumble = 0.0
        """Seconds the newest die has left to tumble."""
        self.tumble_before: PushOverState | None = None
        self.walk: Walk | None = None
        self.walk_clock = 0.0
        self.after_tumble: Walk | None = None
        self.roller = self.state.to_move
        """Whose dice are on show."""
        self.summary = ""
        """One line on the last turn that ended ("red rolled out: 5 is over 4"), kept on show
        until the next one ends."""
        self.news: deque[str] = deque(maxlen=40)
        self.buttons: list[Button] = []
        self._words = PushOverText(self.state.game)
        self.restarted()

    @property
    def state(self) -> PushOverState:
        """The position as the table's seat sees it (the exact one: Push Over hides nothing)."""
        state = self.seen
        assert isinstance(state, PushOverState)
        return state

    def drawn_state(self) -> PushOverState:
        """The position on show: the one before the move while its animation runs."""
        if self.tumble > 0 and self.tumble_before is not None:
            return self.tumble_before
        if self.walk is not None:
            return self.walk.before
        return self.state

    def name(self, seat: int) -> str:
        return seat_name(COLOURS[seat], self.match.log.seats[seat], seat == self.flow.you)

    # -- input ------------------------------------------------------------------------------

    def _make_buttons(self, area: pygame.Rect, size: int) -> list[Button]:
        seat = self.flow.awaiting
        if seat < 0 or self.holding():
            return []
        specs: list[tuple[str, Callable[[], None], int, str]] = []
        legal = self.state.legal_actions()
        if Roll(seat) in legal:
            specs.append(("roll a die", self.doer(Roll(seat)), pygame.K_SPACE, "Space"))
        if Stop(seat) in legal:
            moves = move_length(self.state.cfg, len(self.state.dice), sum(self.state.dice))
            specs.append(
                (f"stop and move {moves}", self.doer(Stop(seat)), pygame.K_RETURN, "Enter")
            )
        return row_of_buttons(specs, area, size)

    def handle_table(self, event: pygame.event.Event) -> None:
        press_button(self.buttons, event)

    def hint(self) -> str:
        return "Space: roll   Enter: stop   H: help"

    # -- moves and their animation ----------------------------------------------------------

    def on_played(self, played: Played) -> None:
        before = self.seen_before
        assert isinstance(before, PushOverState)
        after = self.state
        action = played.action
        for event in after.news[_common_prefix(before.news, after.news) :]:
            if event[0] != "turn":
                self.news.append(self.told(event))
        if isinstance(action, Roll) and not before.dice:
            self.dice, self.roller = (), played.mover
        walk = None
        if isinstance(action, Stop) or (isinstance(action, Die) and not after.dice):
            walk = self._walk_of(before, after)
            self.summary = self._summarise(before, after)
        if any(e[0] == "pushoff" for e in after.news[_common_prefix(before.news, after.news) :]):
            self.sounds.play("tray")  # a piece fell off the board
        if isinstance(action, Die):
            self.dice = (*before.dice, action.value)
            self.tumble = TUMBLE_SECONDS if self.speed < 50 else 0.0
            self.tumble_before = before
            self.after_tumble = walk
            if self.tumble <= 0:
                self.sounds.play("drop")
        elif walk is not None:
            self._start_walk(walk)

    def told(self, event: Event) -> str:
        """One event of "what happened" as the window writes it (a name capitalised, no rule
        code)."""
        words = without_rule_codes(self._words.describe(event))
        return words[:1].upper() + words[1:]

    def whose_dice(self) -> str:
        """Whose dice the middle shows: "your dice" on the player's own roll."""
        if self.roller == self.flow.you:
            return "your dice"
        return f"{cap(self.roller)}'s dice" if 0 <= self.roller < len(COLOURS) else "dice"

    def _walk_of(self, before: PushOverState, after: PushOverState) -> Walk | None:
        seat = before.to_move
        start, end = before.where[seat], after.where[seat]
        if start < 0 or end <= 0 or self.speed >= 50:
            return None
        length = before.cfg.track_length
        path = [start]
        while path[-1] != end and len(path) <= 3 * length:
            path.append(path[-1] % length + 1)
        return Walk(seat, tuple(path), before)

    def _summarise(self, before: PushOverState, after: PushOverState) -> str:
        seat = before.to_move
        for kind, who, a, b, c in after.news[_common_prefix(before.news, after.news) :]:
            if kind == "rollout" and who == seat:
                return f"{cap(seat)} rolled out: {b} is over {after.cfg.roll_limit}"
            if kind == "move" and who == seat:
                return f"{cap(seat)} moves {c} stops ({b} on {a} {'die' if a == 1 else 'dice'})"
        return ""

    def _start_walk(self, walk: Walk | None) -> None:
        self.walk, self.walk_clock = walk, 0.0

    def advance(self, dt: float) -> None:
        step = dt * self.speed
        if self.tumble > 0:
            self.tumble -= step
            if self.tumble <= 0:
                self.tumble = 0.0
                self.sounds.play("drop")  # the die lands
                self._start_walk(self.after_tumble)
                self.after_tumble = None
            return
        if self.walk is not None:
            self.walk_clock += step
            if self.walk_clock >= STEP_SECONDS * (len(self.walk.path) - 1):
                self.walk = None

    def holding(self) -> bool:
        return self.tumble > 0 or self.walk is not None

    def restarted(self) -> None:
        """A new or loaded game (or one after U): its dice, and what happened, made again from
        the moves the table's seat saw; no animation."""
        state = self.state
        self.dice, self.roller, self.summary, self.tumble = state.dice, state.to_move, "", 0.0
        self.walk = self.after_tumble = None
        self.news.clear()
        replayed = self.match.game.new_initial_state()
        decode = self.match.game.action_codec.decode
        told: tuple[tuple[object, ...], ...] = ()
        for move in [None, *self.mirror.history]:  # None: the news the game starts with
            if move is not None:
                replayed.apply_logged(decode(dict(move.action or {})), move.outcome)
            now = tuple(replayed.news)  # type: ignore[attr-defined]
            for event in now[_common_prefix(told, now) :]:
                if event[0] != "turn":
                    self.news.append(self.told(event))
            told = now

    # -- drawing ----------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        self.screen_size = surface.get_size()
        areas = Areas.fit(self.screen_size)
        surface.fill(BOARD_DARK)
        self.buttons = self._make_buttons(areas.buttons, areas.base)
        cfg = self.state.cfg
        head = f"Push Over   {cfg.target} chips win   up to {cfg.max_dice} dice"
        head += f", a total over {cfg.roll_limit} rolls out"
        self.table.draw_header(
            surface, areas.header, areas.base, (14, 18, 30), head, self.status_line()
        )
        paint(surface, areas, self.frame())

    def frame(self) -> PushOverView:
        """What this frame shows (see :mod:`.pushover_painter`)."""
        state, over = self.state, None
        if state.is_terminal() and not self.holding():
            winner = state.winner
            title = f"{cap(winner)} wins" if winner >= 0 else "A draw"
            chips = ", ".join(f"{cap(s)} {c}" for s, c in enumerate(state.columns))
            over = (title, (f"chips: {chips}", game_over_keys(self.flow.hosted_elsewhere)))
        walk = self.walk if self.tumble <= 0 else None
        return PushOverView(
            state=self.drawn_state(),
            dice=self.dice,
            tumbling=self.tumble > 0,
            whose_dice=self.whose_dice(),
            walk=walk,
            walk_clock=self.walk_clock,
            summary=self.summary,
            names=tuple(self.name(s) for s in range(state.cfg.players)),
            news=tuple(self.news),
            buttons=tuple(self.buttons),
            panel=over,
        )

    def status_line(self) -> str:
        """Whose turn it is and what they may do, as the header says it."""
        state = self.state
        if state.is_terminal():
            return "the game is over"
        seat = state.to_move
        if self.flow.awaiting >= 0 and not self.holding():
            who = "You" if not self.flow.hot_seat else cap(seat)
            return f"{who}: roll" if not state.dice else f"{who}: roll again or stop"
        mover = self.drawn_state().to_move
        if self.match.agents[mover] is None:  # a person's own die or walk on screen
            who = "You" if not self.flow.hot_seat else cap(mover)
            return f"{who}: the dice are rolling..."
        return f"{cap(mover)} is playing..."


def _common_prefix(old: tuple[object, ...], new: tuple[object, ...]) -> int:
    """Where ``new`` news starts: the state keeps a sliding window of events."""
    for shift in range(len(old) + 1):
        tail = old[shift:]
        if new[: len(tail)] == tail:
            return len(tail)
    return 0


open_table = TableKind(PushOverTable)
"""Push Over's table, as its registry entry names it: calling it opens the table."""
