"""The default table (issue 37): a game whose registry entry names no table plays in the window
on the text table: its seat's text view, its legal moves as buttons, the moves so far, and the
framework's undo, saves and replay. Played here headless, with posted events, to the end of the
test game Nim (tests/nim/), registered by the test alone (the ``nim`` fixture)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pusher_sim.saves import autosave_path, new_save_path
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import GAMES, get_spec
from pusher_sim.ui.common.game_table import GameTable
from pusher_sim.ui.common.text_table import TextTable, plain_label, wrap_columns
from pusher_sim.ui.shell.app import App
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.table_registry import DEFAULT_TABLE, table_maker
from tests import table_driver as drv
from tests.joined_here import joined_here
from tests.nim.game import NimState, Take
from tests.nim.spec import SPEC
from tests.toy_game import Die, Roll

WORDED = replace(SPEC, action_label=lambda action: f"{action} now")
"""Nim with its own words for its buttons."""


@pytest.fixture
def played(window: pygame.Surface, nim: str) -> Iterator[str]:
    """A headless window and Nim registered: the game's name."""
    yield nim


def open_nim(
    seats: tuple[str, ...] = ("human", "human"), size: tuple[int, int] = (1100, 800)
) -> GameTable[Any]:
    app = App()
    config = AppConfig(game="nim", seats=seats, seed=3, size=size, speed=1e3, pace=0.0, sound=False)
    table = table_maker("nim")(app, config)
    assert isinstance(table, GameTable)
    app.show(table)
    drv.tick(table)  # drawn once: the buttons are laid out
    return table


def person_to_move(table: GameTable[Any]) -> bool:
    return table.flow.awaiting >= 0 or table.match.state.is_terminal()


def resolved(where: str) -> object:
    module, name = where.split(":")
    return getattr(importlib.import_module(module), name)


def test_a_game_naming_no_table_gets_the_text_table_from_its_registry_entry(played: str) -> None:
    assert get_spec("nim").table is None
    assert table_maker("nim") is resolved(DEFAULT_TABLE)
    assert isinstance(open_nim().top, TextTable)
    for name in ("pusher", "rummy", "pushover"):  # a game naming its table keeps it
        assert table_maker(name) is resolved(str(get_spec(name).table))


def test_nim_plays_to_the_end_with_clicks_and_keys(played: str) -> None:
    table = open_nim()
    top = table.top
    assert isinstance(top, TextTable)
    turn = 0
    while not table.match.state.is_terminal():
        drv.run_until(table, lambda: person_to_move(table))
        state = table.match.state
        assert isinstance(state, NimState)
        labels = [b.label for b in top.buttons]
        assert labels == [str(a) for a in state.legal_actions()]  # every legal move, in words
        if turn % 2:
            drv.key(table, pygame.K_1)
        else:
            drv.click(table, top.buttons[-1].rect.center)
        turn += 1
        assert table.match.moves == turn
    drv.tick(table)
    assert top.buttons == [] and top.status_line().startswith("the game is over: Seat ")
    assert len(top.move_lines()) == table.match.moves == turn
    assert top.move_lines()[0] == "1. Seat 0 (person): take 5 from heap 3"  # the last button
    assert table.message == ""  # the game-over keys show, not the last move
    saved = GameLog.load(autosave_path("nim"))
    assert saved.actions == table.match.log.actions  # the finished game is in the autosave


def test_the_perfect_bot_moves_by_itself_and_wins(played: str) -> None:
    table = open_nim(("human", "perfect"))
    while not table.match.state.is_terminal():
        drv.run_until(table, lambda: person_to_move(table))
        if table.flow.awaiting >= 0:
            drv.key(table, pygame.K_1)
    assert table.match.state.returns() == [-1.0, 1.0]  # 3, 4, 5 is lost for the first mover
    assert any(": take" in line and "(perfect bot)" in line for line in table.top.move_lines())
    assert "Seat 1 (perfect bot) won" in table.top.status_line()


def test_undo_save_load_and_replay_come_from_the_framework(played: str) -> None:
    table = open_nim()
    app = drv.app_of(table)
    drv.key(table, pygame.K_1)
    assert table.match.moves == 1
    drv.key(table, pygame.K_u)
    drv.run_until(table, lambda: not table.loading)
    assert table.match.moves == 0 and table.message == "took back the last move"
    for _ in range(3):
        drv.run_until(table, lambda: person_to_move(table))
        drv.key(table, pygame.K_1)
    moves = list(table.match.log.actions)
    path = new_save_path("nim", "three")
    table.save_as("three")
    assert GameLog.load(path).actions == moves
    drv.key(table, pygame.K_r)
    twin = app.mode
    assert isinstance(twin, GameTable) and isinstance(twin.top, TextTable) and twin is not table
    assert twin.replay is not None and twin.top.buttons == []
    drv.run_until(table, lambda: app.mode is table)  # the replay ends by itself
    assert table.match.log.actions == moves
    drv.key(table, pygame.K_n)  # a game in progress: N asks first
    drv.key(table, pygame.K_y)
    assert table.match.moves == 0
    table.load_from(path)
    drv.run_until(table, lambda: table.match.log.actions == moves)


def test_tab_shows_the_moves_that_do_not_fit(played: str) -> None:
    """In a small window not every move has a button at once: Tab shows the rest, the number
    keys always name the buttons on show, and every legal move is reachable."""
    table = open_nim(size=(480, 360))
    top = table.top
    surface = pygame.Surface((480, 360))
    top.draw_table(surface)
    first = [b.label for b in top.buttons]
    legal = [str(a) for a in table.match.state.legal_actions()]
    assert top.more and len(first) < len(legal) and "Tab" in top.hint()
    seen = list(first)
    while len(seen) < len(legal):
        top.handle_table(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0))
        top.draw_table(surface)
        seen += [b.label for b in top.buttons]
    assert sorted(seen) == sorted(legal)
    for button in top.buttons:
        assert surface.get_rect().contains(button.rect)
    shown = top.buttons[0].label
    top.handle_table(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0))  # on this page
    decode = table.match.game.action_codec.decode
    assert [str(decode(a)) for a in table.match.log.actions] == [shown] != [first[0]]


def test_a_move_without_words_is_named_by_its_class_and_fields() -> None:
    assert plain_label(Roll()) == "roll"
    assert plain_label(Die(3)) == "die: value 3"
    assert plain_label(Take(0, 2, 1)) == "take 1 from heap 3"  # its own words first


def test_the_registry_entry_may_word_its_moves(played: str, monkeypatch: Any) -> None:
    monkeypatch.setitem(GAMES, "nim", "tests.test_ui_text_table:WORDED")
    table = open_nim()
    assert table.top.buttons[0].label == "take 1 from heap 1 now"


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_text_table_fits_the_window(played: str, size: tuple[int, int]) -> None:
    table = open_nim(size=size)
    surface = pygame.Surface(size)
    table.draw(surface)
    assert table.top.buttons and not table.top.more  # all twelve moves fit
    for button in table.top.buttons:
        assert surface.get_rect().contains(button.rect)


def test_pusher_play_opens_a_game_without_a_table_of_its_own(played: str, tmp_path: Any) -> None:
    from pusher_sim.cli import main

    shot = tmp_path / "nim.png"
    assert main(["play", "nim", "--seed", "3", "--screenshot", str(shot)]) == 0
    assert pygame.image.load(str(shot)).get_size() == (1100, 800)


def test_a_joined_window_plays_a_game_without_a_table_on_the_text_table(
    played: str, tmp_path: Any
) -> None:
    """The window's table for a hosted game comes from the same registry entry: a joined
    window shows the text table on the host's match, its seat's moves as buttons."""
    spec = get_spec("nim")
    match = Match(spec.make_game({"players": 2}), [None, None], seed=17, seat_names=["human"] * 2)
    joined = joined_here(match, tmp_path, (1100, 800))  # both seats taken: the game starts
    drv.run_until(joined, lambda: joined.flow.awaiting >= 0)
    assert isinstance(joined.top, TextTable)
    assert "heap 3: |||||" in joined.top.words.render(joined.seen, joined.flow.viewer)
    assert [b.label for b in joined.top.buttons][:1] == ["take 1 from heap 1"]


UNTABLED_PUSH = replace(get_spec("rummy"), table=None)
"""Push without its table: a game that hides hands, on the text table."""


def test_hot_seat_hidden_hands_pass_the_screen_on_the_text_table(
    window: pygame.Surface, monkeypatch: Any
) -> None:
    """In hot-seat play of a game that hides hands, the text table shows nothing of a hand
    (no view, no buttons) until the person to move says they have the screen."""
    monkeypatch.setitem(GAMES, "rummy", "tests.test_ui_text_table:UNTABLED_PUSH")
    app = App()
    seats = ("human", "bot", "human", "bot")
    config = AppConfig(game="rummy", seats=seats, seed=2, speed=1e3, pace=0.0, sound=False)
    table = table_maker("rummy")(app, config)
    app.show(table)
    assert isinstance(table.top, TextTable)
    drv.run_until(table, lambda: table.flow.pass_to >= 0)
    to_take = table.flow.pass_to
    drv.tick(table)
    assert table.top.buttons == []
    drv.key(table, pygame.K_SPACE)
    assert table.flow.pass_to == -1 and table.flow.viewer == to_take
    drv.run_until(table, lambda: table.flow.awaiting >= 0)
    drv.tick(table)
    assert table.top.buttons and table.mirror.seat == to_take


@given(st.text(alphabet=" ab|-:", max_size=120), st.integers(8, 40))
def test_a_wrapped_line_keeps_its_words_in_order_within_the_columns(
    line: str, columns: int
) -> None:
    pieces = wrap_columns(line, columns)
    assert "".join(line.split()) == "".join("".join(p.split()) for p in pieces)
    for piece in pieces[:-1]:  # a piece is cut only at a space, and fits
        assert len(piece) <= columns
    if len(pieces) > 1:
        indent = len(line) - len(line.lstrip()) + 2
        assert all(p.startswith(" " * indent) for p in pieces[1:])
