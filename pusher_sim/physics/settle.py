"""When a push is over, and which cup each ball is then in.

Settled means every ball is at rest in a cup of its own: it holds the bowl of the cup it is in
(none refused from a full cup or riding, see repairs.py), no two share a cup, and every ball and
its spin are slower than ``sleep_speed`` and within ``settle_offset`` of the cup's centre (or,
where a shallow cup or a tilted board holds balls farther out, where they can rest); with round
cups (``round_cups``) a ball may also rest on the land between them, in no cup. A
ball's bowl energy is then a small fraction of a rim's and the total energy never grows, so the
outcome is final, and a front end can draw the balls where they are.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from pusher_sim.board import Board, Cell
from pusher_sim.physics import chipmunk
from pusher_sim.physics.space import BoardSpace


def is_settled(model: BoardSpace, asleep: Sequence[bool] | None = None) -> bool:
    """Whether the push is over (see above); ``asleep`` is ``model.asleep()`` if known."""
    round_cups = model.state.lip < math.inf
    if model.crowded or (not round_cups and len(set(model.state.cup)) != len(model.state.cup)):
        return False
    cfg = model.state.config
    slow2 = cfg.sleep_speed * cfg.sleep_speed
    near = cfg.settle_radius(model.state.board.pitch)
    near2 = near * near
    centres = model.state.centres
    # Awake balls first: while the push is on, one of them is what fails, so the check usually
    # stops after a ball or two; the sleeping ones are looked at only when every awake one passed.
    handles, spins, bowls = model.state.handles, model.state.spin_handles, model.state.bowl
    flags = model.asleep() if asleep is None else asleep
    sleeping: list[int] = []
    for i, h in enumerate(handles):
        if flags[i]:
            sleeping.append(i)
        elif not _at_rest(h, spins[i], bowls[i], centres, slow2, near2, round_cups):
            return False
    return all(
        _at_rest(handles[i], spins[i], bowls[i], centres, slow2, near2, round_cups)
        for i in sleeping
    )


def _at_rest(
    body: Any,
    spin: Any,
    bowl: int,
    centres: Sequence[tuple[float, float]],
    slow2: float,
    near2: float,
    land: bool = False,
) -> bool:
    """The ball and its spin are slower than the rest speed and it is near its bowl's centre,
    or, with ``land`` (``round_cups``), on the land with no bowl (``body`` and ``spin``
    are Chipmunk handles, see chipmunk.py)."""
    v = chipmunk.velocity(body)
    if v.x * v.x + v.y * v.y >= slow2:
        return False
    if spin is not None:
        w = chipmunk.velocity(spin)
        if w.x * w.x + w.y * w.y >= slow2:
            return False
    if bowl < 0:
        return land
    p = chipmunk.position(body)
    cx, cy = centres[bowl]
    d2: float = (p.x - cx) ** 2 + (p.y - cy) ** 2
    return d2 <= near2


def wake_off_cup(model: BoardSpace) -> bool:
    """Wake every ball that sleeps in a bowl but off its cup (beyond the settle radius), with
    the balls it touches; whether there was any (model 7).

    Chipmunk puts a resting group to sleep together, and only a touch wakes it again: a ball
    pinned off its cup by a rider sleeps on when the rider rolls over the others and away, and
    a ball slow at a turning point of a shallow bowl can fall asleep there. Each is further out
    than any ball can rest (settle_radius), so once nothing else moves it is woken to roll home.
    With round cups (``round_cups``) a ball that touches another is not: a ball on the land wedged
    between cups holds it there, at rest.
    """
    cfg = model.state.config
    near = cfg.settle_radius(model.state.board.pitch)
    near2 = near * near
    touch2 = (2.0 * cfg.ball_radius + 2.0 * cfg.collision_slop) ** 2
    round_cups = model.state.lip < math.inf
    positions = [chipmunk.position(h) for h in model.state.handles]
    woken = False
    for i, p in enumerate(positions):
        bowl = model.state.bowl[i]
        if bowl < 0:
            continue
        cx, cy = model.state.centres[bowl]
        if (p.x - cx) ** 2 + (p.y - cy) ** 2 <= near2:
            continue
        if round_cups and any(
            j != i and (p.x - q.x) ** 2 + (p.y - q.y) ** 2 < touch2 for j, q in enumerate(positions)
        ):
            continue  # round cups: held off its centre by a ball beside it, at rest for good
        model.activate(i)
        woken = True
    return woken


def all_asleep(model: BoardSpace, asleep: Sequence[bool] | None = None) -> bool:
    """Every ball asleep: nothing will change any more without outside help."""
    return all(model.asleep() if asleep is None else asleep)


def assign_cups(board: Board, positions: Sequence[tuple[float, float]]) -> list[Cell]:
    """Each ball's cup: the cell it rests in (``board.cell_at``), one ball per cup.

    After a settled push the cells are distinct already. After the time cap they may clash:
    then the ball nearest the contested cup's centre keeps it and the others, in ball order,
    take the nearest free cup (ties broken by the board's cell order), so the game can go on.
    """
    cells = [board.cell_at(x, y) for x, y in positions]
    dist = [_dist(board, c, p) for c, p in zip(cells, positions, strict=True)]
    owner: dict[Cell, int] = {}
    for i, cell in enumerate(cells):
        j = owner.get(cell)
        if j is None or (dist[i], i) < (dist[j], j):
            owner[cell] = i
    taken = set(owner)
    result = list(cells)
    for i, cell in enumerate(cells):
        if owner[cell] == i:
            continue
        free = [c for c in board.cells if c not in taken]
        best = min(free, key=lambda c: (_dist(board, c, positions[i]), board.index(c)))
        result[i] = best
        taken.add(best)
    return result


def _dist(board: Board, cell: Cell, p: tuple[float, float]) -> float:
    cx, cy = board.position(cell)
    return math.hypot(p[0] - cx, p[1] - cy)
