"""The browser page's defects found by screenshots (issue 35), each in a real Chromium against a
real ``pusher host``: the join that starts the game, the page kept in place on a phone, the
legal pushes seen over the balls, a push's playback that shows no prompt nor its result early,
Push's move buttons all shown, a spectator listed once, and a page error on the console.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pusher_sim.board import Board
from tests.browser import DESKTOP, PHONE, Tab, board_point, join, open_tab, play_pusher_move
from tests.hosted import SMALL_PUSHER, Host

HOLD_FRAMES = """
window.__held = [];
window.__hold = false;
const realFrame = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) =>
  window.__hold ? (window.__held.push(callback), 0) : realFrame(callback);
window.__release = () => {
  window.__hold = false;
  for (const callback of window.__held.splice(0)) realFrame(callback);
};
"""
"""An init script that lets a test stop the page's animation frames (a push's playback stays
under way for as long as the test looks) and let them run again."""


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Callable[..., Host]]:
    """Starts a host for the test; every one is killed at its end, failed or not."""
    hosts: list[Host] = []

    def started(*argv: str) -> Host:
        hosts.append(Host(tmp_path / f"host{len(hosts)}", *argv))
        return hosts[-1]

    yield started
    for host in hosts:
        host.kill()


def url(host: Host) -> str:
    return f"http://{host.address}/"


def kinds(tab: Tab) -> list[str]:
    return [json.loads(frame).get("kind", "") for frame in tab.received]


def test_the_join_that_starts_the_game_waits_for_the_table_before_the_start(
    start: Callable[..., Host], chromium: Any
) -> None:
    """The second player's table module is held back until the host's "start" has arrived: the
    start is handled after the welcome, so the page says whose move it is, with no page error."""
    host = start("pushover", "--seats", "open,open", "--seed", "3")
    ann = open_tab(chromium, url(host), DESKTOP)
    join(ann, "Ann")
    bo = open_tab(chromium, url(host), DESKTOP)
    held: list[Any] = []
    bo.page.route("**/table.js", lambda route: held.append(route))
    bo.page.fill("#name", "Bo")
    bo.page.click("#play")
    while "start" not in kinds(bo) or not held:
        bo.page.wait_for_timeout(20)
    held[0].continue_()
    bo.until("s.table !== null && s.started")
    bo.until("document.getElementById('status').textContent === 'red to move'")
    assert bo.state("s.toMove") == 0 and bo.state("s.seat") == 1
    ann.until("s.started && s.toMove === 0")
    assert ann.errors == bo.errors == []


def test_a_page_error_is_on_the_console(start: Callable[..., Host], chromium: Any) -> None:
    """A table that throws while drawing: the error is told on the console, not only in the
    status line, so the tests' console check sees it."""
    host = start("pushover", "--seats", "open,bot")
    tab = open_tab(chromium, url(host), DESKTOP)
    broken = "export function createTable() { return { render() { throw new Error('boom'); } }; }"
    tab.page.route(
        "**/table.js",
        lambda route: route.fulfill(body=broken, content_type="text/javascript"),
    )
    join(tab, "Ann")
    tab.until("document.getElementById('status').textContent.includes('page error: boom')")
    assert any("boom" in error for error in tab.errors)


def test_a_pusher_game_on_a_phone_keeps_the_page_in_place_and_hides_a_push_until_played(
    start: Callable[..., Host], chromium: Any
) -> None:
    """On a phone the move list scrolls inside its own box and the page never moves; the legal
    push triangles show over the balls and the pressed one is outlined; while a push is played
    back there is no prompt, no Pass, no place ring, and its result is told only at its end."""
    host = start("pusher", "--seats", "open,random", "--seed", "2", *SMALL_PUSHER)
    tab = open_tab(chromium, url(host), PHONE)
    tab.page.add_init_script(HOLD_FRAMES)
    tab.page.reload()
    join(tab, "Ann")
    board = Board(3)

    def pixel(point: tuple[float, float]) -> list[int]:
        """The canvas's colour under a point of the board."""
        colour: list[int] = tab.page.evaluate(
            """([x, y]) => {
                const c = document.querySelector("canvas.board");
                const r = c.getBoundingClientRect();
                const px = Math.floor(((x - r.left) * c.width) / r.width);
                const py = Math.floor(((y - r.top) * c.height) / r.height);
                return Array.from(c.getContext("2d").getImageData(px, py, 1, 1).data).slice(0, 3);
            }""",
            list(board_point(tab, point, board)),
        )
        return colour

    def near(colour: list[int], wanted: tuple[int, int, int]) -> bool:
        return all(abs(a - b) <= 24 for a, b in zip(colour, wanted, strict=True))

    def midpoint(tri: list[list[int]], i: int, j: int) -> tuple[float, float]:
        a = board.position((tri[i][0], tri[i][1]))
        b = board.position((tri[j][0], tri[j][1]))
        return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2

    checked_push = False
    while tab.my_turn_or_over():
        assert tab.state("window.scrollY") == 0
        pushes = [a for a in tab.state("s.legal") if a["type"] == "Push"]
        if not pushes or checked_push:
            play_pusher_move(tab, board)
            continue
        tri = pushes[0]["triangle"]
        assert near(pixel(midpoint(tri, 0, 1)), (120, 220, 255))  # shown over the balls
        result = tab.page.locator("#game .result").inner_text()
        before = tab.state("s.moves")
        tab.page.evaluate("window.__hold = true")  # the playback stays under way
        cx, cy = board.triangle_centre(tuple((q, r) for q, r in tri))  # type: ignore[arg-type]
        tab.page.mouse.move(*board_point(tab, (cx, cy + 0.1 * board.pitch), board))
        tab.page.mouse.down()
        assert near(pixel(midpoint(tri, 0, 1)), (255, 255, 255))  # pressed: outlined
        tab.page.mouse.move(*board_point(tab, (cx - board.pitch, cy - board.pitch), board), steps=4)
        tab.page.mouse.up()
        tab.until(f"s.moves > {before} && s.busy")
        tab.until("s.over || s.toMove === s.seat")  # the seat's turn again (after the bot's)
        assert tab.state("s.busy")  # still played back: nothing tells or takes a move
        assert "your move" not in tab.page.locator("#status").inner_text()
        assert "your move" not in tab.page.locator("#game .line").first.inner_text()
        assert tab.page.locator("#game .controls button").count() == 0
        assert tab.page.locator("#game .result").inner_text() == result
        tab.page.evaluate("window.__release()")
        tab.until("!s.busy")
        assert "changed" in tab.page.locator("#game .result").inner_text() or tab.state("s.over")
        checked_push = True
    assert checked_push
    moves = tab.page.locator("#moves")
    assert moves.evaluate("m => m.scrollHeight > m.clientHeight && m.scrollTop > 0")
    assert tab.state("window.scrollY") == 0
    assert tab.errors == []


def test_every_push_option_is_shown_whole_on_a_phone(
    start: Callable[..., Host], chromium: Any
) -> None:
    """Forty move buttons in Push's options: each whole on the screen, none cut by an inner
    scroll box, none wider than a 390-pixel phone."""
    host = start("rummy", "--seats", "open,bot,bot,bot", "--set", "deals=1", "--seed", "5")
    tab = open_tab(chromium, url(host), PHONE, touch=True)
    join(tab, "Ann", touch=True)
    assert tab.my_turn_or_over()
    tab.page.evaluate(
        "(() => { const s = window.pusherPage;"
        " s.table.render({ ...s, legal: Array(40).fill(s.legal[0]) }, null); })()"
    )
    options = tab.page.locator("#game .options")
    assert options.locator("button").count() == 40
    assert options.evaluate("o => o.scrollHeight <= o.clientHeight")
    box = options.bounding_box()
    assert box is not None
    for found in options.locator("button").all():
        b = found.bounding_box()
        assert b is not None
        assert box["y"] <= b["y"] and b["y"] + b["height"] <= box["y"] + box["height"] + 0.5
        assert b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"]
    assert tab.errors == []
