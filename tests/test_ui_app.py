"""The Pusher window, played headless with real mouse and key events (issue 6).

Every test checks the game state the window ends with against the same moves made through the
State API, so the window can neither invent nor lose a move.
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import pygame
import pytest

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.physics import PhysicsResolver
from pusher_sim.push_resolution import PushOutcome, PushSpec
from pusher_sim.pusher import Pass, Place, Push, PusherConfig, PusherGame, ScriptedResolver
from pusher_sim.pusher.bots import RandomPusherBot
from pusher_sim.pusher.spec import SPEC
from pusher_sim.pusher.state import PusherState
from pusher_sim.saves import saves_dir
from pusher_sim.turnloop import Action, Agent, GameLog, Match, State
from pusher_sim.ui.pusher.aim import flick_from_drag
from pusher_sim.ui.pusher.pusher_table import PusherTable
from pusher_sim.ui.pusher.scene import Demand
from pusher_sim.ui.shell.app import AppConfig
from tests.ui_driver import (
    BLUE_PAIR,
    BLUE_TRIANGLE,
    RED_CUP,
    RED_FIRST,
    TRIANGLE,
    ScriptedAgent,
    Table,
    click,
    click_cell,
    drag,
    draw,
    host_of,
    key,
    load_save,
    make_app,
    open_table,
    opening_by_api,
    play_opening,
    run_until,
    screen_of,
    settle,
    tick,
    wait_for_push,
)

pytestmark = pytest.mark.usefixtures("window")


def demand(app: Table) -> Demand:
    """What the window says is due (read through a call, so a type checker does not narrow it)."""
    return app.top.scene.demand


def snapshot(app: Table) -> tuple[str, str]:
    return json.dumps(app.match.state.to_json()), json.dumps(app.match.log.to_json())


def the_push(app: Table, press_px: tuple[int, int], release_px: tuple[int, int]) -> Push:
    """The Push a press at ``press_px`` dragged to ``release_px`` stands for, in board terms."""
    board = app.top.game.board
    press = app.top.layout.to_board(*press_px)
    release = app.top.layout.to_board(*release_px)
    cx, cy = board.triangle_centre(TRIANGLE)
    flick = flick_from_drag(press, release, board.pitch, app.top.game.resolver.max_flick_speed)
    return Push(TRIANGLE, (press[0] - cx, press[1] - cy), flick.angle, flick.speed)


# -- placing ---------------------------------------------------------------------------------


def test_click_on_a_highlighted_cup_places_a_ball_as_the_api_would() -> None:
    app = make_app()
    assert RED_FIRST in app.top.scene.legal_cups
    click_cell(app, RED_FIRST)
    expected = app.top.game.new_initial_state()
    expected.apply(Place(RED_FIRST))
    assert app.match.state == expected
    assert app.match.log.actions == [Place(RED_FIRST).to_json()]
    assert app.top.scene.mover == 1


def test_click_on_an_illegal_cup_changes_nothing_and_says_why(window: pygame.Surface) -> None:
    app = make_app()
    draw(app, window)
    before_pixels = pygame.surfarray.array3d(window.subsurface(app.top.layout.message.as_tuple()))
    before = snapshot(app)
    click_cell(app, RED_CUP)  # a red cup: P2 forbids red to place there
    assert snapshot(app) == before
    assert app.warning and app.message.startswith("cup ")
    assert "red" in app.message
    after_pixels = pygame.surfarray.array3d(window.subsurface(app.top.layout.message.as_tuple()))
    assert (before_pixels != after_pixels).any()  # the message is on the screen


def test_click_beside_the_board_changes_nothing() -> None:
    app = make_app()
    before = snapshot(app)
    click(app, (5, app.top.layout.height // 2))
    assert snapshot(app) == before
    assert app.warning


def test_forced_triangle_highlights_only_the_cups_that_form_one() -> None:
    app = make_app()
    click_cell(app, RED_FIRST)
    click_cell(app, BLUE_PAIR)
    # Red to move with a pair on the board: both triangle cups are red, so red must skip (P7).
    assert app.top.scene.demand is Demand.SKIP
    before = snapshot(app)
    click_cell(app, (0, 2))  # an empty foreign cup, but a skip is due
    assert snapshot(app) == before
    key(app, pygame.K_SPACE)
    assert app.match.log.actions[-1] == Pass().to_json()
    assert demand(app) is Demand.FORM_TRIANGLE
    assert app.top.scene.legal_cups == frozenset({(1, 1), (2, -1)})


# -- pushing ---------------------------------------------------------------------------------


def test_press_drag_release_pushes_exactly_as_the_api_would() -> None:
    app = make_app()
    play_opening(app)
    assert app.top.scene.demand is Demand.PUSH and app.top.scene.pushable == (TRIANGLE,)
    cx, cy = app.top.game.board.triangle_centre(TRIANGLE)
    press = tuple(round(v) for v in app.top.layout.to_screen(cx + 0.001, cy))
    release = (press[0] - 40, press[1] + 25)
    drag(app, press, release)  # type: ignore[arg-type]
    push = the_push(app, press, release)  # type: ignore[arg-type]
    assert push.speed > 0
    # The flick points from the release point back through the press point.
    assert math.isclose(push.angle, math.atan2(25, 40), rel_tol=0.05)
    wait_for_push(app)  # the push plays out before the rules apply it
    settle(app)
    expected = opening_by_api(app.top.game)
    expected.apply(push)
    assert app.match.state == expected
    assert app.match.log.actions[-1] == push.to_json()
    assert not app.warning  # the animation ended where the rules did


def test_a_long_drag_is_capped_at_the_models_hardest_flick() -> None:
    app = make_app()
    play_opening(app)
    press = screen_of(app, (1, 0))
    cx, cy = app.top.game.board.triangle_centre(TRIANGLE)
    press = tuple(round(v) for v in app.top.layout.to_screen(cx, cy))  # type: ignore[assignment]
    drag(app, press, (press[0], app.top.layout.height - 2))
    settle(app)
    pushed = app.match.game.action_codec.decode(app.match.log.actions[-1])
    assert isinstance(pushed, Push)
    assert pushed.speed == app.top.game.resolver.max_flick_speed
    assert math.isclose(pushed.angle, math.pi / 2, abs_tol=0.05)  # dragged down, flicked up


def test_a_press_outside_every_pushable_triangle_is_refused() -> None:
    app = make_app()
    play_opening(app)
    before = snapshot(app)
    drag(app, screen_of(app, (-3, 0)), screen_of(app, (-4, 0)))
    assert app.top.animation is None
    assert snapshot(app) == before
    assert app.warning and app.message.startswith("press inside")


def test_frames_keep_coming_while_a_push_rolls() -> None:
    app = make_app(speed=1.0)
    play_opening(app)
    cx, cy = app.top.game.board.triangle_centre(TRIANGLE)
    press = tuple(round(v) for v in app.top.layout.to_screen(cx, cy))
    drag(app, press, (press[0] + 30, press[1]))  # type: ignore[arg-type]
    wait_for_push(app)
    animation = app.top.animation
    assert animation is not None
    moves = app.match.moves  # the push was resolved once, recorded, then played back
    shown = app.top.scene.moves
    frames = animation.frames
    for _ in range(10):
        assert tick(app)
    assert animation.frames == frames + 10 and animation.rolling
    assert shown == moves - 1 and app.top.scene.moves == shown  # the old position until it stops
    settle(app)
    assert app.top.scene.moves == app.match.moves == moves


# -- bots ------------------------------------------------------------------------------------


class BlockedAgent:
    """A bot that thinks until the test lets it answer."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.thinking = threading.Event()

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        self.thinking.set()
        assert self.go.wait(timeout=60)
        return Place(RED_FIRST)


def test_frames_keep_coming_while_a_bot_thinks() -> None:
    bot = BlockedAgent()
    app = make_app(seats=("bot", "human"), agents=[bot, None])
    tick(app)
    assert bot.thinking.wait(timeout=60)  # a hang guard
    for _ in range(30):
        assert tick(app)
    assert host_of(app).frames == 31
    assert app.flow.thinking and app.match.moves == 0
    before = snapshot(app)
    click_cell(app, BLUE_PAIR)  # not blue's turn yet: nothing happens
    assert snapshot(app) == before and "wait" in app.message
    bot.go.set()
    settle(app)
    assert app.match.log.actions == [Place(RED_FIRST).to_json()]


def test_a_bots_push_is_animated_and_lands_where_the_api_says() -> None:
    push = Push(TRIANGLE, (0.0005, 0.0), 2.0, 0.8)
    bot = ScriptedAgent([Place(RED_FIRST), Pass(), push])
    app = make_app(seats=("bot", "human"), agents=[bot, None])
    settle(app)
    click_cell(app, BLUE_PAIR)
    settle(app)
    click_cell(app, BLUE_TRIANGLE)
    seen: list[bool] = []

    def pushed() -> bool:
        seen.append(app.top.animation is not None)
        return not app.top.busy and app.match.moves == 5

    run_until(app, pushed)
    assert any(seen)
    expected = opening_by_api(app.top.game)
    expected.apply(push)
    assert app.match.state == expected


# -- keys ------------------------------------------------------------------------------------


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    app = make_app()
    click_cell(app, RED_FIRST)
    click_cell(app, BLUE_PAIR)
    key(app, pygame.K_s)
    for letter in tmp_path.name[:20]:
        key(app, ord(letter.lower()) if letter.isalpha() else pygame.K_UNKNOWN, letter)
    key(app, pygame.K_RETURN)
    saved = snapshot(app)
    path = saves_dir() / f"{tmp_path.name[:20]}.json"
    assert app.message == f"saved 2 moves to {path}"
    assert GameLog.load(path).to_json() == app.match.log.to_json()
    key(app, pygame.K_SPACE)
    click_cell(app, BLUE_TRIANGLE)
    assert snapshot(app) != saved
    load_save(app, path)
    assert snapshot(app) == saved
    assert app.message.startswith("loaded")


def test_loading_a_corrupt_file_changes_nothing_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": "pusher-log/1", "game": "pusher", "actions": [')
    app = make_app(save=str(path))
    click_cell(app, RED_FIRST)
    before = snapshot(app)
    load_save(app, path)
    assert snapshot(app) == before
    assert app.warning and app.message.startswith("cannot load") and "\n" not in app.message


def test_loading_a_log_with_an_illegal_move_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    app = make_app(save=str(path))
    log = GameLog.from_json(app.match.log.to_json())
    log.actions.append(Place(RED_CUP).to_json())
    log.movers.append(0)
    log.save(path)
    before = snapshot(app)
    load_save(app, path)
    assert snapshot(app) == before
    assert app.warning and "illegal" in app.message


def test_undo_takes_back_the_last_turn_through_the_match() -> None:
    app = make_app()
    click_cell(app, RED_FIRST)
    click_cell(app, BLUE_PAIR)
    key(app, pygame.K_u)
    settle(app)
    expected = app.top.game.new_initial_state()
    expected.apply(Place(RED_FIRST))
    assert app.match.state == expected
    assert app.top.scene.mover == 1


def test_replay_plays_the_game_again_with_its_push_animated() -> None:
    app = make_app()
    play_opening(app)
    cx, cy = app.top.game.board.triangle_centre(TRIANGLE)
    press = tuple(round(v) for v in app.top.layout.to_screen(cx, cy))
    drag(app, press, (press[0] - 20, press[1] - 30))  # type: ignore[arg-type]
    settle(app)
    final = snapshot(app)
    key(app, pygame.K_r)
    twin = host_of(app).mode
    assert isinstance(twin.top, PusherTable) and twin.replay is not None
    replaying = twin.replay
    assert twin.match.moves == 1 and replaying.total - replaying.position == 4  # one replayed
    seen: list[bool] = []

    def replayed() -> bool:
        seen.append(twin.top.animation is not None)
        return host_of(app).mode is app

    run_until(app, replayed)
    assert any(seen)
    assert snapshot(app) == final


def test_new_game_starts_afresh_with_the_next_seed() -> None:
    app = make_app(seed=7)
    click_cell(app, RED_FIRST)
    key(app, pygame.K_n)
    assert app.match.moves == 1  # a game is in progress: N asks first
    key(app, pygame.K_y)
    assert app.match.moves == 0 and app.match.seed != 7 and app.match.log.seed == app.match.seed
    assert app.match.state == app.top.game.new_initial_state()


def test_help_toggles_and_escape_quits() -> None:
    app = make_app()
    key(app, pygame.K_h)
    assert app.show_help
    key(app, pygame.K_h)
    assert not app.show_help
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert tick(app) is False


def test_the_board_scales_with_the_window_and_clicks_follow_it() -> None:
    app = make_app()
    scale = app.top.layout.scale
    pygame.display.set_mode((700, 500), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=700, h=500, size=(700, 500)))
    tick(app)
    assert app.top.layout.width == 700 and app.top.layout.scale < scale
    click_cell(app, RED_FIRST)
    assert app.match.log.actions == [Place(RED_FIRST).to_json()]


def test_a_log_from_the_api_loads_into_the_window(tmp_path: Path) -> None:
    app = make_app(save=str(tmp_path / "g.json"))
    match = Match(app.top.game, [None, None], seed=1, seat_names=["human", "human"])
    for action in (Place(RED_FIRST), Place(BLUE_PAIR), Pass(), Place(BLUE_TRIANGLE)):
        match.step(action)
    match.log.save(tmp_path / "g.json")
    load_save(app, tmp_path / "g.json")
    assert app.match.state == match.state
    assert app.top.scene.demand is Demand.PUSH


class NoPath(PhysicsResolver):
    """A resolver that never records a path (asked to or not)."""

    def resolve(
        self, board: Board, balls: Mapping[Cell, Colour], push: PushSpec, *, record: bool = False
    ) -> PushOutcome:
        return ScriptedResolver().resolve(board, balls, push)


def test_a_push_without_a_recorded_path_shows_the_rules_result() -> None:
    game = PusherGame(PusherConfig(players=2), NoPath())
    match = Match(game, [None, None], seed=1, seat_names=["human", "human"])
    app = open_table(AppConfig(seats=("human", "human"), speed=8.0), match=match)
    play_opening(app)
    cx, cy = game.board.triangle_centre(TRIANGLE)
    press = tuple(round(v) for v in app.top.layout.to_screen(cx, cy))
    drag(app, press, (press[0] + 30, press[1] + 10))  # type: ignore[arg-type]
    settle(app)
    assert not app.warning and app.match.moves == 5 and app.top.scene.moves == 5
    state = app.match.state
    assert isinstance(state, PusherState)
    assert dict(app.top.scene.balls) == state.balls


def test_the_end_of_the_game_is_shown_and_saved(tmp_path: Path) -> None:
    game = PusherGame(PusherConfig(players=2, balls_per_player=1), PhysicsResolver())
    match = Match(game, [None, None], seed=1, seat_names=["human", "human"])
    save = tmp_path / "end.json"
    app = open_table(AppConfig(seats=("human", "human"), save=str(save)), match=match)
    click_cell(app, RED_FIRST)  # red's only ball: the tray is empty, red wins (P12)
    tick(app)
    assert app.top.scene.demand is Demand.OVER and app.top.scene.result.startswith("Red wins")
    assert GameLog.load(save).actions == [Place(RED_FIRST).to_json()]
    before = snapshot(app)
    click_cell(app, BLUE_PAIR)
    assert snapshot(app) == before


def test_a_game_given_on_the_command_line_loads_off_the_frame_loop(tmp_path: Path) -> None:
    game = SPEC.make_game({"players": 2})
    match = Match(game, [None, None], seed=3, seat_names=["human", "human"])
    for action in (Place(RED_FIRST), Place(BLUE_PAIR), Pass(), Place(BLUE_TRIANGLE)):
        match.step(action)
    match.log.save(tmp_path / "g.json")
    app = open_table(AppConfig(load=str(tmp_path / "g.json")))
    assert app.match.moves == 0 and app.loading  # the window is up before the replay
    settle(app)
    assert app.match.state == match.state and app.match.seed == 3
    assert app.top.scene.demand is Demand.PUSH


def test_the_window_says_push_again_after_a_push_that_brought_nothing_home() -> None:
    """P11(a), read off a real game: scripted pushes, random bots, until a pusher must go again."""
    game = SPEC.make_game({"players": 2, "resolver": "scripted"})
    bots: list[Agent | None] = [RandomPusherBot(), RandomPusherBot()]
    for seed in range(50):
        match = Match(game, bots, seed=seed)
        while not match.state.is_terminal() and match.moves < 300:
            mover = match.state.current_player()
            action = match.step()
            state = match.state
            assert isinstance(state, PusherState)
            if (
                isinstance(action, Push)
                and not state.is_terminal()
                and state.current_player() == mover
                and state.duty().kind == "push"
            ):
                match.agents = [None, None]
                app = open_table(AppConfig(seats=("human", "human")), match=match)
                assert app.top.scene.demand is Demand.PUSH_AGAIN
                assert app.top.scene.headline.endswith("to move: push again")
                assert set(app.top.scene.pushable) == set(state.duty().triangles)
                return
    raise AssertionError("no game had a push again")
