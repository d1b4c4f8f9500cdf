"""Playing a push's recorded path back ends exactly where the rules' resolver put the balls
(issue 6), at any frame rate, without simulating anything (issue 19)."""

from __future__ import annotations

import itertools

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.physics import PhysicsConfig, PhysicsResolver
from pusher_sim.push_resolution import PushOutcome, PushPath, PushSpec
from pusher_sim.pusher import ScriptedResolver
from pusher_sim.ui.pusher.push_animation import FLY_SECONDS, ROLL_SECONDS, PushAnimation
from pusher_sim.ui.shell.config import AppConfig

BOARD = Board()
TRIANGLE = ((1, 0), (1, 1), (2, 0))
BALLS: dict[Cell, Colour] = {(1, 0): Colour.RED, (2, 0): Colour.BLUE, (1, 1): Colour.BLUE}
SEATS = {Colour.RED: 0, Colour.BLUE: 1}
HOME = (1, 1)
"""A red cup beside (1, 0)."""


def play(animation: PushAnimation, dt: float, frames: int = 100_000) -> int:
    for n in range(frames):
        if animation.finished:
            return n
        animation.update(dt)
    raise AssertionError("the animation never finished")


def resting(animation: PushAnimation) -> list[tuple[float, float, Colour]]:
    return sorted((round(x, 9), round(y, 9), c) for x, y, c in animation.board_balls())


def cups_of(outcome: PushOutcome) -> list[tuple[float, float, Colour]]:
    return sorted(
        (round(BOARD.position(cell)[0], 9), round(BOARD.position(cell)[1], 9), col)
        for cell, col in outcome.balls
        if BOARD.colour(cell) != col
    )


def test_a_played_back_push_ends_where_the_resolver_puts_the_balls() -> None:
    push = PushSpec(TRIANGLE, Colour.RED, (0.001, 0.0), 2.5, 1.2)
    outcome = PhysicsResolver(PhysicsConfig()).resolve(BOARD, BALLS, push, record=True)
    assert outcome.path is not None
    for dt in (1 / 60, 1 / 144, 1 / 23):  # any frame rate
        animation = PushAnimation(BOARD, outcome, [16, 15], SEATS)
        frames = play(animation, dt)
        assert resting(animation) == cups_of(outcome)
        assert animation.resting_cells() == {
            c: col for c, col in outcome.balls if BOARD.colour(c) != col
        }
        # Real time up to ROLL_SECONDS (longer paths are played faster), then the flight home.
        rolling = min(outcome.path.duration, ROLL_SECONDS) / dt
        assert rolling - 1 <= frames <= rolling + (FLY_SECONDS + 0.2) / dt + 2


def test_the_path_is_followed_between_its_recorded_frames() -> None:
    push = PushSpec(TRIANGLE, Colour.RED, (0.0, 0.0), 1.0, 0.8)
    outcome = PhysicsResolver(PhysicsConfig()).resolve(BOARD, BALLS, push, record=True)
    path = outcome.path
    assert path is not None and len(path.frames) > 3
    animation = PushAnimation(BOARD, outcome, [16, 15], SEATS)
    step = path.interval / animation.roll_speed  # wall time per recorded frame
    animation.update(2 * step)
    xy = [(round(x, 12), round(y, 12)) for _, x, y in animation.positions()]
    assert xy == [(round(p[0], 12), round(p[1], 12)) for p in path.frames[2]]
    animation.update(0.5 * step)  # half way to the next frame
    a, b = path.frames[2][-1], path.frames[3][-1]
    _, x, y = animation.positions()[-1]
    assert abs(x - (a[0] + b[0]) / 2) < 1e-9 and abs(y - (a[1] + b[1]) / 2) < 1e-9


def test_returned_balls_fly_to_their_owners_trays() -> None:
    resolver = PhysicsResolver(PhysicsConfig())
    for angle, speed in itertools.product((0.0, 1.0, 2.0, 2.5, 3.0, 4.0, 5.0), (0.5, 1.0, 1.2)):
        push = PushSpec(TRIANGLE, Colour.RED, (0.001, 0.0), angle, speed)
        outcome = resolver.resolve(BOARD, BALLS, push, record=True)
        back = [(c, col) for c, col in outcome.balls if BOARD.colour(c) == col]
        if back:  # a push that sends at least one ball home
            break
    assert back
    animation = PushAnimation(BOARD, outcome, [16, 15], SEATS)
    while animation.rolling:
        animation.update(1 / 60)
    assert sorted(b.colour for b in animation.flying) == sorted(col for _, col in back)
    assert len(animation.board_balls()) == len(outcome.balls) - len(back)
    before = animation.tray_counts()
    assert before == [16, 15]  # nothing has landed yet
    play(animation, 1 / 60)
    after = animation.tray_counts()
    for seat, colour in ((0, Colour.RED), (1, Colour.BLUE)):
        assert after[seat] == before[seat] + sum(1 for _, col in back if col == colour)
    landed = [(b.seat, b.slot) for b in animation.flying]
    assert len(set(landed)) == len(landed)  # each flies to its own hollow


def test_a_long_frame_skips_ahead_and_finish_jumps_to_the_end() -> None:
    push = PushSpec(TRIANGLE, Colour.RED, (0.0, 0.0), 0.0, 1.0)
    outcome = PhysicsResolver(PhysicsConfig()).resolve(BOARD, BALLS, push, record=True)
    animation = PushAnimation(BOARD, outcome, [16, 15], SEATS)
    animation.update(10.0)  # a frame that took ten seconds: the push is over, nothing stalls
    assert not animation.rolling
    other = PushAnimation(BOARD, outcome, [16, 15], SEATS)
    other.update(1 / 60)
    other.finish()  # Space: the end at once
    assert other.finished and resting(other) == cups_of(outcome)


def test_a_scripted_game_glides_to_the_scripted_outcome() -> None:
    resolver = ScriptedResolver()
    push = PushSpec(TRIANGLE, Colour.RED, (0.0, 0.0), 1.0, 0.5)
    outcome = resolver.resolve(BOARD, BALLS, push, record=True)
    animation = PushAnimation(BOARD, outcome, [16, 15], SEATS)
    play(animation, 1 / 60)
    assert resting(animation) == cups_of(outcome)


def test_an_outcome_without_a_path_shows_the_balls_in_their_cups() -> None:
    push = PushSpec(TRIANGLE, Colour.RED, (0.0, 0.0), 1.0, 0.5)
    outcome = ScriptedResolver().resolve(BOARD, BALLS, push)
    assert outcome.path is None
    animation = PushAnimation(BOARD, outcome, [16, 15], SEATS)
    assert not animation.rolling
    play(animation, 1 / 60)
    assert resting(animation) == cups_of(outcome)


def test_a_bots_turn_of_one_push_is_shown_in_under_3_seconds_at_the_default_pace() -> None:
    """Issue 33: the pace before a bot's push, then its path and the flight of a returned ball
    home, counted in 60 Hz frames (window time, not the clock): under 3 s even for a path of
    4 simulated seconds (the balls' last slow millimetres), which is played faster to fit."""
    start, end = BOARD.position((1, 0)), BOARD.position(HOME)
    steps = 480  # 4 s at 120 Hz: the red ball rolls home to a red cup and flies to the tray
    frames = tuple(
        ((start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps,
          0.0),)
        for k in range(steps + 1)
    )  # fmt: skip
    path = PushPath((Colour.RED,), (HOME,), 1.0 / 120.0, frames)
    assert BOARD.colour(HOME) == Colour.RED
    outcome = PushOutcome(((HOME, Colour.RED),), True, 4.0, steps, "test", path)
    animation = PushAnimation(BOARD, outcome, [16, 17], SEATS)
    shown = play(animation, 1 / 60) / 60 + AppConfig().pace
    assert path.duration == 4.0 and shown < 3.0
