"""The turn flow of the card and dice tables: bots wait a readable pace and think off the frame
loop; a hidden hand is never shown to the next person before they take the screen."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from pusher_sim.ui.common.turn_flow import TurnFlow
from pushover.actions import Roll
from rummy.actions import Discard
from tests.table_driver import make_match


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUSHER_DATA_DIR", str(tmp_path))


def test_a_bot_waits_its_pace_then_thinks_off_the_frame_loop() -> None:
    flow = TurnFlow(make_match("pushover", ("expected", "human"), 1), False, pace=0.5)
    for _ in range(4):  # 0.4 s of frames: still waiting, nothing played
        assert flow.update(0.1) is None and not flow.thinking
    assert flow.busy()  # frames keep coming while a bot is due
    flow.update(0.2)
    assert flow.thinking and flow.match.moves == 0
    deadline = time.monotonic() + 60  # a hang guard: the bot thinks on a thread
    while (played := flow.update(0.0)) is None:
        assert time.monotonic() < deadline
        time.sleep(0.001)
    assert played.action == Roll(0) and played.mover == 0


def test_hidden_hands_wait_for_the_next_person_to_take_the_screen() -> None:
    match = make_match("rummy", ("human", "human", "human", "human"), 2)
    flow = TurnFlow(match, True, pace=0.0, autosave=False)
    assert flow.pass_to == 0 and flow.update(0.0) is None  # nobody sees anything yet
    flow.take_screen()
    while flow.update(0.0) is not None:  # the deal
        pass
    first = match.state.current_player()
    assert flow.viewer == first == flow.awaiting and flow.pass_to == -1
    flow.play(match.state.legal_actions()[0])  # draw
    flow.play(next(a for a in match.state.legal_actions() if isinstance(a, Discard)))
    seat = match.state.current_player()
    assert flow.pass_to == seat != flow.viewer == first and flow.awaiting == -1
    assert not flow.busy()  # the window sleeps until the person clicks
    flow.take_screen()
    assert flow.viewer == seat == flow.awaiting


def test_a_new_or_loaded_hot_seat_game_starts_with_a_screen_pass() -> None:
    match = make_match("rummy", ("human", "bot", "human", "bot"), 2)
    flow = TurnFlow(match, True, pace=0.0, autosave=False)
    flow.take_screen()
    flow.viewer = 2  # South has the screen when someone presses N
    flow.replace(make_match("rummy", ("human", "bot", "human", "bot"), 3))
    assert flow.pass_to == 0 and flow.awaiting == -1  # North's hand waits for North


def test_a_bot_thinks_while_the_last_move_is_on_screen() -> None:
    """Issue 26, item 13 (the window's part): a bot's decision starts while the table still
    shows the last move, so a bot's chain of moves plays on without a pause for thinking;
    the move itself waits for the animation and then the pace."""
    flow = TurnFlow(make_match("pushover", ("expected", "human"), 1), False, pace=0.3)
    assert flow.update(0.1, hold=True) is None
    assert flow.thinking  # thinking under the animation
    deadline = time.monotonic() + 60  # a hang guard: the bot thinks on a thread
    while not flow._job.done():  # type: ignore[union-attr]
        assert time.monotonic() < deadline
        time.sleep(0.001)
    assert flow.update(0.1, hold=True) is None  # decided, but the animation is still on
    assert flow.update(0.2) is None  # the pace runs once the animation is over
    played = flow.update(0.2)
    assert played is not None and played.action == Roll(0) and flow.match.moves == 1
