"""The docs' speeds come from one command (issue 36, item 9): ``benchmarks/speed_table.py`` runs
each benchmark the docs quote and writes docs/speeds.md with the commit and date; the page
committed is such a run, and the pages that quote speeds send the reader there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmarks import speed_table

ROOT = Path(__file__).resolve().parents[1]


def test_the_page_is_a_run_of_the_command_with_its_commit_and_date() -> None:
    text = speed_table.PAGE.read_text()
    assert re.search(r"Measured on commit `[0-9a-f]{40}(\+dirty)?`, \d{4}-\d\d-\d\d ", text)
    for bench in speed_table.BENCHES:
        shown = " ".join(["python", f"benchmarks/{bench.script}", *bench.args])
        assert f"## {bench.title}\n\n`{shown}`\n\n```\n" in text
    assert "docs/speeds.md" in (ROOT / "mkdocs.yml").read_text()


def test_the_command_writes_what_each_benchmark_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(speed_table, "run", lambda bench: f"{bench.script}: 12.5 per CPU-second")
    out = tmp_path / "speeds.md"
    assert speed_table.main(["--out", str(out)]) == 0
    text = out.read_text()
    for bench in speed_table.BENCHES:
        assert f"```\n{bench.script}: 12.5 per CPU-second\n```" in text
    assert "load average" in text and "Measured on commit" in text


@pytest.mark.parametrize("page", ["README.md", "docs/agents.md"])
def test_the_pages_quoting_speeds_point_to_the_table(page: str) -> None:
    assert "speeds.md" in (ROOT / page).read_text()
