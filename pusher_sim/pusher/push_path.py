"""A Pusher push's recorded path as JSON: the network host simulates once, every window plays it.

Positions are rounded to a hundredth of a millimetre (the window draws whole pixels of a board
about 0.3 m across), which keeps a long push's path to a few hundred kilobytes. Reading is
strict: a path with more balls, frames or numbers than a push can have is refused.
"""

from __future__ import annotations

from typing import Any

from pusher_sim.board import PLAYER_COLOURS, Colour
from pusher_sim.errors import CorruptFile
from pusher_sim.push_resolution import PushPath
from pusher_sim.pusher.config import MAX_BOARD_RADIUS
from pusher_sim.turnloop.schema import ListOf, Obj, Real, Row, ShapeError, Text, Whole

DIGITS = 5
MAX_BALLS = 3 * MAX_BOARD_RADIUS * (MAX_BOARD_RADIUS + 1) + 1
MAX_FRAMES = 4000
"""Frames a path may hold (a push is simulated for a few seconds, recorded at 60 frames/s)."""
_LABELS = tuple(c.label for c in (*PLAYER_COLOURS, Colour.BLACK))
_COORD = Real(-10.0, 10.0)
SHAPE = Obj(
    {
        "colours": ListOf(Text(_LABELS), MAX_BALLS),
        "cups": ListOf(
            Row(
                (
                    Whole(-MAX_BOARD_RADIUS, MAX_BOARD_RADIUS),
                    Whole(-MAX_BOARD_RADIUS, MAX_BOARD_RADIUS),
                )
            ),
            MAX_BALLS,
        ),
        "interval": Real(1e-4, 1.0),
        "frames": ListOf(ListOf(Row((_COORD, _COORD, _COORD)), MAX_BALLS), MAX_FRAMES),
    },
    required=frozenset({"colours", "cups", "interval", "frames"}),
)


def path_to_json(path: PushPath) -> dict[str, Any]:
    return {
        "colours": [c.label for c in path.colours],
        "cups": [list(cell) for cell in path.cups],
        "interval": path.interval,
        "frames": [
            [[round(x, DIGITS), round(y, DIGITS), round(z, DIGITS)] for x, y, z in frame]
            for frame in path.frames
        ],
    }


def path_from_json(data: Any) -> PushPath:
    """Read :func:`path_to_json` back (CorruptFile on anything out of shape)."""
    try:
        SHAPE.check(data, "path")
    except ShapeError as exc:
        raise CorruptFile(str(exc)) from None
    balls = len(data["colours"])
    if len(data["cups"]) != balls or any(len(frame) != balls for frame in data["frames"]):
        raise CorruptFile("a path's frames, cups and colours must name the same balls")
    by_label = {c.label: c for c in Colour}
    return PushPath(
        colours=tuple(by_label[c] for c in data["colours"]),
        cups=tuple((q, r) for q, r in data["cups"]),
        interval=float(data["interval"]),
        frames=tuple(
            tuple((float(x), float(y), float(z)) for x, y, z in frame) for frame in data["frames"]
        ),
    )
