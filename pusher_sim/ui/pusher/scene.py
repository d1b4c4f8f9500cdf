"""What the window shows about a position, read once from the table's view of it.

The frame loop draws from a :class:`Scene`, read off the table's
:class:`~pusher_sim.turnloop.seat_view.SeatMirror` (the exact position: Pusher hides nothing)
rather than from the live match, so a worker thread may be applying a push to the match (or
undoing, or loading) while frames keep being drawn from the last settled position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from pusher_sim.board import Board, Cell, Colour, Triangle
from pusher_sim.pusher.duty import Duty
from pusher_sim.pusher.state import END_ALL_PASSED, PusherState
from pusher_sim.turnloop.registry import HUMAN
from pusher_sim.turnloop.seat_view import SeatMirror, SeenMove
from pusher_sim.ui.shell.words import GAME_OVER_KEYS, PEOPLE, seat_name, seat_who


class Demand(Enum):
    """What the rules ask of the player to move right now."""

    PLACE = "place a ball"
    FORM_TRIANGLE = "form a triangle"
    PUSH = "push a triangle"
    PUSH_AGAIN = "push again"
    SKIP = "skip: no cup of another colour forms a triangle"
    PASS = "pass: no legal move"
    OVER = "game over"


HINTS: dict[Demand, str] = {
    Demand.PLACE: "click a highlighted cup",
    Demand.FORM_TRIANGLE: "a pair is on the board: click a highlighted cup to complete a triangle",
    Demand.PUSH: "press inside a highlighted triangle, drag back to aim, release to flick",
    Demand.PUSH_AGAIN: "no ball of yours came back: press a highlighted triangle again",
    Demand.SKIP: "press Space to let the turn pass",
    Demand.PASS: "press Space to pass",
    Demand.OVER: GAME_OVER_KEYS,
}


@dataclass(frozen=True)
class SeatShown:
    name: str
    colour: Colour
    kind: str
    """"human" or the bot's name."""
    tray: int
    you: bool = False
    """This seat is the one person at the table."""

    @property
    def label(self) -> str:
        """What sits here in the words the other tables use: "you", "person", "random bot"."""
        return seat_who(self.kind, self.you)

    @property
    def title(self) -> str:
        """The seat as every table names it ("Red (you)")."""
        return seat_name(self.name, self.kind, self.you)


@dataclass(frozen=True)
class Scene:
    board: Board
    balls: tuple[tuple[Cell, Colour], ...]
    seats: tuple[SeatShown, ...]
    mover: int
    """The seat to move, or a negative number at a chance node or the end."""
    demand: Demand
    rule: str
    """The rule behind the demand (P2, P5, P6, P7...)."""
    legal_cups: frozenset[Cell]
    pushable: tuple[Triangle, ...]
    result: str
    """Who won, once the game is over; empty before."""
    moves: int

    @property
    def headline(self) -> str:
        if self.demand is Demand.OVER:
            return self.result or "Game over"
        seat = self.seats[self.mover]
        return f"{seat.title} to move: {self.demand.value}"

    @property
    def hint(self) -> str:
        if self.demand is Demand.OVER:
            return HINTS[self.demand]
        seat = self.seats[self.mover]
        if seat.kind not in PEOPLE:
            return "the bot is thinking..."
        if not seat.you and (seat.kind != HUMAN or any(s.you for s in self.seats)):
            return f"waiting for {seat.name}"  # another person's move at a hosted table
        return HINTS[self.demand]  # the rule's code is the I panel's, not the interface

    @property
    def can_pass(self) -> bool:
        return self.demand in (Demand.SKIP, Demand.PASS)


def read_scene(mirror: SeatMirror, seats: Sequence[str], you: int = -1) -> Scene:
    """The scene of the mirror's position (``seats``: what sits in each seat, "human" or a
    bot's name; ``you``: the seat of the one person at the table, or -1)."""
    state = mirror.state
    if not isinstance(state, PusherState):
        raise TypeError(f"the Pusher window shows Pusher games, not {type(state).__name__}")
    game = state.game
    shown = tuple(
        SeatShown(colour.label.capitalize(), colour, seats[seat], state.trays[seat], seat == you)
        for seat, colour in enumerate(game.colours)
    )
    balls = tuple(sorted(state.balls.items()))
    if state.is_terminal():
        return Scene(
            game.board, balls, shown, state.current_player(), Demand.OVER, "end",
            frozenset(), (), _result(state), mirror.moves,
        )  # fmt: skip
    duty = state.duty()
    last = mirror.history[-1] if mirror.history else None
    return Scene(
        game.board, balls, shown, state.current_player(), _demand(last, state, duty), duty.rule,
        frozenset(duty.cups), duty.triangles, "", mirror.moves,
    )  # fmt: skip


def _demand(last: SeenMove | None, state: PusherState, duty: Duty) -> Demand:
    if duty.kind == "push":
        pushed = last is not None and last.action is not None and last.action["type"] == "Push"
        again = pushed and last is not None and last.mover == state.current_player()
        return Demand.PUSH_AGAIN if again else Demand.PUSH
    if duty.kind == "place":
        return Demand.FORM_TRIANGLE if duty.rule == "P5" else Demand.PLACE
    return Demand.SKIP if state.game.geo.triangle_cups(state.balls) else Demand.PASS


def _result(state: PusherState) -> str:
    if state.winner is not None:
        colour = state.game.colours[state.winner].label.capitalize()
        return f"{colour} wins: every ball is on the board!"
    if state.end == END_ALL_PASSED:
        return "A draw: every player passed in turn"
    return f"A draw: the move cap ({state.game.config.move_cap}) was reached"
