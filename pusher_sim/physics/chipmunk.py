"""Chipmunk's state read and written without pymunk's wrappers, for the per-step Python.

``body.position`` costs a C call wrapped in two Python calls (the property and building a
Vec2d); the press reads every moving ball each step and the settle check every ball's sleep
state, so they call Chipmunk through pymunk's own cffi library instead, on the handle each
pymunk Body keeps. The begin callbacks (first touches, cell entries) run inside Chipmunk's step
a few times a step: Chipmunk calls them directly (:func:`on_begin`) and they read and write the
bodies' structs in place (:func:`body_memory`). pymunk is pinned (pyproject.toml);
tests/test_physics_speed.py checks all of it against pymunk's properties.
"""

from __future__ import annotations

import struct
from functools import partial
from typing import Any

from pymunk._chipmunk_cffi import ffi, lib

# (handle) -> 0 or 1; (handle) -> a struct with float fields x and y.
is_sleeping: Any = lib.cpBodyIsSleeping
position: Any = lib.cpBodyGetPosition
velocity: Any = lib.cpBodyGetVelocity


def shape_handle(shape: Any) -> Any:
    """The Chipmunk shape behind a pymunk Shape: hashable, equal to the pointer a callback
    reads for it (valid while the Shape lives)."""
    return shape._shape


def handle(body: Any) -> Any:
    """The Chipmunk body behind a pymunk Body (valid while the Body lives)."""
    return body._body


def constraint_handle(constraint: Any) -> Any:
    """The Chipmunk constraint behind a pymunk Constraint (valid while it lives)."""
    return constraint._constraint


def arbiter_struct(arbiter: Any) -> Any:
    """The ``cpArbiter *`` behind a pymunk Arbiter (valid during its callback), as the
    callbacks of :func:`on_begin` get it."""
    return arbiter._arbiter


def arbiter_shapes(arb: Any) -> tuple[Any, Any]:
    """A ``cpArbiter *``'s two shapes' handles in its handler's order (cpArbiterGetShapes)."""
    if arb.swapped:
        return arb.b, arb.a
    return arb.a, arb.b


# -- a body's fields in place, for the callbacks ----------------------------------------------
#
# A first touch (contacts.py) reads and writes two balls; through the calls above that is nine
# calls into Chipmunk, each releasing and taking back the GIL and building a struct, more than
# the arithmetic. So the callbacks read and write the fields of Chipmunk's ``struct cpBody``
# (chipmunk_structs.h of the pinned pymunk) in place, through a memoryview of it as doubles:
# read several at once with :data:`body_state` (offsets in bytes), written one by one (indices
# in doubles; struct's pack_into parses its buffer argument, which costs more than the
# writes). :func:`check_body_layout` holds both to the getters when this module is imported.
BODY_SIZE = 272
MOTION = 64  # byte offset of p.x, p.y, v.x, v.y: the position and the velocity
# p.x, p.y, v.x, v.y, arbiterList (NULL unless a contact is threaded on the body), sleeping.root
# (not NULL if and only if the body sleeps: cpBodyIsSleeping), sleeping.idleTime; at MOTION.
body_state = struct.Struct("4d136xP8xP8xd")
P, V = 8, 10  # indices of p.x and v.x (y follows)
T = 21  # index of the transform's tx (ty follows): what cpBodyGetPosition returns
IDLE = 33  # index of sleeping.idleTime
activate: Any = (
    lib.cpBodyActivate
)  # (handle): what each of cpBodySet{Position,Velocity} calls first


def body_memory(handle: Any) -> Any:
    """A Chipmunk body's struct as a writable memoryview of doubles (valid while it lives).

    cpBodySetPosition(x) stores p = 0 + x and the transform's tx = p - 0 (the cog is zero and
    the angle stays 0), and cpBodyGetPosition returns 0 + tx: x itself for every x but -0.0,
    which no ball's position ever is (adding to a position that is not -0.0 cannot give it).
    So reading p and writing p and tx directly is the getter and the setter bit for bit; a
    setter's cpBodyActivate is called, or, for an awake body without threaded contacts, done:
    its idle time zeroed.
    """
    return memoryview(ffi.buffer(handle, BODY_SIZE)).cast("d")


def check_body_layout() -> None:
    """Raise if the offsets above do not match this pymunk's Chipmunk (pyproject.toml pins
    it; a build with another layout must not run the callbacks on the wrong fields)."""
    body = lib.cpBodyNew(0.5, float("inf"))
    try:
        lib.cpBodySetPosition(body, (0.25, -0.375))
        lib.cpBodySetVelocity(body, (1.5, -2.25))
        memory = body_memory(body)
        p, v = position(body), velocity(body)
        if (
            body_state.unpack_from(memory, MOTION) != (p.x, p.y, v.x, v.y, 0, 0, 0.0)
            or (memory[P], memory[P + 1], memory[V], memory[V + 1]) != (p.x, p.y, v.x, v.y)
            or (memory[T], memory[T + 1], memory[IDLE]) != (p.x, p.y, 0.0)
            or memory[2] != lib.cpBodyGetMass(body)
            or body_state.size != 8 * (IDLE + 1) - MOTION
        ):
            raise RuntimeError(
                "this pymunk's Chipmunk body layout is not the one the callbacks were written "
                "for; install the pymunk version pyproject.toml pins"
            )
    finally:
        lib.cpBodyFree(body)


check_body_layout()


def read_motion(memory: Any) -> tuple[float, float, float, float]:
    """p.x, p.y, v.x, v.y of a body's struct (body_memory): its position and velocity."""
    px, py, vx, vy = memory[P], memory[P + 1], memory[V], memory[V + 1]
    return px, py, vx, vy


def read_velocity(memory: Any) -> tuple[float, float]:
    """v.x, v.y of a body's struct (body_memory)."""
    vx, vy = memory[V], memory[V + 1]
    return vx, vy


def set_velocity_in_place(handle: Any, memory: Any, vx: float, vy: float) -> None:
    """cpBodySetVelocity(handle, (vx, vy)) through ``memory`` (body_memory(handle)), bit for
    bit: the body woken first (cpBodyActivate, done in place when it only zeroes the idle time
    of an awake body without threaded contacts)."""
    links, root, idle = body_state.unpack_from(memory, MOTION)[4:]
    if links or root:
        activate(handle)
    elif idle:
        memory[IDLE] = 0.0
    memory[V] = vx
    memory[V + 1] = vy


# (shape handle, a cpShapeFilter) and (spring handle, a cpVect): what pymunk's Shape.filter and
# DampedSpring.anchor_b setters call, without their Python (a cell entry sets both).
set_filter: Any = lib.cpShapeSetFilter
set_spring_anchor_b: Any = lib.cpDampedSpringSetAnchorB


def shape_filter(group: int, categories: int, mask: int) -> Any:
    """A Chipmunk shape filter, built once, for :data:`set_filter`."""
    return ffi.new("cpShapeFilter *", (group, categories, mask))[0]


# (pointer) -> the same memory as doubles (a contact's r1.x, r1.y, r2.x, r2.y come first).
doubles: Any = partial(ffi.cast, "double *")


# A begin callback called by Chipmunk itself: (arbiter, space, data), ``arbiter`` a
# ``cpArbiter *`` whose fields (body_a, body_b, swapped, n, contacts) are read directly.
_BEGIN = "cpCollisionBeginFunc"


def on_begin(space: Any, type_a: int, type_b: int, callback: Any) -> Any:
    """Make ``callback(arbiter, space, data)`` the begin function of the Space's handler for
    collision types ``(type_a, type_b)``, called by Chipmunk without pymunk's dispatch (which
    builds an Arbiter and looks the handler's data up: a third of a minimal callback's cost).
    Returns the C callback: keep it as long as the Space may step."""
    c_callback = ffi.callback(_BEGIN, callback)
    handler = lib.cpSpaceAddCollisionHandler(space._space, type_a, type_b)
    handler.beginFunc = c_callback
    return c_callback
