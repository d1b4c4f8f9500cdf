"""A board's cup cells handed from a finished push's Space to the next push's, not built again.

Building the 91 sensor polygons is a tenth of a push. A Chipmunk shape keeps nothing from the
Space it was in (its hash id and bounding box are set afresh when it is added, and a sensor is
never on a body's contact list), so a new Space given the same shapes in the same order steps
bit for bit as one given new shapes (tests/test_physics_fingerprint.py). Sets are kept per
thread and board, a few at most.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pymunk

from pusher_sim.physics import chipmunk

KEEP = 4  # free sets kept per board and thread


@dataclass(frozen=True)
class CellSet:
    """A static body, its cell shapes in the board's cell order, and each shape's cell index
    by its Chipmunk handle (what a collision callback reads)."""

    body: Any
    shapes: tuple[Any, ...]
    index: dict[Any, int]


class _Free(threading.local):
    def __init__(self) -> None:
        self.sets: dict[object, list[CellSet]] = {}


_free = _Free()


def take(key: object, build: Callable[[Any], list[Any]]) -> CellSet:
    """A free set for ``key`` (the board), or a new one: ``build(body)`` makes its shapes."""
    free = _free.sets.get(key)
    if free:
        return free.pop()
    body = pymunk.Body(body_type=pymunk.Body.STATIC)
    shapes = tuple(build(body))
    return CellSet(
        body, shapes, {chipmunk.shape_handle(shape): i for i, shape in enumerate(shapes)}
    )


def give_back(key: object, cells: CellSet, space: Any) -> None:
    """Take ``cells`` out of ``space`` (which must never step again) and keep them for reuse."""
    space.remove(*cells.shapes, cells.body)
    free = _free.sets.setdefault(key, [])
    if len(free) < KEEP:
        free.append(cells)
