"""A full cup (space.py, models 3, 4): two balls never share a cup; sorting them out costs energy.

Before model 3, two balls that met in one cup sat there for good, each pulled to the centre
against the other, and the push ended unsettled (0.3% of random pushes). These tests build such
jams on purpose and check that they now come apart into one ball per cup, energy never rising.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest

from pusher_sim.board import Board, Colour
from pusher_sim.physics import BoardSpace, PhysicsConfig, PushSimulation
from pusher_sim.physics.bench import random_push
from pusher_sim.physics.settle import is_settled
from pusher_sim.push import PushSpec
from tests.test_physics_push import sweep_push

BOARD = Board()
CFG = PhysicsConfig()
RIPPLE = math.sqrt(CFG.bowl_stiffness(BOARD.pitch) / CFG.ball_mass) * CFG.time_step


def _assert_own_cups(model: BoardSpace) -> None:
    """Every ball holds a bowl, in the cell of that cup, and no two the same."""
    cells = [BOARD.index(BOARD.cell_at(*model.position(i))) for i in range(len(model.bodies))]
    assert model.bowl == cells
    assert len(set(cells)) == len(cells)
    assert not model.riders and not model.crowded


def _settle(model: BoardSpace, seconds: float = 5.0) -> None:
    """Step as a push does (a settle check, with its repairs, every interval) until settled,
    checking that the energy never rises."""
    interval = CFG.settle_check_interval
    lowest = model.energy()
    for _ in range(int(seconds / CFG.time_step) // interval):
        model.step(interval)
        model.rehome()
        e = model.energy()
        assert e <= lowest * (1 + RIPPLE) + 1e-12
        lowest = min(lowest, e)
        if is_settled(model):
            return
    raise AssertionError("never settled")


@pytest.mark.parametrize("direction", [0.0, math.pi / 6, 1.0, math.pi / 2, 4.0])
@pytest.mark.parametrize("neighbours", [False, True])
def test_two_balls_in_one_cup_come_apart_into_two_cups(direction: float, neighbours: bool) -> None:
    # The old jam, built directly: two balls touching across the centre of cup (0, 0), each
    # within half a pitch of it, and maybe every neighbouring cup taken that has room.
    cx, cy = BOARD.position((0, 0))
    r = CFG.ball_radius
    ux, uy = math.cos(direction), math.sin(direction)
    pair = [(cx + r * ux, cy + r * uy), (cx - r * ux, cy - r * uy)]
    model = BoardSpace(BOARD, CFG)
    model.add_ball(Colour.RED, pair[0])
    for cell in BOARD.neighbours((0, 0)) if neighbours else []:
        p = BOARD.position(cell)
        if all(math.dist(p, q) >= 2 * r for q in pair):
            model.sleep(model.add_ball(Colour.BLUE, p))
    second = model.add_ball(Colour.YELLOW, pair[1])
    assert model.riders == {second: model.top_energy()}  # no bowl: it is on top of the first
    _settle(model)
    _assert_own_cups(model)


def _bench_push(n: int) -> tuple[dict[tuple[int, int], Colour], PushSpec]:
    """The ``n``-th random push ``pusher bench`` resolves with seed 0."""
    rng = random.Random(0)
    for _ in range(n):
        random_push(BOARD, rng)
    return random_push(BOARD, rng)


def _run_energy_never_rising(sim: PushSimulation, seen: Callable[[], bool]) -> bool:
    """Run a push to the end, checking after the press that kinetic plus cup energy never rises
    (within the integrator's ripple); True if ``seen()`` held at any step."""
    while sim.on_top and not sim.done:
        sim.step(1)
    lowest = sim.energy()
    happened = False
    while not sim.done:
        sim.step(1)
        happened = happened or seen()
        e = sim.energy()
        assert e <= lowest * (1 + RIPPLE) + 1e-12
        lowest = min(lowest, e)
    return happened


@pytest.mark.parametrize("n", [40, 1136, 2269])
def test_pushes_that_jammed_under_model_2_now_settle_and_lose_energy(n: int) -> None:
    # Under model 2 these three ended with two balls wedged in one cup (settled=False).
    balls, spec = _bench_push(n)
    sim = PushSimulation(BOARD, balls, spec, CFG)
    assert _run_energy_never_rising(sim, lambda: bool(sim.model.crowded))  # the rule was needed
    out = sim.outcome()
    assert out.settled
    assert len({c for c, _ in out.balls}) == len(balls) + 1
    _assert_own_cups(sim.model)


def test_a_ball_refused_by_a_full_cup_keeps_its_bowl() -> None:
    # A ball rolling into a cup that another ball holds keeps the bowl it came from.
    model = BoardSpace(BOARD, CFG)
    home = model.add_ball(Colour.RED, (0.006, 0.0), (0.3, 0.0))
    # The holder sits off its centre, toward the far rim, so the ball reaches the disc first.
    taker = model.add_ball(Colour.BLUE, (BOARD.pitch + 0.008, 0.0))
    before = model.energy()
    for _ in range(10):
        model.step()
        if model.cup[home] == BOARD.index((1, 0)):
            break
    assert model.cup[home] == BOARD.index((1, 0))
    assert model.bowl[home] == BOARD.index((0, 0)) and model.crowded
    assert model.bowl[taker] == BOARD.index((1, 0))
    assert model.energy() <= before * (1 + RIPPLE)
    _settle(model)
    _assert_own_cups(model)


@pytest.mark.parametrize("seed", [1333, 1611, 1855, 1869])
def test_a_rider_pinned_in_a_held_cup_rolls_over_to_a_free_cup(seed: int) -> None:
    # Under model 3 these ended unsettled: a rider at rest in a held cup, pinned against the
    # rim or between two balls, no free cup next to it. Now it rolls over the others, paying
    # its speed from its ride energy, and the energy still never rises.
    balls, spec = sweep_push(seed)
    sim = PushSimulation(BOARD, balls, spec, CFG)
    assert _run_energy_never_rising(sim, lambda: bool(sim.model.over))
    assert sim.outcome().settled
    assert not sim.model.over  # it met the other balls again once apart from them
    _assert_own_cups(sim.model)
