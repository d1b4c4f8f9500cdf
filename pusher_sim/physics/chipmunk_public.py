"""chipmunk.py's names through pymunk's public API: what the model runs on when this pymunk's
private fields are not the ones chipmunk.py reads (or PUSHER_SIM_CHIPMUNK=public).

A handle is the pymunk object itself, a body's fields a :class:`PublicBody`; a begin
callback's arbiter is a :class:`PublicArbiter`, a view of pymunk's Arbiter in the handler's
order. Every setter pymunk
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


class PublicBody:
    """A pymunk Body as the callbacks see a body's fields: read with :func:`read_state`, written
    only through :func:`set_motion_in_place` and :func:`set_velocity_in_place` (pymunk's
    setters, which also set the transform and wake the body); it takes no stores."""

    __slots__ = ("body",)

    def __init__(self, body: pymunk.Body) -> None:
        self.body = body


def read_state(view: PublicBody) -> tuple[float, float, float, float, int, int, float]:
    """p.x, p.y, v.x, v.y, threaded contacts (none: pymunk's setters wake what they must),
    asleep, idle time (0)."""
    body = view.body
    p, v = body.position, body.velocity
    return (p.x, p.y, v.x, v.y, 0, int(body.is_sleeping), 0.0)


def set_motion_in_place(
    body: pymunk.Body,
    view: PublicBody,
    px: float,
    py: float,
    vx: float,
    vy: float,
    links: Any,
    root: Any,
    idle: float,
) -> None:
    """chipmunk.set_motion_in_place: pymunk's velocity and position setters, a sleeping body
    woken first as there."""
    if root:
        body.activate()
    body.velocity = (vx, vy)
    body.position = (px, py)


def set_velocity_in_place(body: pymunk.Body, m: Any, vx: float, vy: float) -> None:
    body.velocity = (vx, vy)


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
    """What a begin callback reads of a contact, from pymunk's Arbiter: the shapes and bodies in
    the handler's order, and the stamp (:class:`Stamps`)."""

    __slots__ = ("a", "arbiter", "b", "body_a", "body_b", "stamp")

    def __init__(self, arbiter: pymunk.Arbiter, stamp: int) -> None:
        self.arbiter = arbiter
        self.a, self.b = arbiter.shapes
        self.body_a, self.body_b = self.a.body, self.b.body
        self.stamp = stamp


def ball_contact(
    arb: PublicArbiter, memory: dict[Any, Any]
) -> tuple[Any, Any, float, float, float]:
    """chipmunk.ball_contact: the normal and the first point's distance as
    cpArbiterGetContactPointSet gives them."""
    points = arb.arbiter.contact_point_set
    n = points.normal
    return arb.body_a, memory[arb.body_a], n.x, n.y, -points.points[0].distance


def arbiter_of(arbiter: pymunk.Arbiter, space: pymunk.Space) -> PublicArbiter:
    return PublicArbiter(arbiter, _stamps_of(space).stamp(arbiter))


def on_begin(space: pymunk.Space, type_a: int, type_b: int, callback: Any) -> Any:
    stamps = _stamps_of(space)

    def begin(arbiter: pymunk.Arbiter, space_: Any, data: Any) -> None:
        callback(PublicArbiter(arbiter, stamps.stamp(arbiter)), space_, data)

    space.on_collision(type_a, type_b, begin=begin, separate=stamps.parted)
    return begin


def on_begin_separate(
    space: pymunk.Space, type_a: int, type_b: int, begin: Any, separate: Any
) -> Any:
    """chipmunk.on_begin_separate: both callbacks get a :class:`PublicArbiter`."""
    stamps = _stamps_of(space)

    def on_begin(arbiter: pymunk.Arbiter, space_: Any, data: Any) -> None:
        begin(PublicArbiter(arbiter, stamps.stamp(arbiter)), space_, data)

    def on_separate(arbiter: pymunk.Arbiter, space_: Any, data: Any) -> None:
        separate(PublicArbiter(arbiter, 0), space_, data)

    space.on_collision(type_a, type_b, begin=on_begin, separate=on_separate)
    return on_begin, on_separate


def on_pymunk_begin(space: pymunk.Space, type_a: int, type_b: int, callback: Any) -> None:
    space.on_collision(type_a, type_b, begin=callback, separate=_stamps_of(space).parted)


def stepper(space: pymunk.Space) -> Callable[[float], None]:
    stamps = _stamps_of(space)

    def step(dt: float) -> None:
        stamps.step += 1
        space.step(dt)

    return step
