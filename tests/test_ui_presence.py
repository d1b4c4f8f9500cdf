"""Issue 34, the window's side: who is at a hosted table, shown (not only stored), the waiting
state before the start, the table chat, and the addresses the host gives.

The frame around the table is driven here on a table of this process fed the host's messages
as the link hands them on; tests/test_ui_hosted.py plays the same with real hosts on 127.0.0.1.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame
import pytest

from pusher_sim.net.host_addresses import join_addresses, page_link
from pusher_sim.pusher import Place
from pusher_sim.turnloop import Match
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.ui.common.presence import Presence, plain
from pusher_sim.ui.common.presence_panel import PresenceFrame
from pusher_sim.ui.pusher.pusher_table import PusherTable
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.dialogs import Confirm
from pusher_sim.ui.shell.words import seat_labels
from tests import ui_driver
from tests.joined_here import joined_here

pytestmark = pytest.mark.usefixtures("window")


def seat(n: int, kind: str = "person", name: str = "", **state: bool) -> dict[str, Any]:
    return {
        "seat": n,
        "kind": kind,
        "name": name or None,
        "taken": state.get("taken", True),
        "present": state.get("present", True),
        "bot": state.get("bot", False),
    }


def framed(presence: Presence, sent: list[str]) -> ui_driver.Table:
    """A Pusher table at 800x600 with the hosted match's frame around it."""
    config = AppConfig(seats=("human", "human"), size=(800, 600), speed=1e3)
    table = ui_driver.open_table(config)

    def send(line: str) -> str:
        sent.append(line)
        return ""

    table.flow.frame = PresenceFrame(presence, seat_labels("pusher", 2), send)
    return table


def drawn_words(table: ui_driver.Table, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line the frame draws in one frame of ``table``."""
    from pusher_sim.ui.common import presence_panel

    words: list[str] = []
    real_text = presence_panel.text  # type: ignore[attr-defined]
    real_panel = presence_panel.panel  # type: ignore[attr-defined]

    def record(surface: pygame.Surface, line: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        words.append(line)
        return real_text(surface, line, *args, **kwargs)

    def record_panel(
        surface: pygame.Surface, title: str, lines: list[str], size: int
    ) -> pygame.Rect:
        words.extend([title, *lines])
        return real_panel(surface, title, lines, size)

    monkeypatch.setattr(presence_panel, "text", record)
    monkeypatch.setattr(presence_panel, "panel", record_panel)
    table.draw(pygame.Surface((800, 600)))
    monkeypatch.undo()
    return words


def key(table: ui_driver.Table, code: int, char: str = "") -> None:
    ui_driver.post(pygame.KEYDOWN, key=code, mod=0, unicode=char, scancode=0)
    ui_driver.tick(table)


def test_before_the_start_the_window_says_whom_it_waits_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 34, item 6: "waiting for 1 player" before the start, and a click on the board
    says so instead of "wait: Red (you) is to move"."""
    presence = Presence(0, "Ann")
    presence.welcome([seat(0, name="Ann"), seat(1, "open", taken=False, present=False)], False)
    table = framed(presence, [])
    words = drawn_words(table, monkeypatch)
    assert "Waiting for 1 player to join" in words, words
    assert any("Red: Ann (you)" in w for w in words), words
    ui_driver.click_cell(table, ui_driver.RED_FIRST)
    said = table.flow.frame.said  # type: ignore[attr-defined]
    assert "waiting for 1 player" in said and "to move" not in table.message
    assert table.match.moves == 0
    presence.tell([seat(0, name="Ann"), seat(1, name="Bob")], True, "Blue (Bob) joined")
    words = drawn_words(table, monkeypatch)
    assert "Blue (Bob) joined" in words and not any("waiting" in w for w in words), words


def test_a_player_leaving_returning_and_replaced_is_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat news is drawn: who left (warned), who is back, a bot taking the seat; names as
    given with --name; the spectators by name."""
    presence = Presence(0, "Ann")
    both = [seat(0, name="Ann"), seat(1, name="Bob")]
    presence.welcome(both, True)
    table = framed(presence, [])
    presence.tell([both[0], seat(1, name="Bob", present=False)], True, "Blue (Bob) left")
    words = drawn_words(table, monkeypatch)
    assert "Blue (Bob) left" in words and presence.newest_is_warning
    assert "Blue: Bob, away" in words, words
    presence.tell(both, True, "Blue (Bob) is back", ["Cid", ""])
    words = drawn_words(table, monkeypatch)
    assert "Blue (Bob) is back" in words and "watching: Cid and 1 more" in words, words
    replaced = seat(1, name="Bob", present=False, bot=True)
    presence.tell([both[0], replaced], True, "Blue is played by a bot from now on")
    words = drawn_words(table, monkeypatch)
    assert "Blue is played by a bot from now on" in words
    assert "Blue: Bob, a bot plays" in words, words


def test_a_spectator_is_never_you(monkeypatch: pytest.MonkeyPatch) -> None:
    presence = Presence(-3, "Cid")
    presence.welcome([seat(0, name="Ann"), seat(1, name="Bob")], True)
    table = framed(presence, [])
    words = drawn_words(table, monkeypatch)
    assert not any("(you)" in w for w in words) and "you are watching" in words, words


def test_the_chat_opens_with_t_sends_on_enter_and_esc_closes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """T opens the chat line (the table does not see the keys typed), Enter sends it, the
    lines come back drawn as plain text; Esc closes the chat, not the table."""
    presence = Presence(0, "Ann")
    presence.welcome([seat(0, name="Ann"), seat(1, name="Bob")], True)
    sent: list[str] = []
    table = framed(presence, sent)
    key(table, pygame.K_t, "t")
    for char in "hi u":  # "u" would be undo, were it the table's
        key(table, getattr(pygame, f"K_{char}") if char != " " else pygame.K_SPACE, char)
    key(table, pygame.K_RETURN)
    assert sent == ["hi u"] and table.message != "nothing to undo: no person has moved yet"
    presence.said(1, "Bob\x1b[31m", "hello\nthere")
    key(table, pygame.K_t, "t")
    words = drawn_words(table, monkeypatch)
    assert "Bob [31m: hello there" in words, words
    ui_driver.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    ui_driver.tick(table)
    app = ui_driver.host_of(table)
    assert app.mode is table and table.flow.frame.typing is None  # type: ignore[attr-defined]


def test_the_host_gone_is_said_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    presence = Presence(1, "Bob")
    presence.welcome([seat(0, name="Ann"), seat(1, name="Bob")], True)
    table = framed(presence, [])
    presence.dropped("the host is out of reach: reconnecting")
    words = drawn_words(table, monkeypatch)
    assert "the host is out of reach: reconnecting" in words


def test_the_host_shows_where_others_join(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every address it listens on: the LAN's when bound to all, this machine's own said so
    when bound to loopback; and the page's link."""
    everywhere = join_addresses("0.0.0.0", 4747)
    assert everywhere[-1] == "127.0.0.1:4747 (this machine only)"
    assert all(not a.startswith("127.") for a in everywhere[:-1])
    assert join_addresses("127.0.0.1", 4748) == ("127.0.0.1:4748 (this machine only)",)
    assert join_addresses("192.168.1.20", 4747) == ("192.168.1.20:4747",)
    assert page_link(join_addresses("127.0.0.1", 4748)) == "http://127.0.0.1:4748/"
    presence = Presence(0, "Ann")
    presence.welcome([seat(0, name="Ann"), seat(1, "open", taken=False, present=False)], False)
    presence.addresses, presence.page = ("192.168.1.20:4747",), "http://192.168.1.20:4747/"
    table = framed(presence, [])
    words = drawn_words(table, monkeypatch)
    assert "   192.168.1.20:4747" in words and any("http://192.168.1.20:4747/" in w for w in words)


def test_names_and_chat_are_drawn_as_plain_text() -> None:
    assert plain("a\nb\tc\x1b[2J\u202e") == "a b c [2J"
    assert plain("\ud800x") == "x"
    assert plain(7) == ""
    assert len(plain("x" * 1000)) == 200


def joined_pusher(
    tmp_path: Path,
    moves: Sequence[Place],
    players_balls: int = 17,
    both: bool = True,
    seats: tuple[str, str] = ("human", "human"),
) -> ui_driver.Table:
    """A Pusher window joined (in this process, no socket) to a hosted match after ``moves``."""
    spec = get_spec("pusher")
    game = spec.make_game({"players": 2, "resolver": "scripted", "balls_per_player": players_balls})
    match = Match(game, [None, None], seed=17, seat_names=list(seats))
    for move in moves:
        match.step(move)
    table = joined_here(match, tmp_path, (800, 600), 2 if both else 1)
    assert isinstance(table.top, PusherTable)
    return table


def test_a_joined_window_offers_only_its_own_keys(tmp_path: Path) -> None:
    """Issue 34 (low): no N, U, S, L or R in a joined window's footer, help or game-over card:
    the match is the host's to start again, undo, save, load or replay."""
    playing = joined_pusher(tmp_path, [Place(ui_driver.RED_FIRST)])
    host_keys = ("N new game", "U undo", "S save", "L load", "R replay")
    assert not any(k in playing.message for k in host_keys), playing.message
    assert "T chat" in playing.message
    helped: list[str] = []
    from pusher_sim.ui.common import game_table

    def record(surface: pygame.Surface, title: str, lines: list[str], size: int) -> None:
        helped.extend(lines)

    key(playing, pygame.K_h, "h")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(game_table, "panel", record)
        playing.draw(pygame.Surface((800, 600)))
    assert helped and not any(k[0] + "  " in line for line in helped for k in host_keys), helped
    over = joined_pusher(tmp_path, [Place(ui_driver.RED_FIRST)], players_balls=1)
    panel = over.top.view().panel
    assert panel is not None and panel[1] == ("Esc leave   T chat",), panel
    assert not any(k in over.top.view().hint for k in host_keys)


def test_a_joined_windows_leave_question_promises_no_continue(tmp_path: Path) -> None:
    table = joined_pusher(tmp_path, [Place(ui_driver.RED_FIRST)])
    key(table, pygame.K_ESCAPE)
    asked = ui_driver.host_of(table).mode
    assert isinstance(asked, Confirm)
    assert not any("continue" in line for line in asked.lines), asked.lines
    assert [c.label for c in asked.choices] == ["Leave", "Stay"]


def test_a_click_before_the_second_player_joins_says_whom_it_waits_for(tmp_path: Path) -> None:
    """It once answered "wait: Red (you) is to move"."""
    table = joined_pusher(tmp_path, [], both=False)
    assert table.top.view().headline == "Waiting for 1 player to join"  # not "Red (you) to move"
    ui_driver.click_cell(table, ui_driver.RED_FIRST)
    said = f"{table.message} {table.flow.frame.said}"  # type: ignore[attr-defined]
    assert "is to move" not in said and "waiting for 1 player" in said, said


def test_a_joined_window_calls_its_own_seat_you_and_the_others_persons(tmp_path: Path) -> None:
    """A hosted match's seats are "open" or "person", never an "open bot"."""
    table = joined_pusher(tmp_path, [])
    assert [s.title for s in table.top.scene.seats] == ["Red (you)", "Blue (person)"]
    assert [s.label for s in table.top.scene.seats] == ["you", "person"]  # over the trays


def test_a_joined_windows_hint_says_whose_move_it_is(tmp_path: Path) -> None:
    """Issue 34: every joined window said "the bot is thinking..." (a seat taken by a person
    reads "person", which it took for a bot): its own move gets the move's hint, another
    person's move the wait for that person."""
    mine = joined_pusher(tmp_path, [], seats=("open", "open"))
    assert isinstance(mine.top, PusherTable)
    assert mine.top.scene.hint == "click a highlighted cup"
    theirs = joined_pusher(tmp_path / "b", [Place(ui_driver.RED_FIRST)], seats=("open", "open"))
    assert isinstance(theirs.top, PusherTable)
    assert theirs.top.scene.hint == "waiting for Blue"


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_open_chat_covers_the_table_beneath_it(size: tuple[int, int]) -> None:
    """Issue 34: the open chat's box was translucent and began half a letter in, so the hint
    row beneath it showed through and a letter stuck out at its left edge: it is opaque from
    the window's left edge."""
    presence = Presence(0, "Ann")
    presence.said(0, "Ann", "hello")
    frame = PresenceFrame(presence, seat_labels("pusher", 2), lambda line: "")
    frame.typing = ""
    surface = pygame.Surface(size)
    frame.paint(surface, lambda table: table.fill((255, 255, 255)))
    top = frame.strip.top - 4  # just above the strip, inside the chat's box
    box = (8, 10, 14)  # the box's colour, which a translucent box over white is not
    for x in (0, 2, 40):
        assert tuple(surface.get_at((x, top)))[:3] == box, x
