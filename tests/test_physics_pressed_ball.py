"""In gentle presses the pressed ball is free to ride out of the triangle as the reference's
does (issue 32, point 5) once it can roll on the land between round cups (model 10).

The boards are the uncrowded ones of the press-strength curve (a triangle and five more balls,
no flick), pressed as gently as the press goes; the pressed ball is *out* when it ends in a cup
that is not one of the triangle's three (benchmarks/pressed_ball_out.py, which measured the
reference's outcomes below).
"""

from __future__ import annotations

import random

import pytest

from pusher_sim.benchmarking import uncrowded_push
from pusher_sim.board import Board
from pusher_sim.physics import PushSimulation
from pusher_sim.physics.config import config_for_model

BOARD = Board()
BOARDS = 48

REFERENCE_OUT = "001110001011111110010100010100100110000001010010"
"""Board by board (seeds 0-47), whether the reference's pressed ball left the triangle: 21 of
48 (`python benchmarks/pressed_ball_out.py --boards 48`, the shipped numerics)."""

REFERENCE_SPREAD = 7
"""Boards either way within which a model's count cannot be told from the reference's 21 of
48: twice the standard error of a share of 0.44 over 48 boards, 2 sqrt(0.44 * 0.56 / 48) = 0.14
of 48."""


def pressed_out(model: str, seed: int) -> bool:
    """Whether the pressed ball of gentle board ``seed`` ends outside the triangle's cups."""
    balls, spec = uncrowded_push(BOARD, random.Random(seed), 0.0)
    sim = PushSimulation(BOARD, balls, spec, config_for_model(model))
    assert sim.run().settled
    return BOARD.cell_at(*sim.model.position(sim.pressed)) not in spec.triangle


def outs(model: str) -> list[bool]:
    return [pressed_out(model, seed) for seed in range(BOARDS)]


def agreeing(out: list[bool]) -> int:
    """Boards on which ``out`` says what the reference's pressed ball did."""
    return sum(o == (r == "1") for o, r in zip(out, REFERENCE_OUT, strict=True))


def test_the_pressed_ball_rides_out_of_the_triangle_over_the_land_of_round_cups() -> None:
    """Models 8 and 9 give the pressed ball the cup under it and lift the ball there, so it
    never leaves the triangle; in model 10 it leaves on 12 of the 48 boards (the reference's
    on 21), rolling on over the land a cup it dropped beside cannot catch. Board by board it
    is no nearer yet: model 10 says what the reference's did on 21 boards, model 9 (never out)
    on the reference's 27 where it stays."""
    eight, nine, ten = outs("8"), outs("9"), outs("10")
    assert sum(eight) == sum(nine) == 0
    assert sum(ten) >= BOARDS // 6
    assert agreeing(nine) == REFERENCE_OUT.count("0")


@pytest.mark.xfail(
    strict=True,
    reason="model 10's pressed ball leaves on 12 of 48 gentle boards, the reference's on 21: "
    "the reference's finger goes down slowly and the ball slides off the one under it with "
    "speed, the 2-D finger (0.2 m/s) drives all three apart first (docs/physics.md, Model 9)",
)
def test_the_pressed_ball_leaves_the_triangle_in_gentle_presses_as_often_as_the_reference_s() -> (
    None
):
    assert abs(sum(outs("10")) - REFERENCE_OUT.count("1")) <= REFERENCE_SPREAD


@pytest.mark.slow
def test_the_reference_s_pressed_ball_leaves_the_triangle_on_the_boards_recorded() -> None:
    """The reference's outcomes above, resolved again (about a CPU-second a board)."""
    pytest.importorskip("mujoco")
    from pusher_sim.reference.resolver import ReferenceResolver

    ref = ReferenceResolver(config_for_model("9"))
    found = ""
    for seed in range(BOARDS):
        balls, spec = uncrowded_push(BOARD, random.Random(seed), 0.0)
        full = ref.resolve_in_full(BOARD, balls, spec)
        home = full.cups[-1] in spec.triangle and full.places[-1].value == "cup"
        found += "0" if home else "1"
    assert found == REFERENCE_OUT
