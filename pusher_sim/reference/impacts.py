"""Impacts: a first touch resolved as an impulse at the instant of touch, not by the soft
contact.

MuJoCo's soft contact lasts a few milliseconds (pi / sqrt(stiffness)); through it board
friction acts on both balls of a collision and gravity on a ball meeting the board, so a
rolling head-on collision at 0.05 m/s followed through 74% off the law and a ball dropped on
the board at 0.02 m/s rebounded at 0.34 instead of 0.6. A real glass contact lasts a tenth of a
millisecond. So before each step every pair that is apart and will touch within the step,
approaching faster than :data:`SLOWEST`, is given the collision's impulse at the instant it
touches (restitution along the normal, Coulomb friction across it, the balls' spin included)
and, after the step, put where it would be had it turned then, as the 2-D model does (its
"contacts at first touch"). A ball meets another ball, or the board's surface where it is
nearest (surface.py); the rim and the finger keep the soft contact. A pair already touching,
or meeting slower than :data:`SLOWEST`, is a lasting contact and is MuJoCo's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

SLOWEST = 0.01
"""m/s: slower meetings are lasting contacts (the soft contact gives them the same rebound at
0.3 m/s; a ball at rest gains g dt = 5 mm/s in a step)."""

PASSES = 8
"""Rounds of impacts in one step (an impact can make another pair meet within the step)."""


@dataclass(frozen=True)
class Laws:
    """What an impact obeys: ball mass (kg), radius (m), I/(m R^2), the restitution and
    friction coefficient between balls and between a ball and the board, and gravity (m/s^2,
    which brings a falling ball to the board faster within the step)."""

    mass: float
    radius: float
    inertia_ratio: float
    restitution_ball: float
    friction_ball: float
    restitution_board: float
    friction_board: float
    gravity: tuple[float, float, float]


def resolve(
    laws: Laws,
    position: np.ndarray,
    velocity: np.ndarray,
    world_spin: Callable[[], np.ndarray],
    shift: np.ndarray,
    normals: np.ndarray,
    distance: np.ndarray,
    dt: float,
    live: np.ndarray,
) -> int:
    """Resolve this step's impacts in place on the balls' ``velocity`` (n x 3) and world-frame
    spin (n x 3, asked of ``world_spin`` once, only if there is an impact), given where they
    are (``position`` n x 3) and each ball's surface features (``normals`` n x F x 3,
    ``distance`` n x F, surface.py); ``live`` marks the balls taking part. What the balls'
    positions lack after the step (they turned at the touch, not at the step's start) is
    added to ``shift`` (n x 3), to be added once the step is taken: before it they would
    overlap what they met. Returns how many impacts there were."""
    count = 0
    spin: np.ndarray | None = None
    for _ in range(PASSES):
        events = _events(laws, position, velocity, normals, distance, dt, live)
        if not events:
            break
        if spin is None:
            spin = world_spin()
        for t, i, j, k in events:
            if j >= 0:
                count += _ball_ball(laws, position, velocity, spin, shift, i, j, t)
            else:
                count += _ball_board(laws, velocity, spin, shift, i, normals[i, k], t)
    return count


def _events(
    laws: Laws,
    position: np.ndarray,
    velocity: np.ndarray,
    normals: np.ndarray,
    distance: np.ndarray,
    dt: float,
    live: np.ndarray,
) -> list[tuple[float, int, int, int]]:
    """Every meeting within the step, earliest first: (time to touch, ball, other ball or -1,
    the board feature or -1)."""
    r = laws.radius
    out: list[tuple[float, int, int, int]] = []
    speed = np.sqrt((velocity * velocity).sum(axis=1))
    fast = np.nonzero(live & (speed > 0.5 * SLOWEST))[0]
    if not len(fast):
        return out  # no pair can close faster than SLOWEST
    # Ball on board: apart, touching within dt (gravity speeding it on), then faster than
    # SLOWEST.
    approach = -(velocity[fast, None, :] * normals[fast]).sum(axis=2)
    pull = -(normals[fast] @ np.asarray(laws.gravity))
    gap = distance[fast] - r
    root = np.sqrt(np.maximum(approach * approach + 2.0 * pull * gap, 0.0))
    with np.errstate(divide="ignore", invalid="ignore"):
        when = np.where(approach + root > 0.0, 2.0 * gap / (approach + root), np.inf)
    hit = (gap > 0.0) & (when <= dt) & (approach + pull * when > SLOWEST)
    for a, k in zip(*np.nonzero(hit), strict=True):
        out.append((float(when[a, k]), int(fast[a]), -1, int(k)))
    # Ball on ball: a fast ball against any other near enough to touch within the step.
    others = np.nonzero(live)[0]
    d = position[others][None, :, :] - position[fast][:, None, :]  # from the fast ball
    size = np.sqrt((d * d).sum(axis=2))
    gap2 = size - 2.0 * r
    near = (gap2 > 0.0) & (gap2 < (speed[fast][:, None] + speed[others][None, :]) * dt)
    if near.any():
        a, b = np.nonzero(near)
        rel = velocity[fast[a]] - velocity[others[b]]
        closing = (rel * d[a, b]).sum(axis=1) / size[a, b]
        g = gap2[a, b]
        meet = (closing > SLOWEST) & (g < closing * dt)
        seen: set[tuple[int, int]] = set()
        for x, y, t in zip(fast[a[meet]], others[b[meet]], (g / closing)[meet], strict=True):
            pair = (int(min(x, y)), int(max(x, y)))
            if pair not in seen:
                seen.add(pair)
                out.append((float(t), pair[0], pair[1], -1))
    out.sort()
    return out


def _ball_ball(
    laws: Laws,
    position: np.ndarray,
    velocity: np.ndarray,
    spin: np.ndarray,
    shift: np.ndarray,
    i: int,
    j: int,
    t: float,
) -> int:
    """The impact of balls ``i`` and ``j`` (equal), ``t`` s from now if it still happens."""
    r, m = laws.radius, laws.mass
    d = position[j] - position[i]
    rel = velocity[i] - velocity[j]
    # Where they touch: the centres after t (they were on course to meet then).
    touch = d - rel * t
    size = float(np.sqrt(touch @ touch))
    n = touch / size
    approach = float(rel @ n)
    if approach <= 0.0:
        return 0
    k = 1.0 / m + 1.0 / (laws.inertia_ratio * m)  # tangential compliance of one ball
    normal = (1.0 + laws.restitution_ball) * approach * m / 2.0
    slip = rel + np.cross(spin[i], r * n) - np.cross(spin[j], -r * n)
    slip -= (slip @ n) * n
    slip_size = float(np.sqrt(slip @ slip))
    impulse = normal * n
    if slip_size > 1e-12:
        friction = min(laws.friction_ball * normal, slip_size / (2.0 * k))
        impulse = impulse + friction * slip / slip_size
    # ``impulse`` acts on j at the touch point -r n from its centre, minus it on i at +r n.
    before_i, before_j = velocity[i].copy(), velocity[j].copy()
    velocity[i] -= impulse / m
    velocity[j] += impulse / m
    inertia = laws.inertia_ratio * m * r * r
    turn = np.cross(r * n, -impulse) / inertia
    spin[i] += turn
    spin[j] += turn  # (-r n) x impulse is the same
    shift[i] += (before_i - velocity[i]) * t
    shift[j] += (before_j - velocity[j]) * t
    return 1


def _ball_board(
    laws: Laws,
    velocity: np.ndarray,
    spin: np.ndarray,
    shift: np.ndarray,
    i: int,
    n: np.ndarray,
    t: float,
) -> int:
    """Ball ``i`` meeting the still board, whose normal at the touch is ``n``, ``t`` s from
    now (in flight until then: gravity has sped it)."""
    r, m = laws.radius, laws.mass
    at_touch = velocity[i] + np.asarray(laws.gravity) * t
    approach = -float(at_touch @ n)
    if approach <= 0.0:
        return 0
    normal = (1.0 + laws.restitution_board) * approach * m
    slip = at_touch + np.cross(spin[i], -r * n)
    slip -= (slip @ n) * n
    slip_size = float(np.sqrt(slip @ slip))
    impulse = normal * n
    if slip_size > 1e-12:
        k = 1.0 / m + 1.0 / (laws.inertia_ratio * m)
        friction = min(laws.friction_board * normal, slip_size / k)
        impulse = impulse - friction * slip / slip_size
    before = velocity[i].copy()
    velocity[i] += impulse / m
    spin[i] += np.cross(-r * n, impulse) / (laws.inertia_ratio * m * r * r)
    shift[i] += (before - velocity[i]) * t
    return 1
