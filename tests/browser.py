"""The browser tests' Chromium and page: Debian's Chromium driven by Playwright for Python.

Each page collects its console errors, uncaught exceptions and every WebSocket frame the host
sends it, so a test can assert that the page ran clean and check what it was told. The pages
play as a person would: mouse clicks and drags, or taps on a touch screen.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

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
