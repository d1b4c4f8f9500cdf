"""Chipmunk's body memory is written by chipmunk.py alone, through setters that leave a body as
pymunk's own setters do, and chipmunk_public.py (its stand-in on pymunk's public API) imports
nothing that imports it back (issue 36, point 3: contacts.py and ridge.py wrote the struct
themselves, and the two chipmunk modules imported each other)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pymunk
import pytest

from pusher_sim.physics import chipmunk, chipmunk_layout, chipmunk_public

PHYSICS = Path(chipmunk.__file__).parent
ROOT = PHYSICS.parent.parent

# What only chipmunk.py may touch: the struct's layout, raw packing, pymunk's cffi module, and
# the writers that were public before point 3 (write_motion, write_velocity).
LAYOUT_NAMES = {"AT_P", "AT_V", "BODY_SIZE", "IDLE", "MOTION", "P", "T", "V"}
RAW_WRITERS = {"write_motion", "write_velocity", "pack_into"}
FORBIDDEN_MODULES = {"struct", "pymunk._chipmunk_cffi", "pusher_sim.physics.chipmunk_layout"}
READERS = {"read_state"}


def _imported(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _readers(tree: ast.Module) -> set[str]:
    """The names a module reads a body's fields with: chipmunk.read_state and its aliases."""
    aliases = set(READERS)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            targets = [t for target in node.targets for t in _flat(target)]
            values = _flat(node.value)
            for target, value in zip(targets, values, strict=False):
                if isinstance(target, ast.Name) and _is_reader(value, aliases):
                    aliases.add(target.id)
    return aliases


def _flat(node: ast.AST) -> list[ast.AST]:
    return list(node.elts) if isinstance(node, ast.Tuple) else [node]


def _is_reader(node: ast.AST, aliases: set[str]) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr in READERS
    return isinstance(node, ast.Name) and node.id in aliases


def _fields_names(function: ast.AST, readers: set[str]) -> set[str]:
    """The names that hold a body's fields in ``function``: bound from ``...memory...[handle]``,
    or read with read_state."""
    names: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Subscript):
            if "memory" in ast.unparse(node.value.value).lower():
                names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.Call) and _is_reader(node.func, readers):
            names.update(arg.id for arg in node.args if isinstance(arg, ast.Name))
    return names


def body_memory_writes(source: str) -> list[str]:
    """Where a module's source writes Chipmunk's body memory (or could: it reaches for the
    layout, raw packing or the cffi module), one line each; empty when it does not."""
    tree = ast.parse(source)
    found = {(0, f"imports {name}") for name in _imported(tree) & FORBIDDEN_MODULES}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and (
            node.attr in RAW_WRITERS
            or (
                isinstance(node.value, ast.Name)
                and node.value.id.startswith("chipmunk")
                and (node.attr in LAYOUT_NAMES or node.attr.startswith("_"))
            )
        ):
            found.add((node.lineno, f"uses {ast.unparse(node)}"))
    readers = _readers(tree)
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.Lambda)]
    for function in functions:
        fields = _fields_names(function, readers)
        for node in ast.walk(function):
            if isinstance(node, ast.Assign):
                stored = [t for target in node.targets for t in _flat(target)]
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                stored = [node.target]
            else:
                continue
            for target in stored:
                if not isinstance(target, ast.Subscript):
                    continue
                base = target.value
                held = isinstance(base, ast.Name) and base.id in fields
                nested = isinstance(base, ast.Subscript) and "memory" in ast.unparse(base).lower()
                if held or nested:
                    found.add((node.lineno, f"stores {ast.unparse(target)}"))
    return [f"line {line}: {what}" if line else what for line, what in sorted(found)]


def test_no_physics_module_but_chipmunk_py_writes_body_memory() -> None:
    writes = {
        path.name: body_memory_writes(path.read_text(encoding="utf-8"))
        for path in sorted(PHYSICS.glob("*.py"))
        if path.name not in ("chipmunk.py", "chipmunk_layout.py")
    }
    assert {name: lines for name, lines in writes.items() if lines} == {}


def test_the_scan_finds_a_module_that_writes_body_memory() -> None:
    # ridge.py as it was before point 3, cut down: a store at the idle time's index and the
    # velocity packed at its offset; and a store through a body's fields read with read_state.
    before = """
from pusher_sim.physics import chipmunk, chipmunk_layout
_state, _write_velocity = chipmunk.read_state, chipmunk.write_velocity
_IDLE = chipmunk_layout.IDLE
def cross(state, h, vx, vy):
    m = state.body_memory[h]
    links, root, idle = _state(m)[4:]
    if idle:
        m[_IDLE] = 0.0
    _write_velocity(m, 16, vx, vy)
def move(m, px):
    x = _state(m)[0]
    m[13] = px
"""
    assert body_memory_writes(before) == [
        "imports pusher_sim.physics.chipmunk_layout",
        "line 3: uses chipmunk.write_velocity",
        "line 4: uses chipmunk_layout.IDLE",
        "line 9: stores m[_IDLE]",
        "line 13: stores m[13]",
    ]
    assert body_memory_writes("def f(s, i):\n    s.memory[i][13] = 0.0\n") == [
        "line 2: stores s.memory[i][13]"
    ]
    assert body_memory_writes("from pusher_sim.physics import chipmunk\nx = chipmunk.T\n") == [
        "line 2: uses chipmunk.T"
    ]
    # What the model does write: dictionaries and lists of its own.
    assert body_memory_writes("def f(self, h, m):\n    self.body_memory[h] = m\n") == []


# Run in a fresh interpreter: every import statement executed recorded as importer -> module
# (a module's parent package is not counted: Python initialises it before the module), then
# chipmunk_public imported alone, and what it imports followed.
IMPORTS = r"""
import builtins, importlib.util, json, sys

edges = set()
real_import = builtins.__import__

def recording_import(name, globals=None, locals=None, fromlist=(), level=0):
    module = real_import(name, globals, locals, fromlist, level)
    importer = (globals or {}).get("__name__")
    if importer:
        package = globals.get("__package__") or importer
        target = importlib.util.resolve_name("." * level + name, package) if level else name
        # "from package import module" imports the module (the package is its parent,
        # initialised first, which no import statement asks for); a name of it, the package.
        items = [f"{target}.{item}" for item in fromlist or ()]
        modules = [item for item in items if item in sys.modules]
        edges.update((importer, module) for module in modules or [target])
        if len(modules) < len(items):
            edges.add((importer, target))
    return module

builtins.__import__ = recording_import
import pusher_sim.physics.chipmunk_public as public
assert callable(public.set_motion_in_place) and callable(public.set_velocity_in_place)
from pusher_sim.physics import chipmunk
print(json.dumps({"edges": sorted(edges), "fast": chipmunk.FAST}))
"""


def _reached(edges: set[tuple[str, str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        module = todo.pop()
        for importer, target in edges:
            if importer == module and target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


@pytest.mark.parametrize("mode", ["", "public"])
def test_chipmunk_public_imports_alone_and_nothing_it_imports_imports_it(mode: str) -> None:
    env = {**os.environ, chipmunk.FORCE_PUBLIC: mode, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-c", IMPORTS], capture_output=True, text=True, check=True, env=env
    )
    report = json.loads(run.stdout)
    assert report["fast"] is (mode != "public")
    edges = {(a, b) for a, b in report["edges"]}
    public = "pusher_sim.physics.chipmunk_public"
    fast = "pusher_sim.physics.chipmunk"
    reached = _reached(edges, public)
    assert public not in reached  # no import cycle through it
    assert not {m for m in reached if m.startswith("pusher_sim")}  # it needs nothing of ours
    # chipmunk.py imports it in public mode only (where it binds its names to it), and nothing
    # chipmunk.py imports imports chipmunk.py back.
    assert ((fast, public) in edges) is (mode == "public")
    assert fast not in _reached(edges, fast)


# The in-place writers against pymunk's setters: bodies in the three states the writers tell
# apart (awake with idle time, touching another body, asleep), each built twice.


def _world(state: str) -> tuple[pymunk.Space, pymunk.Body, pymunk.Body]:
    """Two balls after a second: floating apart, at rest (``idle``: an idle time, nothing
    threaded on them), or on a floor pressed together (``touching``: contacts threaded on them)
    and fallen asleep (``asleep``)."""
    space = pymunk.Space()
    space.idle_speed_threshold = 0.05
    space.sleep_time_threshold = 0.3 if state == "asleep" else 100.0
    if state != "idle":
        space.gravity = (0.0, -0.5)
        floor = pymunk.Segment(space.static_body, (-5.0, 0.0), (5.0, 0.0), 0.01)
        floor.friction = 0.5
        space.add(floor)
    bodies = []
    for x in (0.0, 0.199 if state == "touching" else 3.0):
        body = pymunk.Body(1.0, 0.01)
        body.position = (x, 0.109)
        ball = pymunk.Circle(body, 0.1)
        ball.friction = 0.5
        space.add(body, ball)
        bodies.append(body)
    for _ in range(60):
        space.step(1 / 60)
    return space, bodies[0], bodies[1]


def _snapshot(space: pymunk.Space) -> list[Any]:
    return [
        (tuple(b.position), tuple(b.velocity), b.angle, b.angular_velocity, b.is_sleeping)
        for b in space.bodies
    ]


def _idle(body: pymunk.Body) -> float:
    """A body's idle time, which pymunk does not show (read at chipmunk_layout.IDLE)."""
    if not chipmunk.FAST:
        pytest.skip("the idle time is read from Chipmunk's struct")
    return float(chipmunk.body_memory(chipmunk.handle(body))[chipmunk_layout.IDLE])


Writer = Callable[[pymunk.Body, float, float, float, float], None]


def _fast_motion(body: pymunk.Body, px: float, py: float, vx: float, vy: float) -> None:
    h = chipmunk.handle(body)
    m = chipmunk.body_memory(h)
    links, root, idle = chipmunk.read_state(m)[4:]
    chipmunk.set_motion_in_place(h, m, px, py, vx, vy, links, root, idle)


def _fast_velocity(body: pymunk.Body, px: float, py: float, vx: float, vy: float) -> None:
    h = chipmunk.handle(body)
    chipmunk.set_velocity_in_place(h, chipmunk.body_memory(h), vx, vy)


def _public_motion(body: pymunk.Body, px: float, py: float, vx: float, vy: float) -> None:
    view = chipmunk_public.PublicBody(body)
    links, root, idle = chipmunk_public.read_state(view)[4:]
    chipmunk_public.set_motion_in_place(body, view, px, py, vx, vy, links, root, idle)


def _public_velocity(body: pymunk.Body, px: float, py: float, vx: float, vy: float) -> None:
    chipmunk_public.set_velocity_in_place(body, chipmunk_public.PublicBody(body), vx, vy)


def _set_motion(body: pymunk.Body, px: float, py: float, vx: float, vy: float) -> None:
    body.velocity = (vx, vy)
    body.position = (px, py)


def _set_velocity(body: pymunk.Body, px: float, py: float, vx: float, vy: float) -> None:
    body.velocity = (vx, vy)


WRITERS: dict[str, tuple[Writer, Writer]] = {
    "fast motion": (_fast_motion, _set_motion),
    "fast velocity": (_fast_velocity, _set_velocity),
    "public motion": (_public_motion, _set_motion),
    "public velocity": (_public_velocity, _set_velocity),
}


def _cases() -> Iterator[Any]:
    for writer in WRITERS:
        for state in ("idle", "touching", "asleep"):
            yield pytest.param(writer, state, id=f"{writer}-{state}")


@pytest.mark.parametrize(("writer", "state"), list(_cases()))
def test_an_in_place_writer_leaves_a_body_as_pymunks_setters_do(writer: str, state: str) -> None:
    if writer.startswith("fast") and not chipmunk.FAST:
        pytest.skip("the fast path is not bound in public mode")
    in_place, setters = WRITERS[writer]
    worlds = [_world(state), _world(state)]
    (space, body, other), (twin_space, twin, twin_other) = worlds
    assert _snapshot(space) == _snapshot(twin_space)
    # Each state is what the test means it to be (each is a branch of the writers).
    if state == "asleep":
        assert body.is_sleeping and other.is_sleeping
    elif chipmunk.FAST:
        m = chipmunk.body_memory(chipmunk.handle(body))
        links, root, idle = chipmunk.read_state(m)[4:]
        assert not root and idle > 0.0
        assert bool(links) is (state == "touching")
        if state == "touching":
            assert _idle(other) > 0.0  # which waking ``body`` zeroes

    in_place(body, 0.0625, 0.3125, 0.75, -0.375)
    setters(twin, 0.0625, 0.3125, 0.75, -0.375)
    assert _snapshot(space) == _snapshot(twin_space)
    if chipmunk.FAST:
        assert (_idle(body), _idle(other)) == (_idle(twin), _idle(twin_other))
        t = chipmunk_layout.T
        fields = chipmunk.body_memory(chipmunk.handle(body))
        twin_fields = chipmunk.body_memory(chipmunk.handle(twin))
        assert (fields[t], fields[t + 1]) == (twin_fields[t], twin_fields[t + 1])
    for _ in range(90):
        space.step(1 / 60)
        twin_space.step(1 / 60)
        assert _snapshot(space) == _snapshot(twin_space)
