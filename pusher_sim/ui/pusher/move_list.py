"""The move list: every move of the game in cup names, with what each push sent home.

Entries are made as moves happen (and rebuilt when a log is replayed), so the list can say what a
push did, which the log alone does not record. The list scrolls with the mouse wheel over it; it
follows the newest move unless the player has scrolled back.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

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
    to: int = 0
    """The last move's number of a chain of pushes shown as one turn (0: one move)."""

    @property
    def label(self) -> str:
        """The move's number, or the chain's first and last ("12-25")."""
        return f"{self.number}-{self.to}" if self.to else str(self.number)

    @property
    def line(self) -> str:
        return f"{self.label}. {self.who}: {self.text}"

    @property
    def pushed(self) -> bool:
        return self.text.startswith("push ")


def turns(entries: Sequence[MoveEntry]) -> list[MoveEntry]:
    """The entries with each chain of pushes by one seat (two or more in a row) shown as one
    turn: "12-25. Blue: 14 pushes of J1 J2 K1: 0 back"."""
    groups: list[list[MoveEntry]] = []
    for entry in entries:
        group = groups[-1] if groups else None
        if group and entry.pushed and group[-1].pushed and entry.who == group[-1].who:
            group.append(entry)
        else:
            groups.append([entry])
    return [group[0] if len(group) == 1 else _chain(group) for group in groups]


def _chain(pushes: Sequence[MoveEntry]) -> MoveEntry:
    """One line for a chain of pushes: how many, of which triangle, how many balls came back."""
    first, last = pushes[0], pushes[-1]
    places = {e.text.split(":")[0].removeprefix("push ") for e in pushes}
    text = f"{len(pushes)} pushes" + (f" of {places.pop()}" if len(places) == 1 else "")
    counts = [e.text.rsplit(": ", 1)[-1].removesuffix(" back") for e in pushes]
    if all(c.isdigit() for c in counts):  # a list read off a log alone does not know them
        text += f": {sum(int(c) for c in counts)} back"
    return replace(last, number=first.number, to=last.number, text=text)


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
        self._turns: tuple[tuple[int, MoveEntry | None], list[MoveEntry]] = ((0, None), [])

    def turns(self) -> list[MoveEntry]:
        """The lines the list shows (:func:`turns`), made again only when the entries change."""
        key = (len(self.entries), self.entries[-1] if self.entries else None)
        if self._turns[0] != key:
            self._turns = (key, turns(self.entries))
        return self._turns[1]

    def reset(self, entries: Sequence[MoveEntry] = ()) -> None:
        self.entries = list(entries)
        self.scroll = 0

    def add(self, entry: MoveEntry) -> None:
        lines = len(self.turns())
        self.entries.append(entry)
        if self.scroll:  # keep the lines the player scrolled to in view
            self.scroll += len(self.turns()) - lines

    def truncate(self, moves: int) -> None:
        del self.entries[moves:]
        self.scroll = min(self.scroll, max(0, len(self.turns()) - 1))

    def scroll_by(self, lines: int, visible: int) -> None:
        """Positive scrolls back to older moves."""
        most = max(0, len(self.turns()) - visible)
        self.scroll = min(most, max(0, self.scroll + lines))

    def visible(self, rows: int) -> list[MoveEntry]:
        """The ``rows`` lines to show, oldest first (a chain of pushes is one line)."""
        shown = self.turns()
        end = len(shown) - self.scroll
        return shown[max(0, end - rows) : end]

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
