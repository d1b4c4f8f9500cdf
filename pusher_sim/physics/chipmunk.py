"""Chipmunk's state read without pymunk's property wrappers, for the per-step and per-check sums.

``body.position`` costs a C call wrapped in two Python calls (the property and building a
Vec2d); the press reads every moving ball each step, the settle check every ball's sleep state,
and a ball crossing a ridge sets its speed mid-step, so they call Chipmunk through pymunk's own
cffi library instead, on the handle each pymunk Body keeps. pymunk is pinned (pyproject.toml);
tests/test_physics_speed.py checks these reads against the properties.
"""

from __future__ import annotations

from typing import Any

from pymunk._chipmunk_cffi import ffi, lib

# (handle) -> 0 or 1; (handle) -> a struct with float fields x and y; (handle, (x, y)).
is_sleeping: Any = lib.cpBodyIsSleeping
position: Any = lib.cpBodyGetPosition
velocity: Any = lib.cpBodyGetVelocity
set_velocity: Any = lib.cpBodySetVelocity  # what pymunk's Body.velocity setter calls
set_position: Any = lib.cpBodySetPosition  # what pymunk's Body.position setter calls
# (arbiter, a, b): the arbiter's bodies, in its handler's order, into two body_pointer()s.
arbiter_bodies: Any = lib.cpArbiterGetBodies
# (arbiter) -> its contact point set (normal, count, points[i].distance, ...), a copy.
contact_points: Any = lib.cpArbiterGetContactPointSet


def body_pointer() -> Any:
    """Room for one Chipmunk body pointer (what arbiter_bodies fills)."""
    return ffi.new("cpBody *[1]")


# (arbiter, a, b): the arbiter's shapes, in its handler's order, into two shape_pointer()s.
arbiter_shapes: Any = lib.cpArbiterGetShapes


def shape_pointer() -> Any:
    """Room for one Chipmunk shape pointer (what arbiter_shapes fills)."""
    return ffi.new("cpShape *[1]")


def shape_handle(shape: Any) -> Any:
    """The Chipmunk shape behind a pymunk Shape: hashable, equal to the pointer a callback
    reads for it (valid while the Shape lives)."""
    return shape._shape


def handle(body: Any) -> Any:
    """The Chipmunk body behind a pymunk Body (valid while the Body lives)."""
    return body._body
