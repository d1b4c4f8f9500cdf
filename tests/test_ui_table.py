"""The Pusher table a player never has to guess at (issue 10): each numbered defect of the
issue, played headless with real events, and the strength gesture, sounds and saves."""

from __future__ import annotations

import json
import math
import os
import signal
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
import pygame
import pytest

from pusher_sim.board import Colour
from pusher_sim.pusher import Pass, Place, Push
from pusher_sim.pusher.names import cell_named, cup_name
from pusher_sim.pusher.spec import SPEC
from pusher_sim.pusher.text import PusherTextUI
from pusher_sim.saves import autosave_path, saves_dir
from pusher_sim.turnloop import GameLog, Match
from pusher_sim.turnloop.registry import GAMES
from pusher_sim.ui.common.game_table import GameTable
from pusher_sim.ui.common.text_table import TextTable
from pusher_sim.ui.pusher.aim_painter import band_end, draw_strength_gauge
from pusher_sim.ui.pusher.board_painter import LAST_MOVE, Painter
from pusher_sim.ui.pusher.frame_builder import rule_in_force
from pusher_sim.ui.pusher.pusher_table import PusherTable
from pusher_sim.ui.pusher.scene import Demand
from pusher_sim.ui.pusher.screen_layout import Layout
from pusher_sim.ui.shell.app import App
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.dialogs import Confirm, TextPrompt
from pusher_sim.ui.shell.sound import Sounds, waveforms
from pusher_sim.ui.shell.start_screen import StartScreen
from tests.ui_driver import (
    BLUE_PAIR,
    BLUE_TRIANGLE,
    FRAME,
    RED_CUP,
    RED_FIRST,
    TRIANGLE,
    FirstLegal,
    ScriptedAgent,
    click_cell,
    draw,
    host_of,
    key,
    make_app,
    open_table,
    play_opening,
    post,
    push_triangle,
    run_until,
    screen_of,
    settle,
    tick,
)

pytestmark = pytest.mark.usefixtures("window")


def pixel(surface: pygame.Surface, x: float, y: float) -> tuple[int, int, int]:
    r, g, b, _ = surface.get_at((round(x), round(y)))
    return (r, g, b)


# -- 1: a push's result stays, a move list, the last move marked, bots at a readable pace ------


def test_a_push_result_stays_on_screen_through_the_bots_move_until_the_player_acts() -> None:
    bot = ScriptedAgent([Place(BLUE_PAIR), Place(BLUE_TRIANGLE)])
    app = make_app(seats=("human", "bot"), agents=[None, bot])
    click_cell(app, RED_FIRST)
    settle(app)
    key(app, pygame.K_SPACE)
    settle(app)
    assert app.top.scene.demand is Demand.PUSH
    bot.then = FirstLegal()  # after the push the bot plays on, however the balls fell
    push_triangle(app, -40, 25)
    run_until(app, lambda: app.top.push is None and app.match.moves >= 5 and app.top.note != "")
    note = app.top.note
    assert note.startswith("Red's push:")
    settle(app)
    if app.top.scene.mover == 0 and app.match.moves == 6:  # the bot moved after the push
        assert app.message.startswith("Blue:")
    assert app.top.note == note  # still there, whatever the bot did
    window = pygame.display.get_surface()
    draw(app, window)
    box = app.top.layout.note.as_tuple()
    assert len({pixel(window, x, box[1] + box[3] // 2) for x in range(10, 300)}) > 2  # drawn
    # The player acts: the result may go now.
    if app.top.scene.demand in (Demand.PUSH, Demand.PUSH_AGAIN):
        push_triangle(app, 30, 20)
    else:
        cell = sorted(app.top.scene.legal_cups)[0]
        click_cell(app, cell)
    assert app.top.note != note


def test_the_move_list_names_every_move_in_cup_names_and_scrolls() -> None:
    app = make_app()
    click_cell(app, RED_FIRST)
    click_cell(app, BLUE_PAIR)
    key(app, pygame.K_SPACE)
    click_cell(app, BLUE_TRIANGLE)
    lines = [e.line for e in app.top.moves.entries]
    assert lines == [
        f"1. Red: place {cup_name(RED_FIRST)}",
        f"2. Blue: place {cup_name(BLUE_PAIR)}",
        "3. Red: pass",
        f"4. Blue: place {cup_name(BLUE_TRIANGLE)}",
    ]
    assert all("," not in line for line in lines)
    # Scrolling: a game longer than the list, the wheel over the list shows older moves.
    rows = app.top.painter.move_rows()
    app.top.moves.reset([app.top.moves.entries[0]] * (rows + 6))
    box = app.top.layout.move_list
    centre = (box.x + box.w // 2, box.y + box.h // 2)
    post(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)
    tick(app)
    assert app.top.moves.scroll == 3
    post(pygame.MOUSEWHEEL, x=0, y=50, flipped=False)
    tick(app)
    assert app.top.moves.scroll == 6  # no further than the oldest move


def test_a_table_opened_on_a_game_in_progress_lists_its_moves() -> None:
    game = SPEC.make_game({"players": 2, "resolver": "scripted"})
    match = Match(game, [None, None], seed=1, seat_names=["human", "human"])
    push = Push(TRIANGLE)
    for action in (Place(RED_FIRST), Place(BLUE_PAIR), Pass(), Place(BLUE_TRIANGLE), push):
        match.step(action)
    app = open_table(AppConfig(seats=("human", "human"), pace=0.0), match)
    assert app.match is match  # shown as given, not replayed
    lines = [e.line for e in app.top.moves.entries]
    assert lines[0] == f"1. Red: place {cup_name(RED_FIRST)}"
    assert lines[-1] == "5. Red: push " + " ".join(cup_name(c) for c in TRIANGLE)


def test_the_last_move_is_marked_on_the_board(window: pygame.Surface) -> None:
    app = make_app()
    click_cell(app, RED_FIRST)
    click_cell(app, BLUE_PAIR)
    draw(app, window)
    x, y = app.top.layout.cell_screen(BLUE_PAIR)
    r = app.top.layout.pixels(0.56 * app.top.game.board.pitch) - 1.5  # arcs are drawn inwards
    angles = (0.25, 1.05, 4.1, 4.9)
    marks = [pixel(window, x + r * math.cos(a), y - r * math.sin(a)) for a in angles]
    assert marks.count(LAST_MOVE) >= 3
    x, y = app.top.layout.cell_screen(RED_FIRST)  # the move before is not marked
    marks = [pixel(window, x + r * math.cos(a), y - r * math.sin(a)) for a in angles]
    assert LAST_MOVE not in marks


def test_a_bots_placement_drops_in_from_its_tray_and_stays_for_the_pace(
    window: pygame.Surface,
) -> None:
    app = make_app(seats=("bot", "human"), agents=[FirstLegal(), None], pace=0.8)
    run_until(app, lambda: len(app.top.moves.entries) == 1)
    placed = app.top.moves.entries[0].cells[0]
    assert app.top.drop is not None and app.top.drop.cell == placed
    draw(app, window)
    x, y = app.top.layout.cell_screen(placed)
    r, g, b = pixel(window, x, y + 0.3 * app.top.layout.ball_px)
    assert not (r > 2 * g and r > 2 * b)  # the cup, not yet the red ball
    frames = run_until(app, lambda: app.top.drop is None)
    assert 0.3 / FRAME - 2 <= frames <= 0.4 / FRAME + 2  # DROP_SECONDS at 60 frames a second
    draw(app, window)
    r, g, b = pixel(window, x, y + 0.3 * app.top.layout.ball_px)
    assert r > 2 * g and r > 2 * b  # the red ball has landed


def test_the_next_automatic_move_waits_for_the_pace() -> None:
    app = make_app(seats=("bot", "bot"), agents=[FirstLegal(), FirstLegal()], pace=0.5)
    run_until(app, lambda: app.match.moves == 1)
    frames = run_until(app, lambda: app.match.moves == 2)
    assert frames >= 0.5 / FRAME - 1


# -- 2: one naming of cups -------------------------------------------------------------------


def test_cup_names_are_the_terminals_everywhere() -> None:
    game = SPEC.make_game({"players": 2})
    ui = PusherTextUI(game)  # type: ignore[arg-type]
    for cell, name in ui.names.items():
        assert cup_name(cell) == name
        assert cell_named(name) == cell
    assert cell_named("Z9") is None and cell_named("A0") is None and cell_named("") is None
    assert str(Place((0, 0))) == f"place {ui.names[(0, 0)]}" == "place F6"
    push = Push(TRIANGLE, strength=0.8)
    assert str(push).startswith("push " + " ".join(ui.names[c] for c in TRIANGLE))
    assert str(push).endswith("pressed 80% at the centre")


def test_an_illegal_click_names_the_cup_as_the_board_does() -> None:
    app = make_app()
    click_cell(app, RED_CUP)
    assert app.message == f"cup {cup_name(RED_CUP)} is red: place in a cup of another colour"


def test_the_cup_under_the_pointer_shows_its_name(window: pygame.Surface) -> None:
    app = make_app()
    x, y = screen_of(app, (0, 0))
    above = (x, round(y - app.top.layout.pixels(0.75 * app.top.game.board.pitch)))
    draw(app, window)
    before = pixel(window, *above)
    post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
    tick(app)
    draw(app, window)
    assert pixel(window, *above) != before
    assert pixel(window, *above) == (250, 236, 190)  # the label's tag


# -- 3: nothing lost -------------------------------------------------------------------------


def test_escape_asks_when_a_game_is_in_progress_and_esc_again_stays() -> None:
    app = make_app()
    click_cell(app, RED_FIRST)
    key(app, pygame.K_ESCAPE)
    host = host_of(app)
    assert host.running and isinstance(host.mode, Confirm)
    key(app, pygame.K_ESCAPE)  # no: back to the game
    assert host.running and host.mode is app
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_q)
    assert not host.running


def test_a_dialog_keeps_the_game_beneath_it_for_a_last_save(tmp_path: Path) -> None:
    app = make_app(save=str(tmp_path / "kept.json"))
    click_cell(app, RED_FIRST)
    key(app, pygame.K_ESCAPE)
    host = host_of(app)
    assert isinstance(host.mode, Confirm)
    assert host.save_now() == [autosave_path("pusher"), tmp_path / "kept.json"]
    assert GameLog.load(tmp_path / "kept.json").actions == app.match.log.actions


def test_escape_closes_the_help_without_leaving() -> None:
    app = make_app()
    key(app, pygame.K_h)
    assert app.show_help
    assert tick(app)
    key(app, pygame.K_ESCAPE)
    assert not app.show_help and host_of(app).running


def test_i_shows_the_rule_in_force_from_the_rules_and_esc_closes_it(
    window: pygame.Surface,
) -> None:
    app = make_app()
    click_cell(app, RED_FIRST)
    click_cell(app, BLUE_PAIR)
    key(app, pygame.K_SPACE)
    assert app.top.scene.rule == "P5"
    key(app, pygame.K_i)
    assert app.top.show_rule
    title, lines = rule_in_force("P5")
    assert title.startswith("P5") and "triangle" in " ".join(lines)
    draw(app, window)
    key(app, pygame.K_ESCAPE)
    assert not app.top.show_rule and host_of(app).running and app.match.moves == 3


def test_load_asks_before_replacing_a_game_in_progress() -> None:
    app = make_app()
    click_cell(app, RED_FIRST)
    key(app, pygame.K_l)
    assert isinstance(host_of(app).mode, Confirm)
    key(app, pygame.K_n)
    assert host_of(app).mode is app and app.match.moves == 1


def test_every_move_is_autosaved() -> None:
    app = make_app()
    path = autosave_path("pusher")
    for cell in (RED_FIRST, BLUE_PAIR):
        click_cell(app, cell)
        assert GameLog.load(path).to_json() == app.match.log.to_json()
    key(app, pygame.K_SPACE)
    click_cell(app, BLUE_TRIANGLE)
    push_triangle(app, -40, 25)
    settle(app)
    assert app.match.moves == 5
    assert GameLog.load(path).to_json() == app.match.log.to_json()


def test_a_data_folder_that_cannot_be_written_falls_back_not_a_crash(
    unwritable_data_folder: Path,
) -> None:
    # Issue 21: an unusable data folder is replaced by a stated fallback, so the game is kept.
    app = make_app()
    click_cell(app, RED_FIRST)
    assert app.match.moves == 1  # the move stands
    assert (unwritable_data_folder / "autosave-pusher.json").is_file()
    click_cell(app, BLUE_PAIR)
    assert app.match.moves == 2


def test_save_asks_for_a_name_and_never_overwrites() -> None:
    app = make_app()
    click_cell(app, RED_FIRST)
    written = []
    for _ in range(2):
        key(app, pygame.K_s)
        assert isinstance(host_of(app).mode, TextPrompt)
        for letter in "twice":
            key(app, ord(letter), letter)
        key(app, pygame.K_RETURN)
        written.append(Path(app.message.rsplit(" to ", 1)[1]))
    assert written == [saves_dir() / "twice.json", saves_dir() / "twice-2.json"] or (
        written[0] != written[1] and all(p.parent == saves_dir() for p in written)
    )
    assert all(GameLog.load(p).to_json() == app.match.log.to_json() for p in written)
    key(app, pygame.K_s)
    key(app, pygame.K_ESCAPE)  # Esc: no save
    assert host_of(app).mode is app
    key(app, pygame.K_s)
    key(app, pygame.K_RETURN)  # no name: a dated one
    dated = Path(app.message.rsplit(" to ", 1)[1])
    assert dated.parent == saves_dir() and dated.name.startswith("pusher-2")


def test_a_bad_pace_on_the_command_line_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from pusher_sim.cli import main

    assert main(["play", "pusher", "--pace", "-1", "--screenshot", "x.png"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--pace" in err


def test_a_signal_while_the_window_runs_saves_the_game_and_says_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from pusher_sim.cli import main

    save = tmp_path / "kept.json"
    monkeypatch.setenv("PUSHER_DATA_DIR", str(tmp_path))  # no autosave to ask about first
    for sig, code in ((signal.SIGINT, 130), (signal.SIGTERM, 143)):
        before = signal.getsignal(sig)

        def send(sig: signal.Signals = sig, before: object = before) -> None:
            deadline = time.monotonic() + 60
            while signal.getsignal(sig) is before:  # until the window has taken the signal
                if time.monotonic() > deadline:
                    return
                time.sleep(0.05)
            time.sleep(0.3)
            os.kill(os.getpid(), sig)

        threading.Thread(target=send, daemon=True).start()
        args = ["play", "--seats", "human,human", "--seed", "5", "--save", str(save)]
        assert main(args) == code
        err = capsys.readouterr().err
        assert f"interrupted ({sig.name}); game saved to {save}" in err
        assert GameLog.load(save).seed == 5
        save.unlink()


# -- 4: idle means idle ----------------------------------------------------------------------


def test_the_window_does_not_redraw_while_nothing_happens() -> None:
    app = make_app()
    host = host_of(app)
    tick(app)
    frames = host.frames

    def close_later() -> None:
        time.sleep(1.0)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=close_later, daemon=True).start()
    host.loop()
    assert host.frames - frames <= 2  # the QUIT itself; 60 a second would be 60


def test_the_window_animates_at_full_rate_while_a_push_rolls() -> None:
    app = make_app(speed=1.0)
    play_opening(app)
    push_triangle(app, -40, 25)
    run_until(app, lambda: app.top.animation is not None)
    assert host_of(app).animating() and app.animating()


# -- 5: the replay says it is one, and steps ---------------------------------------------------


def test_the_replay_headline_and_step_back_pause() -> None:
    app = make_app()
    click_cell(app, RED_FIRST)
    click_cell(app, BLUE_PAIR)
    key(app, pygame.K_SPACE)
    settle(app)
    final = json.dumps(app.match.log.to_json())
    key(app, pygame.K_r)
    twin = host_of(app).mode
    assert isinstance(twin.top, PusherTable) and twin is not app and twin.replay is not None
    assert twin.top.view().headline.startswith("Replay: move 1 of 3")
    assert "to move" not in twin.top.view().headline
    key(app, pygame.K_SPACE)  # pause
    assert twin.top.view().headline == "Replay (paused): move 1 of 3"
    settle(app)
    assert twin.match.moves == 1
    key(app, pygame.K_RIGHT)
    settle(app)
    assert twin.match.moves == 2 and twin.top.view().headline == "Replay (paused): move 2 of 3"
    key(app, pygame.K_LEFT)
    settle(app)
    assert twin.match.moves == 1 and twin.top.view().headline == "Replay (paused): move 1 of 3"
    kept = host_of(app).save_now()  # interrupted mid-replay: the whole game is kept
    assert kept == [autosave_path("pusher")]
    assert json.dumps(GameLog.load(kept[0]).to_json()) == final
    key(app, pygame.K_r)  # R ends the replay at the game's end
    settle(app)
    assert app.replay is None and json.dumps(app.match.log.to_json()) == final


# -- 6: layout -------------------------------------------------------------------------------

LONG = "Red (human) to move: skip: no cup of another colour forms a triangle"


@pytest.mark.parametrize("size", [(1100, 800), (800, 600), (1920, 1080), (640, 480)])
@pytest.mark.parametrize("players", [2, 3])
def test_no_text_runs_into_another(size: tuple[int, int], players: int) -> None:
    game = SPEC.make_game({"players": players})
    layout = Layout.fit(game.board, size, players, 0.008)  # type: ignore[attr-defined]
    painter = Painter(layout)
    where = painter.status_rects(
        LONG, "P7: press Space to let the turn pass", "move 9   seed 123456789   H help"
    )
    assert not where.head.colliderect(where.side)
    assert where.head.right <= layout.width and where.side.left >= 0
    from pusher_sim.ui.pusher.scene import SeatShown

    for tray in layout.trays:
        view = SeatShown("Yellow", Colour.YELLOW, "strong", 17)
        header = pygame.Rect(tray.header.as_tuple())
        for rect, _size, _words in painter.tray_header_rects(tray, view, 17):
            assert header.contains(rect), (rect, header)
        top = tray.apex[1] - 0.8625 * tray.slot_px  # the wooden triangle's top corner
        assert top >= header.bottom
        assert tray.slot(0)[1] + 0.45 * tray.slot_px <= tray.box.y + tray.box.h
    assert layout.move_list.y >= layout.trays[-1].box.y + layout.trays[-1].box.h - 2


def test_the_rubber_band_stops_growing_at_the_strongest_flick(window: pygame.Surface) -> None:
    app = make_app()
    play_opening(app)
    cx, cy = app.top.game.board.triangle_centre(TRIANGLE)
    press = tuple(round(v) for v in app.top.layout.to_screen(cx, cy))
    far = (press[0], app.top.layout.height - 5)
    post(pygame.MOUSEMOTION, pos=press, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=press, button=1)
    post(pygame.MOUSEMOTION, pos=far, rel=(0, 0), buttons=(1, 0, 0))
    tick(app)
    assert app.top.aim is not None
    draw(app, window)
    pitch_px = app.top.layout.pixels(app.top.game.board.pitch)
    end = app.top.layout.to_screen(
        *band_end(app.top.aim.press, app.top.aim.drag, app.top.game.board.pitch)
    )
    assert end[1] < far[1] - pitch_px  # the band is shorter than the drag
    below = [pixel(window, press[0], y) for y in range(round(end[1] + 0.6 * pitch_px), far[1] - 30)]
    band = [pixel(window, press[0], y) for y in range(press[1] + 10, round(end[1]) - 5)]
    colours = set(band)
    assert colours and not colours & set(below[: len(below) // 2])


# -- 7: the centre cup after N ---------------------------------------------------------------


def test_the_centre_cup_is_highlighted_after_a_new_game(window: pygame.Surface) -> None:
    app = make_app(seats=("human", "bot"), agents=[None, FirstLegal()])
    click_cell(app, (0, 0))
    settle(app)
    key(app, pygame.K_n)
    key(app, pygame.K_y)
    settle(app)
    assert (0, 0) in app.top.scene.legal_cups
    draw(app, window)
    x, y = app.top.layout.cell_screen((0, 0))
    r = app.top.layout.pixels(0.47 * app.top.game.board.pitch)
    ring = [pixel(window, x + r * math.cos(a), y + r * math.sin(a)) for a in np.linspace(0, 6, 12)]
    assert sum(1 for c in ring if c[1] > 180 and c[0] < 200) >= 6  # the green ring, all round


def test_after_a_new_game_the_board_is_drawn_as_a_fresh_games_at_800x600() -> None:
    """Item 7 as the issue saw it: a game in progress at 800x600, the pointer resting on the
    centre cup it just filled, N: every pixel of the board is what a freshly opened table with
    that seed draws (and stays so after the first placement and the bot's answer)."""
    surface = pygame.display.set_mode((800, 600), pygame.RESIZABLE)
    app = make_app(seats=("human", "bot"), agents=[None, FirstLegal()])
    draw(app, surface)  # the layout of the 800x600 window
    click_cell(app, (0, 0))
    settle(app)
    at = screen_of(app, (0, 0))
    key(app, pygame.K_n)
    key(app, pygame.K_y)
    settle(app)
    fresh = make_app(seats=("human", "bot"), agents=[None, FirstLegal()], seed=app.match.seed)
    post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))
    tick(fresh)
    xs, ys = zip(*app.top.layout.frame_corners, strict=True)
    board = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def board_pixels(table: PusherTable) -> bytes:
        table.clock = 0.0  # the same phase of the highlights' pulse
        draw(table, surface)
        return pygame.image.tobytes(surface.subsurface(board), "RGB")

    assert (0, 0) in app.top.scene.legal_cups
    assert board_pixels(app) == board_pixels(fresh)
    for table in (app, fresh):
        click_cell(table, (2, 0))
        settle(table)
    assert app.match.log.actions == fresh.match.log.actions
    assert (0, 0) in app.top.scene.legal_cups
    assert board_pixels(app) == board_pixels(fresh)


# -- the press-strength gesture ----------------------------------------------------------------


def test_the_wheel_while_aiming_sets_the_press_strength(window: pygame.Surface) -> None:
    app = make_app()
    play_opening(app)
    cx, cy = app.top.game.board.triangle_centre(TRIANGLE)
    press = tuple(round(v) for v in app.top.layout.to_screen(cx, cy))
    release = (press[0] - 30, press[1] + 20)
    post(pygame.MOUSEMOTION, pos=press, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=press, button=1)
    post(pygame.MOUSEMOTION, pos=release, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    tick(app)
    key(app, pygame.K_UP)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_UP)
    assert app.top.strength == pytest.approx(0.8)
    assert app.top.aim is not None
    gauge = draw_strength_gauge(
        window, app.top.layout, app.top.aim.press, app.top.aim.drag, app.top.strength
    )
    assert (gauge.w > 0 and "press 80%" in app.message) or app.message.startswith("press strength")
    post(pygame.MOUSEBUTTONUP, pos=release, button=1)
    tick(app)
    settle(app)
    pushed = app.top.game.action_codec.decode(app.match.log.actions[-1])
    assert isinstance(pushed, Push) and pushed.strength == pytest.approx(0.8)
    for _ in range(20):
        post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    app.top.aim = None
    tick(app)
    assert app.top.strength == pytest.approx(0.8)  # the wheel only sets strength while aiming


# -- sounds ----------------------------------------------------------------------------------


def test_the_synthesised_sounds_are_short_audible_and_bounded() -> None:
    for name, wave in waveforms().items():
        assert 0.03 < len(wave) / 22050 < 0.5, name
        assert np.isfinite(wave).all() and np.abs(wave).max() <= 1.0 + 1e-9
        assert np.sqrt(np.mean(wave**2)) > 0.05, name


def test_sounds_play_on_moves_and_m_mutes() -> None:
    app = make_app()
    click_cell(app, RED_FIRST)
    assert app.sounds.played[-1] == "place"
    key(app, pygame.K_m)
    assert app.sounds.muted and "sound off" in app.top.view().aside
    key(app, pygame.K_m)
    assert not app.sounds.muted


def test_a_push_sounds_its_collisions_and_drops() -> None:
    push = Push(TRIANGLE, (0.001, 0.0), 2.5, 1.2)  # the press knocks into a triangle ball
    bot = ScriptedAgent([Place(RED_FIRST), Pass(), push])
    app = make_app(seats=("bot", "human"), agents=[bot, None], speed=1.0)  # real time
    settle(app)
    click_cell(app, BLUE_PAIR)
    settle(app)
    click_cell(app, BLUE_TRIANGLE)
    run_until(app, lambda: not app.top.busy and app.match.moves == 5)
    assert app.sounds.played.count("collision") >= 1 and "drop" in app.sounds.played


def test_no_mixer_means_silence_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: object, **__: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = Sounds()
    assert not sounds.available
    sounds.play("drop")
    assert sounds.played == ["drop"]


def test_a_bot_that_fails_stops_the_table_instead_of_retrying_every_frame() -> None:
    bot = ScriptedAgent([])  # has no move to give: its act raises
    app = make_app(seats=("bot", "human"), agents=[bot, None])
    run_until(app, lambda: "the bot failed" in app.message)
    assert settle(app) == 0  # nothing more is attempted: the window may sleep
    assert "the bot failed" in app.message and not app.flow.thinking


# -- the start screen --------------------------------------------------------------------------


def start_app() -> tuple[App, StartScreen]:
    """The start screen over a data folder of its own: no autosave of an earlier test is
    waiting (starting a game would first ask about it)."""
    os.environ["PUSHER_DATA_DIR"] = tempfile.mkdtemp(prefix="pusher-start-tests-")
    host = App(home=lambda h: StartScreen(h, AppConfig(pace=0.0)))
    host.home()
    assert isinstance(host.mode, StartScreen)
    return host, host.mode


def test_the_start_screen_sets_up_players_and_seats_and_starts() -> None:
    host, start = start_app()
    host.tick(FRAME)
    keyboard = [pygame.K_DOWN, pygame.K_RIGHT]  # players: 2 -> 3
    keyboard += [pygame.K_DOWN, pygame.K_DOWN, pygame.K_RIGHT]  # blue: a person -> the first bot
    for code in keyboard:
        post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    host.tick(FRAME)
    assert start.seats[0] == "human" and len(start.seats) == 3
    # Click the right half of the third seat's row: its choice moves on one.
    rect = next(r for r, what, step in start.hits if what == "seat2" and step == 1)
    before = start.seats[2]
    post(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
    host.tick(FRAME)
    assert start.seats[2] != before
    chosen = list(start.seats)
    button = next(r for r, what, _ in start.hits if what == "start")
    post(pygame.MOUSEBUTTONDOWN, pos=button.center, button=1)
    host.tick(FRAME)
    assert isinstance(host.mode.top, PusherTable)
    table = host.mode
    assert table.match.log.seats == chosen and table.top.game.num_players == 3


def test_continue_picks_up_the_autosaved_game() -> None:
    host, _start = start_app()
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    host.tick(FRAME)
    assert isinstance(host.mode.top, PusherTable)
    table = host.mode
    settle(table)
    click_cell(table, sorted(table.top.scene.legal_cups)[0])
    settle(table)
    log = json.dumps(table.match.log.to_json())
    key(table, pygame.K_ESCAPE)
    key(table, pygame.K_y)  # leave: back to the start screen
    assert isinstance(host.mode, StartScreen) and host.mode.can_continue()
    post(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="", scancode=0)
    host.tick(FRAME)
    assert isinstance(host.mode.top, PusherTable)
    again = host.mode
    settle(again)
    assert json.dumps(again.match.log.to_json()) == log


def test_a_game_naming_no_table_starts_on_the_text_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "nowindow", "tests.test_game_registry:TOY_WITHOUT_TABLE")
    host, start = start_app()
    start.games = ["pusher", "nowindow"]
    start.game = "nowindow"
    start.start()
    host.tick(FRAME)
    assert isinstance(host.mode, GameTable) and isinstance(host.mode.top, TextTable)


def test_pusher_play_without_arguments_opens_the_start_screen(tmp_path: Path) -> None:
    from pusher_sim.cli import main

    seen: list[object] = []
    done = threading.Event()

    def look_then_escape() -> None:
        while not done.wait(0.2):
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))

    threading.Thread(target=look_then_escape, daemon=True).start()
    real_show = App.show

    def spy(self: App, mode: object) -> None:
        seen.append(type(mode).__name__)
        real_show(self, mode)  # type: ignore[arg-type]

    App.show = spy  # type: ignore[method-assign]
    try:
        assert main(["play"]) == 0
    finally:
        App.show = real_show  # type: ignore[method-assign]
        done.set()
    assert seen == ["StartScreen"]
