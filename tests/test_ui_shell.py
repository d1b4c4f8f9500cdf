"""Issue 26: what a new player still tripped on around the tables: leaving, continuing, loading,
one vocabulary, the dialogs as real buttons, no sound device."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from pusher_sim.cli import main
from pusher_sim.pusher import Place
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.ui.pusher.pusher_table import PusherTable
from pusher_sim.ui.pusher.scene import HINTS, Demand
from pusher_sim.ui.pushover.pushover_table import PushOverTable
from pusher_sim.ui.rummy.rummy_table import RummyTable
from pusher_sim.ui.shell.app import App
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.dialogs import Choose, Confirm, TextPrompt
from pusher_sim.ui.shell.sound import NO_DEVICE
from pusher_sim.ui.shell.start_screen import StartScreen, open_table_asking
from pusher_sim.ui.shell.words import GAME_OVER_KEYS
from tests import table_driver as drv
from tests import ui_driver

pytestmark = pytest.mark.usefixtures("window")


def press(app: App, code: int, unicode: str = "") -> None:
    drv.post(pygame.KEYDOWN, key=code, mod=0, unicode=unicode, scancode=0)
    app.tick(0.05)


def test_leaving_a_game_named_on_the_command_line_goes_to_the_start_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Item 3: ``pusher play rummy``, Esc, Y (leave) shows the start screen; only Q quits."""
    seen: list[object] = []

    def loop(app: App) -> None:
        for _ in range(10):
            app.tick(0.1)
        assert isinstance(app.mode.top, RummyTable)
        app.mode.flow.pace = 60.0  # the bots wait: the game stays as it is
        press(app, pygame.K_ESCAPE)
        if isinstance(app.mode, Confirm):
            press(app, pygame.K_y, "y")
        seen.append((app.running, app.mode))

    monkeypatch.setattr(App, "loop", loop)
    assert main(["play", "rummy", "--pace", "0"]) == 0
    running, mode = seen[0]  # type: ignore[misc]
    assert running and isinstance(mode, StartScreen)


def autosave_of(tmp_path: Path, game: str) -> Path:
    saves = tmp_path / "saves"
    saves.mkdir(exist_ok=True)
    return saves / f"autosave-{game}.json"


def test_a_finished_game_is_not_offered_as_waiting(tmp_path: Path) -> None:
    """Item 4: an autosave holding a game that is over is neither "waiting" when its game is
    started again nor offered by Continue; the start screen says it is over."""
    match = drv.api_match("pushover", ("bot", "bot"), 4, "bot", lambda m: False)
    assert match.state.is_terminal()
    match.log.save(autosave_of(tmp_path, "pushover"))
    app = App(home=lambda host: StartScreen(host, AppConfig(pace=0.0)))
    app.home()
    start = app.mode
    assert isinstance(start, StartScreen)
    assert not start.can_continue() and "over" in start.continue_label()
    press(app, pygame.K_c, "c")
    assert app.mode is start and "over" in start.message
    open_table_asking(app, AppConfig(game="pushover", pace=60.0), start)
    assert isinstance(app.mode.top, PushOverTable)  # no question: a new game at once


def test_continue_offers_the_game_left_last(tmp_path: Path) -> None:
    """Item 5: continue Pusher (an older autosave than Push's), leave it without moving: the
    start screen's Continue is that Pusher game, not the newer Push autosave."""
    pusher = get_spec("pusher")
    older = Match(pusher.make_game({"players": 2}), [None, None], seed=1)
    older.step(Place((1, 0)))
    older.log.save(autosave_of(tmp_path, "pusher"))
    os.utime(autosave_of(tmp_path, "pusher"), (1e9, 1e9))
    push = drv.make_match("rummy", ("human", "strong", "strong", "strong"), seed=2)
    while not push.needs_input():
        push.step()
    push.log.save(autosave_of(tmp_path, "rummy"))
    app = App(home=lambda host: StartScreen(host, AppConfig(pace=0.0)))
    app.home()
    start = app.mode
    assert isinstance(start, StartScreen) and "Continue Push," in start.continue_label()
    open_table_asking(app, AppConfig(game="pusher", seats=("human", "human")), start)
    press(app, pygame.K_c, "c")  # continue the waiting Pusher game
    assert isinstance(app.mode.top, PusherTable)
    app.settle()
    press(app, pygame.K_ESCAPE)
    if isinstance(app.mode, Confirm):
        press(app, pygame.K_y, "y")
    start = app.mode
    assert isinstance(start, StartScreen)
    assert start.continue_label().startswith("Continue Pusher, move 1")


def test_one_vocabulary_on_every_table() -> None:
    """Item 10: a seat is "Red (you)" / "Blue (bot)" / "Red (person)" (hot seat) on every
    table, capitalised alike; the player's own roll is not "red is playing"; a finished game
    offers the same keys everywhere (Esc leave); a deal's end does not hint at cards."""
    pusher = ui_driver.make_app(seats=("human", "bot"), agents=[None, ui_driver.FirstLegal()])
    assert pusher.top.scene.headline.startswith("Red (you) to move")
    assert [s.title for s in pusher.top.scene.seats] == ["Red (you)", "Blue (bot)"]
    hot = ui_driver.make_app(seats=("human", "human"))
    assert hot.top.scene.headline.startswith("Red (person) to move")
    assert HINTS[Demand.OVER] == GAME_OVER_KEYS and "Esc leave" in GAME_OVER_KEYS

    over = drv.open_table(drv.make_match("pushover", ("human", "bot"), 1), speed=1.0)
    assert isinstance(over.top, PushOverTable)
    assert [over.top.name(0), over.top.name(1)] == ["Red (you)", "Blue (bot)"]
    drv.run_until(over, lambda: over.flow.awaiting >= 0 and not over.holding())
    drv.key(over, pygame.K_SPACE)  # the person's own die tumbles
    assert over.holding() and "playing" not in over.top.status_line()
    assert over.top.status_line().startswith("You")

    push = drv.open_table(drv.make_match("rummy", ("human", "strong", "bot", "human"), 2), 1e3)
    assert isinstance(push.top, RummyTable)
    assert [push.top.name(s) for s in range(4)] == [
        "North (person)",
        "East (strong bot)",
        "South (bot)",
        "West (person)",
    ]
    push.top.deal_pause = 0
    assert "select" not in push.hint_now() and "next deal" in push.hint_now()
    finished = drv.api_match("pushover", ("human", "bot"), 4, "bot", lambda m: False)
    done = drv.open_table(finished, 1e3)
    assert done.hint_now() == GAME_OVER_KEYS


def test_the_load_list_names_each_saves_game_and_opens_it_on_its_own_table(
    tmp_path: Path,
) -> None:
    """Item 7: L in Pusher lists a Push save as Push's and loads it on the Push table; no
    autosave and no internal name ("rummy") is shown."""
    push = drv.make_match("rummy", ("human", "strong", "strong", "strong"), seed=2)
    while not push.needs_input():
        push.step()
    push.log.save(autosave_of(tmp_path, "rummy"))
    push.log.save(tmp_path / "saves" / "evening.json")
    table = ui_driver.make_app(seats=("human", "human"))
    app = ui_driver.host_of(table)
    press(app, pygame.K_l, "l")
    chooser = app.mode
    assert isinstance(chooser, Choose)
    assert chooser.items == ("Push: evening.json",)
    press(app, pygame.K_RETURN)
    assert isinstance(app.mode.top, RummyTable)
    assert app.mode.match.log.actions == push.log.actions


def test_without_a_sound_device_the_window_is_muted_and_says_so_once() -> None:
    """Item 12: no ALSA lines on the terminal; one line, once, and the window starts muted."""
    script = (
        "import pygame; from pusher_sim.ui.shell.sound import Sounds\n"
        "a, b = Sounds(True), Sounds(True)\n"
        "print('muted' if a.muted and b.muted else 'sound' if a.available else 'silent')\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    if done.stdout.strip() == "sound":
        return  # this machine has a sound device: nothing to say
    assert done.stdout.strip() == "muted"
    assert done.stderr.splitlines() == [f"pusher: {NO_DEVICE}"]


def click_at(app: App, pos: tuple[int, int]) -> None:
    drv.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    drv.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    drv.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.tick(0.05)


def button(app: App, label: str) -> tuple[int, int]:
    """Where the open dialog drew the button saying ``label`` (drawn this frame)."""
    dialog = app.mode
    assert isinstance(dialog, (Confirm, TextPrompt, Choose))
    app.tick(0.05)
    found = [rect.center for rect, choice in dialog.buttons if choice.label == label]
    assert found, [choice.label for _rect, choice in dialog.buttons]
    return found[0]


def test_the_dialogs_are_buttons_the_mouse_works(tmp_path: Path) -> None:
    """Item 11: leaving, saving and loading are answered by clicking buttons in words (their
    keys shown on them, the default marked); Enter gives the default, Right moves to the next."""
    config = AppConfig(seats=("human", "human"), pace=0.0, speed=1e3)
    table = ui_driver.open_table(config, home=True)
    ui_driver.click_cell(table, ui_driver.RED_FIRST)  # a game in progress
    app = ui_driver.host_of(table)
    press(app, pygame.K_ESCAPE)
    leave = app.mode
    assert isinstance(leave, Confirm)
    assert [(c.label, c.key_name, c.default) for c in leave.choices] == [
        ("Leave", "Y", True),
        ("Quit", "Q", False),
        ("Stay", "N", False),
    ]
    assert leave.choices[leave.focus].label == "Leave"  # Enter would leave
    click_at(app, button(app, "Stay"))
    assert app.mode is table and app.running
    press(app, pygame.K_s, "s")  # save under a name, typed, then the Save button clicked
    assert isinstance(app.mode, TextPrompt)
    for letter in "tea":
        press(app, getattr(pygame, f"K_{letter}"), letter)
    click_at(app, button(app, "Save"))
    assert app.mode is table and (tmp_path / "saves" / "tea.json").exists()
    press(app, pygame.K_l, "l")  # load: the Load question's default is chosen by a click
    click_at(app, button(app, "Choose a game"))
    chooser = app.mode
    assert isinstance(chooser, Choose) and chooser.items == ("Pusher: tea.json",)
    app.tick(0.05)
    click_at(app, chooser.rows[0][0].center)  # the row chosen, then the Load button
    click_at(app, button(app, "Load"))
    assert app.mode is table
    app.settle()
    assert "loaded 1 moves from tea.json" in table.message
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_RIGHT)  # the keys move along the buttons: Quit now
    assert isinstance(app.mode, Confirm) and app.mode.choices[app.mode.focus].label == "Quit"
    press(app, pygame.K_LEFT)
    click_at(app, button(app, "Leave"))
    assert isinstance(app.mode, StartScreen) and app.running


def test_rule_codes_stay_out_of_the_headlines() -> None:
    """Item 11: the status lines say what is due in words; a refused move says why in words;
    the rule's code is the I panel's."""
    table = ui_driver.make_app(seats=("human", "human"))
    ui_driver.click_cell(table, ui_driver.RED_FIRST)
    ui_driver.click_cell(table, ui_driver.RED_FIRST)  # taken: refused
    assert table.warning and not table.message[:3].rstrip(":").startswith("P")
    assert not table.top.scene.hint.startswith(table.top.scene.rule)
    assert table.top.scene.rule.startswith("P")  # still there for the I panel
