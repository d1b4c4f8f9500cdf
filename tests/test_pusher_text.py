"""Pusher at the terminal: the drawing, the prompt and every typed command, good and bad."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pusher_sim.errors import UserError
from pusher_sim.pusher import Pass, Place, Push
from pusher_sim.pusher.push_words import clock_hour, hand_effect, side
from pusher_sim.pusher.text import PusherTextUI
from pusher_sim.turnloop import Match
from pusher_sim.turnloop.terminal import play_in_terminal
from tests.pusher_positions import (
    EMPTY,
    P4_TRIANGLE,
    PAIR_NEEDING_RED,
    RED_SENT_BACK,
    DrawnOutcome,
    make,
)

TRI = ((-2, 0), (-2, 1), (-1, 0))


def test_render_shows_board_trays_duty_and_the_listed_triangles() -> None:
    state = make(P4_TRIANGLE)
    ui = PusherTextUI(state.game)
    text = ui.render(state, 0)
    assert "B   B b y r" in text
    assert "C  R B k b y" in text
    assert "red (seat 0) tray 4" in text and "blue (seat 1) tray 3" in text
    assert "(P6)" in text
    assert "1. C1 B1 C2" in text
    assert ui.prompt(state, 0) == "red (seat 0), push N"


def test_cups_are_named_by_row_letter_and_place_or_by_coordinates() -> None:
    ui = PusherTextUI(make(EMPTY).game)
    assert ui.cell("A1") == (-2, 2)
    assert ui.cell("c3") == (0, 0)
    assert ui.cell("E3") == (2, -2)
    assert ui.cell("1,-1") == (1, -1)
    for bad in ("F1", "A4", "Z", "3,3", "x,y"):
        with pytest.raises(UserError, match="no cup"):
            ui.cell(bad)


def test_parse_places_passes_and_pushes() -> None:
    state = make(P4_TRIANGLE)
    ui = PusherTextUI(state.game)
    assert ui.parse("C5", state, 0) == Place((2, 0))
    assert ui.parse("place c5", state, 0) == Place((2, 0))
    assert ui.parse("pass", state, 0) == Pass()
    assert ui.parse("push 1", state, 0) == Push(TRI)
    assert ui.parse("push C2 B1 C1", state, 0) == Push(TRI)
    push = ui.parse("push 1 at 1.5 -2 flick 90 0.4", state, 0)
    assert isinstance(push, Push)
    assert push.offset == pytest.approx((0.0015, -0.002))
    assert push.angle == pytest.approx(math.pi / 2)
    assert push.speed == 0.4
    assert push.strength == 0.5
    assert ui.parse("push 1 press 40%", state, 0) == Push(TRI, strength=0.4)
    assert ui.parse("push 1 flick 0 1 press 0", state, 0) == Push(TRI, speed=1.0, strength=0.0)
    assert str(Push(TRI, strength=0.4)).endswith(": pressed 40% at the centre")


def test_a_push_reads_as_a_sentence_and_the_hand_as_a_few_words() -> None:
    """Issue 36: the push said as a sentence (press, where, flick toward a clock hour), not as
    a log's figures; issue 33: what the hand made of it."""
    push = Push(TRI, (0.0015, 0.0), math.pi / 2, 0.4, 0.7)
    assert str(push).endswith(
        ": pressed 70% 1.5 mm right of the centre, flicked at 0.40 m/s toward 12 o'clock"
    )
    assert clock_hour(math.radians(-30)) == 4 and side(-1.0, 1.0) == "up-left"
    made = Push(TRI, (0.0011, 0.0), math.pi / 2 - math.radians(2), 0.416, 0.721)
    assert hand_effect(push, made) == "0.4 mm left, 3% harder, flick 2 deg clockwise, 4% faster"
    assert hand_effect(push, None) == "made as aimed"
    assert hand_effect(push, Push(TRI, (0.00151, 0.0), math.pi / 2, 0.4, 0.7)) == (
        "as aimed, near enough"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "type a cup"),
        ("jump", "no cup"),
        ("jump high", "unknown command"),
        ("pass now", "nothing after"),
        ("place", "one cup"),
        ("push", "which triangle"),
        ("push 2", "no triangle 2"),
        ("push C1 C2", "three cups"),
        ("push 1 at 1", "after the triangle"),
        ("push 1 flick up 1", "not a number"),
        ("push 1 flick 0 nan", "finite"),
        ("push 1 press 120%", "0% to 100%"),
        ("push 1 press", "after the triangle"),
    ],
)
def test_parse_explains_bad_input(text: str, message: str) -> None:
    state = make(P4_TRIANGLE)
    with pytest.raises(UserError, match=message):
        PusherTextUI(state.game).parse(text, state, 0)


def test_a_game_at_the_terminal_with_typos_undo_and_a_skip() -> None:
    state = make(PAIR_NEEDING_RED)
    game = state.game
    match = Match(game, [None, None], seed=1)
    match.state = state
    typed = iter(["B1", "C5", "pass", "help", "A3 A2", "quit"])
    out: list[str] = []
    play_in_terminal(match, PusherTextUI(game), read=lambda _: next(typed), write=out.append)
    shown = "\n".join(out)
    assert "skip" in shown  # red's duty is the P7 skip
    assert "! P2" in shown  # B1 is a red cup
    assert "! P7" in shown  # C5 is free, but red skips
    assert "commands:" in shown
    assert "! unknown command" in shown
    assert "bye" in shown
    assert match.state.current_player() == 1


def test_undo_at_the_terminal_takes_the_placement_back() -> None:
    game = make(EMPTY).game
    match = Match(game, [None, None], seed=1)
    typed = iter(["C5", "undo", "quit"])
    play_in_terminal(match, PusherTextUI(game), read=lambda _: next(typed), write=lambda _: None)
    assert match.moves == 0 and match.state.balls == {}


def test_render_lists_the_legal_cups_in_reading_order_and_the_result() -> None:
    state = make(PAIR_NEEDING_RED, to_move=1)
    ui = PusherTextUI(state.game)
    assert "cups: B1 D1" in ui.render(state, 1)
    won = make(EMPTY, balls_per_player=1)
    won.apply(Place((2, 0)))
    assert "red (seat 0) wins" in PusherTextUI(won.game).render(won, 1)


def test_render_says_which_balls_the_last_push_sent_back() -> None:
    state = make(P4_TRIANGLE, resolver=DrawnOutcome(RED_SENT_BACK))
    state.apply(Push(TRI))
    text = PusherTextUI(state.game).render(state, 0)
    assert "last push sent back: red from A2, blue from D2" in text


WORDS = st.sampled_from(["push", "place", "pass", "at", "flick", "1", "2", "C1", "B1", "C2", "A1"])


@given(st.one_of(st.text(max_size=30), st.lists(WORDS, max_size=9).map(" ".join)))
def test_any_typed_text_is_an_action_or_a_clear_user_error(text: str) -> None:
    for position in (P4_TRIANGLE, EMPTY):
        state = make(position)
        try:
            action = PusherTextUI(state.game).parse(text, state, 0)
        except UserError as exc:
            assert str(exc)
        else:
            assert isinstance(action, Place | Push | Pass)


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_any_finite_flick_direction_reads_as_an_hour_of_the_clock(angle: float) -> None:
    """A saved push may carry any finite angle (``pusher replay --verbose`` read 1e308 and
    crashed converting it to degrees); its hour is the hour of the same direction turned back
    into one turn."""
    hour = clock_hour(angle)
    assert 1 <= hour <= 12
    assert hour == clock_hour(math.remainder(angle, math.tau))
