"""The drawn-position parser: round trips (hypothesis) and clear errors on malformed drawings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.errors import UserError
from pusher_sim.pusher.ascii_board import format_position, parse_position, rows_of

BALL_COLOURS = [Colour.RED, Colour.BLUE, Colour.YELLOW]


@st.composite
def positions(draw: st.DrawFn) -> tuple[int, dict[Cell, Colour]]:
    radius = draw(st.integers(1, 5))
    cells = Board(radius=radius).cells
    balls = draw(st.dictionaries(st.sampled_from(cells), st.sampled_from(BALL_COLOURS)))
    return radius, balls


@given(positions(), st.booleans())
@settings(max_examples=200, deadline=None)
def test_format_then_parse_gives_the_position_back(
    position: tuple[int, dict[Cell, Colour]], show_cups: bool
) -> None:
    radius, balls = position
    assert parse_position(format_position(radius, balls, show_cups)) == (radius, balls)


@given(positions())
@settings(max_examples=100, deadline=None)
def test_parse_then_format_gives_the_drawing_back(position: tuple[int, dict[Cell, Colour]]) -> None:
    radius, balls = position
    text = format_position(radius, balls)
    assert format_position(*parse_position(text)) == text
    # Indentation and spacing do not matter to the parser.
    squashed = "\n".join("  ".join(line.split()) for line in text.splitlines())
    assert parse_position("\n\n" + squashed + "\n") == (radius, balls)


def test_rows_cover_the_board_in_drawing_order() -> None:
    for radius in range(1, 6):
        rows = rows_of(radius)
        assert [c for row in rows for c in row] == sorted(
            Board(radius=radius).cells, key=lambda c: (-c[1], c[0])
        )
        assert [len(row) for row in rows][radius] == 2 * radius + 1


def test_the_drawing_shows_the_hexagon_with_cup_colours() -> None:
    assert format_position(1, {(0, 0): Colour.RED}, show_cups=True) == " b y\ny R b\n b y"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "odd number"),
        (". .\n. . .", "odd number"),
        (". .\n. . .\n. . .", "row 3 of the board needs 2 cups, got 3"),
        (". .\n. X .\n. .", "'X' is no ball"),
    ],
)
def test_malformed_drawings_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(UserError, match=message):
        parse_position(text)
