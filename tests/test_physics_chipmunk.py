"""The model on Chipmunk's private fields (chipmunk.py) and on pymunk's public API
(chipmunk_public.py) resolves pushes bit for bit alike; the import-time check finds a layout
that differs."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pymunk
import pytest

from pusher_sim.physics import chipmunk, chipmunk_layout, chipmunk_public
from tests.chipmunk_pushes import records

PUSHES = 12


def test_the_pinned_pymunk_has_the_fields_the_fast_path_uses() -> None:
    assert chipmunk.layout_problem() is None
    assert chipmunk.FAST is (os.environ.get(chipmunk.FORCE_PUBLIC) != "public")


def test_a_body_layout_that_differs_is_found() -> None:
    problem = chipmunk.layout_problem(motion=chipmunk_layout.MOTION - 8)
    assert problem is not None and "cpBody" in problem


# A pymunk whose private cffi module is not what chipmunk.py reads: the model must still run.
BROKEN = """
import pymunk._chipmunk_cffi as private
del private.ffi
from tests.chipmunk_pushes import records
for line in records(2, "7"):
    print(line)
"""


def test_a_pymunk_without_the_fields_runs_on_its_public_api_with_one_warning() -> None:
    # Not forced to the public API (the suite may run with PUSHER_SIM_CHIPMUNK=public): the
    # broken pymunk must be what sends it there.
    env = {k: v for k, v in os.environ.items() if k != chipmunk.FORCE_PUBLIC}
    run = subprocess.run(
        [sys.executable, "-c", BROKEN], capture_output=True, text=True, check=True, env=env
    )
    assert run.stderr.splitlines() == [
        f"pusher_sim: physics on pymunk {pymunk.version}'s public API, slower, the same "
        "outcomes (pymunk has no _chipmunk_cffi)"
    ]
    assert run.stdout.splitlines() == list(records(2, "7"))


@pytest.mark.parametrize("model", ["9", "8", "7", "6"])
def test_pushes_on_the_public_api_are_the_fast_paths_bit_for_bit(model: str) -> None:
    env = {**os.environ, chipmunk.FORCE_PUBLIC: "public"}
    public = subprocess.run(
        [sys.executable, "-m", "tests.chipmunk_pushes", str(PUSHES), model],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    warning = public.stderr.splitlines()
    assert len(warning) == 1 and "public API" in warning[0], public.stderr
    fast = list(records(PUSHES, model))
    assert public.stdout.splitlines() == fast
    if model == "7":
        lasting = int(fast[-1].split("|")[4].strip("()").split(", ")[2])
        assert lasting > 0  # the rider's push has contacts Chipmunk still keeps (stamp set)


def test_the_public_api_module_does_not_import_the_fast_one() -> None:
    # Issue 36: chipmunk.py <-> chipmunk_public.py was an import cycle at run time that worked
    # only by statement order (chipmunk.py imports the public module when it falls back to it);
    # the public module now needs nothing of the model's (tests/test_physics_body_memory.py
    # imports it alone, in both modes).
    source = Path(chipmunk_public.__file__).read_text(encoding="utf-8")
    imported = {
        node.module for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom)
    }
    assert not {name for name in imported if name and name.startswith("pusher_sim")}
