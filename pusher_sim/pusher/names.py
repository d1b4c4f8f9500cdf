"""Cup names: a row letter (A is the top row) and the place in that row from the left, as ``C4``.

One naming for every place a cup is shown or mentioned (the terminal board, the window's labels
and move list, the rules' messages, an action's text), so a player never has to translate.
"""

from __future__ import annotations

import string
from collections.abc import Iterable

from pusher_sim.board import Cell

STANDARD_RADIUS = 5
"""The published 91-cup board; an action names its cups on it (an action does not know its
board)."""


def row_start(r: int, radius: int) -> int:
    """The smallest q of row ``r`` (its leftmost cup)."""
    return max(-radius, -radius - r)


def cup_name(cell: Cell, radius: int = STANDARD_RADIUS) -> str:
    """``C4`` for the fourth cup from the left of the third row from the top; a cell off the
    board keeps its axial coordinates, so a message about it still says which it was."""
    q, r = cell
    if not (abs(q) <= radius and abs(r) <= radius and abs(q + r) <= radius):
        return f"({q},{r})"
    return f"{string.ascii_uppercase[radius - r]}{q - row_start(r, radius) + 1}"


def cups_named(cells: Iterable[Cell], radius: int = STANDARD_RADIUS) -> str:
    """Several cups, space-separated: ``C4 C5 D4``."""
    return " ".join(cup_name(c, radius) for c in cells)


def cell_named(name: str, radius: int = STANDARD_RADIUS) -> Cell | None:
    """The cell a name like ``c4`` stands for, or None if there is no such cup."""
    text = name.strip().upper()
    if len(text) < 2 or text[0] not in string.ascii_uppercase or not text[1:].isdigit():
        return None
    r = radius - string.ascii_uppercase.index(text[0])
    if abs(r) > radius:
        return None
    q = row_start(r, radius) + int(text[1:]) - 1
    if int(text[1:]) < 1 or abs(q) > radius or abs(q + r) > radius:
        return None
    return (q, r)
