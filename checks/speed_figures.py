"""The docs' speed figures and where each was measured: every figure of how fast the code runs
(steps per CPU-second, CPU-s, ms a frame, instructions a step ...) in ``README.md`` and
``docs/*.md`` is either what ``docs/speeds.md`` prints (the table ``make speeds`` regenerates,
stamped with its commit and date as a whole) or stamped where it stands, ``(measured at commit
abc1234, 2026-11-20)``: a figure whose stamp is old says so, and one without is refused.

A stamp covers the figures before it in its block (a paragraph, a list item, a table row).
Run ``python -m checks.speed_figures`` to list the figures without one.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GENERATED = "docs/speeds.md"

_NUMBER = r"\d[\d,.]*(?:\s*(?:-|–|to)\s*\d[\d,.]*)?\s*(?:[kM]\s+)?"
# The ways the docs put a speed, each a number and its unit (not m/s: that is a ball's speed).
FIGURE = re.compile(
    "|".join(
        [
            # 49.8 steps per CPU-second, 409 games per CPU-second, 4.0 pushes per second
            _NUMBER + r"(?:[\w-]+\s+){1,3}per (?:CPU-)?second",
            # 1351 steps/s, 70 pushes/s, 4.0/s
            _NUMBER + r"(?:[a-z-]+)?/s\b(?<!m/s)",
            # 18 CPU-s, 60 CPU seconds
            _NUMBER + r"CPU[- ]s(?:econds?)?\b",
            # 0.61 s of CPU, 198 s of wall time, 8 ms of CPU
            _NUMBER + r"(?:s|ms|µs) of (?:CPU|wall)",
            # 5 ms a move, 15 µs a call, 1.24 s of CPU a push
            _NUMBER + r"(?:s|ms|µs) (?:a|per) (?:push|step|frame|move|call|game|decision|task)\b",
            # 282,052 instructions, 22 k instructions, 94.3 M instructions
            _NUMBER + r"instructions\b",
            # 1,260 steps of the 51-ball floor, 0.220 of the floor by instructions
            _NUMBER + r"(?:steps )?of the (?:51-ball )?floor\b",
            # p95 1.45 ms, (mean 1.07 ms), median 208-274 ms, each frame in 0.20 ms
            r"(?:p95|median|mean|frame in)\s+(?:frame\s+)?" + _NUMBER + r"ms\b",
            # 1.90x one worker, 1.41-1.45× (not 4× the stiffness: a speed-up has decimals)
            r"\d+\.\d+(?:\s*(?:-|–)\s*\d+\.\d+)?\s*[x×]",
            # a table's time column: | 139 s |, | 2,339 s for both | (its last cell)
            r"(?<=\|)\s*\d[\d,.]*\s*s(?: for both)?(?=\s*\|\s*$)",
            # a table's row of times: | CPU a game | 11 s | 89 s | ...
            r"(?<=\|)\s*(?:CPU|wall)\b[^|\n]*\|[^|\n]*\d[^|\n]*",
        ]
    ).replace(" ", r"\s+"),  # a figure may be wrapped at any space
    re.IGNORECASE | re.MULTILINE,
)
# A target the code is held to ("the targets are 0.21 of the floor") is no measurement.
_TARGET = re.compile(
    r"(?:targets?\s+(?:of\s+|are\s+|is\s+)?|at (?:least|most)\s+|under\s+|>=\s*|<=\s*)\W*$"
)
STAMP = re.compile(
    r"measured\s+at\s+commit\s+(?P<commit>[0-9a-f]{7,40}),?\s+(?P<date>\d{4}-\d\d-\d\d)"
)


@dataclass(frozen=True)
class Figure:
    """A speed figure in a page: where it is, what it says, and the stamp that covers it."""

    page: str
    line: int
    text: str
    stamp: tuple[str, str] | None  # (commit, date)

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.text!r}"


def pages(root: Path = ROOT) -> list[Path]:
    """The pages whose figures must be stamped: the README and every docs page but the
    generated table."""
    found = [root / "README.md", *sorted((root / "docs").glob("*.md"))]
    return [p for p in found if p.relative_to(root).as_posix() != GENERATED]


def blocks(text: str) -> Iterator[tuple[int, str]]:
    """The page's blocks with the line each starts on: paragraphs, list items, table rows,
    headings (a fenced code block is one block)."""
    start, fenced = 0, False
    lines: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
        new = not fenced and (
            not stripped
            or stripped.startswith(("|", "#", "- ", "* "))
            or re.match(r"\d+\. ", stripped) is not None
        )
        if new and lines:
            yield start, "\n".join(lines)
            lines = []
        if stripped or fenced:
            if not lines:
                start = number
            lines.append(line)
    if lines:
        yield start, "\n".join(lines)


def figures(text: str, page: str = "") -> list[Figure]:
    """Every speed figure in a page's Markdown, with the stamp after it in its block."""
    found = []
    for start, block in blocks(text):
        stamps = list(STAMP.finditer(block))
        for match in FIGURE.finditer(block):
            if _TARGET.search(block, 0, match.start()):
                continue
            after = [s for s in stamps if s.start() >= match.end()]
            stamp = (after[0]["commit"], after[0]["date"]) if after else None
            line = start + block.count("\n", 0, match.start())
            found.append(Figure(page, line, " ".join(match.group().split()), stamp))
    return found


def generated_output(root: Path = ROOT) -> str:
    """What the benchmarks printed in ``docs/speeds.md`` (its fenced blocks)."""
    text = (root / GENERATED).read_text(encoding="utf-8")
    return "\n".join(text.split("```")[1::2])


def unstamped(root: Path = ROOT) -> list[Figure]:
    """The figures with no stamp that are not what docs/speeds.md prints either."""
    printed = " ".join(generated_output(root).split())
    return [
        figure
        for page in pages(root)
        for figure in figures(page.read_text(encoding="utf-8"), page.relative_to(root).as_posix())
        if figure.stamp is None and figure.text not in printed
    ]


def main(argv: list[str] | None = None) -> int:
    """List the figures without a stamp (``[ROOT]``: another checkout); 1 if there are any."""
    args = sys.argv[1:] if argv is None else argv
    missing = unstamped(Path(args[0]) if args else ROOT)
    for figure in missing:
        print(figure)
    print(f"{len(missing)} speed figure(s) neither in {GENERATED} nor stamped", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
