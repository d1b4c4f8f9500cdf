"""The docs gate (``make docs``, run by ``make test``) fails on a broken reference: its command,
taken from the Makefile as it stands, is run on a copy of the docs with one reference broken."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
SITE_SOURCES = (
    "pusher_sim",
    "rummy",
    "pushover",
    "docs",
    "mkdocs.yml",
    "README.md",
    "CHANGELOG.md",
)


def docs_command() -> str:
    """The shell command of the Makefile's ``docs`` target that builds the site."""
    recipe = (ROOT / "Makefile").read_text().split("\ndocs:", 1)[1].split("\n\n", 1)[0]
    (build,) = [line.strip() for line in recipe.splitlines() if "mkdocs build" in line]
    return build.replace("$(BIN)", str(BIN))


def site_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "repo"
    copy.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "site")
    for name in SITE_SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=ignore)
        else:
            shutil.copy2(source, copy / name)
    return copy


def run_gate(copy: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(copy)}
    return subprocess.run(
        docs_command(), shell=True, cwd=copy, env=env, capture_output=True, text=True, timeout=900
    )


def test_the_gate_is_strict_and_never_quiet() -> None:
    """``--quiet`` raises MkDocs' logger to ERROR, so strict mode counts no warning at all."""
    command = docs_command()
    assert "--strict" in command
    assert "--quiet" not in command and " -q" not in command


@pytest.mark.parametrize(
    ("path", "old", "new"),
    [
        (
            "pusher_sim/atomic.py",
            '"""',
            '"""Planted: :func:`no_such_helper_anywhere` is broken.\n\n',
        ),
        ("docs/robustness.md", "\n", "\nPlanted: [a broken link](no-such-page-anywhere.md).\n"),
    ],
    ids=["docstring-reference", "docs-link"],
)
def test_the_gate_fails_on_a_planted_broken_reference(
    tmp_path: Path, path: str, old: str, new: str
) -> None:
    copy = site_copy(tmp_path)
    target = copy / path
    target.write_text(target.read_text().replace(old, new, 1))
    built = run_gate(copy)
    assert built.returncode != 0
    assert "no-such-page-anywhere" in built.stderr or "no_such_helper_anywhere" in built.stderr
