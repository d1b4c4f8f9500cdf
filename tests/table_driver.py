"""Driving the Push and Push Over tables as a person would: real pygame events posted to a
headless window (the one window fixture is tests/conftest.py's), one frame at a time.

Shared by tests/test_ui_rummy_table.py and tests/test_ui_pushover_table.py; its clicks and drags
are tests/ui_driver.py's too (which then waits for the Pusher move to be applied). The dummy
drivers are set here, before pygame opens anything.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame

from pusher_sim.turnloop.agents import Agent
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import HUMAN, get_spec
from pusher_sim.ui.common.game_table import GameTable
from pusher_sim.ui.pushover.pushover_table import open_table as open_pushover
from pusher_sim.ui.rummy.rummy_table import open_table as open_rummy
from pusher_sim.ui.shell.app import App
from pusher_sim.ui.shell.config import AppConfig

FRAME = 1.0 / 60.0
SIZE = (1100, 800)


def make_match(game: str, seats: Sequence[str], seed: int) -> Match:
    """A match whose person seats are ``human``; the others are the named bots."""
    spec = get_spec(game)
    made = spec.make_game({"players": len(seats)})
    return Match(made, spec.make_agents(made, seats), seed=seed, seat_names=list(seats))


def bot_for(game: str, name: str = "strong") -> Agent:
    """A bot that chooses a person's moves for the test (the same kind the API match uses)."""
    spec = get_spec(game)
    agent = spec.make_agents(spec.make_game({"players": 4 if game == "rummy" else 2}), [name])[0]
    assert agent is not None
    return agent


def open_table(match: Match, speed: float) -> GameTable:
    """The game's table, shown by a real :class:`App` (no start screen: leaving closes it)."""
    app = App()
    config = AppConfig(game=match.game.name, size=SIZE, speed=speed, pace=0.0, sound=False)
    opener = open_rummy if match.game.name == "rummy" else open_pushover
    table: GameTable = opener(app, config, match)
    app.show(table)
    return table


def app_of(table: GameTable) -> App:
    assert isinstance(table.host, App)
    return table.host


def post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def tick(table: GameTable, dt: float = FRAME) -> None:
    """One frame of the app showing ``table``: events, update, draw."""
    app_of(table).tick(dt)


def click(table: GameTable, pos: tuple[int, int], button: int = 1) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    tick(table)


def drag(table: GameTable, start: tuple[int, int], end: tuple[int, int], moves: int = 4) -> None:
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    tick(table)
    for k in range(1, moves + 1):
        x = round(start[0] + (end[0] - start[0]) * k / moves)
        y = round(start[1] + (end[1] - start[1]) * k / moves)
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        tick(table)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    tick(table)


def key(table: GameTable, code: int) -> None:
    post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    tick(table)


def run_until(table: GameTable, done: Callable[[], bool], seconds: float = 60.0) -> int:
    """Frames (at least one: a person acts on what is drawn) until ``done()``; a bot thinks on a
    thread, so the limit is in seconds: a hang guard, with room for a loaded machine."""
    deadline = time.monotonic() + seconds
    tick(table)
    frames = 1
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up after {frames} frames: {table.message}")
        tick(table)
        frames += 1
        if table.flow.thinking:
            time.sleep(0.0005)
    return frames


def api_match(
    game: str, seats: Sequence[str], seed: int, bot: str, stop: Callable[[Match], bool]
) -> Match:
    """The same game played through the API: every person replaced by ``bot``."""
    match = make_match(game, [bot if s == HUMAN else s for s in seats], seed)
    while not match.state.is_terminal() and not stop(match):
        match.step()
    return match
