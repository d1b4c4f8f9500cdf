"""Where everything goes on the screen: board metres to pixels, trays, status and message lines.

A layout is recomputed whenever the window changes size, so the board always fills the space left
by the side panel and the text lines, and every hit test and drawing call goes through the same
mapping (board y points up, screen y down).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pusher_sim.board import Board, Cell

RIM_MARGIN_PITCHES = 0.8
"""How far the drawn wooden rim lies outside the outer cup centres, in cup pitches."""
FRAME_PITCHES = 0.7
"""Width of the wooden frame outside the rim, in cup pitches."""
TRAY_ROWS = 6
"""A tray is a triangle of 6 rows (21 hollows), enough for a player's 17 balls."""


@dataclass(frozen=True)
class Box:
    """An axis-aligned screen rectangle in pixels."""

    x: int
    y: int
    w: int
    h: int

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2.0, self.y + self.h / 2.0)

    def as_tuple(self) -> tuple[int, int, int, int]:
        return (self.x, self.y, self.w, self.h)


@dataclass(frozen=True)
class TrayBox:
    """One player's panel: a header line and the triangular tray beneath it."""

    box: Box
    header: Box
    apex: tuple[float, float]
    """Screen position of the tray's top hollow."""
    slot_px: float
    """Distance between neighbouring hollows in pixels."""

    def slot(self, k: int) -> tuple[float, float]:
        """Centre of hollow ``k``; hollows fill the bottom row first, like a rack of balls."""
        row, col = _slot_row_col(k)
        x = self.apex[0] + (col - row / 2.0) * self.slot_px
        y = self.apex[1] + row * self.slot_px * math.sqrt(3.0) / 2.0
        return (x, y)


def _slot_row_col(k: int) -> tuple[int, int]:
    """Row and column of hollow ``k`` counting from the bottom row (row TRAY_ROWS - 1) upwards."""
    row = TRAY_ROWS - 1
    while k >= row + 1 and row > 0:
        k -= row + 1
        row -= 1
    return row, min(k, row)


@dataclass(frozen=True)
class Layout:
    """The screen geometry for one window size."""

    width: int
    height: int
    board: Board
    scale: float
    """Pixels per metre."""
    origin: tuple[float, float]
    """Screen position of the board's centre."""
    status: Box
    message: Box
    board_box: Box
    trays: tuple[TrayBox, ...]
    move_list: Box
    """The scrollable list of moves, below the trays."""
    note: Box
    """The last push's result, a line above the message line."""
    ball_radius: float
    """Ball radius in metres (as the physics has it), for drawing balls at the right size."""

    @classmethod
    def fit(cls, board: Board, size: tuple[int, int], players: int, ball_radius: float) -> Layout:
        width, height = max(320, size[0]), max(240, size[1])
        status_h = max(44, int(height * 0.085))
        message_h = max(22, int(height * 0.04))
        panel_w = int(min(max(width * 0.26, 200), 460))
        board_h = height - status_h - 2 * message_h
        board_box = Box(0, status_h, width - panel_w, board_h)
        status = Box(0, 0, width, status_h)
        note = Box(0, height - 2 * message_h, width, message_h)
        message = Box(0, height - message_h, width, message_h)
        list_h = max(4 * message_h, int(board_h * 0.34))
        trays_h = board_h - list_h
        move_list = Box(width - panel_w + 6, status_h + trays_h, panel_w - 12, list_h - 4)
        outside = (RIM_MARGIN_PITCHES + FRAME_PITCHES) * board.pitch
        circ = (board.inradius + outside) * 2.0 / math.sqrt(3.0)
        scale = 0.95 * min(board_box.w / (2.0 * circ), board_box.h / (math.sqrt(3.0) * circ))
        origin = board_box.centre
        trays = _tray_boxes(Box(width - panel_w, status_h, panel_w, trays_h), players)
        return cls(
            width, height, board, scale, origin, status, message, board_box, trays,
            move_list, note, ball_radius,
        )  # fmt: skip

    # -- mapping ----------------------------------------------------------------------------

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (self.origin[0] + x * self.scale, self.origin[1] - y * self.scale)

    def to_board(self, px: float, py: float) -> tuple[float, float]:
        return ((px - self.origin[0]) / self.scale, (self.origin[1] - py) / self.scale)

    def cell_screen(self, cell: Cell) -> tuple[float, float]:
        return self.to_screen(*self.board.position(cell))

    def pixels(self, metres: float) -> float:
        return metres * self.scale

    @property
    def ball_px(self) -> float:
        return self.ball_radius * self.scale

    @property
    def rim_corners(self) -> tuple[tuple[float, float], ...]:
        return tuple(self.to_screen(x, y) for x, y in self.board.rim(self.rim_margin))

    @property
    def frame_corners(self) -> tuple[tuple[float, float], ...]:
        margin = self.rim_margin + FRAME_PITCHES * self.board.pitch
        return tuple(self.to_screen(x, y) for x, y in self.board.rim(margin))

    @property
    def rim_margin(self) -> float:
        return RIM_MARGIN_PITCHES * self.board.pitch

    def cell_at_pixel(self, px: float, py: float) -> Cell | None:
        """The cup under a click, or None when the click is not on a cup.

        A click counts within the cup's own circle (half a pitch around its centre), so a click
        on the gap between cups or on the rim selects nothing rather than a surprising neighbour.
        """
        x, y = self.to_board(px, py)
        cell = self.board.cell_at(x, y)
        cx, cy = self.board.position(cell)
        if math.hypot(x - cx, y - cy) > 0.5 * self.board.pitch:
            return None
        return cell


def _tray_boxes(panel: Box, players: int) -> tuple[TrayBox, ...]:
    each = panel.h // max(players, 1)
    pad = max(2, min(panel.w // 20, each // 12))
    out: list[TrayBox] = []
    for seat in range(players):
        box = Box(panel.x + pad, panel.y + seat * each + pad // 2, panel.w - 2 * pad, each - pad)
        header_h = int(min(60, max(34, box.h // 4), box.h // 2))
        header = Box(box.x, box.y, box.w, header_h)
        room_h = max(1, box.h - header_h - pad)
        height_for_rows = math.sqrt(3.0) / 2.0 * (TRAY_ROWS - 1)
        # The drawn wooden triangle reaches 0.86 slots above the top hollow and 0.45 below the
        # bottom row: leave room for both so the tray never touches the header's text.
        slot = max(
            0.5, min((box.w - 2 * pad) / (TRAY_ROWS + 1.0), room_h / (height_for_rows + 1.4))
        )
        tray_h = (height_for_rows + 1.31) * slot
        top = box.y + header_h + max(0.0, (room_h - tray_h) / 2.0)
        apex = (box.x + box.w / 2.0, top + 0.86 * slot + 1.0)
        out.append(TrayBox(box, header, apex, slot))
    return tuple(out)
