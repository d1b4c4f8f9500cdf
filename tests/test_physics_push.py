"""A push resolved by the physics: P8 (the press), P13 (settling), energy and replay."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pusher_sim.benchmarking import balls_moved, random_push, uncrowded_push
from pusher_sim.board import Board, Colour
from pusher_sim.physics import PhysicsConfig, PhysicsResolver, PushSimulation
from pusher_sim.physics.config import config_for_model
from pusher_sim.physics.settle import assign_cups
from pusher_sim.push_resolution import PushOutcome, PushResolver, PushSpec

BOARD = Board()
CFG = PhysicsConfig()
MODEL7 = config_for_model("7")


def _inside_rim(points: np.ndarray, reach: float) -> bool:
    """Every point within the flat-topped hexagon whose inradius is ``reach``."""
    for k in range(6):
        a = math.radians(30 + 60 * k)
        if np.any(points[:, 0] * math.cos(a) + points[:, 1] * math.sin(a) > reach):
            return False
    return True


def _positions(sim: PushSimulation) -> np.ndarray:
    return np.array([(x, y) for _, x, y in sim.ball_positions()])


def _check_p13(sim: PushSimulation, balls: dict[tuple[int, int], Colour], out: PushOutcome) -> None:
    """Every ball rests in exactly one cup, its own, no two in one cup, none lost; every ball
    (and its spin) below the rest speed and within ``settle_offset`` of its cup's centre."""
    cells = [c for c, _ in out.balls]
    assert out.settled
    m = sim.model
    for i in range(len(m.state.bodies)):
        assert math.hypot(*m.velocity(i)) < CFG.sleep_speed
        assert math.hypot(*m.spin_velocity(i)) < CFG.sleep_speed
        cx, cy = BOARD.position(BOARD.cell_at(*m.position(i)))
        assert math.dist(m.position(i), (cx, cy)) <= CFG.settle_offset
    assert len(cells) == len(balls) + 1 == len(set(cells))
    assert Counter(col for _, col in out.balls) == Counter([*balls.values(), sim.push.colour])
    resting = {BOARD.cell_at(x, y): col for col, x, y in sim.ball_positions()}
    assert resting == out.as_dict()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), angle=st.floats(0.0, 2 * math.pi))
def test_p13_hardest_flick_never_escapes_tunnels_or_shares_a_cup(seed: int, angle: float) -> None:
    balls, spec = random_push(BOARD, random.Random(seed))
    spec = PushSpec(spec.triangle, spec.colour, spec.offset, angle, CFG.max_flick_speed)
    sim = PushSimulation(BOARD, balls, spec, CFG)
    overshoot = CFG.speed_bound() * CFG.time_step
    reach = BOARD.inradius + BOARD.pitch / 2 + overshoot
    r = CFG.ball_radius
    while not sim.done:
        on_top = sim.press.ledger.on_top
        sim.step(1)
        pos = _positions(sim)
        assert _inside_rim(pos, reach)
        d = np.hypot(*(pos[:, None, :] - pos[None, :, :]).transpose(2, 0, 1))
        np.fill_diagonal(d, np.inf)
        if on_top:  # the pressed ball (last) is still on top of the triangle
            d[-1, :] = d[:, -1] = np.inf
        for i in sim.model.state.over:  # a pinned rider rolling over the others (space.py)
            d[i, :] = d[:, i] = np.inf
        # Overlaps stay below one radius: no ball ever passes through another.
        assert d.min() > r
    _check_p13(sim, balls, sim.outcome())


# How far the energy may rise over its lowest value so far: semi-implicit Euler keeps
# E + k (x - c).v dt / 2 exactly between collisions (space.py, ``energy(shadow=True)``), so E
# ripples about it by up to omega dt / 2 of the bowl energy, omega the bowl's frequency for a
# rolling ball; a rise over an earlier value is thus bounded by omega dt.
RIPPLE = math.sqrt(CFG.bowl_stiffness(BOARD.pitch) / CFG.rolling_mass) * CFG.time_step

EXAMPLES = 60
"""Random presses the energy property tries per model in the suite."""

SLOW_EXAMPLES = 3000
"""Random presses it tries per model in ``make slow``: model 8's gap (a sliding ball's ridge
crossing, below) showed in 3 of 10 searches of 300, about one press in 840, so 3,000 find such
a gap with 97% odds (the derandomized search of ``CI=true`` found it and shrank it to the
property's second example)."""

PRESSES = {
    "seed": st.integers(0, 2**32 - 1),
    "speed": st.floats(0.0, CFG.max_flick_speed),
    "angle": st.floats(0.0, 2 * math.pi),
    "strength": st.floats(0.0, 1.0),
}
"""A random 30-ball push (random_push's board and press point) with any flick and strength.
The searches are derandomized: model 7 keeps a rarer gap (one press in 3,000, a strict xfail
below), so a free search would fail now and then on a change that touched nothing."""


@pytest.mark.parametrize("model", ["7", "8", "9", "10"])
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True)
@given(**PRESSES)
@example(seed=3186, speed=0.0, angle=0.0, strength=0.0)  # the press leaves nothing moving
@example(seed=1, speed=0.5, angle=0.0, strength=0.0)  # model 8 +4.4% when a ridge was the body's
def test_energy_never_rises_after_the_press_nor_above_its_work_during_it(
    model: str, seed: int, speed: float, angle: float, strength: float
) -> None:
    """Kinetic + spin + bowl energy (with the pressed ball's height while it is on top) never
    exceeds the press's work during the press, and never rises after it beyond the integrator's
    ripple (:data:`RIPPLE`): model 7's press and model 8's (models 9 and 10 press as 8)."""
    energy_never_rises(config_for_model(model), seed, speed, angle, strength)


@pytest.mark.slow
@pytest.mark.parametrize("model", ["7", "8", "9", "10"])
@settings(max_examples=SLOW_EXAMPLES, deadline=None, derandomize=True)
@given(**PRESSES)
def test_slow_energy_never_rises_over_thousands_of_presses(
    model: str, seed: int, speed: float, angle: float, strength: float
) -> None:
    """The property above, searched far enough to find a gap of one press in a thousand."""
    energy_never_rises(config_for_model(model), seed, speed, angle, strength)


def test_a_ball_sliding_across_a_ridge_into_a_free_cup_gains_no_energy() -> None:
    """Model 8: a gentle press with a 0.75 m/s flick into a ball the pressed one still touches
    leaves it sliding, its spin far ahead of it; refused by a full cup, it climbs that hill and
    crosses into a free cup's cell. The ridge crossing gives it the speed that keeps the energy
    of its momentum (body and spin), so nothing is gained: it was +4.9% over the lowest, past the
    4.2% ripple, when the crossing set the body's velocity alone (docs/physics.md, "The cup")."""
    energy_never_rises(CFG, 53195, 0.75, 0.75, 0.0)


@pytest.mark.xfail(strict=True, reason="model 7: 0.23% over the press's work during this press")
def test_model_7_energy_during_a_gentle_press_found_by_a_sweep() -> None:
    """A known gap of model 7's weight press, kept bit for bit (model 8 meets it): one press in
    3,000 random ones. The pressed ball, lifted on one ball, slides outward over the board's
    bowl, which its energy counts (it takes that bowl at the drop) while no force on it does:
    the bowl under it climbs 33 -> 107 uJ and the energy passes the work by 1 uJ (CHANGELOG)."""
    energy_never_rises(MODEL7, 2152327546, 0.14892318455153103, 1.9646731881622779, 0.0)


def energy_never_rises(
    cfg: PhysicsConfig, seed: int, speed: float, angle: float, strength: float
) -> None:
    balls, spec = random_push(BOARD, random.Random(seed))
    spec = PushSpec(spec.triangle, spec.colour, spec.offset, angle, speed, strength)
    sim = PushSimulation(BOARD, balls, spec, cfg)
    while sim.press.ledger.on_top and not sim.done:
        sim.step(1)
        # The flick, the strikes, the pressed ball's height, the lift of the ball it lands on.
        assert sim.energy() <= sim.press.ledger.press_work * (1 + 1e-12)
    lowest = start = sim.energy()
    while not sim.done:
        sim.step(1)
        e = sim.energy()
        assert e <= lowest * (1 + RIPPLE) + 1e-12
        lowest = min(lowest, e)
    assert sim.energy() <= start  # equal when the press left nothing moving


def test_the_same_push_replays_bit_for_bit() -> None:
    balls, spec = random_push(BOARD, random.Random(7))
    first = PushSimulation(BOARD, balls, spec, CFG)
    first.run()
    other_balls, other_spec = random_push(BOARD, random.Random(8))
    PushSimulation(BOARD, other_balls, other_spec, CFG).run()
    again = PushSimulation(BOARD, balls, spec, CFG)
    again.run()
    assert first.outcome() == again.outcome()
    assert first.ball_positions() == again.ball_positions()
    assert first.energy() == again.energy()


@pytest.mark.parametrize("offset_to", [None, 0, 1, 2])
def test_p8_press_moves_all_three_triangle_balls(offset_to: int | None) -> None:
    # Model 7's strikes: at any strength, the gentlest press moves all three at once. (Model 8's
    # finger moves a ball when the pressed one reaches it: tests/test_physics_finger.py.)
    tri = ((0, 0), (1, 0), (0, 1))
    balls = {c: Colour.BLUE for c in tri}
    centre = BOARD.triangle_centre(tri)
    offset = (0.0, 0.0)
    if offset_to is not None:
        x, y = BOARD.position(tri[offset_to])
        offset = (0.9 * (x - centre[0]), 0.9 * (y - centre[1]))
    sim = PushSimulation(BOARD, balls, PushSpec(tri, Colour.RED, offset, strength=0.0), MODEL7)
    start = sim.ball_positions()
    sim.step(1)
    moved = [
        (x1, y1) != (x0, y0)
        for (_, x0, y0), (_, x1, y1) in zip(start[:3], sim.ball_positions()[:3], strict=True)
    ]
    assert all(moved)


@pytest.mark.parametrize("seed", range(12))
def test_model_7s_gentlest_press_moves_no_ball_but_the_one_landed_on_and_hardest_scatters(
    seed: int,
) -> None:
    # Uncrowded: the triangle and five more balls. The pressed ball must land in a cup, so the
    # gentlest press may move the ball that held it (to another cup) and no other; the hardest
    # press, on the same board and press point, sends balls out of more cups. (Model 8's gentle
    # press is no such free move: tests/test_physics_finger.py.)
    rng = random.Random(seed)
    balls, spec = uncrowded_push(BOARD, rng, 0.0)
    gentle, settled = balls_moved(BOARD, balls, spec, MODEL7)
    assert settled and gentle <= 1
    hard, settled = balls_moved(BOARD, balls, replace(spec, strength=1.0), MODEL7)
    assert settled and hard >= 2


@pytest.mark.parametrize("change", [{"tilt": 0.06}, {"cup_depth": 0.001}])
def test_a_push_settles_where_a_shallow_cup_or_a_slope_holds_balls_off_centre(
    change: dict[str, float],
) -> None:
    # Here a ball can rest farther from its cup's centre than settle_offset: a settle test that
    # ignored it would run every push to the time cap and call it unsettled.
    cfg = CFG.with_(**change)
    radius = cfg.settle_radius(BOARD.pitch)
    assert radius > cfg.settle_offset
    for seed in range(3):
        balls, spec = random_push(BOARD, random.Random(seed))
        sim = PushSimulation(BOARD, balls, spec, cfg)
        assert sim.run().settled
        for _, x, y in sim.ball_positions():
            assert math.dist((x, y), BOARD.position(BOARD.cell_at(x, y))) <= radius


def test_press_strength_is_validated() -> None:
    tri = ((0, 0), (1, 0), (0, 1))
    balls = {c: Colour.BLUE for c in tri}
    for bad in (-0.1, 1.5, math.nan):
        with pytest.raises(ValueError, match="strength"):
            PushSimulation(BOARD, balls, PushSpec(tri, Colour.RED, strength=bad), CFG)


def test_press_on_a_blocked_triangle_still_settles_one_ball_per_cup() -> None:
    # A full board but for a few cups: only one triangle ball can roll (P9), yet all rest apart.
    rng = random.Random(3)
    free = set(rng.sample([c for c in BOARD.cells if max(map(abs, c)) > 2], 6))
    balls = {c: Colour((c[0] - c[1]) % 3) for c in BOARD.cells if c not in free}
    tri = ((0, 0), (1, 0), (0, 1))
    sim = PushSimulation(BOARD, balls, PushSpec(tri, Colour.RED), CFG)
    out = sim.run()
    assert len({c for c, _ in out.balls}) == len(balls) + 1


def test_simulation_steps_frame_by_frame_and_reports_outcome() -> None:
    balls, spec = random_push(BOARD, random.Random(1))
    sim = PushSimulation(BOARD, balls, spec, CFG)
    with pytest.raises(RuntimeError):
        sim.outcome()
    frame = sim.ball_positions()
    assert len(frame) == len(balls) + 1 and frame[-1][0] == spec.colour
    sim.step(10)
    assert sim.steps == 10 and sim.sim_time == pytest.approx(10 * CFG.time_step)
    out = sim.run()
    assert sim.done and out.steps == sim.steps
    sim.step(5)
    assert sim.steps == out.steps


def test_time_cap_ends_unsettled_with_balls_snapped_to_distinct_cups() -> None:
    balls, spec = random_push(BOARD, random.Random(2))
    cfg = CFG.with_(max_sim_time=0.05)
    out = PushSimulation(BOARD, balls, spec, cfg).run()
    assert not out.settled
    assert out.steps == int(0.05 / cfg.time_step)
    cells = [c for c, _ in out.balls]
    assert len(cells) == len(set(cells)) == len(balls) + 1


def test_assign_cups_gives_contested_cup_to_nearest_ball() -> None:
    x, y = BOARD.position((0, 0))
    cells = assign_cups(BOARD, [(x + 0.003, y), (x - 0.001, y), (x + 0.0001, y + 0.006)])
    assert cells[1] == (0, 0)
    assert len(set(cells)) == 3
    assert cells[0] in BOARD.neighbours((0, 0))


@pytest.mark.parametrize(
    ("spec", "balls", "message"),
    [
        (PushSpec(((0, 0), (1, 0), (0, 1)), Colour.RED, (0.02, 0.0)), None, "outside"),
        (PushSpec(((0, 0), (1, 0), (0, 1)), Colour.RED, speed=99.0), None, "flick speed"),
        (PushSpec(((0, 0), (1, 0), (2, 0)), Colour.RED), None, "not mutually"),
        (PushSpec(((0, 0), (1, 0), (0, 1)), Colour.RED), {(0, 0): Colour.BLUE}, "no ball"),
    ],
)
def test_invalid_push_is_refused(
    spec: PushSpec, balls: dict[tuple[int, int], Colour] | None, message: str
) -> None:
    if balls is None:
        balls = {c: Colour.BLUE for c in spec.triangle if c in BOARD}
    with pytest.raises(ValueError, match=message):
        PushSimulation(BOARD, balls, spec, CFG)


def test_physics_resolver_is_a_push_resolver() -> None:
    resolver: PushResolver = PhysicsResolver()
    assert resolver.max_flick_speed == CFG.max_flick_speed
    balls, spec = random_push(BOARD, random.Random(4))
    out = resolver.resolve(BOARD, balls, spec)
    assert out == PhysicsResolver(CFG).resolve(BOARD, balls, spec)
    assert out.settled and len(out.balls) == len(balls) + 1


def sweep_push(seed: int) -> tuple[dict[tuple[int, int], Colour], PushSpec]:
    """A random 30-ball push with a random flick: one push of the slow sweep below."""
    rng = random.Random(seed)
    balls, spec = random_push(BOARD, rng)
    angle = rng.uniform(0, 2 * math.pi)
    speed = rng.uniform(0.0, CFG.max_flick_speed)
    return balls, PushSpec(spec.triangle, spec.colour, spec.offset, angle, speed)


@pytest.mark.slow
def test_slow_3000_pushes_keep_p13_and_all_settle() -> None:
    """P13 holds for every push; a push that ends jammed (a ball pinned on a held cup) is
    reported unsettled and snapped to free cups. A pinned rider rolls over the others
    (repairs.py), so none should be left; any is a regression."""
    unsettled = []
    fixes: Counter[str] = Counter()
    for seed in range(3000):
        balls, spec = sweep_push(seed)
        sim = PushSimulation(BOARD, balls, spec, CFG)
        out = sim.run()
        if not out.settled:
            unsettled.append(seed)
        fixes.update(sim.model.fixups | sim.forced)
        cells = [c for c, _ in out.balls]
        assert len(cells) == len(balls) + 1 == len(set(cells))
        assert Counter(col for _, col in out.balls) == Counter([*balls.values(), spec.colour])
    print(f"3,000 flicked pushes: unsettled {unsettled}, fix-ups {dict(fixes)}")  # for -s
    assert unsettled == [], f"pushes {unsettled} did not settle"


JITTERING_RIDER = 2526
"""The one push of the sweep model 7 (run with its own press here) first left unsettled (model 6
settled it in 800 steps by a roll-over): a rider at the rim between two holders their bowls
press onto it was struck afresh by one of them every step, an impact at e = 0.9 where the pair
rests pressed together, and kept moving at 3-6 mm/s, above the sleep speed, so it was never at
rest to roll over and the push ran to the 20 s cap. A pair meeting again that slowly is now one
lasting contact (contacts.py)."""


def test_a_rider_pressed_into_the_rim_comes_to_rest_and_rolls_over() -> None:
    # The sweep's push, capped at 2 s: the rider's holders meet it again every other step at
    # 8.5 mm/s, under the lasting speed (19.8 mm/s), so Chipmunk holds the three together, the
    # rider comes to rest and rolls over. Before, each meeting was an impact: unsettled at 2 s.
    balls, spec = sweep_push(JITTERING_RIDER)
    sim = PushSimulation(BOARD, balls, spec, MODEL7.with_(max_sim_time=2.0))
    out = sim.run()
    assert out.settled
    assert sim.model.fixups["rolled_over"] == 1
    assert sim.model.touch is not None and sim.model.touch.lasting > 0
    assert sim.forced == {"dropped": 0, "woken": 0}


@pytest.mark.slow
def test_slow_a_jittering_rider_settles() -> None:
    balls, spec = sweep_push(JITTERING_RIDER)
    out = PushSimulation(BOARD, balls, spec, MODEL7).run()
    assert out.settled and out.steps < 2_000


def test_model_version_is_exported() -> None:
    from pusher_sim.physics import MODEL_VERSION

    assert MODEL_VERSION == "9"


def test_outcomes_do_not_depend_on_what_was_resolved_before() -> None:
    # Each push builds its own Space (far balls start asleep): resolving the same pushes in
    # another order, after other pushes, gives bit-identical final positions.
    jobs = [random_push(BOARD, random.Random(100 + k)) for k in range(6)]

    def final(balls: dict[tuple[int, int], Colour], spec: PushSpec) -> tuple[object, ...]:
        sim = PushSimulation(BOARD, balls, spec, CFG)
        sim.run()
        return (sim.ball_positions(), sim.steps, sim.energy())

    forward = [final(*job) for job in jobs]
    backward = [final(*job) for job in reversed(jobs)][::-1]
    assert forward == backward


def test_balls_far_from_the_push_start_asleep_and_wake_on_contact() -> None:
    balls, spec = random_push(BOARD, random.Random(5))
    sim = PushSimulation(BOARD, balls, spec, CFG)
    model = sim.model
    triangle = {BOARD.index(c) for c in spec.triangle}
    cells = [c for c in BOARD.cells if c in balls]
    asleep = [model.state.bodies[i].is_sleeping for i in range(len(cells))]
    assert asleep == [BOARD.index(c) not in triangle for c in cells]
    assert not model.state.bodies[sim.pressed].is_sleeping
    sim.run()
    moved = [
        (x, y) != BOARD.position(c)
        for (_, x, y), c in zip(sim.ball_positions(), cells, strict=False)
    ]
    assert sum(moved) > 3  # more than the triangle moved: sleeping balls were woken by contact
