"""The shortcuts the push takes for speed give what the plain definitions give.

The energy sum reads each ball once instead of through :meth:`BoardSpace.ball_energy`, and the
settle check reads which balls sleep once per check; both are checked here against the plain
definitions, on a tilted board (where the tilt terms count) and through whole pushes. A finished
push hands its cup cells on to the next Space, which must then step as with new ones.
"""

from __future__ import annotations

import math
import random
import threading

from pusher_sim.benchmarking import random_push
from pusher_sim.board import PLAYER_COLOURS, Board
from pusher_sim.physics import BoardSpace, PhysicsConfig, cellpool, chipmunk
from pusher_sim.physics.cups import board_bowl_energy, bowl_energy
from pusher_sim.physics.settle import all_asleep, assign_cups, is_settled
from pusher_sim.physics.simulation import PushSimulation
from tests.push_fingerprint import push_records

BOARD = Board()


def plain_energy(model: BoardSpace) -> float:
    """Kinetic, spin, bowl (or ride) and tilt energy summed ball by ball from the definitions."""
    cfg = model.state.config
    gx, gy = model.state.space.gravity
    total = 0.0
    for i, body in enumerate(model.state.bodies):
        total += model.ball_energy(i)
        total -= cfg.ball_mass * (gx * body.position.x + gy * body.position.y)
        spin = model.state.spins[i]
        if spin is not None:
            total -= model.state.spin_mass * (gx * spin.position.x + gy * spin.position.y)
    return total


def rolling_board(config: PhysicsConfig, n: int, seed: int) -> BoardSpace:
    rng = random.Random(seed)
    model = BoardSpace(BOARD, config)
    for k, cell in enumerate(sorted(rng.sample(BOARD.cells, n), key=BOARD.index)):
        a, v = rng.uniform(0.0, 2.0 * math.pi), rng.uniform(0.0, 0.8)
        model.add_ball(
            PLAYER_COLOURS[k % 3],
            BOARD.position(cell),
            (v * math.cos(a), v * math.sin(a)),
            sliding=k % 2 == 0,
        )
    return model


def test_energy_sum_equals_the_ball_by_ball_definition_on_a_tilted_board() -> None:
    model = rolling_board(PhysicsConfig(tilt=0.02, tilt_direction=0.7), 20, seed=3)
    for _ in range(12):
        model.step(20)
        model.rehome()
        expected = plain_energy(model)
        assert math.isclose(model.energy(), expected, rel_tol=1e-12, abs_tol=1e-15)


def test_energy_of_a_level_board_leaves_out_only_exact_zeros() -> None:
    model = rolling_board(PhysicsConfig(), 20, seed=4)
    model.step(50)
    assert model.energy() == sum(model.ball_energy(i) for i in range(len(model.state.bodies)))


def test_settle_check_with_sleep_flags_read_once_agrees_with_reading_them_live() -> None:
    rng = random.Random(11)
    checks = 0
    for _ in range(3):
        balls, spec = random_push(BOARD, rng)
        sim = PushSimulation(BOARD, balls, spec)
        while not sim.done:
            sim.step(sim.config.settle_check_interval)
            m = sim.model
            flags = m.asleep()
            assert flags == [b.is_sleeping for b in m.state.bodies]
            assert is_settled(m, flags) == is_settled(m)
            assert all_asleep(m, flags) == all_asleep(m)
            checks += 1
        assert sim.outcome().settled
    assert checks > 30


def test_height_field_is_the_bowl_of_the_cup_cell_at_finds() -> None:
    rng = random.Random(5)
    reach = 0.2  # past the rim, where the nearest cup is still an outer one
    points = [(rng.uniform(-reach, reach), rng.uniform(-reach, reach)) for _ in range(3000)]
    # Cell edges and corners: midpoints and circumcentres of neighbouring cups.
    for cell in BOARD.cells:
        cx, cy = BOARD.position(cell)
        for other in BOARD.neighbours(cell):
            ox, oy = BOARD.position(other)
            points.append(((cx + ox) / 2.0, (cy + oy) / 2.0))
    for tri in BOARD.triangles:
        points.append(BOARD.triangle_centre(tri))
    for x, y in points:
        cx, cy = BOARD.position(BOARD.cell_at(x, y))
        assert board_bowl_energy(BOARD, 3.0, x, y) == bowl_energy(3.0, x - cx, y - cy)


def test_press_energy_kept_for_sleepers_equals_reading_them_afresh_every_step() -> None:
    rng = random.Random(21)
    compared = 0
    for config in (PhysicsConfig(), PhysicsConfig(tilt=0.01, tilt_direction=2.0)):
        for _ in range(6):
            balls, spec = random_push(BOARD, rng)
            sim = PushSimulation(BOARD, balls, spec, config)
            while sim.press.ledger.on_top and not sim.done:
                sim.step(1)
                if sim.press.ledger.on_top:
                    flags = sim.press.ledger._flags
                    assert flags is not None
                    asleep = frozenset(i for i, f in enumerate(flags) if f)
                    assert sim.press.ledger._asleep_energy == sim.model.energy_of(asleep)
                    assert math.isclose(
                        sim.press.ledger.board_energy(),
                        plain_energy(sim.model),
                        rel_tol=1e-12,
                        abs_tol=1e-15,
                    )
                    compared += 1
    assert compared > 100


def test_cells_handed_on_from_a_finished_push_resolve_pushes_bit_for_bit() -> None:
    cellpool._free.sets.clear()
    fresh = list(push_records(1, seed=7))  # new cells, handed on when it is over
    assert len(cellpool._free.sets[BOARD]) == 1
    handed_on = list(push_records(1, seed=7))
    assert handed_on == fresh


def _cells(sim: PushSimulation) -> cellpool.CellSet:
    """The cells a push's Space holds (while it may step)."""
    assert sim.model.bowls is not None and sim.model.bowls._cells is not None
    return sim.model.bowls._cells


def test_only_a_finished_push_hands_its_cells_on() -> None:
    cellpool._free.sets.clear()
    rng = random.Random(8)
    running = PushSimulation(BOARD, *random_push(BOARD, rng))
    running.step(5)
    other = PushSimulation(BOARD, *random_push(BOARD, rng))
    assert _cells(running) is not None and _cells(other) is not None
    assert _cells(running).body is not _cells(other).body
    other.run()
    assert other.model.bowls is not None and other.model.bowls._cells is None
    nxt = PushSimulation(BOARD, *random_push(BOARD, rng))
    assert _cells(nxt).body is not _cells(running).body
    running.run()
    assert running.outcome().settled


def test_chipmunk_reads_equal_pymunk_properties_for_every_ball_and_spin() -> None:
    rng = random.Random(13)
    balls, spec = random_push(BOARD, rng)
    sim = PushSimulation(BOARD, balls, spec)
    compared = 0
    while not sim.done:
        sim.step(7)
        m = sim.model
        assert m.asleep() == [b.is_sleeping for b in m.state.bodies]
        for i, body in enumerate(m.state.bodies):
            pairs = ((m.state.handles[i], body), (m.state.spin_handles[i], m.state.spins[i]))
            for handle, pymunk_body in pairs:
                p, v = chipmunk.position(handle), chipmunk.velocity(handle)
                assert (p.x, p.y) == tuple(pymunk_body.position)
                assert (v.x, v.y) == tuple(pymunk_body.velocity)
                assert (chipmunk.is_sleeping(handle) != 0) is pymunk_body.is_sleeping
                # The fields the callbacks read and write in place (chipmunk.body_memory).
                memory = m.state.body_memory[handle]
                x, y, vx, vy, _, root, _ = chipmunk.read_state(memory)
                assert (x, y) == (p.x, p.y) and (vx, vy) == (v.x, v.y)
                assert (root != 0) is pymunk_body.is_sleeping
                if chipmunk.FAST:  # the position the getter reads: the transform's
                    assert (memory[chipmunk.T], memory[chipmunk.T + 1]) == (p.x, p.y)
                compared += 1
    assert compared > 1000


def test_settled_outcome_takes_each_balls_bowl_which_is_the_cup_assign_cups_finds() -> None:
    rng = random.Random(17)
    for _ in range(12):
        sim = PushSimulation(BOARD, *random_push(BOARD, rng))
        out = sim.run()
        assert out.settled
        positions = [sim.model.position(i) for i in range(len(sim.model.state.bodies))]
        expected = assign_cups(BOARD, positions)
        assert [BOARD.cells[b] for b in sim.model.state.bowl] == expected
        by_cup = sorted(
            zip(expected, sim.model.state.colours, strict=True), key=lambda p: BOARD.index(p[0])
        )
        assert out.balls == tuple(by_cup)


def test_pushes_in_two_threads_at_once_resolve_as_one_after_another() -> None:
    alone = [list(push_records(4, seed=s)) for s in (31, 32)]
    together: dict[int, list[str]] = {}

    def resolve(seed: int) -> None:
        together[seed] = list(push_records(4, seed=seed))

    threads = [threading.Thread(target=resolve, args=(s,)) for s in (31, 32)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [together[31], together[32]] == alone
