"""docs/tournaments.md lists the columns a tournament's table really has, in order (issue 36,
item 11): checked against a real ``--out`` table."""

from __future__ import annotations

import re
from pathlib import Path

import pyarrow.parquet as pq

from pusher_sim.cli import main

PAGE = Path(__file__).resolve().parents[1] / "docs" / "tournaments.md"


def documented_columns() -> list[str]:
    table = PAGE.read_text().split("## The result columns", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `(\w+)` \|", table, re.MULTILINE)


def test_the_page_lists_the_tables_columns_in_order(tmp_path: Path) -> None:
    out = tmp_path / "t.parquet"
    argv = ["tournament", "pushover", "--bots", "random,expected,strong", "--games", "2"]
    assert main([*argv, "--out", str(out)]) == 0
    assert documented_columns() == pq.read_table(out).column_names
