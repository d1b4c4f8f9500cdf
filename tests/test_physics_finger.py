"""Model 8's press (pusher_sim/physics/finger.py): a finger drives the pressed ball down and the
contacts between spheres move the balls under it apart, so the pressed ball goes in only once
they stand a diameter away, however gently it is pressed (issue 24, item 3)."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from pusher_sim.benchmarking import balls_moved, uncrowded_push
from pusher_sim.board import Board, Colour
from pusher_sim.physics import PhysicsConfig, PushSimulation
from pusher_sim.physics.config import config_for_model
from pusher_sim.physics.finger import FingerPress, finger_speed, press_impulses
from pusher_sim.physics.press_ledger import PressLedger
from pusher_sim.push_resolution import PushSpec

BOARD = Board()
CFG = PhysicsConfig()
TRI = ((0, 0), (1, 0), (0, 1))
STRENGTHS = (0.0, 0.25, 0.5, 1.0)


def offset_towards(k: int | None) -> tuple[float, float]:
    """A press point at the triangle's centre (None) or 0.9 of the way to ball ``k``."""
    if k is None:
        return (0.0, 0.0)
    cx, cy = BOARD.triangle_centre(TRI)
    x, y = BOARD.position(TRI[k])
    return (0.9 * (x - cx), 0.9 * (y - cy))


def press(strength: float, offset: tuple[float, float]) -> tuple[PushSimulation, list[float]]:
    """A bare triangle pressed; every step on top, the least distance in 3-D between the pressed
    ball and a ball under it, over a diameter."""
    balls = {c: Colour.BLUE for c in TRI}
    sim = PushSimulation(BOARD, balls, PushSpec(TRI, Colour.RED, offset, strength=strength), CFG)
    press = sim.press
    assert isinstance(press, FingerPress)
    gaps = []
    while press.ledger.on_top and not sim.done:
        sim.step(1)
        if press.ledger.on_top:
            top = sim.model.position(sim.pressed)
            gaps.append(
                min(
                    math.hypot(
                        *(a - b for a, b in zip(top, sim.model.position(j), strict=True)),
                        press.ledger.height,
                    )
                    for j in press.ledger.supports
                )
                / (2 * CFG.ball_radius)
            )
    return sim, gaps


@pytest.mark.parametrize("strength", STRENGTHS)
@pytest.mark.parametrize("towards", [None, 0, 1, 2])
def test_the_pressed_ball_goes_in_only_once_the_balls_under_it_stand_a_diameter_away(
    strength: float, towards: int | None
) -> None:
    sim, gaps = press(strength, offset_towards(towards))
    assert not sim.press.ledger.on_top and sim.forced["dropped"] == 0
    top = sim.model.position(sim.pressed)
    apart = [math.dist(top, sim.model.position(j)) / (2 * CFG.ball_radius) for j in range(3)]
    assert min(apart) >= 1.0 - 1e-9, apart
    # Contacts, not a rule: in 3-D the balls never come closer than a diameter (the overlap a
    # step leaves is undone by the next, a few microns).
    assert min(gaps) > 1.0 - 5e-4


def test_however_gently_pressed_the_triangle_is_moved_apart_to_let_the_ball_in() -> None:
    # Pressed at the centre: the ball fits only once each of the three is (2R)^2 = d^2 + r^2
    # away, r = pitch / sqrt(3): about 6.5 mm out of its cup.
    need = 2 * CFG.ball_radius - BOARD.pitch / math.sqrt(3)
    sim, _ = press(0.0, (0.0, 0.0))
    out = [math.dist(sim.model.position(i), BOARD.position(c)) for i, c in enumerate(TRI)]
    assert min(out) >= need * (1 - 1e-3), (out, need)


def test_a_harder_press_sends_the_balls_out_faster_up_to_the_finger_s_stall() -> None:
    speeds = []
    for s in STRENGTHS:
        sim, _ = press(s, (0.0, 0.0))
        speeds.append(min(math.hypot(*sim.model.velocity(i)) for i in range(3)))
    assert all(b >= a * (1 - 1e-9) for a, b in itertools.pairwise(speeds)), speeds
    assert speeds[-1] > 2 * speeds[0], speeds


def test_the_gentlest_press_is_no_free_move() -> None:
    """Issue 24's defect: under model 7 the gentlest press moves the ball it lands on and no
    other, on each of 12 uncrowded boards; under model 8 the balls it pushes apart go on."""
    moved = {}
    for model in ("7", "8"):
        cfg = config_for_model(model)
        counts = [
            balls_moved(BOARD, *uncrowded_push(BOARD, random.Random(seed), 0.0), cfg)[0]
            for seed in range(12)
        ]
        moved[model] = sum(counts) / len(counts)
    assert moved["7"] == 1.0
    assert moved["8"] >= 1.4, moved


def test_press_impulses_follow_the_contact_and_the_finger() -> None:
    # A pressed ball straight over one ball (normal vertical): the finger's push and the
    # weight are taken by the contact, nothing moves across the board.
    r, dt = 0.008, 1 / 480
    v, w, vs, pushed = press_impulses(
        (0.0, 0.0),
        (0.0, 0.0),
        2 * r,
        0.0,
        [(0.0, 0.0)],
        [(0.0, 0.0)],
        radius=r,
        gravity=9.81,
        dt=dt,
        speed=0.1,
        stall=1.0,
    )
    assert v == (0.0, 0.0) and vs == [(0.0, 0.0)]
    assert w == pytest.approx(0.0, abs=1e-12)
    # On a ball 45 degrees off: the finger's speed splits between the two across the board
    # (equal masses, the one under held vertically by the board).
    d = 2 * r / math.sqrt(2)
    v, w, vs, pushed = press_impulses(
        (d, 0.0),
        (0.0, 0.0),
        d,
        0.0,
        [(0.0, 0.0)],
        [(0.0, 0.0)],
        radius=r,
        gravity=0.0,
        dt=dt,
        speed=0.1,
        stall=1.0,
    )
    # (To the solve's 8 passes: 2e-4.)
    assert w == pytest.approx(-0.1, rel=1e-3)
    # Along the normal (1, 0, 1)/sqrt 2 the pair may not close: v_top - v_under + w = 0.
    assert v[0] - vs[0][0] + w == pytest.approx(0.0, abs=1e-4)
    assert v[0] == pytest.approx(-vs[0][0]) and v[1] == vs[0][1] == 0.0
    assert pushed > 0.0
    assert finger_speed(0.2, 1.2, 0.5) == pytest.approx(0.7)


def test_both_presses_leave_what_they_share_to_their_ledger() -> None:
    # Issue 36 point 4: the two presses repeated the same delegation to their ledger (on top,
    # height, drops by force); the simulation now reads it from the ledger, once.
    from pusher_sim.physics.weight_press import WeightPress

    for name in ("on_top", "height", "dropped"):
        assert not hasattr(FingerPress, name) and not hasattr(WeightPress, name)
        assert name in vars(PressLedger) or name in PressLedger.__init__.__code__.co_names
