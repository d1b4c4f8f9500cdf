"""A deterministic stand-in for the physics: where balls rest after a push, by a simple rule.

Tests need outcomes they can predict and random play needs thousands of pushes a second; the
real model (pusher_sim.physics) gives neither. The rule, which keeps P13 (one ball per cup, none
off the board) by construction:

1. Each of the triangle's three balls (in sorted cell order) is driven straight away from the
   press point, ``base_cups`` pitches plus ``flick_cups`` pitches times the share of the flick
   (speed / max speed, projected on that direction) that points its way. It rests in the free
   cup nearest that target, not one of the triangle's own cups if any other is free.
2. The pusher's ball lands at the press point carried ``flick_cups`` pitches times the flick's
   share along the flick, and rests in the free cup nearest there.
3. Every other ball stays put. Ties between cups at the same distance go to the smaller cell.

The same push on the same position always gives the same outcome.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.push_resolution import PushOutcome, PushPath, PushSpec
from pusher_sim.pusher.config import ScriptedConfig
from pusher_sim.pusher.position import geometry


@dataclass(frozen=True)
class ScriptedResolver:
    """A :class:`~pusher_sim.push_resolution.PushResolver` that moves balls by the rule above."""

    config: ScriptedConfig = field(default_factory=ScriptedConfig)

    @property
    def max_flick_speed(self) -> float:
        return self.config.max_flick_speed

    @property
    def model(self) -> str:
        return "scripted"

    def resolve(
        self,
        board: Board,
        balls: Mapping[Cell, Colour],
        push: PushSpec,
        *,
        record: bool = False,
    ) -> PushOutcome:
        cx, cy = board.triangle_centre(push.triangle)
        px, py = cx + push.offset[0], cy + push.offset[1]
        share = min(push.speed / self.max_flick_speed, 1.0) if self.max_flick_speed > 0 else 0.0
        fx, fy = math.cos(push.angle) * share, math.sin(push.angle) * share
        resting = {c: col for c, col in balls.items() if c not in push.triangle}
        new_cells: list[Cell] = []
        for cell in sorted(push.triangle):
            x, y = board.position(cell)
            ux, uy = _away(x - px, y - py, x - cx, y - cy)
            reach = self.config.base_cups + self.config.flick_cups * max(0.0, fx * ux + fy * uy)
            target = (x + ux * reach * board.pitch, y + uy * reach * board.pitch)
            new_cells.append(_nearest_free(board, target, resting, avoid=push.triangle))
            resting[new_cells[-1]] = balls[cell]
        reach = self.config.flick_cups * board.pitch
        target = (px + fx * reach, py + fy * reach)
        landing = _nearest_free(board, target, resting, avoid=())
        resting[landing] = push.colour
        path = None
        if record:
            moved = {c: c for c in balls if c not in push.triangle}
            moved.update((c, new) for new, c in zip(new_cells, sorted(push.triangle), strict=True))
            order = sorted(balls)
            path = _glide(
                (*(balls[c] for c in order), push.colour),
                (*(moved[c] for c in order), landing),
                [*(board.position(c) for c in order), (px, py)],
                [*(board.position(moved[c]) for c in order), board.position(landing)],
            )
        return PushOutcome(
            balls=tuple(sorted(resting.items())),
            settled=True,
            sim_time=0.0,
            steps=0,
            model=self.model,
            path=path,
        )


GLIDE_SECONDS = 0.6
GLIDE_INTERVAL = 1.0 / 60.0


def _glide(
    colours: tuple[Colour, ...],
    cups: tuple[Cell, ...],
    start: list[tuple[float, float]],
    end: list[tuple[float, float]],
) -> PushPath:
    """A recorded path for a push with no physics behind it: every ball glides (eased) from
    where it was to its cup in :data:`GLIDE_SECONDS`."""
    n = round(GLIDE_SECONDS / GLIDE_INTERVAL)
    frames = []
    for k in range(n + 1):
        t = k / n
        t = t * t * (3.0 - 2.0 * t)
        frames.append(
            tuple(
                (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, 0.0)
                for (x0, y0), (x1, y1) in zip(start, end, strict=True)
            )
        )
    return PushPath(colours=colours, cups=cups, interval=GLIDE_INTERVAL, frames=tuple(frames))


def _away(dx: float, dy: float, fallback_x: float, fallback_y: float) -> tuple[float, float]:
    """The unit vector (dx, dy), or the fallback's direction when the press is on the ball."""
    for x, y in ((dx, dy), (fallback_x, fallback_y)):
        norm = math.hypot(x, y)
        if norm > 1e-9:
            return x / norm, y / norm
    return 1.0, 0.0


def _nearest_free(
    board: Board,
    target: tuple[float, float],
    taken: Collection[Cell],
    avoid: Collection[Cell],
) -> Cell:
    """The free cup nearest ``target``, outside ``avoid`` unless nothing else is free."""
    positions = geometry(board).positions
    free = [c for c in board.cells if c not in taken]
    preferred = [c for c in free if c not in avoid] or free
    tx, ty = target

    def key(cell: Cell) -> tuple[float, Cell]:
        x, y = positions[cell]
        return ((x - tx) ** 2 + (y - ty) ** 2, cell)

    return min(preferred, key=key)
