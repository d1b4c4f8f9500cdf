""" "What happened" at the Push table, as one seat saw it: a line for each move, told from the
:class:`~pusher_sim.turnloop.seat_view.SeenMove` and the seat's view of the position before and
after it (never the full state: a network client holding only its seat's views tells the same
story), and the pane that scrolls through those lines.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.seat_view import SeenMove, seen_move
from pusher_sim.ui.common.remote_flow import HIDDEN
from pusher_sim.ui.rummy.offers import meld_text
from pusher_sim.ui.rummy.push_view import NewsView
from pusher_sim.ui.rummy.table_layout import Layout
from pusher_sim.ui.shell.widgets import wrapped
from rummy.actions import LayMelds, PushDraw
from rummy.cards import card_str
from rummy.game import SEAT_NAMES
from rummy.observation import RummyObservation

Decode = Callable[[Mapping[str, Any]], Action]


def move_lines(
    before: RummyObservation, move: SeenMove, after: RummyObservation, decode: Decode
) -> list[str]:
    """The lines one move adds, from the seat's observations before and after it: a deal
    shuffled and dealt (the hidden move), what a seat did, and the deal's points when it ended
    one."""
    if move.action is None:
        lines = [f"deal {len(before.scores) + 1}: shuffled and dealt"]
    elif move.mover >= 0:
        lines = [
            f"{SEAT_NAMES[move.mover]}: {_told(decode(dict(move.action)), move.mover, before)}"
        ]
    else:
        lines = []
    if len(after.scores) > len(before.scores):
        a, b = after.scores[-1]
        lines.append(f"deal {len(after.scores)} over: team A {a}, team B {b} points")
    return lines


def _told(action: Action, mover: int, before: RummyObservation) -> str:
    if isinstance(action, PushDraw):
        left = SEAT_NAMES[(mover + 1) % 4]
        return f"pushed: {left} gets the {card_str(before.discard_top)} and a stock card"
    if isinstance(action, LayMelds):
        melds = " + ".join(meld_text(*m) for m in action.melds)
        return f"meld {melds}" if before.laid[mover] else "laid the contract"
    return str(action)


def story_of(match: Match, viewer: int) -> list[str]:
    """Every line so far, told again from the match's log as ``viewer`` saw each move (after a
    load, a Continue or an undo: a local feature, the match being this window's)."""
    game = match.game
    state = game.new_initial_state()
    decode = game.action_codec.decode

    def seen() -> RummyObservation:
        obs = state.observation(viewer)
        assert isinstance(obs, RummyObservation)
        return obs

    lines: list[str] = []
    if any(data["type"] == HIDDEN for data in match.log.actions):
        # A joined window's log: the seat never saw the shuffles, so nothing replays it; the
        # story starts where the window joined, and each move the host sends adds to it.
        joined = match.state.observation(viewer)
        assert isinstance(joined, RummyObservation)
        return [f"joined at move {len(match.log.actions)}, in deal {len(joined.scores) + 1}"]
    before = seen()
    for n, (data, mover) in enumerate(zip(match.log.actions, match.log.movers, strict=True)):
        state.apply_logged(decode(data), match.log.outcome(n))
        after = seen()
        lines += move_lines(before, seen_move(game, data, mover, None), after, decode)
        before = after
    return lines


class NewsPane:
    """The lines of "what happened" and how far back the pane is scrolled."""

    def __init__(self, lines: Sequence[str] = ()) -> None:
        self.lines: list[str] = list(lines)
        """Everything that happened this match, oldest first."""
        self.back = 0
        """How many wrapped lines the pane is scrolled back from the newest."""
        self.rows = 1
        self._wrapped: tuple[tuple[int, int, int], list[tuple[str, int]]] | None = None
        self._size, self._width = 14, 100

    def fit(self, rows: int, size: int, width: int) -> None:
        """The pane's room: ``rows`` lines of text ``size`` pixels, ``width`` wide."""
        self.rows, self._size, self._width = rows, size, width
        self.back = min(self.back, self.most_back())

    def reset(self, lines: Sequence[str]) -> None:
        self.lines, self.back = list(lines), 0

    def add(self, lines: Sequence[str]) -> None:
        """New lines at the end; scrolled back, the same lines stay in view."""
        shown = len(self.wrapped())
        self.lines.extend(lines)
        if self.back > 0:
            self.back += len(self.wrapped()) - shown

    def wrapped(self) -> list[tuple[str, int]]:
        """The lines broken to the pane's width, each with the index of its event (a later
        line of an event is indented); made again only when the lines or the width change."""
        key = (len(self.lines), self._width, self._size)
        if self._wrapped is None or self._wrapped[0] != key:
            lines = [
                (part, n)
                for n, line in enumerate(self.lines)
                for part in wrapped(line, self._size, self._width)
            ]
            self._wrapped = (key, lines)
        return self._wrapped[1]

    def most_back(self) -> int:
        """How far back the pane scrolls: to where its first line is at the top and the rows
        below it are full (one row says how many lines are newer)."""
        lines = len(self.wrapped())
        return 0 if lines <= self.rows else lines - (self.rows - 1)

    def scroll(self, lines: int) -> None:
        """``lines`` back (negative: towards the newest)."""
        self.back = max(0, min(self.back + lines, self.most_back()))

    def view(self, layout: Layout) -> NewsView:
        """The lines in view in ``layout``'s box for them."""
        size, _ = layout.news_line()
        self.fit(layout.news_rows(), size, layout.news_box().w - 8 - layout.base)
        lines = self.wrapped()
        first, end = self.window()
        earlier = lines[first - 1][1] if first > 0 else -1
        newest = len(self.lines) - 1
        return NewsView(tuple(lines[first:end]), first, len(lines), newest, self.back, earlier)

    def window(self) -> tuple[int, int]:
        """(first, end) of the wrapped lines in view."""
        lines = self.wrapped()
        end = len(lines) - self.back
        room = self.rows - 1 if self.back > 0 else self.rows
        return max(0, end - room), end
