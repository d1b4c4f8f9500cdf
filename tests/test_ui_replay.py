"""R on the Push and Push Over tables, played with real key events: the game so far again from
the start, Right one move on, Left one back, Space pause, the headline saying it is a replay,
and R or Esc back to the live game exactly as it was left."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from pusher_sim.turnloop.match import Match
from pusher_sim.ui.common.game_table import GameTable
from pusher_sim.ui.pushover.pushover_table import PushOverTable
from pusher_sim.ui.pushover.pushover_table import open_table as open_pushover
from pusher_sim.ui.rummy.rummy_table import RummyTable
from pusher_sim.ui.rummy.rummy_table import open_table as open_rummy
from pusher_sim.ui.shell import widgets
from pusher_sim.ui.shell.app import App
from pusher_sim.ui.shell.config import AppConfig
from tests import table_driver as drv

GAMES = {
    "pushover": (("human", "expected"), 12),
    "rummy": (("human", "strong", "strong", "strong"), 40),
}
"""Each game's seats and how many moves into it the replay is started."""
PACE = 0.5
"""Seconds between replayed moves: long enough that a test can tell each move apart."""


pytestmark = pytest.mark.usefixtures("window")


def played(game: str, people: tuple[str, ...] = ()) -> Match:
    """A match some moves in, with a person to move (their moves chosen by a bot); ``people``:
    other seats than the game's usual ones."""
    seats, moves = GAMES[game]
    seats = people or seats
    match = drv.make_match(game, seats, seed=3)
    chooser = drv.bot_for(game)
    while match.moves < moves or not match.needs_input():
        if match.needs_input():
            seat = match.state.current_player()
            legal = match.state.legal_actions()
            match.step(chooser.act(match.state, seat, legal, match.rng(seat + 1)))
        else:
            match.step()
    return match


def live_table(game: str, match: Match) -> GameTable:
    app = App()
    config = AppConfig(game=game, size=drv.SIZE, speed=1000.0, pace=PACE, sound=False)
    opener = open_rummy if game == "rummy" else open_pushover
    table: GameTable = opener(app, config, match)
    app.show(table)
    drv.tick(table)
    return table


def shown(table: GameTable) -> GameTable:
    """The table on screen now (the replay while one runs)."""
    mode = drv.app_of(table).mode
    assert isinstance(mode, GameTable)
    return mode


def frames(table: GameTable, seconds: float) -> None:
    for _ in range(round(seconds / drv.FRAME)):
        drv.tick(table)


def news_of(table: GameTable) -> tuple[object, ...]:
    """What the table says about the moves so far: "what happened", and in Push Over the dice
    on show and the last turn's summary."""
    if isinstance(table.top, PushOverTable):
        return (list(table.top.news), table.top.dice, table.top.roller, table.top.summary)
    assert isinstance(table.top, RummyTable)
    return (list(table.top.news),)


def still(table: GameTable) -> None:
    """Frames until the replay's last move has finished its animation."""
    drv.run_until(table, lambda: not shown(table).holding())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_r_replays_the_game_and_the_keys_step_back_pause_and_end_it(game: str) -> None:
    match = played(game)
    log = (list(match.log.actions), list(match.log.movers))
    before = match.state.clone()
    table = live_table(game, match)
    viewer = table.flow.viewer
    drv.key(table, pygame.K_r)
    replay = shown(table)
    assert replay is not table and replay.replay is not None
    assert replay.match is not match and replay.flow.viewer == viewer
    assert replay.match.moves <= 1  # from the start
    frames(table, 3 * PACE)  # it plays on by itself, one move per pace
    assert 2 <= replay.replay.position <= 5
    assert replay.match.log.actions == log[0][: replay.replay.position]

    drv.key(table, pygame.K_SPACE)  # pause
    still(table)
    at = replay.replay.position
    frames(table, 3 * PACE)
    assert replay.replay.position == at and replay.replay.paused
    assert not replay.animating()  # a paused replay lets the window sleep

    news = news_of(replay)
    assert news[0]
    drv.key(table, pygame.K_RIGHT)  # one move on
    still(table)
    assert replay.replay.position == at + 1 == replay.match.moves
    drv.key(table, pygame.K_LEFT)  # and back, saying again what led there
    assert replay.replay.position == at and news_of(replay) == news
    drv.key(table, pygame.K_LEFT)
    assert replay.replay.position == at - 1 == replay.match.moves
    assert replay.match.log.actions == log[0][: at - 1]
    again = drv.make_match(game, GAMES[game][0], seed=3)
    for data in log[0][: at - 1]:
        again.step(again.game.action_codec.decode(data))
    assert replay.match.state == again.state  # the position as it was after those moves

    drv.key(table, pygame.K_SPACE)  # resume
    frames(table, 2 * PACE)
    assert replay.replay.position > at - 1 and not replay.replay.paused

    drv.key(table, pygame.K_ESCAPE)  # end it: the live game, just as it was
    assert shown(table) is table and table.match is match
    assert (match.log.actions, match.log.movers) == log
    assert match.state == before and table.flow.viewer == viewer
    assert table.flow.awaiting == viewer  # the person may move on


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_headline_says_it_is_a_replay(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    table = live_table(game, played(game))
    written: list[str] = []
    real_text = widgets.text

    def recorded(surface: pygame.Surface, words: str, *args: object, **kw: object) -> None:
        written.append(words)
        real_text(surface, words, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr("pusher_sim.ui.common.game_table.text", recorded)
    surface = pygame.display.get_surface()
    table.draw(surface)
    assert not any(w.startswith("Replay") for w in written)
    drv.key(table, pygame.K_r)
    drv.key(table, pygame.K_SPACE)
    written.clear()
    shown(table).draw(surface)
    position = shown(table).replay
    assert position is not None
    assert f"Replay (paused): move {position.position} of {table.match.moves}" in written
    assert any("Left back" in w and "Right step" in w for w in written)  # and its keys


@pytest.mark.parametrize("game", sorted(GAMES))
def test_nobody_moves_in_a_replay_and_r_ends_it(game: str) -> None:
    match = played(game)
    log = list(match.log.actions)
    table = live_table(game, match)
    drv.key(table, pygame.K_r)
    drv.key(table, pygame.K_SPACE)
    replay = shown(table)
    still(table)
    at = replay.match.moves
    for code in (pygame.K_n, pygame.K_s, pygame.K_l, pygame.K_u, pygame.K_RETURN, pygame.K_1):
        drv.key(table, code)
        assert shown(table) is replay and replay.match.moves == at, code
    w, h = drv.SIZE
    for x in range(20, w, 90):
        for y in range(20, h, 90):
            drv.click(table, (x, y))
    assert shown(table) is replay and replay.match.moves == at
    assert "replay" in replay.message and replay.warning  # said where the keys are written
    drv.key(table, pygame.K_r)
    assert shown(table) is table and match.log.actions == log


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_replay_that_reaches_the_end_returns_to_the_game(game: str) -> None:
    match = played(game)
    table = live_table(game, match)
    drv.key(table, pygame.K_r)
    drv.run_until(table, lambda: shown(table) is table, seconds=60.0)
    assert table.match is match and "end of the replay" in table.message
    assert table.flow.awaiting == table.flow.viewer


def test_the_window_closing_during_a_replay_keeps_the_live_game(tmp_path: Path) -> None:
    match = played("pushover")
    table = live_table("pushover", match)
    drv.key(table, pygame.K_r)
    drv.key(table, pygame.K_SPACE)
    assert shown(table) is not table
    written = drv.app_of(table).save_now()
    assert written, "nothing was saved"
    saved = json.loads(written[0].read_text())
    assert saved["actions"] == match.log.actions  # the whole game, not the rewound one


def test_no_replay_while_the_screen_waits_to_be_passed() -> None:
    """Between two people nobody has said who is looking, so a replay would not know whose
    hand it may show: R waits until someone takes the screen."""
    match = played("rummy", ("human", "strong", "human", "strong"))
    table = live_table("rummy", match)
    assert table.flow.pass_to >= 0  # a hot-seat game just opened shows nobody's hand
    drv.key(table, pygame.K_r)
    assert shown(table) is table and "take the screen" in table.message
    drv.key(table, pygame.K_SPACE)  # the person to move has it now
    drv.key(table, pygame.K_r)
    replay = shown(table)
    assert replay is not table and replay.flow.viewer == table.flow.viewer == table.flow.awaiting
