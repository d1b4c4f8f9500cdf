"""Every speed the docs quote is what docs/speeds.md printed or carries the commit and date it
was measured on (issue 36, item 9: docs/agents.md gave ~60 steps per CPU-second, measured 188
commits before, when the benchmark gave 35.8), and one command regenerates the table."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from checks import speed_figures
from checks.speed_figures import figures, unstamped

ROOT = Path(__file__).resolve().parents[1]


def test_every_speed_figure_in_the_docs_is_printed_by_the_table_or_stamped() -> None:
    assert [str(figure) for figure in unstamped()] == []


def _docs_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "docs", copy / "docs", ignore=shutil.ignore_patterns("*.png", "api"))
    shutil.copy2(ROOT / "README.md", copy / "README.md")
    return copy


def test_a_planted_unstamped_figure_fails_the_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = _docs_copy(tmp_path)
    assert unstamped(copy) == [] and speed_figures.main([str(copy)]) == 0
    page = copy / "docs" / "agents.md"
    page.write_text(
        page.read_text(encoding="utf-8")
        + "\nThe env now runs about 60 steps per CPU-second.\n\n"
        + "A stamped one: 41 steps per CPU-second (measured at commit a6f6843, 2026-12-03).\n",
        encoding="utf-8",
    )
    capsys.readouterr()
    assert speed_figures.main([str(copy)]) == 1
    out = capsys.readouterr().out
    line = _line_of(page, "about 60")
    assert out.splitlines() == [f"docs/agents.md:{line}: '60 steps per CPU-second'"]


def _line_of(page: Path, text: str) -> str:
    lines = page.read_text(encoding="utf-8").splitlines()
    return str(next(n for n, line in enumerate(lines, 1) if text in line))


def test_a_figure_the_table_prints_needs_no_stamp(tmp_path: Path) -> None:
    copy = _docs_copy(tmp_path)
    table = (copy / "docs" / "speeds.md").read_text(encoding="utf-8")
    printed = next(line for line in table.splitlines() if "steps per CPU-second" in line)
    quoted = printed.split(": ", 1)[1].split(" (")[0]  # "49.8 steps per CPU-second"
    readme = copy / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8") + f"\nOne env: {quoted}.\n")
    assert unstamped(copy) == []
    readme.write_text(
        readme.read_text(encoding="utf-8") + "\nOne env: 12.5 steps per CPU-second.\n"
    )
    assert [figure.text for figure in unstamped(copy)] == ["12.5 steps per CPU-second"]


@pytest.mark.parametrize(
    "text",
    [
        "49.8 steps per CPU-second",
        "409 games per CPU-second",
        "1351 steps/s",
        "about 70 pushes/s on one worker",
        "18 CPU-s a game",
        "6-14 CPU seconds a game",
        "0.61 s of CPU",
        "198 s of wall time",
        "1 to 5 ms a move",
        "15 µs a call",
        "22 k\ninstructions",
        "94.3 M instructions",
        "1,260 steps of the 51-ball floor",
        "0.220 of the floor by instructions",
        "Pusher p95 1.45 ms",
        "drew each frame in 0.20 ms",
        "gave 1.90x",
        "a bound of 1.41-1.45×",
        "| 139 s |",
        "| CPU a game | 11 s | 89 s |",
    ],
)
def test_the_scanner_knows_each_way_the_docs_put_a_speed(text: str) -> None:
    found = figures(text)
    assert found and all(figure.stamp is None for figure in found)
    if text.startswith("|"):  # a table row: the stamp goes in its last cell
        stamped = figures(text[:-1] + "(measured at commit 0123abc, 2026-12-04) |")
    else:
        stamped = figures(text + " (measured at commit 0123abc,\n2026-12-04)")
    assert all(figure.stamp == ("0123abc", "2026-12-04") for figure in stamped)


@pytest.mark.parametrize(
    "text",
    [
        "the hardest flick, 1.5 m/s",  # a ball's speed
        "time step 0.5 ms",  # the physics' step
        "4× the stiffness",
        "The targets are 0.21 of the floor at 51 balls",  # a target, not a measurement
        "Targets: p95 frame under 8 ms",
        "| `sleep_time` | 0 to 10 s |",  # a setting's range
    ],
)
def test_the_scanner_leaves_other_figures_alone(text: str) -> None:
    assert figures(text) == []


def test_a_stamp_covers_the_figures_before_it_in_its_paragraph_only() -> None:
    text = (
        "A push took 0.61 s of CPU (measured at commit 0123abc, 2026-12-01) and a game\n"
        "18 CPU-s (measured at commit 4567def, 2026-12-02); a frame 2 ms a frame.\n"
        "\n"
        "And 5 CPU-s here.\n"
    )
    assert [(f.text, f.stamp) for f in figures(text)] == [
        ("0.61 s of CPU", ("0123abc", "2026-12-01")),
        ("18 CPU-s", ("4567def", "2026-12-02")),
        ("2 ms a frame", None),
        ("5 CPU-s", None),
    ]


def _git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)


def test_each_stamp_names_a_commit_of_this_history_measured_on_or_after_it() -> None:
    if _git("rev-parse", "--is-shallow-repository").stdout.strip() != "false":
        pytest.skip("needs the repository's whole history")
    stamps = {
        figure.stamp
        for page in speed_figures.pages()
        for figure in figures(page.read_text(encoding="utf-8"))
        if figure.stamp is not None
    }
    assert len(stamps) > 20
    for commit, date in sorted(stamps):
        assert _git("merge-base", "--is-ancestor", commit, "HEAD").returncode == 0, commit
        assert _git("show", "-s", "--format=%cs", commit).stdout.strip() <= date, (commit, date)


def test_make_speeds_regenerates_the_table_with_one_command() -> None:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    # Run as a make of its own: under `make test` the inherited MAKELEVEL and MAKEFLAGS would
    # have it print "Entering directory" lines around the command.
    alone = {k: v for k, v in os.environ.items() if k not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS")}
    done = subprocess.run(
        ["make", "-n", "speeds", "STAMP=", "BIN=venv/bin"],
        cwd=ROOT,
        env=alone,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.splitlines() == [
        "nice -n 10 env PYTHONPATH=. venv/bin/python benchmarks/speed_table.py"
    ]
