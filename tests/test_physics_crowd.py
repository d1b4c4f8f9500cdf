"""A full cup (space.py): two balls never share a cup; sorting them out costs energy.

Two balls that meet in one cup would sit there for good, each pulled to the centre against the
other (0.3% of random pushes before the full-cup rule). These tests build such jams on purpose,
and take pushes in which a full cup refuses a ball, and check that they come apart into one ball
per cup, energy never rising.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from pusher_sim.board import Board, Colour
from pusher_sim.physics import BoardSpace, PhysicsConfig, PushSimulation
from pusher_sim.physics.config import config_for_model
from pusher_sim.physics.settle import is_settled
from tests.test_physics_push import RIPPLE, sweep_push

BOARD = Board()
CFG = PhysicsConfig()


def _top(model: BoardSpace) -> float:
    """The height a riding ball is counted at (Bowls.top_energy), J."""
    assert model.bowls is not None
    return model.bowls.top_energy()


def _assert_own_cups(model: BoardSpace) -> None:
    """Every ball holds a bowl, in the cell of that cup, and no two the same."""
    cells = [BOARD.index(BOARD.cell_at(*model.position(i))) for i in range(len(model.state.bodies))]
    assert model.state.bowl == cells
    assert len(set(cells)) == len(cells)
    assert not model.state.riders and not model.crowded


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
    assert model.state.riders == {second: _top(model)}  # no bowl: it is on top of the first
    _settle(model)
    _assert_own_cups(model)


def _run_energy_never_rising(sim: PushSimulation, seen: Callable[[], bool]) -> bool:
    """Run a push to the end, checking after the press that the energy never rises beyond the
    integrator's ripple (test_physics_push.py); True if ``seen()`` held at any step."""
    while sim.press.ledger.on_top and not sim.done:
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


@pytest.mark.parametrize(("model", "seed"), [("7", 20), ("7", 320), ("7", 951), ("8", 1), ("8", 3)])
def test_pushes_in_which_a_full_cup_refuses_a_ball_settle_and_lose_energy(
    model: str, seed: int
) -> None:
    # Found by sweeping each model: in each, a ball rolls into the cell of a cup another ball
    # holds.
    balls, spec = sweep_push(seed)
    sim = PushSimulation(BOARD, balls, spec, config_for_model(model))
    assert _run_energy_never_rising(sim, lambda: sim.model.fixups["refused"] > 0)
    out = sim.outcome()
    assert out.settled
    assert len({c for c, _ in out.balls}) == len(balls) + 1
    _assert_own_cups(sim.model)


def test_a_ball_refused_by_a_full_cup_keeps_its_bowl() -> None:
    # A ball rolling into a cup that another ball holds keeps the bowl it came from.
    model = BoardSpace(BOARD, CFG)
    home = model.add_ball(Colour.RED, (0.006, 0.0), (0.3, 0.0))
    # The holder sits off its centre, toward the far rim, so the ball reaches its cell first.
    taker = model.add_ball(Colour.BLUE, (BOARD.pitch + 0.008, 0.0))
    before = model.energy()
    for _ in range(10):
        model.step()
        if model.state.cup[home] == BOARD.index((1, 0)):
            break
    assert model.state.cup[home] == BOARD.index((1, 0))
    assert model.state.bowl[home] == BOARD.index((0, 0)) and model.crowded
    assert model.state.bowl[taker] == BOARD.index((1, 0))
    assert model.energy() <= before * (1 + RIPPLE)
    _settle(model)
    _assert_own_cups(model)


def test_a_rider_pinned_in_a_held_cup_rolls_over_to_a_free_cup() -> None:
    # A ball set down on the ball in cup (0, 0), every cup within two of it full but one: it
    # rides (no bowl), pinned between balls with no free cup next to it, so at a settle check
    # it rolls over the others to the free cup, its speed paid from its ride energy.
    model = BoardSpace(BOARD, CFG)
    free = (2, 0)
    for cell in BOARD.cells:
        if max(abs(cell[0]), abs(cell[1]), abs(cell[0] + cell[1])) <= 2 and cell != free:
            model.add_ball(Colour.BLUE, BOARD.position(cell))
    rider = model.add_ball(Colour.RED, BOARD.position((0, 0)))
    assert model.state.riders == {rider: _top(model)}
    start = model.energy()
    interval = CFG.settle_check_interval
    lowest = None
    for _ in range(200):
        model.step(interval)
        model.rehome()
        e = model.energy()
        if lowest is not None:  # (the first interval pushes the two overlapping balls apart)
            assert e <= lowest * (1 + RIPPLE) + 1e-12
        lowest = e if lowest is None else min(lowest, e)
        if is_settled(model):
            break
    assert model.fixups["rolled_over"] == 1
    assert is_settled(model) and model.energy() < start
    assert model.state.bowl[rider] == BOARD.index(free)
    assert not model.state.over  # it met the other balls again once apart from them
    _assert_own_cups(model)
