"""A push's outcome as a game log records it: where the balls came to rest, whether they
settled, and which model said so.

A push's outcome is a fact of the game, like a die's face: a log that records it replays,
loads and continues under any later physics model (docs/saved-games.md). A recorded outcome is
untrusted input, so reading it is strict: its shape here, and what it must be given the position
it was pushed from in :meth:`PusherState.apply_logged` (every ball on the board, one per cup,
the same balls as before the push plus the pushed one).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from pusher_sim.board import PLAYER_COLOURS, Board, Cell, Colour
from pusher_sim.errors import CorruptFile
from pusher_sim.push_resolution import PushOutcome
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.config import MAX_BOARD_RADIUS
from pusher_sim.pusher.names import cup_name
from pusher_sim.turnloop.schema import Flag, ListOf, Obj, Real, Row, Text, Whole

MAX_MODEL_NAME = 16
"""Longest model name a recorded outcome may carry ("6", "7", "scripted", "3d"...)."""

_CUPS_AT_MOST = 3 * MAX_BOARD_RADIUS * (MAX_BOARD_RADIUS + 1) + 1
_LABELS = tuple(c.label for c in PLAYER_COLOURS)

SHAPE = Obj(
    {
        "balls": ListOf(
            Row(
                (
                    Whole(-MAX_BOARD_RADIUS, MAX_BOARD_RADIUS),
                    Whole(-MAX_BOARD_RADIUS, MAX_BOARD_RADIUS),
                    Text(_LABELS),
                )
            ),
            _CUPS_AT_MOST,
        ),
        "settled": Flag(),
        "model": Text(max_len=MAX_MODEL_NAME),
        "made": Obj(
            {
                "offset": Row((Real(-1.0, 1.0), Real(-1.0, 1.0))),
                "angle": Real(-1e6, 1e6),
                "speed": Real(0.0, 1e3),
                "strength": Real(0.0, 1.0),
            },
            required=frozenset({"offset", "angle", "speed", "strength"}),
        ),
    },
    required=frozenset({"balls", "settled", "model"}),
)
"""A recorded outcome: ``balls`` as ``[q, r, colour]`` (axial cup, ball colour), ``settled``
(False: the simulated-time cap ran out first) and ``model``; ``made``, where the table's hand
made the push otherwise than aimed (P8), is the push made: press offset (m), flick angle
(radians) and speed (m/s), press strength. A log from before the hand has none: its pushes were
made as aimed."""


def outcome_to_json(outcome: PushOutcome, made: Push | None = None) -> dict[str, Any]:
    """The outcome as a log records it: the resting places (sorted), settled, the model, and
    the push the hand made (``made``) where it is not the push aimed."""
    data: dict[str, Any] = {
        "balls": [[q, r, colour.label] for (q, r), colour in sorted(outcome.balls)],
        "settled": outcome.settled,
        "model": outcome.model,
    }
    if made is not None:
        data["made"] = {
            "offset": [float(made.offset[0]), float(made.offset[1])],
            "angle": float(made.angle),
            "speed": float(made.speed),
            "strength": float(made.strength),
        }
    return data


def made_from_json(data: Mapping[str, Any], aimed: Push) -> Push | None:
    """The push the hand made of ``aimed``, as a recorded outcome (already checked for shape)
    says; None where it records none (made as aimed)."""
    made = data.get("made")
    if made is None:
        return None
    x, y = made["offset"]
    return Push(aimed.triangle, (x, y), made["angle"], made["speed"], made["strength"])


def outcome_from_json(data: Mapping[str, Any]) -> PushOutcome:
    """A recorded outcome read back, checked for shape (not yet against the position).

    It carries no simulation figures: ``sim_time`` and ``steps`` are 0.
    """
    SHAPE.check(data, "outcome")
    model = data["model"]
    if not model or not model.isprintable():
        raise CorruptFile(f"outcome.model must name a model, got {model!r:.30}")
    balls = tuple(((q, r), Colour[label.upper()]) for q, r, label in data["balls"])
    return PushOutcome(balls=balls, settled=data["settled"], sim_time=0.0, steps=0, model=model)


def outcome_problem(
    board: Board, balls: Iterable[tuple[Cell, Colour]], expected: Counter[Colour]
) -> str | None:
    """What is wrong with resting places ``balls`` on ``board``, None if nothing is (P13).

    ``expected`` counts the balls of each colour the push must leave: those on the board before
    it and the pushed one. Each message is short and names the cup or the colour at fault.
    """
    resting: dict[Cell, Colour] = {}
    for cell, colour in balls:
        if cell not in board:
            return f"a ball rests at {cell[0]},{cell[1]}, off the board"
        if cell in resting:
            return f"two balls rest in cup {cup_name(cell, board.radius)}"
        resting[cell] = colour
    got = Counter(resting.values())
    if got != expected:
        return f"the balls are {_counted(got)}, but the push had {_counted(expected)}"
    return None


def _counted(counts: Counter[Colour]) -> str:
    parts = [f"{counts[c]} {c.label}" for c in PLAYER_COLOURS if counts[c]]
    return ", ".join(parts) or "none"
