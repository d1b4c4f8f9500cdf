"""Issue 36, "the window's small things": each as a new player met it, driven headless with real
pygame events, and the forms sharing one set of mechanics (item 4's first repeat)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pygame
import pytest

from pusher_sim.board import Colour
from pusher_sim.physics import PhysicsResolver
from pusher_sim.pusher import Place, PusherConfig, PusherGame
from pusher_sim.pusher.bots import RandomPusherBot
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.ui.common.game_table import GameTable
from pusher_sim.ui.pusher.move_list import MoveEntry
from pusher_sim.ui.pusher.pusher_table import PusherTable
from pusher_sim.ui.pushover import pushover_painter
from pusher_sim.ui.pushover.pushover_table import PushOverTable
from pusher_sim.ui.rummy.rummy_table import RummyTable
from pusher_sim.ui.shell.app import App
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.dialogs import Confirm
from pusher_sim.ui.shell.form import RowForm
from pusher_sim.ui.shell.network_forms import HostForm, JoinForm
from pusher_sim.ui.shell.start_screen import StartScreen
from tests import table_driver as drv
from tests import ui_driver

pytestmark = pytest.mark.usefixtures("window")


def press(app: App, code: int, unicode: str = "") -> None:
    drv.post(pygame.KEYDOWN, key=code, mod=0, unicode=unicode, scancode=0)
    app.tick(0.05)


def click_at(app: App, pos: tuple[int, int]) -> None:
    drv.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    drv.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.tick(0.05)


def saved(tmp_path: Path, game: str) -> Path:
    saves = tmp_path / "saves"
    saves.mkdir(exist_ok=True)
    return saves / f"autosave-{game}.json"


def test_the_start_screen_offers_each_games_game_in_progress(tmp_path: Path) -> None:
    """A Push game in progress stays reachable after a Pusher game was left after it: the start
    screen has a button for each game in progress, and clicking Push's opens it."""
    push = drv.make_match("rummy", ("human", "strong", "strong", "strong"), seed=2)
    while not push.needs_input():
        push.step()
    push.log.save(saved(tmp_path, "rummy"))
    os.utime(saved(tmp_path, "rummy"), (1e9, 1e9))  # the older one
    pusher = Match(get_spec("pusher").make_game({"players": 2}), [None, None], seed=1)
    pusher.step(Place((1, 0)))
    pusher.log.save(saved(tmp_path, "pusher"))
    app = App(home=lambda host: StartScreen(host, AppConfig(pace=60.0)))
    app.home()
    app.tick(0.05)
    start = app.mode
    assert isinstance(start, StartScreen) and start.continue_label().startswith("Continue Pusher")
    words = {b.what: b.words for b in start.buttons()}
    push_button = [w for w, label in words.items() if "Push," in label and w != "continue"]
    assert push_button, words
    rect = next(r for r, what, _ in start.hits if what == push_button[0])
    click_at(app, rect.center)
    table = app.mode
    assert isinstance(table, GameTable) and isinstance(table.top, RummyTable)
    assert table.match.moves == push.moves


def test_enter_is_written_on_the_button_it_presses(tmp_path: Path) -> None:
    """After Right (or Tab) in a dialog, Enter presses the focused button: "Enter" is written
    on that button, no longer on the default one."""
    config = AppConfig(seats=("human", "human"), pace=0.0, speed=1e3)
    table = ui_driver.open_table(config, home=True)
    ui_driver.click_cell(table, ui_driver.RED_FIRST)
    app = ui_driver.host_of(table)
    press(app, pygame.K_ESCAPE)
    leave = app.mode
    assert isinstance(leave, Confirm)
    assert [leave.keys_of(n) for n in range(3)] == ["Y / Enter", "Q", "N"]
    press(app, pygame.K_RIGHT)
    assert [leave.keys_of(n) for n in range(3)] == ["Y", "Q / Enter", "N"]
    press(app, pygame.K_TAB)
    assert [leave.keys_of(n) for n in range(3)] == ["Y", "Q", "N / Enter"]
    press(app, pygame.K_RETURN)  # Stay, as its button says
    assert app.mode is table and app.running


def test_a_chain_of_pushes_shows_whole_in_the_move_list_at_800x600() -> None:
    """At 800x600 the line "28-31. 4 pushes of D8 C8 D9: 1 back" was cut at "1 bac": no line
    of the list may run into the list's right edge (a long game's numbers and the board's
    two-digit cups included)."""
    config = AppConfig(seats=("human", "human"), size=(800, 600), speed=1e3)
    table = ui_driver.open_table(config)
    surface = pygame.Surface((800, 600))
    table.draw(surface)
    chain = MoveEntry(28, Colour.BLUE, "Blue", "4 pushes of D8 C8 D9: 1 back", (), to=31)
    long = MoveEntry(112, Colour.RED, "Red", "20 pushes of D10 C10 D11: 12 back", (), to=131)
    box = table.top.layout.move_list
    surface.fill((0, 0, 0))
    table.top.painter.draw_move_list(surface, [chain, long], 131, 0)
    edge = box.x + box.w - 5  # the last column the list's clip lets text into
    line = table.top.painter._list_font().get_linesize()
    rows = range(box.y + 4 + line, box.y + 4 + 3 * line)
    lit = [y for y in rows if max(surface.get_at((edge, y))[:3]) > 60]
    assert not lit, f"text reaches the list's edge at rows {lit}"


def test_f_after_the_game_is_over_does_not_say_it_is_your_move() -> None:
    game = PusherGame(PusherConfig(players=2, balls_per_player=1), PhysicsResolver())
    match = Match(game, [None, RandomPusherBot()], seed=1, seat_names=["human", "random"])
    config = AppConfig(seats=("human", "random"), speed=1e3, pace=0.0)
    table = ui_driver.open_table(config, match)
    ui_driver.click_cell(table, ui_driver.RED_FIRST)  # red's only ball: red wins
    ui_driver.settle(table)
    assert table.top.state.is_terminal()
    ui_driver.post(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f", scancode=0)
    ui_driver.tick(table)
    assert "your move" not in table.message and "over" in table.message


def test_continue_names_the_game_not_a_folder(tmp_path: Path) -> None:
    """Continue opens the autosave: the message names the game, never the absolute path."""
    match = Match(get_spec("pusher").make_game({"players": 2}), [None, None], seed=1)
    match.step(Place((1, 0)))
    match.log.save(saved(tmp_path, "pusher"))
    app = App(home=lambda host: StartScreen(host, AppConfig(pace=0.0, speed=1e3)))
    app.home()
    press(app, pygame.K_c, "c")
    table = app.mode
    assert isinstance(table, GameTable) and isinstance(table.top, PusherTable)
    said = [table.message]
    app.settle()
    said.append(table.message)
    assert all(str(tmp_path) not in words and "/" not in words for words in said), said
    assert "your last game" in said[-1]


def drawn_words(table: GameTable[PushOverTable], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line of text one frame of ``table`` draws."""
    words: list[str] = []
    real = pushover_painter.text  # type: ignore[attr-defined]

    def record(surface: pygame.Surface, line: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        words.append(line)
        return real(surface, line, *args, **kwargs)

    monkeypatch.setattr(pushover_painter, "text", record)
    from pusher_sim.ui.common import game_table

    monkeypatch.setattr(game_table, "text", record)
    table.draw(pygame.Surface((1100, 800)))
    return words


def test_push_over_speaks_to_the_player_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """No "free bottoms", no "limit 4", no rule codes such as "(O6)"; the player's own roll is
    "your dice", another seat's is that seat's."""
    match = drv.make_match("pushover", ("human", "bot"), seed=4)
    table = drv.open_table(match, speed=1e3)
    assert isinstance(table.top, PushOverTable)
    drv.run_until(table, lambda: table.flow.awaiting >= 0)
    drv.key(table, pygame.K_SPACE)  # roll a die
    drv.run_until(table, lambda: table.flow.awaiting >= 0 or table.top.state.to_move != 0)
    words = drawn_words(table, monkeypatch)
    joined = " | ".join(words)
    assert "your dice" in words and "Red's dice" not in words, joined
    assert "free bottoms" not in joined and "limit" not in joined, joined
    assert "over 4 rolls out" in joined
    told = table.top.told(("missed", 1, 0, 0, 0))
    assert "(O6)" not in told and told.startswith("Blue misses the turn")


def test_every_form_works_the_same_way() -> None:
    """The start screen and the Host and Join forms share one form: Up/Down, Left/Right and a
    click on a row's halves change a row the same way on each."""
    app = App(home=lambda host: StartScreen(host, AppConfig(pace=0.0)))
    start = StartScreen(app, AppConfig(pace=0.0))
    forms: list[RowForm] = [
        start,
        HostForm(app, AppConfig(), start, "pushover"),
        JoinForm(app, AppConfig(), start),
    ]
    for form in forms:
        app.show(form)
        app.tick(0.05)
        assert isinstance(form, RowForm)
        untyped = next(n for n, r in enumerate(form.rows()) if not r.typed)
        form.row = untyped
        before = form.rows()[untyped].value
        press(app, pygame.K_RIGHT)
        after = form.rows()[untyped].value
        press(app, pygame.K_LEFT)
        assert form.rows()[untyped].value == before and after != before, type(form)
        key = form.rows()[untyped].key
        right_half = next(r for r, what, step in form.hits if step == 1 and what == key)
        click_at(app, right_half.center)
        assert form.rows()[untyped].value == after, type(form)
