"""The browser page measured with the browser's own clock (Chromium's ``performance``): the time
from a page load to the board drawn, on loopback, and the push animation's frame time, at the
median and p95; and the page's size in KB (its files, and what the browser fetched).

A real ``pusher host`` on 127.0.0.1 and Debian's Chromium (the browser tests' set-up,
tests/browser.py). Load to board: the published 91-cup Pusher board, the page reloaded with its
seat's token (so it joins by itself), from the navigation's start to the ``board`` mark the page
sets after drawing its first view. Frames: the small board, the page's seat playing a random bot
to the end by mouse (tests/browser.py's moves); every requestAnimationFrame of each push's
playback gives its interval and the time the page spent drawing it.

    .venv/bin/python benchmarks/bench_page.py [--loads N] [--seed S]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

# The browser tests' host and Chromium are the benchmark's set-up: run as a script from the
# repository root, the root is put first on the path so that ``tests`` imports.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pusher_sim.board import Board
from pusher_sim.net.page_files import total_size
from tests.browser import DESKTOP, Tab, join, launch, open_tab, play_pusher_move
from tests.hosted import SMALL_PUSHER, Host


@contextmanager
def chromium() -> Iterator[Any]:
    browsers = launch()
    try:
        yield next(browsers)
    finally:
        browsers.close()


def load_times(browser: Any, data: Path, loads: int, seed: int) -> tuple[list[float], float]:
    """Milliseconds from navigation to the board, per reload; KB the browser fetched."""
    host = Host(data, "pusher", "--seats", "open,random", "--seed", str(seed))
    try:
        tab = open_tab(browser, f"http://{host.address}/", DESKTOP)
        join(tab, "bench")
        times = []
        for _ in range(loads):
            tab.page.reload()
            tab.until("s.table !== null && performance.getEntriesByName('board').length > 0")
            times.append(
                float(tab.page.evaluate("performance.getEntriesByName('board')[0].startTime"))
            )
        fetched = tab.page.evaluate(
            "performance.getEntriesByType('navigation').concat(performance.getEntriesByType("
            "'resource')).reduce((n, e) => n + e.encodedBodySize, 0)"
        )
        return times, float(fetched) / 1024
    finally:
        host.kill()


def frame_times(browser: Any, data: Path, seed: int) -> tuple[list[float], list[float], int]:
    """Each playback frame's interval and drawing time (ms), and the moves of the game."""
    host = Host(data, "pusher", "--seats", "open,random", "--seed", str(seed), *SMALL_PUSHER)
    try:
        tab: Tab = open_tab(browser, f"http://{host.address}/", DESKTOP)
        join(tab, "bench")
        while tab.my_turn_or_over():
            play_pusher_move(tab, Board(3))
        tab.until("!s.busy")
        frames = tab.page.evaluate("window.pusherFrames")
        moves = int(tab.page.evaluate("window.pusherPage.moves"))
        return [f["interval"] for f in frames], [f["work"] for f in frames], moves
    finally:
        host.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="bench-page-"))
    with chromium() as browser:
        loads, fetched = load_times(browser, data / "load", args.loads, args.seed)
        intervals, work, moves = frame_times(browser, data / "frames", args.seed)
    print(f"page: {total_size() / 1024:.1f} KB of files; {fetched:.1f} KB fetched by a load")
    print(
        f"load to board (91 cups, loopback, {len(loads)} loads): median "
        f"{np.median(loads):.0f} ms, p95 {np.percentile(loads, 95):.0f} ms"
    )
    print(
        f"push playback ({len(intervals)} frames, a {moves}-move game): frame interval median "
        f"{np.median(intervals):.1f} ms, p95 {np.percentile(intervals, 95):.1f} ms; drawing "
        f"median {np.median(work):.2f} ms, p95 {np.percentile(work, 95):.2f} ms"
    )


if __name__ == "__main__":
    main()
