"""The Pusher table as a GameTable (issue 19): a push simulated once per move and played back,
Space / a click / F to hurry what is on screen, the last push's result kept when a game is
restored, and the text that ran past its box."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest

from pusher_sim.board import Colour, Triangle
from pusher_sim.physics import PhysicsResolver, PushSimulation
from pusher_sim.pusher import Pass, Place, Push, PusherConfig, PusherGame
from pusher_sim.pusher.state import PusherState
from pusher_sim.turnloop import Match
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.ui.common.game_table import COMMON_HELP
from pusher_sim.ui.pusher.aim_painter import draw_strength_gauge
from pusher_sim.ui.pusher.board_painter import Painter
from pusher_sim.ui.pusher.move_list import MoveEntry, MoveList, push_result
from pusher_sim.ui.pusher.pusher_table import HELP_LINES, PusherTable
from pusher_sim.ui.pusher.screen_layout import Layout
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.dialogs import Choose
from pusher_sim.ui.shell.widgets import ACCENT, font, text_size
from tests.joined_here import joined_here
from tests.ui_driver import (
    BLUE_PAIR,
    BLUE_TRIANGLE,
    FRAME,
    RED_FIRST,
    TRIANGLE,
    FirstLegal,
    ScriptedAgent,
    click,
    click_cell,
    draw,
    host_of,
    key,
    make_app,
    open_table,
    play_opening,
    push_triangle,
    run_until,
    settle,
    tick,
    wait_for_push,
)

pytestmark = pytest.mark.usefixtures("window")


# -- a push is simulated once per move --------------------------------------------------------


@pytest.fixture
def simulations(monkeypatch: pytest.MonkeyPatch) -> list[PushSimulation]:
    """Every PushSimulation made from now on, whoever makes it."""
    made: list[PushSimulation] = []
    original = PushSimulation.__init__

    def counting(self: PushSimulation, *args: Any, **kwargs: Any) -> None:
        made.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(PushSimulation, "__init__", counting)
    return made


def test_a_persons_push_is_simulated_once_and_its_record_played_back(
    simulations: list[PushSimulation],
) -> None:
    game = PusherGame(PusherConfig(players=2), PhysicsResolver())
    match = Match(game, [None, None], seed=1, seat_names=["human", "human"])
    app = open_table(AppConfig(seats=("human", "human"), speed=8.0), match=match)
    play_opening(app)
    assert simulations == []
    push_triangle(app, 30, 10)
    wait_for_push(app)
    animation = app.top.animation
    assert animation is not None and len(animation.path.frames) > 2  # the recorded path
    settle(app)
    assert len(simulations) == 1 and app.match.moves == 5
    assert app.top.scene.balls == tuple(sorted(animation.resting_cells().items()))


def test_a_bots_push_and_its_replay_are_each_simulated_once(
    simulations: list[PushSimulation],
) -> None:
    push = Push(TRIANGLE, (0.0005, 0.0), 2.0, 0.8)
    bot = ScriptedAgent([Place(RED_FIRST), Pass(), push])
    game = PusherGame(PusherConfig(players=2), PhysicsResolver())
    match = Match(game, [bot, None], seed=1, seat_names=["bot", "human"])
    app = open_table(AppConfig(seats=("bot", "human"), speed=8.0, pace=0.0), match=match)
    settle(app)
    click_cell(app, BLUE_PAIR)
    settle(app)
    click_cell(app, BLUE_TRIANGLE)
    run_until(app, lambda: len(app.top.moves.entries) == 5 and app.top.push is None)
    assert len(simulations) == 1
    key(app, pygame.K_r)  # the replay resolves the logged push once more, and only once
    run_until(app, lambda: host_of(app).mode is app, seconds=120)
    assert len(simulations) == 2


# -- item 12: hurrying what is on screen ------------------------------------------------------


def test_space_finishes_the_push_on_screen() -> None:
    app = make_app(speed=1.0)
    play_opening(app)
    push_triangle(app, 30, 10)
    wait_for_push(app)
    assert app.top.animation is not None and app.top.animation.rolling
    key(app, pygame.K_SPACE)
    tick(app)
    assert app.top.animation is None and app.top.scene.moves == app.match.moves == 5
    assert app.top.note.startswith("Red's push")


def test_a_click_finishes_the_push_on_screen() -> None:
    app = make_app(speed=1.0)
    play_opening(app)
    push_triangle(app, 30, 10)
    wait_for_push(app)
    click(app, (5, 5))
    tick(app)
    assert app.top.animation is None and app.top.scene.moves == 5


def test_f_fast_forwards_the_bots_turn() -> None:
    bots = [FirstLegal(), FirstLegal()]
    app = make_app(seats=("bot", "bot", "human"), agents=[*bots, None], pace=0.8, speed=1.0)
    tick(app)
    key(app, pygame.K_f)
    assert app.top.fast
    frames = run_until(app, lambda: app.top.awaiting_person)
    # Two bot moves at a pace of 0.8 s would take about 96 frames; fast-forwarded they don't.
    assert frames < 0.8 / FRAME and app.match.moves == 2
    tick(app)
    assert not app.top.fast and app.flow.pace == 0.8  # the pace is back for the next round


# -- item 13: a restored game keeps the last push's result -------------------------------------


def test_a_restored_game_shows_the_last_push_result(tmp_path: Path) -> None:
    app = make_app()
    play_opening(app)
    push_triangle(app, 30, 10)
    settle(app)
    note = app.top.note
    assert note.startswith("Red's push")
    path = tmp_path / "game.json"
    app.match.log.save(path)
    restored = open_table(AppConfig(load=str(path)))
    settle(restored)
    assert restored.match.moves == 5 and restored.top.note == note


# -- item 7: text that ran past its box -------------------------------------------------------


def test_a_push_that_brought_nothing_home_says_so_once() -> None:
    game = PusherGame(PusherConfig(players=2), PhysicsResolver())
    state = game.position({(1, 0): Colour.RED}, to_move=0)
    assert isinstance(state, PusherState) and state.last_returned == ()
    words = push_result(state, 0)
    assert words == "Red's push: nothing came back: Red moves again"
    assert words.count("came back") == 1


def card_box(surface: pygame.Surface, card: tuple[int, int, int]) -> pygame.Rect:
    found = np.argwhere(np.all(pygame.surfarray.array3d(surface) == card, axis=2))
    (x0, y0), (x1, y1) = found.min(axis=0), found.max(axis=0)
    return pygame.Rect(int(x0), int(y0), int(x1 - x0 + 1), int(y1 - y0 + 1))


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_a_panel_with_key_columns_holds_its_lines(size: tuple[int, int]) -> None:
    game = PusherGame(PusherConfig(players=3), PhysicsResolver())
    painter = Painter(Layout.fit(game.board, size, 3, 0.008))
    background = (255, 0, 255)
    surface = pygame.Surface(size)
    surface.fill(background)
    lines = (
        "R\treplay (Space pause, Left back, Right step, R or Esc end)",
        "Right button\tcancel a push while aiming",
    )
    painter.draw_panel(surface, "Pusher - how to play", lines)
    blended = tuple(
        round(c * (1 - 225 / 255) + f * 225 / 255)
        for c, f in zip(background, (12, 14, 20), strict=True)
    )
    box = card_box(surface, blended)  # type: ignore[arg-type]
    drawn = np.argwhere(np.any(pygame.surfarray.array3d(surface) != background, axis=2))
    assert drawn[:, 0].max() <= box.right + 1 and drawn[:, 0].min() >= box.left - 1


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_the_help_shows_every_line_whole(size: tuple[int, int]) -> None:
    lines = [*HELP_LINES, "", *COMMON_HELP]
    body = max(16, size[1] // 32)
    widest = max(font(body).size(s)[0] for s in lines) + 2 * body
    assert widest <= size[0] - 20  # the panel is never cut to the window: no line is shortened
    assert text_size(size) > 0


def test_the_load_lists_highlight_holds_the_descenders(window: pygame.Surface) -> None:
    class Blank:
        def handle(self, event: pygame.event.Event) -> None: ...
        def update(self, dt: float) -> None: ...
        def draw(self, surface: pygame.Surface) -> None:
            surface.fill((0, 0, 0))

        def animating(self) -> bool:
            return False

    app = make_app()
    chooser = Choose(host_of(app), Blank(), "Load a game", ["gjpqy-jig.json"], lambda n: None)
    surface = pygame.Surface((800, 600))
    chooser.draw(surface)
    pixels = pygame.surfarray.array3d(surface).astype(int)
    ring = np.argwhere(np.all(pixels == ACCENT, axis=2))
    assert len(ring)
    (left, top), (right, bottom) = ring.min(axis=0), ring.max(axis=0)
    below = pixels[left + 4 : right - 4, bottom + 1 : bottom + 12]
    assert below.sum(axis=2).max() < 3 * 90, "a letter's descender runs out of the highlight"
    inside = pixels[left + 4 : right - 4, top + 3 : bottom - 2]
    assert inside.sum(axis=2).max() > 3 * 120  # the item is drawn inside it


def bottom_triangle(game: PusherGame) -> tuple[dict[tuple[int, int], Colour], Triangle]:
    """Three balls in a triangle on the board's two lowest rows (none in a cup of its colour)."""
    board = game.board
    low = -board.radius
    for tri in game.geo.triangles:
        if min(c[1] for c in tri) == low:
            balls = {}
            for cell in tri:
                balls[cell] = next(c for c in game.colours if c != board.colour(cell))
            if game.geo.is_pushable(balls, tri):
                return balls, tri
    raise AssertionError("no triangle on the bottom rows")


def test_a_flick_aimed_down_shows_its_arrowhead_over_the_message_line(
    window: pygame.Surface,
) -> None:
    game = PusherGame(PusherConfig(players=2), PhysicsResolver())
    balls, tri = bottom_triangle(game)
    match = Match(game, [None, None], seed=1, seat_names=["human", "human"])
    match.state = game.position(balls, to_move=0)
    app = open_table(AppConfig(seats=("human", "human"), size=(800, 600)), match=match)
    surface = pygame.display.set_mode((800, 600))
    tick(app)
    cx, cy = game.board.triangle_centre(tri)
    x, y = app.top.layout.to_screen(cx, cy)
    press = (round(x), round(y))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=press, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1))
    top = (press[0], max(0, press[1] - round(app.top.layout.pixels(6 * game.board.pitch))))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=top, rel=(0, 0), buttons=(1, 0, 0))
    )
    tick(app)
    assert app.top.aim is not None
    flick = app.top.aimed_flick()
    assert flick.fraction == 1.0 and math.isclose(flick.angle, -math.pi / 2, abs_tol=0.05)
    draw(app, surface)
    bars = pygame.Rect(app.top.layout.note.as_tuple()).union(app.top.layout.message.as_tuple())
    shot = pygame.surfarray.array3d(surface.subsurface(bars)).astype(int)
    red = (shot[:, :, 0] > 200) & (shot[:, :, 1] < 110) & (shot[:, :, 2] < 90)
    assert red.any(), "the arrowhead is hidden under the text lines"


def test_the_recorder_pickles_without_a_kept_path() -> None:
    """A bot's search sends the game's resolver to worker processes: it must stay small."""
    import pickle

    from pusher_sim.pusher.push_recorder import PushRecorder
    from pusher_sim.ui.pusher.push_record import apply_recorded

    game = PusherGame(PusherConfig(players=2), PhysicsResolver())
    match = Match(game, [None, None], seed=1, seat_names=["human", "human"])
    for action in (Place(RED_FIRST), Place(BLUE_PAIR), Pass(), Place(BLUE_TRIANGLE)):
        assert apply_recorded(match, action) is None
    outcome = apply_recorded(match, Push(TRIANGLE, (0.0, 0.0), 1.0, 0.8))
    assert outcome is not None and outcome.path is not None
    recorder = game.resolver
    assert isinstance(recorder, PushRecorder) and recorder.kept is None
    copy = pickle.loads(pickle.dumps(recorder))
    assert isinstance(copy, PushRecorder) and copy.kept is None and copy.armed_by is None
    assert copy.model == recorder.model


def test_a_loaded_game_takes_its_pushes_from_the_log(
    simulations: list[PushSimulation], tmp_path: Path
) -> None:
    """A log records each push's outcome: loading it simulates nothing, and the move list and
    the result line still say what every push did."""
    app = make_app()
    play_opening(app)
    push_triangle(app, 30, 10)
    settle(app)
    path = tmp_path / "game.json"
    app.match.log.save(path)
    simulations.clear()
    restored = open_table(AppConfig(load=str(path)))
    settle(restored)
    assert simulations == [] and restored.match.state == app.match.state
    assert [e.line for e in restored.top.moves.entries] == [e.line for e in app.top.moves.entries]
    assert restored.top.note == app.top.note


# -- item 8: seats named as on the other tables ------------------------------------------------


def test_pusher_seats_are_named_as_on_the_other_tables() -> None:
    """Seats read "you", "bot", "random bot", as on the start screen, Push and Push Over."""
    app = make_app(seats=("human", "bot", "random"), agents=[None, FirstLegal(), FirstLegal()])
    assert [s.label for s in app.top.scene.seats] == ["you", "bot", "random bot"]
    assert app.top.scene.headline.startswith("Red (you) to move")
    tray = app.top.layout.trays[2]
    words = [w for _r, _s, w in app.top.painter.tray_header_rects(tray, app.top.scene.seats[2], 17)]
    assert words[0] == "Yellow  (random bot)"


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_an_aim_dragged_out_of_the_window_stays_inside_the_board_area(
    size: tuple[int, int],
) -> None:
    """Issue 26, item 1: from the bottom rows, dragging straight down past the window's edge
    draws nothing of the aim (band, label, gauge) over the text bars; the flick still counts."""
    game = PusherGame(PusherConfig(players=2), PhysicsResolver())
    balls, tri = bottom_triangle(game)
    match = Match(game, [None, None], seed=1, seat_names=["human", "human"])
    match.state = game.position(balls, to_move=0)
    app = open_table(AppConfig(seats=("human", "human"), size=size), match=match)
    surface = pygame.display.set_mode(size)
    tick(app)
    x, y = app.top.layout.to_screen(*game.board.triangle_centre(tri))
    press = (round(x), round(y))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=press, rel=(0, 0), buttons=(0,)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1))
    below = (press[0], size[1] + 40)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=below, rel=(0, 0), buttons=(1,)))
    tick(app)
    assert app.top.aim is not None and app.top.aimed_flick().fraction > 0.5
    lay = app.top.layout
    bars = pygame.Rect(lay.note.as_tuple()).union(lay.message.as_tuple())
    draw(app, surface)
    aiming = pygame.surfarray.array3d(surface.subsurface(bars)).copy()
    gauge = draw_strength_gauge(surface, app.top.layout, app.top.aim.press, app.top.aim.drag, 0.5)
    assert pygame.Rect(lay.board_box.as_tuple()).contains(gauge)
    aim, app.top.aim = app.top.aim, None
    draw(app, surface)
    plain = pygame.surfarray.array3d(surface.subsurface(bars))
    assert (aiming == plain).all(), "the aim is drawn over the text bars"
    app.top.aim = aim


def test_a_restored_game_keeps_the_last_push_result_after_a_bot_placed(tmp_path: Path) -> None:
    """Issue 26, item 2: the bot answered the push by placing; the result of the push (not of
    the last action) is on screen before and after the game is restored."""
    bot = ScriptedAgent([Place(BLUE_PAIR), Place(BLUE_TRIANGLE)], then=FirstLegal())
    app = make_app(seats=("human", "bot"), agents=[None, bot])
    click_cell(app, RED_FIRST)
    settle(app)
    key(app, pygame.K_SPACE)
    settle(app)
    push_triangle(app, 40, 25)  # sends one of Red's balls back, so the turn passes (P11)
    settle(app)
    log = app.match.log
    assert log.actions[-2]["type"] == "Push" and log.actions[-1]["type"] == "Place"
    assert log.movers[-1] == 1 and app.top.note.startswith("Red's push:")
    path = tmp_path / "game.json"
    log.save(path)
    restored = open_table(AppConfig(load=str(path), seats=("human", "bot")))
    settle(restored)
    assert restored.match.moves == app.match.moves and restored.top.note == app.top.note


def test_a_space_just_after_an_animation_ends_is_swallowed() -> None:
    """Issue 26, item 9: a Space meant to finish the bot's move on screen that comes just after
    it ended does not pass; a Space a moment later does."""
    bot = ScriptedAgent([Place(BLUE_PAIR)])
    app = make_app(seats=("human", "bot"), agents=[None, bot], pace=0.3)
    click_cell(app, RED_FIRST)
    run_until(app, lambda: app.top.drop is not None)  # blue's ball drops in
    run_until(app, lambda: app.top.drop is None)
    assert app.top.scene.can_pass and app.match.moves == 2  # red must skip (P7)
    key(app, pygame.K_SPACE)
    assert app.match.moves == 2 and not app.warning  # swallowed: it was meant for the drop
    for _ in range(30):
        tick(app)
    key(app, pygame.K_SPACE)
    settle(app)
    assert app.match.moves == 3 and app.match.log.actions[-1]["type"] == "Pass"


def test_a_chain_of_pushes_by_one_seat_reads_as_one_turn_in_the_move_list() -> None:
    """Issue 26, item 13 (the window's part): Blue pushing the same triangle again and again
    is one line of the move list, not a screenful."""
    red, blue = Colour.RED, Colour.BLUE
    listed = MoveList()
    listed.add(MoveEntry(1, red, "Red", "place F5", ((0, 0),)))
    for n in range(2, 16):
        listed.add(MoveEntry(n, blue, "Blue", "push J1 K1 J2: 0 back", TRIANGLE))
    listed.add(MoveEntry(16, blue, "Blue", "push J1 K1 J2: 2 back", TRIANGLE))
    listed.add(MoveEntry(17, red, "Red", "place A1", ((4, 0),)))
    lines = [e.line for e in listed.visible(10)]
    assert lines == [
        "1. Red: place F5",
        "2-16. Blue: 15 pushes of J1 K1 J2: 2 back",
        "17. Red: place A1",
    ]
    listed.scroll_by(5, 2)
    assert [e.label for e in listed.visible(2)] == ["1", "2-16"]


def test_a_joined_window_shows_no_seed(tmp_path: Path) -> None:
    """A joined window follows a match whose seed only the host holds: its status line names
    none (it once said "seed 0", the client's placeholder); a window at home names its own."""
    spec = get_spec("pusher")
    game = spec.make_game({"players": 2, "resolver": "scripted"})
    match = Match(game, [None, None], seed=17, seat_names=["human", "human"])
    joined = joined_here(match, tmp_path, (1100, 800), taken=1)
    config = AppConfig(game="pusher", size=(1100, 800), speed=1000.0, pace=0.0, sound=False)
    assert isinstance(joined.top, PusherTable)
    assert "seed" not in joined.top.view().aside, joined.top.view().aside
    at_home = open_table(config, Match(game, [None, None], seed=17))
    assert "seed 17" in at_home.top.view().aside
