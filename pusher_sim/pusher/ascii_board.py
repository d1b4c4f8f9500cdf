"""Positions drawn as text: how tests set up a position and how the terminal shows one.

A board of radius n is drawn as 2n+1 rows, top row first (r = n down to r = -n), each row's cups
left to right (q rising), indented by |r| so the hexagon shows::

      . . .
     . R . .
    . . . B .
     . Y . .
      . . .

``R``, ``B``, ``Y`` are balls; ``.`` is an empty cup. When drawing, empty cups may instead show
their colour in lower case (``r``, ``b``, ``y``, and ``k`` for the black centre); the parser
accepts either. Indentation and spacing are ignored: only the tokens in each row count.
"""

from __future__ import annotations

from collections.abc import Mapping

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.errors import UserError

BALL_CHARS: dict[str, Colour] = {"R": Colour.RED, "B": Colour.BLUE, "Y": Colour.YELLOW}
CHAR_OF_BALL: dict[Colour, str] = {v: k for k, v in BALL_CHARS.items()}
CUP_CHARS: dict[Colour, str] = {
    Colour.RED: "r",
    Colour.BLUE: "b",
    Colour.YELLOW: "y",
    Colour.BLACK: "k",
}
EMPTY_CHARS = frozenset({".", *CUP_CHARS.values()})


def rows_of(radius: int) -> list[list[Cell]]:
    """The board's cells row by row, in drawing order (top row first, q rising)."""
    return [
        [(q, r) for q in range(max(-radius, -radius - r), min(radius, radius - r) + 1)]
        for r in range(radius, -radius - 1, -1)
    ]


def parse_position(text: str) -> tuple[int, dict[Cell, Colour]]:
    """Read a drawn position: its board radius and its balls. Raises UserError when malformed."""
    lines = [line.split() for line in text.splitlines() if line.strip()]
    if len(lines) < 3 or len(lines) % 2 == 0:
        raise UserError(f"a board has an odd number (3 or more) of rows, got {len(lines)}")
    radius = (len(lines) - 1) // 2
    balls: dict[Cell, Colour] = {}
    for n, (tokens, cells) in enumerate(zip(lines, rows_of(radius), strict=True)):
        if len(tokens) != len(cells):
            raise UserError(f"row {n + 1} of the board needs {len(cells)} cups, got {len(tokens)}")
        for token, cell in zip(tokens, cells, strict=True):
            if token in BALL_CHARS:
                balls[cell] = BALL_CHARS[token]
            elif token not in EMPTY_CHARS:
                raise UserError(f"row {n + 1}: {token!r} is no ball (R B Y) nor cup (. r b y k)")
    return radius, balls


def format_position(radius: int, balls: Mapping[Cell, Colour], show_cups: bool = False) -> str:
    """Draw a position as :func:`parse_position` reads it."""
    board = Board(radius=radius)
    out = []
    for cells in rows_of(radius):
        tokens = []
        for cell in cells:
            if cell in balls:
                tokens.append(CHAR_OF_BALL[balls[cell]])
            else:
                tokens.append(CUP_CHARS[board.colour(cell)] if show_cups else ".")
        out.append(" " * abs(cells[0][1]) + " ".join(tokens))
    return "\n".join(out)
