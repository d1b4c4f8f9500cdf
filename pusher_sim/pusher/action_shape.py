"""The shape checks of an action read from outside (a person, a bot, a log): a cup is two whole
numbers, a triangle three cups, a press point two finite numbers. A value of the wrong shape is
refused with the rule it breaks before any rule looks at it."""

from __future__ import annotations

import math

from pusher_sim.board import Cell, Triangle
from pusher_sim.turnloop.whole_number import is_whole_number


def finite(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def shape_cell(value: object) -> Cell | None:
    if isinstance(value, tuple) and len(value) == 2 and all(is_whole_number(v) for v in value):
        return (value[0], value[1])
    return None


def shape_triangle(value: object) -> Triangle | None:
    if not isinstance(value, tuple) or len(value) != 3:
        return None
    cells = [shape_cell(v) for v in value]
    if cells[0] is None or cells[1] is None or cells[2] is None:
        return None
    return (cells[0], cells[1], cells[2])


def shape_pair(value: object) -> tuple[float, float] | None:
    if isinstance(value, tuple) and len(value) == 2 and all(finite(v) for v in value):
        return (float(value[0]), float(value[1]))
    return None
