"""The move list: every move of the game in cup names, with what each push sent home.

Entries are made as moves happen (and rebuilt when a log is replayed), so the list can say what a
push did, which the log alone does not record. The list scrolls with the mouse wheel over it; it
follows the newest move unless the player has scrolled back.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from pusher_sim.board import Cell, Colour
from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.pusher.actions import Pass, Place, Push
from pusher_sim.pusher.names import cup_name, cups_named
from pusher_sim.pusher.state import PusherState
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match


@dataclass(frozen=True)
class MoveEntry:
    """One line of the list: the move's number, who made it, and what it did."""

    number: int
    colour: Colour | None
    who: str
    text: str
    cells: tuple[Cell, ...]
    """The cup placed in or the triangle pushed, to mark on the board."""
    result: str = ""
    """A push's result line (:func:`push_result`), "" for other moves or where unknown."""

    @property
    def line(self) -> str:
        return f"{self.number}. {self.who}: {self.text}"


def returned_text(state: PusherState) -> str:
    """What the last push sent back to the trays, in cup names ("" when nothing came back)."""
    radius = state.game.board.radius
    back = state.last_returned
    if not back:
        return ""
    names = ", ".join(f"{col.label} {cup_name(c, radius)}" for c, col in back)
    return f"{len(back)} back to the trays: {names}"


def describe(
    number: int, who: str, colour: Colour | None, action: Action, after: PusherState
) -> MoveEntry:
    """The entry of ``action``, made by ``who``, leading to the state ``after``."""
    radius = after.game.board.radius
    if isinstance(action, Place):
        return MoveEntry(
            number, colour, who, f"place {cup_name(action.cell, radius)}", (action.cell,)
        )
    if isinstance(action, Push):
        back = len(after.last_returned)
        text = f"push {cups_named(action.triangle, radius)}: {back} back"
        mover = after.game.colours.index(colour) if colour is not None else -1
        result = push_result(after, mover) if mover >= 0 else ""
        return MoveEntry(number, colour, who, text, tuple(action.triangle), result)
    if isinstance(action, Pass):
        return MoveEntry(number, colour, who, "pass", ())
    return MoveEntry(number, colour, who, str(action), ())


def log_entries(
    state: PusherState, actions: Sequence[Action], movers: Sequence[int]
) -> list[MoveEntry]:
    """Entries read off a log without replaying it (``state`` only names seats and cups), so a
    push's entry cannot say what came back."""
    radius = state.game.board.radius
    colours = state.game.colours
    out = []
    for n, (action, mover) in enumerate(zip(actions, movers, strict=True)):
        colour = colours[mover] if mover >= 0 else None
        who = colour.label.capitalize() if colour is not None else "chance"
        if isinstance(action, Push):
            text = f"push {cups_named(action.triangle, radius)}"
            out.append(MoveEntry(n + 1, colour, who, text, tuple(action.triangle)))
        else:
            out.append(describe(n + 1, who, colour, action, state))
    return out


class MoveList:
    """The entries and how far back the player has scrolled."""

    def __init__(self) -> None:
        self.entries: list[MoveEntry] = []
        self.scroll = 0
        """Lines scrolled back from the newest (0 follows the game)."""

    def reset(self, entries: Sequence[MoveEntry] = ()) -> None:
        self.entries = list(entries)
        self.scroll = 0

    def add(self, entry: MoveEntry) -> None:
        self.entries.append(entry)
        if self.scroll:
            self.scroll += 1  # keep the lines the player scrolled to in view

    def truncate(self, moves: int) -> None:
        del self.entries[moves:]
        self.scroll = min(self.scroll, max(0, len(self.entries) - 1))

    def scroll_by(self, lines: int, visible: int) -> None:
        """Positive scrolls back to older moves."""
        most = max(0, len(self.entries) - visible)
        self.scroll = min(most, max(0, self.scroll + lines))

    def visible(self, rows: int) -> list[MoveEntry]:
        """The ``rows`` entries to show, oldest first."""
        end = len(self.entries) - self.scroll
        return self.entries[max(0, end - rows) : end]

    @property
    def last(self) -> MoveEntry | None:
        return self.entries[-1] if self.entries else None


def push_result(state: PusherState, mover: int) -> str:
    """What a push did and what follows, in words a player reads at a glance (``state`` is
    the position just after it)."""
    who = seat_label(state, mover)
    colour = state.game.colours[mover]
    back = returned_text(state)
    own = sum(1 for _, col in state.last_returned if col == colour)
    head = f"{who}'s push: " + (back if back else "nothing came back")
    if state.is_terminal():
        return head
    nxt = state.current_player()
    if nxt == mover:
        return (
            f"{head} - none of {who}'s: {who} moves again" if back else f"{head}: {who} moves again"
        )
    mine = f"{own} of {who}'s came back - " if own else ""
    return f"{head} - {mine}the turn passes to {seat_label(state, nxt)}"


def last_push_result(entries: Sequence[MoveEntry], by_people: Collection[int]) -> str:
    """The result line a restored game shows: the last push's, unless a person moved after it
    (``by_people``: the numbers of the moves a person made, from 1)."""
    for entry in reversed(entries):
        if entry.result:
            return entry.result
        if entry.number in by_people:
            return ""
    return ""


def seat_label(state: PusherState, seat: int) -> str:
    """A seat's name as the table writes it ("Red"), or "chance"."""
    return state.game.colours[seat].label.capitalize() if seat >= 0 else "chance"


def colour_of(state: PusherState, seat: int) -> Colour | None:
    return state.game.colours[seat] if seat >= 0 else None


def replayed_entries(match: Match, log: GameLog) -> list[MoveEntry]:
    """Play ``log``'s moves on ``match`` (at the log's start), listing what each did; run off
    the frame loop: every push is resolved. A log that does not replay is a CorruptFile."""
    entries: list[MoveEntry] = []
    for n, (data, logged) in enumerate(zip(log.actions, log.movers, strict=True)):
        mover = match.state.current_player()
        if mover != logged:
            raise CorruptFile(f"log action {n + 1} is by {logged}, but {mover} moves")
        action = match.game.action_codec.decode(data)
        try:
            match.step_logged(action, log.outcome(n))  # a recorded outcome as it stands
        except IllegalMove as exc:
            raise CorruptFile(f"log action {n + 1} ({action}) is illegal there: {exc}") from None
        state = match.state
        assert isinstance(state, PusherState)
        entries.append(
            describe(n + 1, seat_label(state, mover), colour_of(state, mover), action, state)
        )
    return entries
