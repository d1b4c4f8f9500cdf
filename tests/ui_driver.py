"""Driving the Pusher window as a person would: real pygame events posted to a headless window.

Shared by the tests/test_ui_*.py files. The dummy video and audio drivers are set here, before
pygame opens anything, so the tests run headless whatever the environment says; the user's data
folder (autosaves, named saves) is a fresh temporary folder, never the real one.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PUSHER_DATA_DIR"] = tempfile.mkdtemp(prefix="pusher-ui-tests-")

from collections.abc import Callable, Sequence

import numpy as np
import pygame

from pusher_sim.board import Cell
from pusher_sim.physics import PhysicsResolver
from pusher_sim.pusher import Pass, Place, PusherConfig, PusherGame
from pusher_sim.turnloop import Action, Agent, Match, State
from pusher_sim.ui.common.game_table import GameTable
from pusher_sim.ui.pusher.pusher_table import PusherTable
from pusher_sim.ui.pusher.pusher_table import open_table as open_pusher
from pusher_sim.ui.shell.app import App, AppConfig
from tests import table_driver as gestures
from tests.table_driver import FRAME as FRAME  # the tests read the frame from here
from tests.table_driver import post

Table = GameTable[PusherTable]


# A short opening that reaches every kind of turn (cells in axial q, r):
RED_FIRST = (1, 0)  # a blue cup: red's first ball
BLUE_PAIR = (2, 0)  # a yellow cup next to it: a pair, so P5 applies
# The two cups that would form a triangle, (1, 1) and (2, -1), are both red: red must skip (P7).
BLUE_TRIANGLE = (1, 1)  # blue completes the triangle: red must push it (P6)
TRIANGLE = ((1, 0), (1, 1), (2, 0))
RED_CUP = (1, 1)  # red may never place here (P2)


def new_game(players: int = 2) -> PusherGame:
    """A Pusher game made with the ``exact`` hand, so a test can say where a push it drags goes
    (the hand's own window tests are in test_ui_animation.py and test_pusher_hand.py)."""
    return PusherGame(PusherConfig(players=players, hand="exact"), PhysicsResolver())


def open_table(config: AppConfig, match: Match | None = None, home: bool = False) -> Table:
    """A Pusher table shown by a fresh app (``home``: with the start screen behind it)."""
    from pusher_sim.ui.shell.start_screen import StartScreen

    host = App(home=(lambda h: StartScreen(h, config)) if home else None)
    table = open_pusher(host, config, match)
    host.show(table)
    return table


def make_app(
    seats: Sequence[str] = ("human", "human"),
    agents: Sequence[Agent | None] | None = None,
    speed: float = 8.0,
    save: str | None = None,
    seed: int = 1,
    pace: float = 0.0,
) -> Table:
    game = new_game(len(seats))
    match = Match(game, list(agents or [None] * len(seats)), seed=seed, seat_names=list(seats))
    config = AppConfig(seats=tuple(seats), seed=seed, save=save, speed=speed, pace=pace)
    return open_table(config, match)


def host_of(table: Table) -> App:
    host = table.host
    assert isinstance(host, App)
    return host


def tick(table: Table, dt: float = 1.0 / 60.0) -> bool:
    """One frame of the app showing ``table`` (whatever mode it shows now)."""
    return host_of(table).tick(dt)


def applied(table: Table, seconds: float = 60.0) -> None:
    """Run frames while a move is applied off the frame loop (a person's move is then in the
    match and on the table, as it is a few frames after the click in play)."""
    deadline = time.monotonic() + seconds
    while table.flow.applying:
        assert time.monotonic() < deadline, "the move was never applied"
        tick(table)
        time.sleep(0.001)


def settle(table: Table) -> int:
    return host_of(table).settle()


def draw(table: Table, surface: pygame.Surface) -> None:
    mode = host_of(table).mode
    assert mode is not None
    mode.draw(surface)


def screen_of(app: Table, cell: Cell) -> tuple[int, int]:
    x, y = app.top.layout.cell_screen(cell)
    return (round(x), round(y))


def click(app: Table, pos: tuple[int, int]) -> None:
    """Press and release the left button at ``pos``, run one frame, and wait for the move."""
    gestures.click(app, pos)
    applied(app)


def click_cell(app: Table, cell: Cell) -> None:
    click(app, screen_of(app, cell))


def push_triangle(app: Table, dx: int, dy: int) -> None:
    """Press at the centre of ``TRIANGLE`` and flick by dragging ``(dx, dy)`` pixels."""
    cx, cy = app.top.game.board.triangle_centre(TRIANGLE)
    x, y = app.top.layout.to_screen(cx, cy)
    press = (round(x), round(y))
    drag(app, press, (press[0] + dx, press[1] + dy))


def drag(app: Table, start: tuple[int, int], end: tuple[int, int], moves: int = 6) -> None:
    """Press at ``start``, move to ``end`` in a few motion events (a frame each), release, and
    wait for the move."""
    gestures.drag(app, start, end, moves)
    applied(app)


def run_until(app: Table, done: Callable[[], bool], seconds: float = 60.0) -> int:
    """Run frames until ``done()``; returns the frames run.

    Work off the frame loop (a bot thinking, a push being set up) takes wall time, which a
    loaded machine stretches; so the limit is in seconds, and a frame waits a millisecond
    while such work is under way instead of spinning through a fixed number of frames.
    """
    deadline = time.monotonic() + seconds
    frames = 0
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up after {seconds} s and {frames} frames: {app.message}")
        tick(app)
        frames += 1
        if app.top.working:
            time.sleep(0.001)
    return frames


def wait_for_push(app: Table) -> None:
    """Run frames until the push being set up off the frame loop starts to roll."""
    run_until(app, lambda: app.top.animation is not None)


def key(app: Table, code: int, unicode: str = "") -> None:
    post(pygame.KEYDOWN, key=code, mod=0, unicode=unicode, scancode=0)
    tick(app)
    applied(app)


def play_opening(app: Table) -> None:
    """Red places, blue pairs, red skips, blue forms the triangle: red must now push."""
    click_cell(app, RED_FIRST)
    click_cell(app, BLUE_PAIR)
    key(app, pygame.K_SPACE)
    click_cell(app, BLUE_TRIANGLE)
    settle(app)


def opening_by_api(game: PusherGame) -> State:
    state = game.new_initial_state()
    for action in (Place(RED_FIRST), Place(BLUE_PAIR), Pass(), Place(BLUE_TRIANGLE)):
        state.apply(action)
    return state


class ScriptedAgent:
    """A bot that plays the moves it is given, in order (a stand-in for a person's plan)."""

    def __init__(self, actions: Sequence[Action], then: Agent | None = None) -> None:
        self.actions = list(actions)
        self.then = then  # who plays once the given moves run out (None: running out is a bug)
        self.played: list[Action] = []

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        if not self.actions and self.then is not None:
            action = self.then.act(state, seat, legal, rng)
        else:
            action = self.actions.pop(0)
        self.played.append(action)
        return action


def load_save(app: Table, path: Path) -> None:
    """L, Y if the window asks whether to leave the game in progress, then the save at ``path``
    picked from the list with the arrow keys and Enter; runs until the load is done."""
    from pusher_sim.ui.shell.dialogs import Choose, Confirm

    key(app, pygame.K_l)
    if isinstance(host_of(app).mode, Confirm):
        key(app, pygame.K_y)
    chooser = host_of(app).mode
    assert isinstance(chooser, Choose), app.message
    names = [item.split(": ")[-1] for item in chooser.items]  # "Pusher: name.json"
    for _ in range(names.index(path.name)):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    settle(app)


class FirstLegal:
    """A bot that plays the first legal action (placements in reading order, or a pass)."""

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        return legal[0]
