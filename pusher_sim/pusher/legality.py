"""Whether an action may be played from a Pusher position, and which rule forbids it if not.

Checking a move is one idea and the state's other: the state moves the game on, this module
says why a move is refused (P2, P4, P6-P9), naming the cups as the player sees them. A replayed
log's push is checked here too, against the flick speed of the model it was played under.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pusher_sim.board import Cell, Colour
from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.push_resolution import PushOutcome
from pusher_sim.pusher.action_shape import finite, shape_cell, shape_pair, shape_triangle
from pusher_sim.pusher.actions import Pass, Place, Push
from pusher_sim.pusher.duty import foreign_to
from pusher_sim.pusher.names import cup_name, cups_named
from pusher_sim.pusher.recorded_outcome import made_from_json, outcome_from_json, outcome_problem
from pusher_sim.turnloop.actions import Action

if TYPE_CHECKING:
    from pusher_sim.pusher.state import PusherState


def check_action(state: PusherState, action: Action) -> None:
    """Raise IllegalMove unless ``action`` may be played from ``state`` now."""
    if state.end is not None:
        raise IllegalMove("end", "the game is over")
    if isinstance(action, Place):
        check_place(state, action)
    elif isinstance(action, Push):
        check_push(state, action)
    elif isinstance(action, Pass):
        duty = state.duty()
        if duty.kind != "pass":
            rule = "P6" if duty.kind == "push" else "P7"
            raise IllegalMove(rule, f"you may not pass now: {duty.reason}")
    else:
        raise IllegalMove("action", f"{action!r} is not a Pusher action")


def check_place(state: PusherState, action: Place) -> None:
    """P2 with P5-P7: the cup exists, is empty, of another colour, and allowed by the duty."""
    game = state.game
    cell = shape_cell(action.cell)
    if cell is None:
        raise IllegalMove("P2", f"a cup is two whole numbers q,r, not {action.cell!r}")
    duty = state.duty()
    if duty.kind == "push":
        raise IllegalMove("P6", "a pushable triangle is on the board: you must push, not place")
    if cell not in game.board:
        raise IllegalMove("P2", f"there is no cup {_name(state, cell)} on this board")
    if cell in state.balls:
        raise IllegalMove("P2", f"cup {_name(state, cell)} is not empty")
    cup = game.geo.colour[cell]
    if not foreign_to(state.colour, cup, game.config):
        raise IllegalMove(
            "P2", f"cup {_name(state, cell)} is {cup.label}: place in a cup of another colour"
        )
    if duty.kind == "pass":
        raise IllegalMove(duty.rule, f"you place nothing this turn: {duty.reason}")
    if cell not in duty.cups:
        raise IllegalMove(duty.rule, f"cup {_name(state, cell)} is not allowed: {duty.reason}")


def check_push(state: PusherState, action: Push, top_speed: float | None = None) -> None:
    """P4, P8, P9: a pushable triangle of balls, a press inside it, a flick and press in range
    (``top_speed``: the fastest flick allowed, by default the game's resolver's)."""
    game = state.game
    geo = game.geo
    tri = shape_triangle(action.triangle)
    if tri is None:
        raise IllegalMove("P4", f"a triangle is three cups q,r, not {action.triangle!r}")
    if not all(c in game.board for c in tri) or not geo.is_triangle(tri):
        raise IllegalMove(
            "P4", f"cups {_names(state, tri)} are not three mutually neighbouring cups"
        )
    if tri != tuple(sorted(tri)):
        raise IllegalMove(
            "P8", f"name the triangle's cups in sorted order: {_names(state, sorted(tri))}"
        )
    if not all(c in state.balls for c in tri):
        raise IllegalMove(
            "P4", f"cups {_names(state, tri)} do not all hold a ball: that is no triangle"
        )
    if not geo.is_pushable(state.balls, tri, game.config.free_roll_empty_neighbours):
        raise IllegalMove(
            "P9", f"no ball of triangle {_names(state, tri)} can roll freely: not pushable"
        )
    offset = shape_pair(action.offset)
    if offset is None:
        raise IllegalMove("P8", f"the press offset is two numbers (m), not {action.offset!r}")
    if not geo.press_inside(tri, offset, game.config.press_region):
        raise IllegalMove("P8", f"the press point {offset} is not inside the triangle")
    if not finite(action.angle):
        raise IllegalMove("P8", f"the flick angle must be a number, not {action.angle!r}")
    top = game.resolver.max_flick_speed if top_speed is None else top_speed
    if not finite(action.speed) or not 0.0 <= action.speed <= top:
        raise IllegalMove("P8", f"the flick speed must be 0..{top} m/s, not {action.speed!r}")
    if not finite(action.strength) or not 0.0 <= action.strength <= 1.0:
        raise IllegalMove("P8", f"the press strength must be 0..1, not {action.strength!r}")


def check_recorded_push(
    state: PusherState, aimed: Push, outcome: Mapping[str, Any], top_speed: float
) -> tuple[PushOutcome, Push | None]:
    """A log's recorded outcome of ``aimed`` from ``state`` and the push the hand made of it
    (None: as aimed), each checked against the position (CorruptFile if impossible)."""
    resolved = outcome_from_json(outcome)
    problem = outcome_problem(state.game.board, resolved.balls, balls_after_push(state))
    if problem is not None:
        raise CorruptFile(f"the recorded outcome is impossible: {problem}")
    made = made_from_json(outcome, aimed)
    if made is not None:
        try:
            check_push(state, made, top_speed)
        except IllegalMove as exc:
            raise CorruptFile(f"the recorded push made is impossible: {exc}") from None
    return resolved, made


def balls_after_push(state: PusherState) -> Counter[Colour]:
    """The balls a push from ``state`` must leave on the board: these and the pushed one."""
    expected = Counter(state.balls.values())
    expected[state.colour] += 1
    return expected


def _name(state: PusherState, cell: Cell) -> str:
    return cup_name(cell, state.game.board.radius)


def _names(state: PusherState, cells: Sequence[Cell]) -> str:
    return cups_named(cells, state.game.board.radius)
