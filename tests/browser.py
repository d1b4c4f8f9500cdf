"""The browser tests' Chromium and page: Debian's Chromium driven by Playwright for Python.

Each page collects its console errors, uncaught exceptions and every WebSocket frame the host
sends it, so a test can assert that the page ran clean and check what it was told. The pages
play as a person would: mouse clicks and drags, or taps on a touch screen.
"""

from __future__ import annotations

import math
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from pusher_sim.board import Board

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1920, "height": 1080}
WAIT_MS = 60_000
"""A hang guard only: how long a page may take to show what a step waits for."""


def launch() -> Iterator[Any]:
    """Chromium for a session of tests, or one skip line saying why there is none."""
    if not Path(CHROMIUM).exists():
        pytest.skip("browser tests skipped: no Chromium on this machine (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("browser tests skipped: playwright is not installed (pip install -e '.[dev]')")
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@dataclass
class Tab:
    """One page of the browser and what it has seen."""

    page: Any
    errors: list[str] = field(default_factory=list)
    received: list[str] = field(default_factory=list)
    """Every text frame the host sent the page, across reloads, in order."""

    def state(self, expression: str) -> Any:
        """A value of the page's own state (``window.pusherPage``), for waiting on."""
        return self.page.evaluate(
            f"(() => {{ const s = window.pusherPage; return {expression}; }})()"
        )

    def until(self, expression: str) -> None:
        """Wait until ``expression`` over the page's state holds (polled from here: the page's
        Content-Security-Policy forbids the string evaluation ``wait_for_function`` uses)."""
        deadline = time.monotonic() + WAIT_MS / 1000
        while not self.state(f"!!s && ({expression})"):
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never showed {expression}: {self.errors}")
            self.page.wait_for_timeout(20)

    def my_turn_or_over(self) -> bool:
        """Wait until the seat is to move (True) or the game is over (False)."""
        self.until("s.over || (s.started && s.toMove === s.seat && s.legal.length > 0 && !s.busy)")
        return not bool(self.state("s.over"))


def open_tab(browser: Any, url: str, viewport: dict[str, int], touch: bool = False) -> Tab:
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    tab = Tab(page)
    page.on("console", lambda m: m.type == "error" and tab.errors.append(m.text))
    page.on("pageerror", lambda e: tab.errors.append(str(e)))
    page.on(
        "websocket",
        lambda ws: ws.on(
            "framereceived",
            lambda frame: tab.received.append(frame) if isinstance(frame, str) else None,
        ),
    )
    page.goto(url)
    return tab


def board_point(tab: Tab, point: tuple[float, float], board: Board) -> tuple[float, float]:
    """Where a point of the board (metres, :mod:`pusher_sim.board`) is on the screen: the canvas
    scaled as the page draws it (the rim 0.8 pitch beyond the outer cups, 97% of the canvas)."""
    box = tab.page.locator("canvas.board").bounding_box()
    assert box is not None
    inradius = board.inradius + 0.8 * board.pitch
    circumradius = inradius * 2 / math.sqrt(3)
    scale = 0.97 * min(box["width"] / (2 * circumradius), box["height"] / (2 * inradius))
    x, y = point
    return box["x"] + box["width"] / 2 + x * scale, box["y"] + box["height"] / 2 - y * scale


def play_pusher_move(tab: Tab, board: Board, turn_wheel: bool = False) -> dict[str, Any]:
    """One Pusher move of the seat to move, by the mouse: a push (the first legal triangle)
    pressed just above its centre and dragged back down-left to flick, after the wheel turned
    the press strength up by 20 points if ``turn_wheel``; else a click on the first legal cup;
    else Pass. What was asked for, as the action's fields the host must have logged; returns
    once the host has answered."""
    before = tab.state("s.moves")
    legal = tab.state("s.legal")
    mouse = tab.page.mouse
    pushes = [a for a in legal if a["type"] == "Push"]
    places = [a for a in legal if a["type"] == "Place"]
    wanted: dict[str, Any]
    if pushes:
        a, b, c = ((int(q), int(r)) for q, r in pushes[0]["triangle"])
        cx, cy = board.triangle_centre((a, b, c))
        if turn_wheel:
            mouse.move(*board_point(tab, (0.0, 0.0), board))
            mouse.wheel(0, -200)
        mouse.move(*board_point(tab, (cx, cy + 0.1 * board.pitch), board))
        mouse.down()
        back = (cx - 1.5 * board.pitch, cy - 1.2 * board.pitch)
        mouse.move(*board_point(tab, back, board), steps=6)
        mouse.up()
        wanted = {"type": "Push", "triangle": [list(a), list(b), list(c)]}
    elif places:
        q, r = places[0]["cell"]
        mouse.click(*board_point(tab, board.position((q, r)), board))
        wanted = {"type": "Place", "cell": [q, r]}
    else:
        tab.page.get_by_role("button", name="Pass").click()
        wanted = {"type": "Pass"}
    tab.until(f"s.moves > {before} || s.over")
    return wanted


def join(tab: Tab, name: str, role: str = "play", touch: bool = False) -> None:
    """Fill in a name and take a seat (or watch), as a person would."""
    page = tab.page
    page.fill("#name", name)
    target = "#play" if role == "play" else "#watch"
    if touch:
        page.tap(target)
    else:
        page.click(target)
    tab.until("s.table !== null")
