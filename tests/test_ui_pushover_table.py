"""The Push Over table played with real mouse and key events: a whole game equals the same moves
through the API; dice tumble one at a time and pieces walk; the table sleeps when it waits."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.ui.pushover.pushover_painter import BOARD
from pusher_sim.ui.pushover.pushover_table import PushOverTable
from pusher_sim.ui.shell.dialogs import Confirm
from pushover.actions import Roll, Stop
from tests import table_driver as drv

SEATS = ("human", "expected")


pytestmark = pytest.mark.usefixtures("window")


def table_for(seats: tuple[str, ...], seed: int, speed: float = 1000.0) -> PushOverTable:
    table = drv.open_table(drv.make_match("pushover", seats, seed), speed)
    assert isinstance(table.top, PushOverTable)
    return table


def ready(table: PushOverTable) -> bool:
    return table.top.state.is_terminal() or (table.flow.awaiting >= 0 and not table.holding())


def button(table: PushOverTable, action: Action) -> pygame.Rect:
    label = "roll" if isinstance(action, Roll) else "stop"
    found = [b for b in table.top.buttons if b.label.startswith(label)]
    assert found, f"no {label} button among {[b.label for b in table.top.buttons]}"
    return found[0].rect


def play_person(table: PushOverTable, chooser: drv.Agent, turn: int) -> Action:
    state = table.top.state
    seat = table.flow.awaiting
    action = chooser.act(state, seat, state.legal_actions(), table.match.rng(seat + 1))
    moves = table.match.moves
    if turn % 2:  # half the time the keys, half the buttons
        drv.key(table, pygame.K_SPACE if isinstance(action, Roll) else pygame.K_RETURN)
    else:
        drv.click(table, button(table, action).center)
    assert table.match.moves >= moves + 1, table.message
    assert table.match.log.actions[moves] == action.to_json()
    return action


def test_a_whole_game_in_the_window_equals_the_same_moves_through_the_api() -> None:
    table = table_for(SEATS, seed=4)
    chooser = drv.bot_for("pushover", "expected")
    kinds = []
    while not table.top.state.is_terminal():
        drv.run_until(table, lambda: ready(table))
        if not table.top.state.is_terminal():
            kinds.append(type(play_person(table, chooser, len(kinds))))
    assert {Roll, Stop} <= set(kinds)
    api = drv.api_match("pushover", SEATS, 4, "expected", lambda m: False)
    assert table.match.log.actions == api.log.actions
    assert table.match.log.movers == api.log.movers
    assert table.top.state.winner >= 0


def test_each_die_tumbles_before_it_shows_and_the_piece_walks() -> None:
    table = table_for(SEATS, seed=4, speed=1.0)
    drv.run_until(table, lambda: ready(table))
    drv.key(table, pygame.K_SPACE)  # roll
    assert table.top.tumble > 0 and len(table.top.dice) == 1
    assert table.top.buttons == [] or table.holding()  # no stopping while the die is in the air
    assert table.animating()
    assert "drop" not in table.sounds.played  # still in the air
    drv.run_until(table, lambda: table.top.tumble <= 0)
    assert table.sounds.played[-1] == "drop"  # it lands with a sound (muted in tests)
    drv.run_until(table, lambda: ready(table))
    drv.key(table, pygame.K_RETURN)  # stop
    assert table.top.walk is not None and len(table.top.walk.path) > 1
    drv.run_until(table, lambda: table.top.walk is None)


def test_a_roll_out_stays_on_show_after_the_turn() -> None:
    table = table_for(("human", "human"), seed=1)
    for _ in range(200):
        drv.run_until(table, lambda: ready(table))
        if table.top.state.is_terminal() or "rolled out" in table.top.summary:
            break
        drv.key(table, pygame.K_SPACE)  # always roll: a roll-out comes soon
    assert "rolled out" in table.top.summary
    assert table.top.dice and sum(table.top.dice) > table.top.state.cfg.roll_limit


def test_the_table_sleeps_while_it_waits_for_the_person() -> None:
    table = table_for(SEATS, seed=4)
    drv.run_until(table, lambda: ready(table))
    assert not table.animating()
    drv.key(table, pygame.K_SPACE)
    drv.run_until(table, lambda: ready(table))
    assert not table.animating()


def test_hot_seat_shows_the_person_to_move() -> None:
    table = table_for(("human", "human"), seed=2)
    drv.run_until(table, lambda: ready(table))
    assert table.flow.viewer == 0
    drv.key(table, pygame.K_SPACE)
    while table.top.state.to_move == 0 and not table.top.state.is_terminal():
        drv.run_until(table, lambda: ready(table))
        drv.key(table, pygame.K_RETURN if table.top.state.dice else pygame.K_SPACE)
    drv.run_until(table, lambda: ready(table))
    assert table.flow.viewer == table.top.state.to_move == 1
    assert table.flow.pass_to == -1  # nothing hidden in Push Over: no screen pass


def test_escape_asks_and_no_keeps_the_game() -> None:
    table = table_for(SEATS, seed=4)
    drv.run_until(table, lambda: ready(table))
    drv.key(table, pygame.K_SPACE)
    drv.run_until(table, lambda: ready(table))
    drv.key(table, pygame.K_ESCAPE)
    assert isinstance(drv.app_of(table).mode, Confirm)
    drv.key(table, pygame.K_ESCAPE)
    assert drv.app_of(table).mode is table and drv.app_of(table).running


def test_a_game_opened_in_the_middle_of_a_turn_shows_its_dice_and_news() -> None:
    match = drv.make_match("pushover", SEATS, seed=4)
    match.step(Roll(0))
    match.step()  # the die: one die never rolls out, so red decides again
    table = drv.open_table(match, speed=1000.0)
    assert isinstance(table.top, PushOverTable)
    drv.tick(table)
    assert table.top.dice == match.state.dice != ()
    assert table.top.news and [b.label.split()[0] for b in table.top.buttons] == ["roll", "stop"]


def test_u_takes_back_the_persons_last_move() -> None:
    table = table_for(SEATS, seed=4)
    drv.key(table, pygame.K_u)
    assert table.warning and "nothing to undo" in table.message
    drv.run_until(table, lambda: ready(table))
    before = list(table.match.log.actions)
    drv.key(table, pygame.K_SPACE)  # roll
    drv.run_until(table, lambda: ready(table))
    assert len(table.match.log.actions) > len(before)
    drv.key(table, pygame.K_u)
    drv.run_until(table, lambda: table.match.log.actions == before)
    assert table.flow.awaiting == 0 and "took back" in table.message


def test_a_data_folder_that_cannot_be_written_falls_back_and_the_game_goes_on(
    unwritable_data_folder: Path,
) -> None:
    # Issue 21: an unusable data folder is replaced by a stated fallback, so the game is kept.
    table = table_for(SEATS, seed=4)
    drv.run_until(table, lambda: ready(table))
    drv.key(table, pygame.K_SPACE)  # the roll is played and autosaved to the fallback
    assert table.match.moves >= 2
    assert (unwritable_data_folder / "autosave-pushover.json").is_file()
    drv.key(table, pygame.K_l)  # nor do the saves' list and the quit-time save crash
    drv.run_until(table, lambda: ready(table))


# -- what a new player tripped on (issue 19) -------------------------------------------------


def drawn_text(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, int, pygame.Rect]]:
    """Every line the table draws from now on: (words, size, the width it was to fit, where)."""
    seen: list[tuple[str, int, int, pygame.Rect]] = []
    module = sys.modules["pusher_sim.ui.pushover.pushover_painter"]
    original = module.text  # type: ignore[attr-defined]

    def recorded(
        surface: pygame.Surface, words: str, pos: tuple[float, float], size: int, *a: Any, **k: Any
    ) -> pygame.Rect:
        rect: pygame.Rect = original(surface, words, pos, size, *a, **k)
        seen.append((words, size, k.get("width", a[2] if len(a) > 2 else 0), rect))
        return rect

    monkeypatch.setattr(module, "text", recorded)
    return seen


def after_a_roll_out(players: int = 3) -> PushOverTable:
    """A table whose news tells of a roll-out (its line is the longest the game says)."""
    match = drv.make_match("pushover", ["strong"] * players, seed=4)
    while not any(e[0] == "rollout" for e in match.state.news):  # type: ignore[attr-defined]
        match.step()
    while match.state.current_player() < 0:
        match.step()
    match.agents[match.state.current_player()] = None
    table = drv.open_table(match, speed=1000.0)
    assert isinstance(table.top, PushOverTable)
    return table


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_no_text_is_cut_off_on_the_push_over_table(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    table = after_a_roll_out()
    seen = drawn_text(monkeypatch)
    surface = pygame.Surface(size)
    table.draw(surface)
    assert any("stands" in w for w, *_ in seen)  # the roll-out's line is among them
    for words, size_px, width, rect in seen:
        wide = pygame.font.Font(None, max(14, size_px)).size(words)[0]
        assert not (width > 0 and wide > width), f"{words!r} is cut to {width} px"
        assert surface.get_rect().contains(rect), f"{words!r} runs off the window"


def test_at_1920x1080_the_track_stays_round_and_the_text_grows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = after_a_roll_out()
    sizes: dict[tuple[int, int], dict[str, int]] = {}
    for size in ((800, 600), (1920, 1080)):
        seen = drawn_text(monkeypatch)
        surface = pygame.Surface(size)
        table.draw(surface)
        sizes[size] = {w: s for w, s, *_ in seen}
        board = pygame.mask.from_threshold(surface, BOARD, (1, 1, 1, 255))
        ring = board.get_bounding_rects()
        box = ring[0].unionall(ring[1:])
        assert abs(box.w - box.h) <= 0.02 * box.h, f"the track is {box.w}x{box.h} at {size}"
    small, big = sizes[(800, 600)], sizes[(1920, 1080)]
    both = set(small) & set(big)
    assert len(both) > 10
    for words in both:
        assert big[words] >= 1.5 * small[words], f"{words!r}: {small[words]} -> {big[words]} px"


def test_push_over_seats_are_the_strongest_bot_by_default_and_named_alike() -> None:
    assert get_spec("pushover").default_seats == ("human", "bot", "bot")
    table = table_for(("human", "bot", "expected"), seed=4)
    assert [table.top.name(s) for s in (1, 2)] == ["Blue (bot)", "Green (expected bot)"]


def test_a_continued_game_tells_what_happened_from_its_first_move() -> None:
    table = after_a_roll_out()
    told = [e for e in table.top.state.news if e[0] != "turn"]
    assert table.top.news[0].startswith("Red ") and len(table.top.news) >= len(told) > 0
    assert list(table.top.news)[-len(told) :] == [table.top.told(e) for e in told]
