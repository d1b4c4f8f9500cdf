"""docs/python-api.md, "Using pusher_sim from Python", cannot go stale: its Python blocks run here,
in order, as the one script the page says they are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parent.parent / "docs" / "python-api.md"
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def blocks(text: str) -> list[tuple[int, str]]:
    """Each Python block of a Markdown page, with the page line its code starts on."""
    return [(text.count("\n", 0, m.start(1)) + 1, m[1]) for m in BLOCK.finditer(text)]


def run_page(text: str, name: str) -> dict[str, object]:
    """Run the page's blocks in order in one namespace; a traceback names the page's lines."""
    namespace: dict[str, object] = {"__name__": "__page__"}
    for line, code in blocks(text):
        exec(compile("\n" * (line - 1) + code, name, "exec"), namespace)
    return namespace


def test_the_page_shows_a_push_an_experiment_a_match_and_a_tournament() -> None:
    code = "\n".join(code for _, code in blocks(PAGE.read_text(encoding="utf-8")))
    for call in ("resolver.resolve(", "build_job(", "Match(", "play_tournament("):
        assert call in code


def test_the_page_s_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    namespace = run_page(PAGE.read_text(encoding="utf-8"), str(PAGE))
    printed = capsys.readouterr().out
    assert {"outcome", "rows", "final"} <= set(namespace)
    assert "settled: True" in printed and "own balls returned" in printed
    assert "beats random" in printed


def test_a_broken_example_fails_at_its_line_of_the_page() -> None:
    text = "# Page\n\n```python\nx = 1\n```\n\nText.\n\n```python\ny = x\nz = missing\n```\n"
    assert [line for line, _ in blocks(text)] == [4, 10]
    with pytest.raises(NameError) as failure:
        run_page(text, "page.md")
    last = failure.traceback[-1]
    assert (str(last.path), last.lineno + 1) == ("page.md", 11)
