"""The push aimed and the push made, once a push is released (docs/rules.md P8).

The table's hand makes every push a little otherwise than aimed. After the release the board
shows the aimed flick as a dashed ghost with a ring at its press point, the push the hand made
drawn over it, and the status says what the hand did ("your hand: 0.4 mm left, 3% harder"), for
a person's push and a bot's alike, until the next move.
"""

from __future__ import annotations

import math

import pygame

from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.push_words import hand_effect
from pusher_sim.pusher.state import PusherState
from pusher_sim.ui.pusher.aim_painter import arrow_head
from pusher_sim.ui.pusher.board_painter import mix_colour
from pusher_sim.ui.pusher.screen_layout import Layout
from pusher_sim.ui.pusher.table_view import HandGhost

GHOST = (35, 30, 45)
"""The aimed push's colour: dark and dashed, under the push made (the board is pale)."""
DASH_PX = 7


def ghost_after(state: PusherState, aimed: Push, mover: int) -> HandGhost:
    """The ghost of ``aimed``, made by seat ``mover``; ``state`` is the position just after."""
    colour = state.game.colours[mover]
    made = None if state.last_hand is None else state.last_hand[1]
    return HandGhost(aimed, made, colour, state.game.resolver.max_flick_speed)


def hand_line(ghost: HandGhost | None, person: bool) -> str:
    """What the hand did, in the words of the status: "your hand: ..." for a person ("" for
    no push)."""
    if ghost is None:
        return ""
    whose = "your hand" if person else f"{ghost.colour.label.capitalize()}'s hand"
    return f"{whose}: {hand_effect(ghost.aimed, ghost.made)}"


def draw_hand_ghost(surface: pygame.Surface, lay: Layout, ghost: HandGhost) -> None:
    """The push made, and over it the aimed push as a dashed ghost (so that both show where
    the hand changed little), each from its press point."""
    if ghost.made is not None:
        fraction = ghost.made.speed / ghost.top_speed if ghost.top_speed > 0 else 0.0
        colour = mix_colour((120, 230, 120), (255, 70, 50), fraction)
        _draw_push(surface, lay, ghost.made, ghost.top_speed, colour, dashed=False)
    _draw_push(surface, lay, ghost.aimed, ghost.top_speed, GHOST, dashed=True)


def _draw_push(
    surface: pygame.Surface,
    lay: Layout,
    push: Push,
    top_speed: float,
    colour: tuple[int, int, int],
    dashed: bool,
) -> None:
    cx, cy = lay.board.triangle_centre(push.triangle)
    px, py = lay.to_screen(cx + push.offset[0], cy + push.offset[1])
    ring = max(4, round(lay.ball_px * 0.45))
    if dashed:
        pygame.draw.circle(surface, colour, (round(px), round(py)), ring, width=2)
    else:
        pygame.draw.circle(surface, colour, (round(px), round(py)), 3)
    if push.speed <= 0 or top_speed <= 0:
        return
    fraction = min(1.0, push.speed / top_speed)
    length = lay.pixels(lay.board.pitch) * (0.8 + 3.2 * fraction)
    ex = px + math.cos(push.angle) * length
    ey = py - math.sin(push.angle) * length
    head = lay.pixels(0.35 * lay.board.pitch)
    if dashed:
        steps = max(1, int(length // DASH_PX))
        for k in range(0, steps, 2):
            a, b = k / steps, min(1.0, (k + 1) / steps)
            start = (px + (ex - px) * a, py + (ey - py) * a)
            pygame.draw.line(surface, colour, start, (px + (ex - px) * b, py + (ey - py) * b), 2)
        arrow_head(surface, (px, py), (ex, ey), colour, head * 0.8)
    else:
        pygame.draw.line(surface, GHOST, (px, py), (ex, ey), 5)
        pygame.draw.line(surface, colour, (px, py), (ex, ey), 3)
        arrow_head(surface, (px, py), (ex, ey), colour, head)
