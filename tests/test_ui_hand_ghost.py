"""The window tells where the hand took a push (docs/rules.md P8): once the ball is released the
board shows the aimed push as a dashed ghost beside the push made, and the status says what the
hand did, until the next move."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from pusher_sim.physics import PhysicsResolver
from pusher_sim.pusher import Place, Push, PusherConfig, PusherGame
from pusher_sim.pusher.hand import HANDS
from pusher_sim.turnloop import Match
from pusher_sim.ui.pusher.hand_ghost import GHOST
from pusher_sim.ui.shell.app import AppConfig
from tests.ui_driver import (
    Table,
    click_cell,
    draw,
    open_table,
    play_opening,
    push_triangle,
    settle,
)


def hand_table(hand: str, size: tuple[int, int] = (1100, 800)) -> tuple[Table, pygame.Surface]:
    """Two people at a table with ``hand``, red to push the opening's triangle."""
    game = PusherGame(PusherConfig(players=2, hand=HANDS[hand]), PhysicsResolver())
    match = Match(game, [None, None], seed=3, seat_names=["human", "human"])
    window = pygame.display.set_mode(size)
    table = open_table(AppConfig(seats=("human", "human"), seed=3, speed=8.0), match)
    play_opening(table)
    return table, window


def ghost_ring(table: Table, surface: pygame.Surface) -> int:
    """Of 36 points round the aimed press point, at the radius of the ghost's ring, how many
    are drawn in the ghost's colour (the push made's own line crosses a few of them)."""
    draw(table, surface)
    ghost = table.top.ghost
    if ghost is None:
        return 0
    lay = table.top.layout
    cx, cy = lay.board.triangle_centre(ghost.aimed.triangle)
    px, py = lay.to_screen(cx + ghost.aimed.offset[0], cy + ghost.aimed.offset[1])
    ring = max(4, round(lay.ball_px * 0.45))
    pixels = pygame.surfarray.array3d(surface)
    on = 0
    for k in range(36):
        x = px + (ring - 0.5) * math.cos(k * math.pi / 18)
        y = py + (ring - 0.5) * math.sin(k * math.pi / 18)
        near = pixels[round(x) - 1 : round(x) + 2, round(y) - 1 : round(y) + 2]
        on += bool(np.all(near == GHOST, axis=2).any())
    return on


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_p8_after_a_push_the_window_shows_the_aimed_ghost_and_what_the_hand_did(
    size: tuple[int, int],
) -> None:
    table, window = hand_table("ordinary", size)
    assert ghost_ring(table, window) == 0
    push_triangle(table, -70, 25)
    settle(table)
    ghost = table.top.ghost
    assert ghost is not None and isinstance(ghost.aimed, Push) and ghost.made is not None
    aimed, made = ghost.aimed, ghost.made
    assert (made.offset, made.strength, made.angle, made.speed) != (
        aimed.offset, aimed.strength, aimed.angle, aimed.speed,
    )  # fmt: skip
    assert table.message.startswith("your hand: ")
    assert ghost_ring(table, window) >= 30  # the ring of the push aimed


def test_p8_the_ghost_and_the_hand_line_last_till_the_next_move() -> None:
    table, window = hand_table("ordinary")
    push_triangle(table, -70, 25)
    settle(table)
    assert table.top.ghost is not None and ghost_ring(table, window) >= 30
    state = table.top.state
    free = next(a for a in state.legal_actions() if isinstance(a, Place))
    click_cell(table, free.cell)
    settle(table)
    assert table.top.ghost is None and ghost_ring(table, window) == 0
    assert not table.message.startswith("your hand")


def test_p8_an_exact_hand_says_the_push_was_made_as_aimed() -> None:
    table, window = hand_table("exact")
    push_triangle(table, -70, 25)
    settle(table)
    ghost = table.top.ghost
    assert ghost is not None and ghost.made is None
    assert table.message == "your hand: made as aimed"
    assert ghost_ring(table, window) >= 30
