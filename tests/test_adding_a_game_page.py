"""docs/adding-a-game.md gives exactly what the test game did: its steps' files are
``tests/nim/``'s files, and the registry entry it shows is Nim's as written."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "adding-a-game.md"
NIM = ROOT / "tests" / "nim"
STEP = re.compile(r"^## \d+\. [^`\n]*(?:: `([^`]+)`)?$", re.MULTILINE)


def test_the_pages_steps_make_the_files_of_the_test_game() -> None:
    text = PAGE.read_text(encoding="utf-8")
    steps = STEP.findall(text)
    assert len(steps) >= 7
    named = {file for file in steps if file}
    folder = {p.name for p in NIM.iterdir() if p.is_file()}
    assert "__init__.py" in text  # the package's own file, said before the steps
    assert named | {"__init__.py"} == folder, (sorted(named), sorted(folder))


def test_the_registry_entry_shown_is_the_test_games() -> None:
    text = PAGE.read_text(encoding="utf-8")
    shown = re.search(r"```python\n(SPEC = GameSpec\(.*?\n\))\n```", text, re.DOTALL)
    assert shown is not None
    spec = (NIM / "spec.py").read_text(encoding="utf-8")
    written = re.search(r"^SPEC = GameSpec\(.*?\n\)$", spec, re.DOTALL | re.MULTILINE)
    assert written is not None and shown.group(1) == written.group(0)


def test_the_registration_shown_is_the_test_games() -> None:
    from tests.nim import ENTRY

    assert f"PUSHER_GAMES={ENTRY} " in PAGE.read_text(encoding="utf-8")
