"""When a push is over, and which cup each ball is then in.

Settled means: every ball holds the bowl of the cup it is in (none refused from a full cup or
riding, see space.py), no two balls are in the same cup, and the kinetic plus bowl energy of
*all* balls together is below ``settle_energy_fraction`` of the energy it takes to climb a cup's
lowest rim.
Since that energy never grows (on a level board), no ball can ever leave its cup again: the
outcome is final, not just momentarily quiet. It also puts every ball within
``sqrt(fraction) * pitch / 2`` of its cup's centre, well inside its cell.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pusher_sim.board import Board, Cell
from pusher_sim.physics.space import BoardSpace


def rim_energy(model: BoardSpace) -> float:
    """Bowl energy at the lowest point of a cup's rim (an edge midpoint), J."""
    half = model.board.pitch / 2.0
    return 0.5 * model.stiffness * half * half


def is_settled(model: BoardSpace) -> bool:
    if model.crowded or len(set(model.cup)) != len(model.cup):
        return False
    budget = model.config.settle_energy_fraction * rim_energy(model)
    # Awake balls first: while the push is on, one of them is what exceeds the budget, so the
    # check usually stops after a ball or two instead of adding up every resting one.
    asleep = [body.is_sleeping for body in model.bodies]
    order = [i for i, a in enumerate(asleep) if not a] + [i for i, a in enumerate(asleep) if a]
    total = 0.0
    for i in order:
        total += model.ball_energy(i)
        if total >= budget:
            return False
    return True


def all_asleep(model: BoardSpace) -> bool:
    """Every ball asleep: nothing will change any more without outside help."""
    return all(body.is_sleeping for body in model.bodies)


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
