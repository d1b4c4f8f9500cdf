"""The press and the flick: how a push starts, as geometry the simulation applies.

The pressed ball starts on top of the triangle balls it overlaps; the press strikes each of the
three away from the press point (harder the nearer, the same total work wherever it is made) and
the pressed ball's weight drives the balls under it apart until it drops in. docs/physics.md,
"The press", has the reasoning and how strength scales both.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.push_resolution import PushSpec


def press_point(board: Board, spec: PushSpec) -> tuple[float, float]:
    cx, cy = board.triangle_centre(spec.triangle)
    return (cx + spec.offset[0], cy + spec.offset[1])


def validate_push(
    board: Board, balls: Mapping[Cell, Colour], spec: PushSpec, max_flick_speed: float
) -> None:
    """Reject a push the physics cannot make, with a one-line reason (ValueError)."""
    tri = spec.triangle
    if len(set(tri)) != 3 or any(c not in board for c in tri):
        raise ValueError(f"push: {tri} is not three cups of the board")
    a, b, c = tri
    if not (
        board.are_neighbours(a, b) and board.are_neighbours(b, c) and board.are_neighbours(a, c)
    ):
        raise ValueError(f"push: cups {tri} are not mutually neighbouring")
    missing = [cell for cell in tri if cell not in balls]
    if missing:
        raise ValueError(f"push: no ball in cup(s) {missing} of the triangle")
    if len(balls) >= len(board.cells):
        raise ValueError("push: the board is full, the pushed ball has no cup to go to")
    if not all(math.isfinite(v) for v in (*spec.offset, spec.angle, spec.speed, spec.strength)):
        raise ValueError("push: offset, angle, speed and strength must be finite")
    if not 0.0 <= spec.strength <= 1.0:
        raise ValueError(f"push: press strength {spec.strength} outside [0, 1]")
    if not 0.0 <= spec.speed <= max_flick_speed:
        raise ValueError(f"push: flick speed {spec.speed} m/s outside [0, {max_flick_speed}]")
    if not _inside(board, tri, press_point(board, spec)):
        raise ValueError(f"push: press offset {spec.offset} lies outside the triangle")


def _inside(board: Board, tri: tuple[Cell, Cell, Cell], p: tuple[float, float]) -> bool:
    (ax, ay), (bx, by), (cx, cy) = (board.position(c) for c in tri)
    eps = 1e-12
    d1 = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
    d2 = (cx - bx) * (p[1] - by) - (cy - by) * (p[0] - bx)
    d3 = (ax - cx) * (p[1] - cy) - (ay - cy) * (p[0] - cx)
    return (d1 >= -eps and d2 >= -eps and d3 >= -eps) or (d1 <= eps and d2 <= eps and d3 <= eps)


def press_velocities(
    board: Board, spec: PushSpec, press_speed: float, ball_radius: float
) -> tuple[tuple[float, float], ...]:
    """Velocity given to each triangle ball (in ``spec.triangle`` order).

    Distances are floored at half a ball radius so a press right on a ball's centre still has
    a direction (straight away from the other two) and a bounded strength.
    """
    px, py = press_point(board, spec)
    tx, ty = board.triangle_centre(spec.triangle)
    dirs: list[tuple[float, float]] = []
    inv: list[float] = []
    for cell in spec.triangle:
        bx, by = board.position(cell)
        dx, dy = bx - px, by - py
        d = math.hypot(dx, dy)
        if d < 1e-9:
            dx, dy = bx - tx, by - ty
            d_dir = math.hypot(dx, dy)
        else:
            d_dir = d
        dirs.append((dx / d_dir, dy / d_dir))
        inv.append(1.0 / max(d, 0.5 * ball_radius))
    rms = math.sqrt(sum(w * w for w in inv) / 3.0)
    return tuple(
        (press_speed * w / rms * ux, press_speed * w / rms * uy)
        for w, (ux, uy) in zip(inv, dirs, strict=True)
    )


def flick_velocity(spec: PushSpec) -> tuple[float, float]:
    return (spec.speed * math.cos(spec.angle), spec.speed * math.sin(spec.angle))


MAX_SLOPE = 2.0


def support_forces(
    top: tuple[float, float], supports: list[tuple[float, float]], radius: float
) -> tuple[float, list[tuple[int, float, float]]] | None:
    """The pressed ball's height and how its weight drives the balls under it apart.

    Returns ``(height, [(index into supports, sx, sy), ...])``: every support it overlaps takes
    a share of the weight in proportion to its height there and is pushed away from the pressed
    ball with force ``m g (sx, sy)`` (its share times the slope, capped at :data:`MAX_SLOPE`);
    the pressed ball takes the sum of the opposite forces. As in 3-D, a ball resting on three
    spreads all three; None when it overlaps none (it has dropped in).
    """
    reach2 = 4.0 * radius * radius
    found: list[tuple[int, float, float, float]] = []
    for j, (x, y) in enumerate(supports):
        dx, dy = top[0] - x, top[1] - y
        d2 = dx * dx + dy * dy
        if d2 < reach2:
            found.append((j, dx, dy, math.sqrt(reach2 - d2)))
    if not found:
        return None
    total = sum(z for *_, z in found)
    pushes = []
    for j, dx, dy, z in found:
        d = math.hypot(dx, dy)
        if d == 0.0:
            continue
        slope = min(d / z, MAX_SLOPE) * z / total
        pushes.append((j, -slope * dx / d, -slope * dy / d))
    return max(z for *_, z in found), pushes


def support_push(
    top: tuple[float, float], supports: list[tuple[float, float]], radius: float
) -> tuple[int, float, tuple[float, float]] | None:
    """The support the pressed ball rests on, its height, and the slope pushing it off.

    Returns ``(index into supports, height above the board, (sx, sy))`` where the force on the
    top ball is ``m f g (sx, sy)``, or None when it overlaps no support (it has dropped in).
    """
    reach2 = 4.0 * radius * radius
    best: tuple[int, float, tuple[float, float]] | None = None
    for j, (x, y) in enumerate(supports):
        dx, dy = top[0] - x, top[1] - y
        d2 = dx * dx + dy * dy
        if d2 >= reach2:
            continue
        z = math.sqrt(reach2 - d2)
        if best is None or z > best[1]:
            d = math.sqrt(d2)
            slope = min(d / z, MAX_SLOPE)
            sx, sy = (slope * dx / d, slope * dy / d) if d > 0.0 else (0.0, 0.0)
            best = (j, z, (sx, sy))
    return best
