"""Playing a push out frame by frame ends exactly where the rules' resolver ends (issue 6)."""

from __future__ import annotations

import itertools

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.physics import PhysicsConfig, PhysicsResolver, PushSimulation
from pusher_sim.push import PushSpec
from pusher_sim.pusher import ScriptedResolver
from pusher_sim.ui.pusher.push_animation import FLY_SECONDS, PushAnimation, TweenPush, start_push

BOARD = Board()
TRIANGLE = ((1, 0), (1, 1), (2, 0))
BALLS: dict[Cell, Colour] = {(1, 0): Colour.RED, (2, 0): Colour.BLUE, (1, 1): Colour.BLUE}
SEATS = {Colour.RED: 0, Colour.BLUE: 1}


def play(animation: PushAnimation, dt: float, frames: int = 100_000) -> int:
    for n in range(frames):
        if animation.finished:
            return n
        animation.update(dt)
    raise AssertionError("the animation never finished")


def test_an_animated_push_ends_where_the_resolver_puts_the_balls() -> None:
    config = PhysicsConfig()
    push = PushSpec(TRIANGLE, Colour.RED, (0.001, 0.0), 2.5, 1.2)
    expected = PhysicsResolver(config).resolve(BOARD, BALLS, push)
    for dt in (1 / 60, 1 / 144, 1 / 23):  # any frame rate, any number of steps per frame
        sim = PushSimulation(BOARD, BALLS, push, config)
        animation = PushAnimation(BOARD, sim, config.time_step, [16, 15], SEATS)
        frames = play(animation, dt)
        assert animation.outcome() == expected
        # Real time: about sim_time / dt frames to roll, then the flight back to the trays.
        rolling = expected.sim_time / dt
        assert rolling <= frames <= rolling + (FLY_SECONDS + 0.2) / dt + 2


def test_returned_balls_fly_to_their_owners_trays() -> None:
    config = PhysicsConfig()
    resolver = PhysicsResolver(config)
    for angle, speed in itertools.product((0.0, 1.0, 2.0, 2.5, 3.0, 4.0, 5.0), (0.5, 1.0, 1.2)):
        push = PushSpec(TRIANGLE, Colour.RED, (0.001, 0.0), angle, speed)
        outcome = resolver.resolve(BOARD, BALLS, push)
        back = [(c, col) for c, col in outcome.balls if BOARD.colour(c) == col]
        if back:  # a push that sends at least one ball home
            break
    assert back
    sim = PushSimulation(BOARD, BALLS, push, config)
    animation = PushAnimation(BOARD, sim, config.time_step, [16, 15], SEATS)
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


def test_the_animation_never_runs_more_physics_per_frame_than_its_cap() -> None:
    config = PhysicsConfig()
    push = PushSpec(TRIANGLE, Colour.RED, (0.0, 0.0), 0.0, 1.0)
    sim = PushSimulation(BOARD, BALLS, push, config)
    animation = PushAnimation(BOARD, sim, config.time_step, [16, 15], SEATS)
    animation.update(10.0)  # a frame that took ten seconds (the window was dragged)
    assert 0 < sim.steps <= 64 and animation.rolling


def test_a_scripted_game_glides_to_the_scripted_outcome() -> None:
    resolver = ScriptedResolver()
    push = PushSpec(TRIANGLE, Colour.RED, (0.0, 0.0), 1.0, 0.5)
    sim, step = start_push(BOARD, BALLS, push, resolver)
    assert isinstance(sim, TweenPush)
    animation = PushAnimation(BOARD, sim, step, [16, 15], SEATS)
    play(animation, 1 / 60)
    outcome = resolver.resolve(BOARD, BALLS, push)
    assert animation.outcome() == outcome
    resting = sorted((round(x, 9), round(y, 9), c) for x, y, c in animation.board_balls())
    expected = sorted(
        (round(BOARD.position(cell)[0], 9), round(BOARD.position(cell)[1], 9), col)
        for cell, col in outcome.balls
        if BOARD.colour(cell) != col
    )
    assert resting == expected


def test_a_game_made_by_the_spec_animates_with_the_physics() -> None:
    """The rules wrap the physics in a memory; the window must still step the real model."""
    from pusher_sim.pusher.spec import SPEC

    game = SPEC.make_game({"players": 2})
    push = PushSpec(TRIANGLE, Colour.RED, (0.0, 0.0), 0.5, 0.8)
    sim, step = start_push(BOARD, BALLS, push, game.resolver)  # type: ignore[attr-defined]
    assert isinstance(sim, PushSimulation)
    assert step == PhysicsConfig().time_step
