"""The default table (issue 37): a game whose registry entry names no table plays in the window
on the text table: its seat's text view, its legal moves as buttons, the moves so far, and the
framework's undo, saves and replay. Played here headless, with posted events, to the end of a
test game registered by the test alone (tests/toy_game.py's race)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pygame
import pytest

from pusher_sim.errors import UserError
from pusher_sim.saves import autosave_path, new_save_path
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.agents import RandomAgent
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.registry import GAMES, GameSpec, get_spec
from pusher_sim.turnloop.state import State
from pusher_sim.ui.common.game_table import GameTable
from pusher_sim.ui.common.text_table import TextTable, plain_label
from pusher_sim.ui.shell.app import App
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.table_registry import DEFAULT_TABLE, table_maker
from tests import table_driver as drv
from tests.toy_game import Die, RaceGame, RaceState, Roll


class RaceText:
    """The race's terminal view: the totals and the target."""

    def render(self, state: State, seat: int) -> str:
        assert isinstance(state, RaceState)
        rows = [f"race to {state.game.target}"]
        rows += [f"player {s + 1}: {'#' * t:<8} {t}" for s, t in enumerate(state.totals)]
        return "\n".join(rows)

    def prompt(self, state: State, seat: int) -> str:
        return "roll (r)"

    def parse(self, text: str, state: State, seat: int) -> Action:
        if text.strip() != "r":
            raise UserError("type r to roll")
        return Roll()

    def help(self) -> str:
        return "r rolls the die"


RACE = GameSpec(
    name="race",
    title="Race",
    rule_letter="Z",
    summary="race to a total",
    make_game=lambda config: RaceGame(int(config.get("target", 6))),
    players=(2,),
    bots={"random": lambda game: RandomAgent()},
    bot_help={"random": "rolls"},
    default_seats=("human", "random"),
    text_ui=lambda game: RaceText(),
)
"""The test game's one registration (no ``table``: it plays on the default table)."""
NAMED = replace(RACE, action_label=lambda action: "roll the die")


@pytest.fixture
def race(window: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> Iterator[pygame.Surface]:
    monkeypatch.setitem(GAMES, "race", "tests.test_ui_text_table:RACE")
    yield window


def open_race(seats: tuple[str, ...] = ("human", "human"), seed: int = 3) -> GameTable[Any]:
    app = App()
    config = AppConfig(game="race", seats=seats, seed=seed, speed=1000.0, pace=0.0, sound=False)
    table = table_maker("race")(app, config)
    assert isinstance(table, GameTable)
    app.show(table)
    drv.tick(table)  # drawn once: the buttons are laid out
    return table


def person_to_move(table: GameTable[Any]) -> bool:
    return table.flow.awaiting >= 0 or table.match.state.is_terminal()


def test_a_game_naming_no_table_gets_the_text_table_from_its_registry_entry(race: Any) -> None:
    assert get_spec("race").table is None
    assert table_maker("race") is table_maker_of(DEFAULT_TABLE)
    table = open_race()
    assert isinstance(table.top, TextTable)
    for name in ("pusher", "rummy", "pushover"):  # a game naming its table keeps it
        assert table_maker(name) is table_maker_of(str(get_spec(name).table))


def table_maker_of(where: str) -> object:
    import importlib

    module, name = where.split(":")
    return getattr(importlib.import_module(module), name)


def test_the_test_game_plays_to_the_end_with_clicks_and_keys(race: Any) -> None:
    table = open_race()
    top = table.top
    assert isinstance(top, TextTable)
    moves = 0
    while not table.match.state.is_terminal():
        drv.run_until(table, lambda: person_to_move(table))
        if table.match.state.is_terminal():
            break
        assert [b.label for b in top.buttons] == ["roll"]
        if moves % 2:
            drv.key(table, pygame.K_1)
        else:
            drv.click(table, top.buttons[0].rect.center)
        moves += 1
        due = 2 * moves  # the die after each roll is chance's
        drv.run_until(table, lambda due=due: table.match.moves >= due)
    drv.tick(table)
    assert top.buttons == [] and top.status_line().startswith("the game is over: Seat ")
    assert len(top.move_lines()) == table.match.moves == 2 * moves
    assert top.move_lines()[0] == "1. Seat 0 (person): roll"
    assert top.move_lines()[1].startswith("2. chance: die: value ")
    saved = GameLog.load(autosave_path("race"))
    assert saved.actions == table.match.log.actions  # the finished game is in the autosave


def test_a_bot_seat_moves_by_itself_and_the_person_only_on_their_turn(race: Any) -> None:
    table = open_race(("human", "random"))
    top = table.top
    drv.run_until(table, lambda: person_to_move(table))
    drv.key(table, pygame.K_1)
    drv.run_until(table, lambda: table.match.moves >= 4 or table.match.state.is_terminal())
    movers = table.match.log.movers[:4]
    assert movers[0] == 0 and movers[2] == 1  # the bot rolled on its own
    assert any(line.startswith("3. Seat 1 (random bot): roll") for line in top.move_lines())


def test_undo_save_load_and_replay_come_from_the_framework(race: Any) -> None:
    table = open_race()
    app = drv.app_of(table)
    drv.run_until(table, lambda: person_to_move(table))
    drv.key(table, pygame.K_1)
    drv.run_until(table, lambda: table.match.moves == 2)
    drv.key(table, pygame.K_u)
    drv.run_until(table, lambda: not table.loading)
    assert table.match.moves == 0 and table.message == "took back the last move"
    for _ in range(2):
        drv.run_until(table, lambda: person_to_move(table))
        drv.key(table, pygame.K_1)
    drv.run_until(table, lambda: table.match.moves >= 4)
    played = list(table.match.log.actions)
    table.save_as("race")
    saved = new_save_path("race", "race")  # the name now taken: the save is beside it
    assert GameLog.load(saved.with_name("race.json")).actions == played
    drv.key(table, pygame.K_r)
    twin = app.mode
    assert isinstance(twin, GameTable) and isinstance(twin.top, TextTable) and twin is not table
    assert twin.replay is not None and twin.top.buttons == []
    drv.run_until(table, lambda: app.mode is table)  # the replay ends by itself
    assert table.match.log.actions == played
    drv.key(table, pygame.K_n)  # a game in progress: N asks first
    drv.key(table, pygame.K_y)
    assert table.match.moves == 0
    table.load_from(saved.with_name("race.json"))
    drv.run_until(table, lambda: table.match.log.actions == played)


def test_a_move_without_words_is_named_by_its_class_and_fields() -> None:
    assert plain_label(Roll()) == "roll"
    assert plain_label(Die(3)) == "die: value 3"


def test_the_registry_entry_may_word_its_moves(race: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "race", "tests.test_ui_text_table:NAMED")
    table = open_race()
    drv.run_until(table, lambda: person_to_move(table))
    drv.tick(table)
    assert [b.label for b in table.top.buttons] == ["roll the die"]


def test_the_game_reads_as_text_and_fits_the_window(race: Any) -> None:
    """The text view, the move list and the buttons lie inside the window at 800x600."""
    table = open_race()
    surface = pygame.Surface((800, 600))
    table.draw(surface)
    for button in table.top.buttons:
        assert surface.get_rect().contains(button.rect)
