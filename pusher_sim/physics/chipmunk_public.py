"""chipmunk.py's names through pymunk's public API: what the model runs on when this pymunk's
private fields are not the ones the fast path was written for (or PUSHER_SIM_CHIPMUNK=public).

A handle is the pymunk object itself; a body's "struct" is :class:`PublicBody`, a view that
reads and writes its properties by the same indices; a begin callback's arbiter is
:class:`PublicArbiter`, a view of pymunk's Arbiter in the handler's order. Every setter pymunk
calls is the Chipmunk function the fast path does in place, so the outcomes are the same.
Chipmunk's arbiter ``stamp`` (whether the pair's contact is still cached from a recent touch)
has no public getter: :class:`Stamps` follows it from the separate callbacks and a count of
steps, as Chipmunk keeps a parted pair's contact for ``collision_persistence`` steps.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

import pymunk

# The indices of chipmunk.py's body layout that the callbacks use.
_P, _V, _T, _IDLE = 8, 10, 21, 33


class PublicBody:
    """A pymunk Body's position and velocity by the indices of Chipmunk's struct (chipmunk.P,
    V, T, IDLE); writing the transform or the idle time is left to pymunk's setters."""

    __slots__ = ("body",)

    def __init__(self, body: pymunk.Body) -> None:
        self.body = body

    def __getitem__(self, i: int) -> float:
        if i in (_P, _T):
            return float(self.body.position.x)
        if i in (_P + 1, _T + 1):
            return float(self.body.position.y)
        if i == _V:
            return float(self.body.velocity.x)
        if i == _V + 1:
            return float(self.body.velocity.y)
        raise IndexError(f"no public reading of a body's field {i}")

    def __setitem__(self, i: int, value: float) -> None:
        body = self.body
        if i == _P:
            body.position = (value, body.position.y)
        elif i == _P + 1:
            body.position = (body.position.x, value)
        elif i == _V:
            body.velocity = (value, body.velocity.y)
        elif i == _V + 1:
            body.velocity = (body.velocity.x, value)
        elif i not in (_T, _T + 1, _IDLE):  # done by the position and velocity setters
            raise IndexError(f"no public writing of a body's field {i}")


class _BodyState:
    """``unpack_from(view, MOTION)``: p.x, p.y, v.x, v.y, threaded contacts (reported as none:
    pymunk's setters wake what they must), sleeping, idle time (0)."""

    @staticmethod
    def unpack_from(
        view: PublicBody, offset: int = 0
    ) -> tuple[float, float, float, float, int, int, float]:
        p, v = view.body.position, view.body.velocity
        return (p.x, p.y, v.x, v.y, 0, int(view.body.is_sleeping), 0.0)


body_state = _BodyState()


class Stamps:
    """Whether a pair of shapes begins touching while Chipmunk still caches their contact."""

    def __init__(self, space: pymunk.Space) -> None:
        self.step = 0
        self.persistence = space.collision_persistence
        self._parted: dict[tuple[int, int], int] = {}

    @staticmethod
    def _key(arbiter: pymunk.Arbiter) -> tuple[int, int]:
        a, b = (id(s) for s in arbiter.shapes)
        return (a, b) if a < b else (b, a)

    def parted(self, arbiter: pymunk.Arbiter, space: Any = None, data: Any = None) -> None:
        """A separate callback: the pair touched last in the step before this one."""
        self._parted[self._key(arbiter)] = self.step - 1

    def stamp(self, arbiter: pymunk.Arbiter) -> int:
        """1 if the pair's last touch is recent enough to be cached still, else 0."""
        last = self._parted.get(self._key(arbiter))
        return int(last is not None and self.step - last <= self.persistence)


_stamps: weakref.WeakKeyDictionary[pymunk.Space, Stamps] = weakref.WeakKeyDictionary()


def _stamps_of(space: pymunk.Space) -> Stamps:
    stamps = _stamps.get(space)
    if stamps is None:
        stamps = _stamps[space] = Stamps(space)
    return stamps


class PublicArbiter:
    """What a begin callback reads of a cpArbiter, from pymunk's Arbiter: the shapes and
    bodies in the handler's order (so never ``swapped``), the normal from the first to the
    second, and the stamp (:class:`Stamps`)."""

    __slots__ = ("a", "arbiter", "b", "body_a", "body_b", "stamp")
    swapped = 0

    def __init__(self, arbiter: pymunk.Arbiter, stamp: int) -> None:
        self.arbiter = arbiter
        self.a, self.b = arbiter.shapes
        self.body_a, self.body_b = self.a.body, self.b.body
        self.stamp = stamp


def first_contact(arb: PublicArbiter, ma: Any, mb: Any) -> tuple[float, float, float]:
    """The normal and the first contact point's distance, as cpArbiterGetContactPointSet
    gives them (the normal in the handler's order)."""
    points = arb.arbiter.contact_point_set
    n = points.normal
    return n.x, n.y, points.points[0].distance


def arbiter_of(arbiter: pymunk.Arbiter, space: pymunk.Space) -> PublicArbiter:
    return PublicArbiter(arbiter, _stamps_of(space).stamp(arbiter))


def on_begin(space: pymunk.Space, type_a: int, type_b: int, callback: Any) -> Any:
    stamps = _stamps_of(space)

    def begin(arbiter: pymunk.Arbiter, space_: Any, data: Any) -> None:
        callback(PublicArbiter(arbiter, stamps.stamp(arbiter)), space_, data)

    space.on_collision(type_a, type_b, begin=begin, separate=stamps.parted)
    return begin


def on_pymunk_begin(space: pymunk.Space, type_a: int, type_b: int, callback: Any) -> None:
    space.on_collision(type_a, type_b, begin=callback, separate=_stamps_of(space).parted)


def stepper(space: pymunk.Space) -> Callable[[float], None]:
    stamps = _stamps_of(space)

    def step(dt: float) -> None:
        stamps.step += 1
        space.step(dt)

    return step
