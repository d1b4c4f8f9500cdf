"""The window's geometry: board metres to pixels at any size, clicks to cups, presses to
triangles, drags to flicks (issue 6)."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from pusher_sim.board import Board, Triangle
from pusher_sim.ui.pusher.aim import (
    DEAD_ZONE_PITCHES,
    FULL_DRAG_PITCHES,
    Aim,
    barycentric,
    flick_from_drag,
    inside_triangle,
    triangle_at,
)
from pusher_sim.ui.pusher.screen_layout import TRAY_ROWS, Layout

BOARD = Board()
BALL = 0.008
sizes = st.tuples(st.integers(320, 2600), st.integers(240, 1600))
players = st.sampled_from([2, 3])
unit = st.floats(0.0, 1.0, allow_nan=False)


def inside(layout: Layout, x: float, y: float) -> bool:
    box = layout.board_box
    return box.x - 0.5 <= x <= box.x + box.w + 0.5 and box.y - 0.5 <= y <= box.y + box.h + 0.5


@settings(max_examples=60, deadline=None)
@given(sizes, players)
def test_the_whole_board_fits_its_box_at_any_window_size(size: tuple[int, int], n: int) -> None:
    layout = Layout.fit(BOARD, size, n, BALL)
    assert all(inside(layout, x, y) for x, y in layout.frame_corners)
    for tray in layout.trays:
        assert tray.box.x + tray.box.w <= layout.width and tray.box.y + tray.box.h <= layout.height
        for k in range(TRAY_ROWS * (TRAY_ROWS + 1) // 2):
            x, y = tray.slot(k)
            assert tray.box.contains(x, y)


def test_the_board_grows_with_the_window() -> None:
    small = Layout.fit(BOARD, (640, 480), 2, BALL)
    large = Layout.fit(BOARD, (1600, 1200), 2, BALL)
    assert large.scale > 2 * small.scale


@settings(max_examples=60, deadline=None)
@given(sizes, st.floats(-0.1, 0.1), st.floats(-0.1, 0.1))
def test_screen_and_board_coordinates_are_inverse(
    size: tuple[int, int], x: float, y: float
) -> None:
    layout = Layout.fit(BOARD, size, 3, BALL)
    bx, by = layout.to_board(*layout.to_screen(x, y))
    assert math.isclose(bx, x, abs_tol=1e-12) and math.isclose(by, y, abs_tol=1e-12)
    assert layout.to_screen(0.0, 0.01)[1] < layout.to_screen(0.0, 0.0)[1]  # board y is up


@settings(max_examples=15, deadline=None)
@given(sizes)
def test_a_click_on_any_cup_centre_selects_that_cup(size: tuple[int, int]) -> None:
    layout = Layout.fit(BOARD, size, 2, BALL)
    for cell in BOARD.cells:
        x, y = layout.cell_screen(cell)
        assert layout.cell_at_pixel(round(x), round(y)) == cell


def test_a_click_between_cups_or_off_the_board_selects_nothing() -> None:
    layout = Layout.fit(BOARD, (1100, 800), 2, BALL)
    centre = BOARD.triangle_centre(((0, 0), (0, 1), (1, 0)))
    assert layout.cell_at_pixel(*layout.to_screen(*centre)) is None
    assert layout.cell_at_pixel(2, 2) is None


def test_tray_hollows_are_distinct_and_fill_the_bottom_row_first() -> None:
    tray = Layout.fit(BOARD, (1100, 800), 3, BALL).trays[0]
    slots = [tray.slot(k) for k in range(TRAY_ROWS * (TRAY_ROWS + 1) // 2)]
    assert len({(round(x, 6), round(y, 6)) for x, y in slots}) == len(slots)
    bottom = [y for _, y in slots[:TRAY_ROWS]]
    assert max(bottom) - min(bottom) < 1e-9 and bottom[0] == max(y for _, y in slots)


@given(unit, unit)
def test_barycentric_weights_rebuild_the_point(u: float, v: float) -> None:
    a, b, c = (BOARD.position(cell) for cell in ((0, 0), (1, 0), (0, 1)))
    wa, wb = u * (1 - v), v * u
    wc = 1.0 - wa - wb
    p = (wa * a[0] + wb * b[0] + wc * c[0], wa * a[1] + wb * b[1] + wc * c[1])
    got = barycentric(p, a, b, c)
    assert all(math.isclose(g, w, abs_tol=1e-9) for g, w in zip(got, (wa, wb, wc), strict=True))
    assert inside_triangle(p, a, b, c) or min(wa, wb, wc) < 1e-9


def test_points_beyond_an_edge_are_outside() -> None:
    a, b, c = (BOARD.position(cell) for cell in ((0, 0), (1, 0), (0, 1)))
    beyond = (2 * a[0] - (b[0] + c[0]) / 2, 2 * a[1] - (b[1] + c[1]) / 2)
    assert not inside_triangle(beyond, a, b, c)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(BOARD.triangles), unit, unit)
def test_a_press_inside_a_triangle_finds_that_triangle(tri: Triangle, u: float, v: float) -> None:
    corners = [BOARD.position(c) for c in tri]
    cx, cy = BOARD.triangle_centre(tri)
    # A point strictly inside: shrink towards the centre so shared edges are not hit.
    w = (0.05 + 0.9 * u * (1 - v), 0.05 + 0.9 * v * u)
    wc = 1.0 - w[0] - w[1]
    p = tuple(w[0] * a + w[1] * b + wc * c for a, b, c in zip(*corners, strict=True))
    p = (cx + (p[0] - cx) * 0.9, cy + (p[1] - cy) * 0.9)
    assert triangle_at(BOARD, p, BOARD.triangles) == tri
    others = [t for t in BOARD.triangles if t != tri]
    assert triangle_at(BOARD, p, others) is None


@given(st.floats(-0.2, 0.2), st.floats(-0.2, 0.2), st.floats(0.01, 5.0))
def test_a_flick_never_exceeds_the_model_maximum(dx: float, dy: float, top: float) -> None:
    flick = flick_from_drag((0.0, 0.0), (dx, dy), BOARD.pitch, top)
    assert 0.0 <= flick.speed <= top
    assert 0.0 <= flick.fraction <= 1.0
    if flick.speed > 0:  # the flick points from the drag point back through the press point
        assert math.isclose(math.cos(flick.angle), -dx / math.hypot(dx, dy), abs_tol=1e-9)
        assert math.isclose(math.sin(flick.angle), -dy / math.hypot(dx, dy), abs_tol=1e-9)


def test_flick_strength_grows_with_the_drag_up_to_the_cap() -> None:
    pitch = BOARD.pitch
    speeds = [
        flick_from_drag((0.0, 0.0), (-k * pitch, 0.0), pitch, 1.5).speed
        for k in (0.1, DEAD_ZONE_PITCHES + 0.5, 2.0, 3.0, FULL_DRAG_PITCHES + 1, 20)
    ]
    assert speeds[0] == 0.0  # a trembling press is no flick
    assert speeds[1] < speeds[2] < speeds[3] < speeds[4]
    assert speeds[4] == speeds[5] == 1.5
    assert flick_from_drag((0.0, 0.0), (-pitch, 0.0), pitch, 1.5).angle == 0.0


def test_an_aim_carries_the_press_offset_from_the_triangle_centre() -> None:
    tri = ((0, 0), (0, 1), (1, 0))
    cx, cy = BOARD.triangle_centre(tri)
    aim = Aim(tri, (cx + 0.001, cy - 0.002), (cx, cy)).moved_to((cx - 0.03, cy))
    ox, oy = aim.offset(BOARD)
    assert math.isclose(ox, 0.001) and math.isclose(oy, -0.002)
    assert aim.flick(BOARD, 1.5).speed > 0
