"""The browser page in a real Chromium against a real ``pusher host`` on 127.0.0.1, played as a
person plays it: clicks, drags, the wheel and taps; the console free of errors throughout.

Each game is played to its end against the host's bots (Pusher on the small board), Push for one
deal with every frame the page received checked against the host's log (tests/seat_secrets.py),
and a page against a joined window; a reload mid-game takes the seat back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pusher_sim.board import Board
from pusher_sim.turnloop.log import GameLog
from tests.browser import DESKTOP, PHONE, board_point, join, open_tab, play_pusher_move
from tests.hosted import SMALL_PUSHER, Host, finish
from tests.hosted import join as join_host
from tests.seat_secrets import check_messages


def url(host: Host) -> str:
    return f"http://{host.address}/"


def test_a_whole_push_over_match_against_a_bot_with_a_reload_mid_game(
    tmp_path: Path, chromium: Any
) -> None:
    host = Host(tmp_path / "host", "pushover", "--seats", "open,expected", "--seed", "4")
    assert host.wait_for(r"to play in a browser: (http://127\.0\.0\.1:\d+/)").group(1) == url(host)
    tab = open_tab(chromium, url(host), DESKTOP)
    join(tab, "<img src=x onerror=alert(1)>")
    assert tab.state("s.seat") == 0
    seats = tab.page.locator("#seats")  # a name is text, never markup
    assert seats.locator("img").count() == 0 and "<img src=x" in seats.inner_text()
    turns = 0
    while tab.my_turn_or_over():
        turns += 1
        if turns == 5:  # a reload takes the seat back with the token the page kept
            tab.page.reload()
            assert tab.my_turn_or_over() and tab.state("s.seat") == 0
            assert tab.page.locator("#lobby").is_hidden()
        rolled = tab.page.locator(".die").count()
        tab.page.get_by_role("button", name="Stop" if rolled >= 2 else "Roll", exact=True).click()
    finish(host)
    log = host.log()
    assert turns > 5 and tab.state("s.moves") == len(log["actions"])
    assert "the game is over" in tab.page.locator("#status").inner_text()
    assert tab.errors == []


def test_a_whole_pusher_game_on_the_small_board_with_pushes_made_by_dragging(
    tmp_path: Path, chromium: Any
) -> None:
    """Every move of the page's seat to the end: places by a click on the cup, pushes by pressing
    inside the triangle and dragging back (after the wheel turned the press strength up)."""
    host = Host(tmp_path / "host", "pusher", "--seats", "open,random", "--seed", "2", *SMALL_PUSHER)
    tab = open_tab(chromium, url(host), DESKTOP)
    join(tab, "Ann")
    mine = []
    while tab.my_turn_or_over():
        pushed = any(m["type"] == "Push" for m in mine)
        mine.append(play_pusher_move(tab, Board(3), turn_wheel=not pushed))
    finish(host)
    log = host.log()
    played = [a for a, m in zip(log["actions"], log["movers"], strict=True) if m == 0]
    assert len(played) == len(mine)
    for sent, wanted in zip(played, mine, strict=True):  # where clicked is what was played
        assert {k: sent[k] for k in wanted} == wanted
        if sent["type"] == "Push":  # a drag back flicks; the wheel set the press
            assert sent["speed"] > 0 and sent["strength"] == 0.7
    assert any(a["type"] == "Push" for a in played)
    assert tab.state("s.over") and tab.errors == []


def test_one_deal_of_push_on_a_phone_told_nothing_its_seat_may_not_see(
    tmp_path: Path, chromium: Any
) -> None:
    """One deal of Push against three bots, tapped on a phone-sized touch screen: the page melds,
    lays off, draws and discards from the host's legal actions; every frame it received is what
    its seat may know, checked against the host's log (no other hand, no shuffle, no seed)."""
    host = Host(
        tmp_path / "host", "rummy", "--seats", "open,bot,bot,bot", "--set", "deals=1", "--seed", "5"
    )
    tab = open_tab(chromium, url(host), PHONE, touch=True)
    join(tab, "Ann", touch=True)
    page = tab.page
    kinds = []
    while tab.my_turn_or_over():
        before = tab.state("s.moves")
        legal = tab.state("s.legal")
        types = [a["type"] for a in legal]
        for wanted in ("LayMelds", "LayOff", "PushDraw", "TakeDiscard", "DrawStock"):
            if wanted in types:
                page.locator(f'#game button[data-type="{wanted}"]').first.tap()
                kinds.append(wanted)
                break
        else:
            card = next(a["card"] for a in legal if a["type"] == "Discard")
            page.locator(f'button[data-card="{card}"]').first.tap()  # chosen first, then sent
            page.locator('#game button[data-type="Discard"]').first.tap()
            kinds.append("Discard")
        tab.until(f"s.moves > {before} || s.over")
    finish(host)
    log = GameLog.from_json(host.log())
    assert "Discard" in kinds and len(log.actions) == tab.state("s.moves")
    assert check_messages(tab.received, log, 0) == len(tab.received) > len(log.actions)
    assert tab.errors == []


def test_a_page_and_a_pygame_window_play_each_other(tmp_path: Path, chromium: Any) -> None:
    """Push Over between a browser seat and a joined window (headless pygame, a bot at its
    controls): the match ends for both, the page's moves are the host's."""
    host = Host(tmp_path / "host", "pushover", "--seats", "open,open", "--seed", "9")
    tab = open_tab(chromium, url(host), DESKTOP)
    join(tab, "Ann")
    window = join_host(
        tmp_path / "window", host.address, "--bot", "expected", "--show", "--speed", "50"
    )
    while tab.my_turn_or_over():
        before = tab.state("s.moves")
        rolled = tab.page.locator(".die").count()
        tab.page.get_by_role("button", name="Stop" if rolled >= 1 else "Roll", exact=True).click()
        tab.until(f"s.moves > {before} || s.over")
    finish(window, host)
    assert tab.state("s.moves") == len(host.log()["actions"]) and tab.state("s.seat") == 0
    assert tab.errors == []


def test_a_push_on_a_phone_with_a_second_finger_setting_the_press_strength(
    tmp_path: Path, chromium: Any
) -> None:
    """On a touch screen: one finger presses inside the triangle and drags back, a second finger
    slides up a tenth of the board's height (press strength +20 points), both lift: the host
    gets that push."""
    host = Host(tmp_path / "host", "pusher", "--seats", "open,random", "--seed", "2", *SMALL_PUSHER)
    tab = open_tab(chromium, url(host), PHONE, touch=True)
    join(tab, "Ann", touch=True)
    board = Board(3)
    while tab.my_turn_or_over() and not any(a["type"] == "Push" for a in tab.state("s.legal")):
        play_pusher_move(tab, board)
    push = next(a for a in tab.state("s.legal") if a["type"] == "Push")
    a, b, c = ((int(q), int(r)) for q, r in push["triangle"])
    cx, cy = board.triangle_centre((a, b, c))
    press = board_point(tab, (cx, cy + 0.1 * board.pitch), board)
    back = board_point(tab, (cx - 1.5 * board.pitch, cy - 1.2 * board.pitch), board)
    height = tab.page.locator("canvas.board").bounding_box()["height"]
    cdp = tab.page.context.new_cdp_session(tab.page)
    before = tab.state("s.moves")

    def touch(kind: str, *points: tuple[float, float]) -> None:
        spots = [{"x": x, "y": y, "id": n} for n, (x, y) in enumerate(points)]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": spots})

    second = (press[0] + 60, press[1])
    touch("touchStart", press)
    touch("touchMove", back)
    touch("touchStart", back, second)
    touch("touchMove", back, (second[0], second[1] - height / 10))
    touch("touchEnd")
    tab.until(f"s.moves > {before}")
    sent = host.log()["actions"][before]
    assert sent["type"] == "Push" and sent["triangle"] == push["triangle"]
    assert sent["speed"] > 0 and sent["strength"] == 0.7
    host.kill()
    assert tab.errors == []


def test_seats_spectators_chat_and_the_rules_as_text(tmp_path: Path, chromium: Any) -> None:
    """A player and a spectator see each other in the seat list and chat; a line with markup in
    it stays text; play starts when the second seat is taken; the rules open in one click."""
    host = Host(tmp_path / "host", "pushover", "--seats", "open,open")
    ann = open_tab(chromium, url(host), DESKTOP)
    join(ann, "Ann")
    assert "waiting" in ann.page.locator("#status").inner_text()
    wes = open_tab(chromium, url(host), PHONE, touch=True)
    join(wes, "Wes", role="watch", touch=True)
    ann.page.fill("#chat-text", "hello <b>all</b>")
    ann.page.get_by_role("button", name="Send").click()
    wes.until("document.querySelectorAll('#chat li').length === 1")
    chat = wes.page.locator("#chat")
    said = chat.inner_text()
    assert chat.locator("b").count() == 0 and "Ann · red" in said and "hello <b>all</b>" in said
    ann.until("document.getElementById('watchers').textContent === 'watching: Wes'")
    assert wes.state("s.seat") == -3
    bo = open_tab(chromium, url(host), DESKTOP)
    join(bo, "Bo")
    ann.until("s.started && s.legal.length > 0")
    for tab in (wes, bo):  # every connection is told that play starts
        tab.until("s.started")
    seats = ann.page.locator("#seats").inner_text()
    assert "red: Ann" in seats and "blue: Bo" in seats
    ann.page.get_by_role("button", name="Rules").click()
    rules = ann.page.locator("#rules-text")
    rules.locator("h3").first.wait_for()  # fetched as text, shown as headings and paragraphs
    assert "O1" in rules.inner_text()
    host.kill()
    assert ann.errors == wes.errors == bo.errors == []


def test_a_game_without_a_table_of_its_own_is_shown_as_text_with_its_moves_as_buttons(
    tmp_path: Path, chromium: Any
) -> None:
    """default.js, the table of any game the page has none for: the observation as readable
    text (markup in it stays text), each legal action a button that plays it."""
    host = Host(tmp_path / "host", "pushover", "--seats", "open,bot")
    tab = open_tab(chromium, url(host), DESKTOP)
    shown, played = tab.page.evaluate(
        """async () => {
            const table = await import("/default.js");
            const root = document.createElement("div");
            document.body.append(root);
            const played = [];
            table.createTable(root, { act: (a) => played.push(a) }).render({
                seat: 0, toMove: 0, legal: [{ type: "Jump", seat: 0, far: 2 }],
                observation: { pot: 3, dice: [1, 2], who: { name: "<i>Ann</i>" } },
            });
            root.querySelector("button").click();
            return [root.querySelector("pre").textContent, played];
        }"""
    )
    assert "pot: 3" in shown and "dice: [1, 2]" in shown and "name: <i>Ann</i>" in shown
    assert played == [{"type": "Jump", "seat": 0, "far": 2}]
    host.kill()
    assert tab.errors == []


def test_a_registered_game_without_a_page_table_is_played_to_its_end_as_text(
    nim: str, tmp_path: Path, chromium: Any
) -> None:
    """Nim, registered by ``PUSHER_GAMES`` alone: the host serves the text table as its table,
    titled from its registry entry; the page's seat plays every move by a button to the end."""
    host = Host(tmp_path / "host", nim, "--seats", "open,perfect", "--seed", "1")
    tab = open_tab(chromium, url(host), DESKTOP)
    join(tab, "Ann")
    assert tab.page.locator("#title").inner_text() == "Nim"
    assert tab.page.title() == "Nim: play in a browser"
    clicks = 0
    while tab.my_turn_or_over():
        before = tab.state("s.moves")
        tab.page.locator("#game .controls button").last.click()
        clicks += 1
        tab.until(f"s.moves > {before} || s.over")
    finish(host)
    log = host.log()
    assert clicks > 0 and len(log["actions"]) == tab.state("s.moves")
    assert "the game is over" in tab.page.locator("#status").inner_text()
    assert "heaps" in tab.page.locator("#game pre").inner_text()
    assert tab.errors == []


def test_a_dropped_connection_takes_the_seat_back_by_itself(tmp_path: Path, chromium: Any) -> None:
    """The host is killed mid-match and started again with --load on the same port: the page
    reconnects with its token, gets its seat and the whole position back, and plays on."""
    host = Host(tmp_path / "host", "pushover", "--seats", "open,expected", "--seed", "4")
    tab = open_tab(chromium, url(host), DESKTOP)
    join(tab, "Ann")
    for _ in range(3):
        assert tab.my_turn_or_over()
        before = tab.state("s.moves")
        tab.page.locator("#game .controls button").first.click()
        tab.until(f"s.moves > {before}")
    played = tab.state("s.moves")
    host.kill()
    tab.until("document.getElementById('status').textContent.includes('reconnecting')")
    again = Host(tmp_path / "host", "pushover", "--load", port=host.port)
    assert tab.my_turn_or_over() and tab.state("s.seat") == 0 and tab.state("s.moves") >= played
    moves = tab.state("s.moves")
    tab.page.locator("#game .controls button").first.click()  # Roll, or Stop
    again.wait_moves(moves + 1)
    again.kill()
    refused = [e for e in tab.errors if "WebSocket connection to" not in e]  # while it was down
    assert refused == []
