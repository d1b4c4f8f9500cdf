"""Chipmunk's state read and written without pymunk's wrappers, for the per-step Python: the
one module that knows pymunk's private fields and Chipmunk's struct layouts.

``body.position`` costs a C call wrapped in two Python calls; the press reads every moving ball
each step and the settle check every ball's sleep state, and the begin callbacks (first
touches, cell entries) run inside Chipmunk's step a few times a step. So, through pymunk's own
cffi library, this module reads bodies by their Chipmunk handle, has Chipmunk call the begin
callbacks directly (:func:`on_begin`, with a ``cpArbiter *`` whose fields the functions here
read), and lets them read a body's struct in place (:func:`body_memory`) and write it through
the two setters here (:func:`set_motion_in_place`, :func:`set_velocity_in_place`): no other
module writes Chipmunk's memory.

Every field used is checked when this module is imported (:func:`layout_problem`). If one does
not match (another pymunk), or ``PUSHER_SIM_CHIPMUNK=public`` is set, the same names are bound
to pymunk's public API (chipmunk_public.py): slower, the same outcomes, one warning line.
"""

from __future__ import annotations

import os
import struct
import sys
from collections.abc import Callable
from operator import attrgetter, methodcaller
from typing import Any

import pymunk

from pusher_sim.physics.chipmunk_layout import AT_P, AT_V, BODY_SIZE, IDLE, MOTION, P, T, V

try:
    from pymunk._chipmunk_cffi import ffi as _ffi
    from pymunk._chipmunk_cffi import lib as _lib
except ImportError:  # a pymunk without it runs on its public API (layout_problem says so)
    _ffi = _lib = None

FORCE_PUBLIC = "PUSHER_SIM_CHIPMUNK"
"""Set to ``public`` in the environment, the model uses pymunk's public API."""

# A first touch (contacts.py) reads and writes two balls; through C calls that is nine calls
# into Chipmunk, each building a struct, more than the arithmetic. So the callbacks read and
# write the fields of Chipmunk's ``struct cpBody`` (chipmunk_structs.h) through a memoryview of
# it, from p on, as doubles: several at once with _BODY_STATE, one by one by index (struct's
# pack_into parses its buffer argument, which costs more than the writes). cpBody is opaque to
# cffi, so its offsets are checked against the getters.
# p.x, p.y, v.x, v.y, arbiterList (NULL unless a contact is threaded on the body), sleeping.root
# (not NULL if and only if the body sleeps: cpBodyIsSleeping), sleeping.idleTime; the offsets
# are chipmunk_layout.py's.
_BODY_STATE = struct.Struct("4d136xP8xP8xd")
# The cpArbiter fields the begin callbacks read (cffi knows their offsets) and their types;
# a contact's r1, r2 (from each body's centre) are read as the first four doubles of cpContact.
_ARBITER_FIELDS = {
    "a": "struct cpShape *",
    "b": "struct cpShape *",
    "body_a": "struct cpBody *",
    "body_b": "struct cpBody *",
    "swapped": "unsigned char",
    "stamp": "unsigned int",
    "n": "struct cpVect",
    "contacts": "struct cpContact *",
}
_BEGIN = "cpCollisionBeginFunc"
_BEGIN_TYPE = "void(*)(struct cpArbiter *, struct cpSpace *, void *)"


def layout_problem(motion: int = MOTION) -> str | None:
    """What in this pymunk differs from the fields and layouts used here, or None.

    Checks the cpArbiter and cpContact fields, the cpBody offsets (``motion``: where p.x is,
    which a test gets wrong on purpose) against the getters, and, on a live contact, pymunk's
    private attributes and what a begin callback reads against pymunk's Arbiter.
    """
    ffi, lib = _ffi, _lib
    if ffi is None or lib is None:
        return "pymunk has no _chipmunk_cffi"
    try:
        fields = dict(ffi.typeof("struct cpArbiter").fields)
        for name, cname in _ARBITER_FIELDS.items():
            if name not in fields or fields[name].type.cname != cname:
                return f"cpArbiter has no field {name} of type {cname}"
        contact = dict(ffi.typeof("struct cpContact").fields)
        if (contact["r1"].offset, contact["r2"].offset) != (0, 16):
            return "cpContact does not start with r1, r2"
        if ffi.typeof(_BEGIN).cname != _BEGIN_TYPE:
            return f"{_BEGIN} is not {_BEGIN_TYPE}"
        body = lib.cpBodyNew(0.5, float("inf"))
        try:
            lib.cpBodySetPosition(body, (0.25, -0.375))
            lib.cpBodySetVelocity(body, (1.5, -2.25))
            whole = memoryview(ffi.buffer(body, BODY_SIZE))
            memory = whole[motion:].cast("d")
            p, v = lib.cpBodyGetPosition(body), lib.cpBodyGetVelocity(body)
            if (
                _BODY_STATE.unpack_from(memory) != (p.x, p.y, v.x, v.y, 0, 0, 0.0)
                or (memory[P], memory[P + 1], memory[V], memory[V + 1]) != (p.x, p.y, v.x, v.y)
                or (memory[T], memory[T + 1], memory[IDLE]) != (p.x, p.y, 0.0)
                or whole.cast("d")[2] != lib.cpBodyGetMass(body)
                or _BODY_STATE.size != 8 * (IDLE + 1) != BODY_SIZE - MOTION
            ):
                return "cpBody's fields are not at the offsets used here"
            struct.pack_into("2d", memory, AT_V, 0.75, -1.25)
            v = lib.cpBodyGetVelocity(body)
            if (v.x, v.y, AT_P) != (0.75, -1.25, 8 * P):
                return "cpBody's velocity is not where set_velocity_in_place writes"
        finally:
            lib.cpBodyFree(body)
        return _contact_problem(ffi)
    except Exception as exc:  # a private path that fails in any way is not taken
        return f"{type(exc).__name__}: {exc}"


def _contact_problem(ffi: Any) -> str | None:
    """A ball rolling into a wall in a small Space: what its begin callback reads from the
    ``cpArbiter *`` against pymunk's Arbiter, and pymunk's private attributes."""
    space = pymunk.Space()
    wall = pymunk.Segment(space.static_body, (-1.0, 0.2), (1.0, 0.25), 0.05)
    body = pymunk.Body(1.0, float("inf"))
    body.position = (0.0, 0.0)
    body.velocity = (0.5, 2.0)
    ball = pymunk.Circle(body, 0.1)
    spring = pymunk.DampedSpring(body, space.static_body, (0, 0), (0, 0), 0.0, 1.0, 0.0)
    space.add(wall, body, ball, spring)
    found: list[str | None] = []

    def begin(arbiter: pymunk.Arbiter, space_: Any, data: Any) -> None:
        arb = arbiter._arbiter
        shapes = (arb.b, arb.a) if arb.swapped else (arb.a, arb.b)
        memory = {h: _fields(ffi, h) for h in (arb.body_a, arb.body_b)}
        first, _, nx, ny, depth = _ball_contact(arb, memory)
        points = arbiter.contact_point_set
        if shapes != tuple(shape._shape for shape in arbiter.shapes):
            found.append("a cpArbiter's shapes are not pymunk's Arbiter's")
        elif {arb.body_a, arb.body_b} != {body._body, space.static_body._body}:
            found.append("a cpArbiter's bodies are not pymunk's Arbiter's")
        elif (first, nx, ny, -depth) != (
            arbiter.bodies[0]._body,
            points.normal.x,
            points.normal.y,
            points.points[0].distance,
        ):
            found.append("a cpArbiter's normal and contact are not pymunk's Arbiter's")
        elif arb.stamp != 0:
            found.append("a new cpArbiter's stamp is not 0")
        else:
            found.append(None)

    space.on_collision(0, 0, begin=begin)
    for _ in range(20):
        space.step(0.01)
    if not (hasattr(space, "_space") and hasattr(spring, "_constraint")):
        return "pymunk's Space or Constraint keeps its Chipmunk object elsewhere"
    if not found:
        return "the test contact did not begin"
    return found[0]


def _fields(ffi: Any, handle: Any) -> Any:
    """A Chipmunk body's struct from p on as a writable memoryview of doubles."""
    return memoryview(ffi.buffer(handle, BODY_SIZE))[MOTION:].cast("d")


def _ball_contact(arb: Any, memory: dict[Any, Any]) -> tuple[Any, Any, float, float, float]:
    """A contact of a ball (first in the handler's order) with the rim: the ball's handle and
    fields, the normal from it into the rim, and how deep they overlap, as
    cpArbiterGetContactPointSet computes them (``memory``: each body's fields by handle)."""
    a, b = arb.body_a, arb.body_b
    ma, mb = memory[a], memory[b]
    n = arb.n
    nx, ny = n.x, n.y
    r = _ffi.cast("double *", arb.contacts)  # r1.x, r1.y, r2.x, r2.y of the first contact
    depth = -((mb[P] + r[2] - (ma[P] + r[0])) * nx + (mb[P + 1] + r[3] - (ma[P + 1] + r[1])) * ny)
    if arb.swapped:
        return b, mb, -nx, -ny, depth
    return a, ma, nx, ny, depth


_forced = os.environ.get(FORCE_PUBLIC, "") == "public"
PROBLEM: str | None = f"{FORCE_PUBLIC}=public" if _forced else layout_problem()
"""Why the model runs on pymunk's public API, or None when it reads Chipmunk directly."""
FAST = PROBLEM is None

# The names the model uses, bound to one path or the other. A handle stands for a pymunk object
# in the per-step Python; a body's fields (body_memory) are read with read_state and written
# with set_motion_in_place and set_velocity_in_place; a begin callback's arbiter is read with
# arbiter_bodies, arbiter_shapes, cached and ball_contact.
handle: Callable[[Any], Any]  # a pymunk Body's handle (valid while the Body lives)
shape_handle: Callable[[Any], Any]  # a Shape's: hashable, what a callback reads for it
constraint_handle: Callable[[Any], Any]
is_sleeping: Callable[[Any], Any]  # (handle) -> 0 or 1
position: Callable[[Any], Any]  # (handle) -> x, y attributes
velocity: Callable[[Any], Any]
activate: Callable[[Any], Any]  # (handle): what each of the body's setters calls first
body_memory: Callable[[Any], Any]  # (handle) -> its fields, for the three below
read_state: Callable[[Any], tuple[float, float, float, float, Any, Any, float]]
"""(fields) -> p.x, p.y, v.x, v.y, threaded contacts, asleep, idle time."""
set_motion_in_place: Callable[[Any, Any, float, float, float, float, Any, Any, float], None]
"""(handle, fields, p.x, p.y, v.x, v.y, threaded contacts, asleep, idle time as read_state read
them): cpBodySetVelocity then cpBodySetPosition, bit for bit."""
set_velocity_in_place: Callable[[Any, Any, float, float], None]
"""(handle, fields, v.x, v.y): cpBodySetVelocity, bit for bit."""
set_filter: Callable[[Any, Any], Any]  # (shape handle, shape_filter(...))
shape_filter: Callable[[int, int, int], Any]
set_spring_anchor_b: Callable[[Any, tuple[float, float]], Any]  # (spring handle, (x, y))
arbiter_bodies = attrgetter("body_a", "body_b")  # (arbiter) -> its bodies' handles
arbiter_shapes = attrgetter("a", "b")  # (arbiter) -> its shapes' handles, in either order
cached = attrgetter("stamp")  # (arbiter) -> whether Chipmunk kept it from a recent touch
ball_contact: Callable[[Any, dict[Any, Any]], tuple[Any, Any, float, float, float]]
on_begin: Callable[[Any, int, int, Any], Any]
on_begin_separate: Callable[[Any, int, int, Any, Any], Any]
on_pymunk_begin: Callable[[Any, int, int, Any], None]
arbiter_of: Callable[[Any, Any], Any]  # (pymunk Arbiter, Space) -> what on_begin's get
stepper: Callable[[Any], Callable[[float], None]]  # (Space) -> its step(dt)

if FAST:
    handle = attrgetter("_body")
    shape_handle = attrgetter("_shape")
    constraint_handle = attrgetter("_constraint")
    is_sleeping = _lib.cpBodyIsSleeping
    position = _lib.cpBodyGetPosition
    velocity = _lib.cpBodyGetVelocity
    activate = _lib.cpBodyActivate

    def body_memory(handle: Any) -> Any:
        """A Chipmunk body's struct from p on, as a writable memoryview of doubles (valid while
        the body lives).

        cpBodySetPosition(x) stores p = 0 + x and the transform's tx = p - 0 (the cog is zero
        and the angle stays 0), and cpBodyGetPosition returns 0 + tx: x itself for every x but
        -0.0, which no ball's position ever is. So reading p and writing p and tx directly is
        the getter and the setter bit for bit; a setter's cpBodyActivate is called, or, for an
        awake body without threaded contacts, done: its idle time zeroed.
        """
        return _fields(_ffi, handle)

    read_state = _BODY_STATE.unpack_from
    _write_motion = struct.Struct("4d").pack_into  # (fields, AT_P, p.x, p.y, v.x, v.y)
    _write_velocity = struct.Struct("2d").pack_into  # (fields, AT_V, v.x, v.y)
    _T1 = T + 1

    def set_motion_in_place(
        handle: Any,
        m: Any,
        px: float,
        py: float,
        vx: float,
        vy: float,
        links: Any,
        root: Any,
        idle: float,
    ) -> None:
        """cpBodySetVelocity then cpBodySetPosition through the body's fields ``m``, bit for
        bit, given what read_state read of them (``links, root, idle``): the body woken as the
        setters wake it (cpBodyActivate, done in place when it only zeroes the idle time of an
        awake body without threaded contacts; Chipmunk defers a sleeper's waking to the end of
        the collision pass), then the position, the velocity and the transform (what the
        position getter reads: body_memory says why writing it is the setter) written. One
        call, not two: a first touch moves two balls, the step's hottest Python."""
        if links or root:
            activate(handle)
        elif idle:
            m[IDLE] = 0.0
        _write_motion(m, AT_P, px, py, vx, vy)
        m[T] = px
        m[_T1] = py

    def set_velocity_in_place(handle: Any, m: Any, vx: float, vy: float) -> None:
        """cpBodySetVelocity through the body's fields ``m``, bit for bit: the body woken first
        (cpBodyActivate, done in place when it only zeroes the idle time of an awake body
        without threaded contacts)."""
        links, root, idle = read_state(m)[4:]
        if links or root:
            activate(handle)
        elif idle:
            m[IDLE] = 0.0
        _write_velocity(m, AT_V, vx, vy)

    set_filter = _lib.cpShapeSetFilter
    set_spring_anchor_b = _lib.cpDampedSpringSetAnchorB

    def shape_filter(group: int, categories: int, mask: int) -> Any:
        return _ffi.new("cpShapeFilter *", (group, categories, mask))[0]

    ball_contact = _ball_contact

    def on_begin(space: Any, type_a: int, type_b: int, callback: Any) -> Any:
        """Make ``callback(arbiter, space, data)`` the begin function of the Space's handler
        for ``(type_a, type_b)``, called by Chipmunk without pymunk's dispatch (which builds an
        Arbiter and looks the handler's data up: a third of a minimal callback's cost).
        Returns what must be kept alive as long as the Space may step."""
        c_callback = _ffi.callback(_BEGIN, callback)
        handler = _lib.cpSpaceAddCollisionHandler(space._space, type_a, type_b)
        handler.beginFunc = c_callback
        return c_callback

    def on_begin_separate(space: Any, type_a: int, type_b: int, begin: Any, separate: Any) -> Any:
        """:func:`on_begin`, and ``separate(arbiter, space, data)`` called by Chipmunk when the
        pair stops touching (or a shape is removed). Returns what must be kept alive."""
        c_begin = _ffi.callback(_BEGIN, begin)
        c_separate = _ffi.callback("cpCollisionSeparateFunc", separate)
        handler = _lib.cpSpaceAddCollisionHandler(space._space, type_a, type_b)
        handler.beginFunc = c_begin
        handler.separateFunc = c_separate
        return (c_begin, c_separate)

    def on_pymunk_begin(space: Any, type_a: int, type_b: int, callback: Any) -> None:
        """pymunk's begin callback for ``(type_a, type_b)``: it gets pymunk's Arbiter."""
        space.on_collision(type_a, type_b, begin=callback)

    def arbiter_of(arbiter: Any, space: Any) -> Any:
        """The ``cpArbiter *`` of pymunk's Arbiter in a callback of :func:`on_pymunk_begin`."""
        return arbiter._arbiter

    def stepper(space: Any) -> Callable[[float], None]:
        return space.step  # type: ignore[no-any-return]

else:
    from pusher_sim.physics import chipmunk_public as _public

    def handle(body: Any) -> Any:
        return body

    shape_handle = constraint_handle = handle
    body_memory = _public.PublicBody
    is_sleeping = attrgetter("is_sleeping")
    position = attrgetter("position")
    velocity = attrgetter("velocity")
    activate = methodcaller("activate")

    read_state = _public.read_state
    set_motion_in_place = _public.set_motion_in_place
    set_velocity_in_place = _public.set_velocity_in_place

    def set_filter(shape: Any, shape_filter: Any) -> Any:
        shape.filter = shape_filter

    def set_spring_anchor_b(spring: Any, anchor: tuple[float, float]) -> Any:
        spring.anchor_b = anchor

    shape_filter = pymunk.ShapeFilter
    ball_contact = _public.ball_contact
    on_begin = _public.on_begin
    on_begin_separate = _public.on_begin_separate
    on_pymunk_begin = _public.on_pymunk_begin
    arbiter_of = _public.arbiter_of
    stepper = _public.stepper
    print(
        f"pusher_sim: physics on pymunk {pymunk.version}'s public API, slower, the same "
        f"outcomes ({PROBLEM})",
        file=sys.stderr,
    )
