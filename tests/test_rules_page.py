"""The site's rules page (``docs/extensions/rules_page.py``): docs/rules.md's preamble and every
registered game's own rules file, read from the registry, with links that work on the site."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from pusher_sim.rules_text import rule_numbers, titles
from pusher_sim.turnloop.registry import GAMES
from tests.file_modules import module_from_file

ROOT = Path(__file__).resolve().parents[1]
HOOK = ROOT / "docs" / "extensions" / "rules_page.py"
LINK = re.compile(r"\]\(([^)#\s:]+)(?:#[^)]*)?\)")


def hook() -> ModuleType:
    return module_from_file(HOOK, "rules_page_under_test")


def page(path: str) -> str:
    """What the build makes of the markdown of the page at ``path`` in the repository."""
    markdown = (ROOT / path).read_text(encoding="utf-8")
    built: str = hook().on_page_markdown(
        markdown, page=SimpleNamespace(file=SimpleNamespace(src_uri=path))
    )
    return built


def test_the_site_build_runs_the_hook() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "\nhooks:\n" in config
    assert "\n  - docs/extensions/rules_page.py\n" in config.split("\nhooks:\n", 1)[1]


def check_sections(text: str) -> None:
    headings = text.splitlines()
    for name, title in titles().items():
        assert f"## {title}" in headings, f"no section for {name}"
        for number in rule_numbers(name):
            assert any(re.match(rf"#{{3,4}} {number}\b", line) for line in headings), number


def test_the_rules_page_has_every_registered_games_section_in_order() -> None:
    text = page("docs/rules.md")
    assert text.startswith((ROOT / "docs" / "rules.md").read_text(encoding="utf-8").rstrip())
    check_sections(text)
    starts = [text.index(f"\n## {title}\n") for title in titles().values()]
    assert starts == sorted(starts) and len(starts) == len(GAMES) >= 3


def test_a_game_registered_alone_gets_its_section_on_the_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(GAMES, "nim", "tests.nim.spec:SPEC")
    text = page("docs/rules.md")
    check_sections(text)
    assert "\n## Nim\n" in text and "### N3 Win" in text


def test_the_links_of_a_games_rules_work_from_the_page() -> None:
    text = page("docs/rules.md")
    targets = [m.group(1) for m in LINK.finditer(text)]
    assert "physics.md" in targets  # Pusher's, written ../../docs/physics.md beside the game
    missing = [t for t in targets if not (ROOT / "docs" / t).exists()]
    assert not missing, missing


def test_other_pages_are_left_as_they_are() -> None:
    assert page("docs/physics.md") == (ROOT / "docs" / "physics.md").read_text(encoding="utf-8")
