"""Model 7's contacts against textbook collisions, and the two pushes model 6 could not end.

Contacts (contacts.py): equal free balls (no spin, resistance or cups; contact friction ~0),
the touch's phase sampled over a step: the struck ball leaves along the line of centres at first
touch with (1 + e)/2 v cos(phi), the striker keeps the rest; a ball meets the rim and leaves
with the textbook reflection. Rolling balls: head-on and into the rim, the speeds both roll at
once friction is done are the laws of docs/physics.md at every speed a push has, within 1%.
Model 6 (config_for_model("6")) was 11 degrees and 75% off at a 75 degree cut, and 15-26% off
the rolling laws at 0.05 m/s (51% at the rim).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace

import pytest

from pusher_sim.benchmarking import random_push
from pusher_sim.board import Board, Colour
from pusher_sim.physics import BoardSpace, PhysicsConfig, PushSimulation
from pusher_sim.physics.config import config_for_model
from pusher_sim.physics.settle import is_settled
from pusher_sim.push_resolution import PushSpec

BOARD = Board()
WIDE = Board(radius=14)
CUTS = range(0, 76, 5)
SPEEDS = (0.05, 0.1, 0.3, 0.7, 1.5)
PHASES = (0.0, 0.3, 0.7)
HEAD_ON_SPEEDS = (0.05, 0.1, 0.3, 0.5, 0.9)
FREE = PhysicsConfig(cup_depth=0.0, friction_ball=1e-9, friction_rim=0.0)


def _angle(v: tuple[float, float], direction: float) -> float:
    """Degrees between velocity ``v`` and the heading ``direction`` (rad)."""
    return abs(math.degrees(math.remainder(math.atan2(v[1], v[0]) - direction, 2 * math.pi)))


def _glance(cfg: PhysicsConfig, cut: float, v: float, phase: float) -> BoardSpace:
    """A ball at ``v`` along +x meets a ball at rest at the origin at cut angle ``cut`` (rad),
    touching ``phase`` of a step after a step begins; stepped until just after the touch."""
    model = BoardSpace(WIDE, cfg, cups=False, resistance=False, spin=False, sleeping=False)
    reach = 2.0 * cfg.ball_radius
    lead = v * cfg.time_step * (4.0 + phase)  # four steps and the phase before the touch
    model.add_ball(Colour.RED, (-reach * math.cos(cut) - lead, -reach * math.sin(cut)), (v, 0))
    model.add_ball(Colour.BLUE, (0.0, 0.0))
    model.step(6)
    return model


@pytest.mark.parametrize("cut_degrees", CUTS)
def test_glancing_collision_leaves_along_the_line_of_centres_at_first_touch(
    cut_degrees: int,
) -> None:
    e = FREE.restitution_ball
    cut = math.radians(cut_degrees)
    for v in SPEEDS:
        for phase in PHASES:
            model = _glance(FREE, cut, v, phase)
            struck, striker = model.velocity(1), model.velocity(0)
            want = (1 + e) / 2 * v * math.cos(cut)
            assert _angle(struck, cut) <= 0.5
            assert math.hypot(*struck) == pytest.approx(want, rel=0.02)
            # The striker keeps v less what it gave: along x and across the line of centres.
            kept = (v - want * math.cos(cut), -want * math.sin(cut))
            assert _angle(striker, math.atan2(kept[1], kept[0])) <= 0.5
            assert math.hypot(*striker) == pytest.approx(math.hypot(*kept), rel=0.02)


def test_model_6_took_the_overlapped_line_which_model_7_does_not() -> None:
    # The issue's figures: at a 60 degree cut and 1.5 m/s the struck ball left up to 10.5
    # degrees off the line and a third slow; config_for_model("6") still does.
    old = _glance(config_for_model("6", {"cup_depth": 0.0, "friction_ball": 1e-9}), 1.047, 1.5, 0.5)
    assert _angle(old.velocity(1), 1.047) > 5.0


@pytest.mark.parametrize("incidence", range(0, 86, 5))
def test_ball_meets_the_rim_with_the_textbook_reflection(incidence: int) -> None:
    # Rim face at y = limit; the ball comes in at ``incidence`` from the face's normal and
    # leaves with its normal speed times -e_rim and its speed along the face kept.
    e = FREE.restitution_rim
    limit = BOARD.inradius + BOARD.pitch / 2
    a = math.radians(incidence)
    for v in SPEEDS:
        for phase in PHASES:
            model = BoardSpace(BOARD, FREE, cups=False, resistance=False, spin=False)
            vx, vy = v * math.sin(a), v * math.cos(a)
            t = 4.0 + phase
            start = (-vx * t * FREE.time_step, limit - vy * t * FREE.time_step)
            i = model.add_ball(Colour.RED, start, (vx, vy))
            model.step(6)
            want = (vx, -e * vy)
            got = model.velocity(i)
            assert _angle(got, math.atan2(want[1], want[0])) <= 0.5
            assert math.hypot(*got) == pytest.approx(math.hypot(*want), rel=0.02)


def _rolling(model: BoardSpace, balls: tuple[int, ...]) -> None:
    """Step until every ball rolls (velocity = spin) again after the collision."""
    for k in range(2000):
        model.step()
        if k > 8 and all(model.velocity(i) == model.spin_velocity(i) for i in balls):
            return
    raise AssertionError("never rolling again")


def _head_on(cfg: PhysicsConfig, v: float, phase: float, *, asleep: bool) -> tuple[float, float]:
    """A ball rolling at ``v`` meets a ball at rest head-on (asleep, as a push's balls at rest
    are, or awake); the two speeds they roll at once friction is done, over ``v``."""
    model = BoardSpace(WIDE, cfg, sleeping=True)
    start = -2 * cfg.ball_radius - v * cfg.time_step * (3 + phase)
    a = model.add_ball(Colour.RED, (start, 0.0), (v, 0.0))
    b = model.add_ball(Colour.BLUE, (0.0, 0.0))
    if asleep:
        model.sleep(b)
    _rolling(model, (a, b))
    return model.velocity(a)[0] / v, model.velocity(b)[0] / v


def follow_through(e: float, mu: float, beta: float = 0.4) -> tuple[float, float]:
    """The 3-D Coulomb impulse law of a head-on hit of rolling balls: the striker keeps its
    spin less mu (1 + e) v / (2 beta) (friction at the contact acting on the spin), the struck
    ball gains that as back spin; each then rolls at its momentum over the rolling mass.
    Striker and struck speed over the incoming one (while the contact slips throughout)."""
    lost = mu * (1 + e) / (2 * beta)
    striker = ((1 - e) / 2 + beta * (1 - lost)) / (1 + beta)
    struck = ((1 + e) / 2 - beta * lost) / (1 + beta)
    return striker, struck


def test_the_follow_through_law_is_the_issue_s_figure() -> None:
    # Issue 32: mu_b = 0.05, e = 0.9: the striker keeps 0.2875 of its speed (0.3214 without
    # the friction on the spin).
    assert follow_through(0.9, 0.05)[0] == pytest.approx(0.2875, abs=1e-12)
    assert follow_through(0.9, 0.0)[0] == pytest.approx(0.3214, abs=1e-4)


@pytest.mark.parametrize("asleep", [False, True], ids=["awake", "asleep"])
@pytest.mark.parametrize("e", [0.5, 0.9, 1.0])
def test_rolling_head_on_collision_follows_through_at_every_speed(e: float, asleep: bool) -> None:
    # Model 9: friction at the contact acts on the spin (ball_friction.py), whether the struck
    # ball sleeps or not. Within 2% of the law at 0.05-0.9 m/s (to rounding in fact; at 1.5
    # m/s the struck ball, back spun, slides into the rim before it rolls).
    cfg = PhysicsConfig(cup_depth=0.0, rolling_resistance=0.0, restitution_ball=e)
    striker, struck = follow_through(e, cfg.friction_ball)
    for v in HEAD_ON_SPEEDS:
        for phase in PHASES:
            got = _head_on(cfg, v, phase, asleep=asleep)
            assert got[0] == pytest.approx(striker, rel=0.02)
            assert got[1] == pytest.approx(struck, rel=0.02)


def test_model_8_s_striker_kept_its_spin_and_was_off_against_a_sleeping_ball() -> None:
    # Model 8 (a disc: no friction on the spin) gives (5/7)(1 - e)/2 + 2/7 awake; against a
    # sleeping ball Chipmunk solved the touch with the striker's slide joint, whose friction
    # crossed the contact: issue 32's -22.7%, -11.4%, -3.8%, -1.3% at 0.05-0.9 m/s.
    cfg = config_for_model("8", {"cup_depth": 0.0, "rolling_resistance": 0.0})
    law = follow_through(cfg.restitution_ball, 0.0)[0]
    assert _head_on(cfg, 0.1, 0.3, asleep=False)[0] == pytest.approx(law, rel=1e-9)
    off = [_head_on(cfg, v, 0.3, asleep=True)[0] / law - 1 for v in (0.05, 0.1, 0.3, 0.9)]
    assert [round(100 * x, 1) for x in off] == [-22.7, -11.4, -3.8, -1.3]


def test_ball_rolling_into_the_rim_comes_back_at_every_speed() -> None:
    # The rim reverses the ball's velocity by e_rim, not its spin: it rolls back at
    # (5 e - 2)/7 of its speed (model 6: 0.179 instead of 0.143 of it at 0.1 m/s).
    cfg = PhysicsConfig(cup_depth=0.0, rolling_resistance=0.0)
    e = cfg.restitution_rim
    limit = BOARD.inradius + BOARD.pitch / 2
    for v in SPEEDS:
        for phase in PHASES:
            model = BoardSpace(BOARD, cfg, sleeping=False)
            i = model.add_ball(Colour.RED, (0.0, limit - v * cfg.time_step * (3 + phase)), (0, v))
            _rolling(model, (i,))
            assert model.velocity(i)[1] == pytest.approx(-(5 * e - 2) / 7 * v, rel=0.01)


@pytest.mark.parametrize(("again", "lasting"), [(0.01, True), (0.1, False)])
def test_a_pair_meeting_again_at_once_slowly_is_a_lasting_contact(
    again: float, lasting: bool
) -> None:
    # Two free balls meet at 1 cm/s (an impact, resolved at first touch), are apart for a step
    # and are then sent back at each other at ``again``: Chipmunk still keeps their contact, so
    # they meet again as a pair pressed together does. Under the lasting speed (19.8 mm/s at
    # 1/480 s) that is one lasting contact, Chipmunk's; faster, a new impact at first touch.
    cfg = PhysicsConfig()
    assert 0.01 < cfg.lasting_speed(BOARD.pitch) < 0.1
    model = BoardSpace(WIDE, cfg, cups=False, resistance=False, spin=False, sleeping=False)
    touch = model.touch
    assert touch is not None
    reach = 2 * cfg.ball_radius
    a = model.add_ball(Colour.RED, (-reach - 0.01 * cfg.time_step * 2.5, 0.0), (0.01, 0.0))
    b = model.add_ball(Colour.BLUE, (0.0, 0.0))
    while touch.count == 0:
        model.step()
    model.step()
    bx = model.position(b)[0]
    assert model.position(a)[0] < bx - reach  # apart
    model.state.bodies[b].velocity = (0.0, 0.0)
    model.state.bodies[a].velocity = (again, 0.0)
    model.state.bodies[a].position = (bx - reach - 0.5 * again * cfg.time_step, 0.0)
    model.step()
    assert (touch.count, touch.lasting) == ((1, 1) if lasting else (2, 0))


@pytest.mark.parametrize(("again", "lasting"), [(0.01, True), (0.1, False)])
def test_a_ball_meeting_the_rim_again_at_once_slowly_is_a_lasting_contact(
    again: float, lasting: bool
) -> None:
    # The same at the rim: a ball meets it at 1 cm/s, is apart for a step, and is sent back.
    cfg = PhysicsConfig()
    model = BoardSpace(BOARD, cfg, cups=False, resistance=False, spin=False, sleeping=False)
    touch = model.touch
    assert touch is not None
    limit = BOARD.inradius + BOARD.pitch / 2
    i = model.add_ball(Colour.RED, (0.0, limit - 0.01 * cfg.time_step * 2.5), (0.0, 0.01))
    while touch.count == 0:
        model.step()
    model.step()
    assert model.position(i)[1] < limit  # apart
    model.state.bodies[i].velocity = (0.0, again)
    model.state.bodies[i].position = (0.0, limit - 0.5 * again * cfg.time_step)
    model.step()
    assert (touch.count, touch.lasting) == ((1, 1) if lasting else (2, 0))


# -- the pushes model 6 could not end ---------------------------------------------------------

HANG_CELLS = (
    (-5, 2), (-4, 1), (-3, -1), (-3, 0), (-3, 3), (-2, -1), (-2, 0), (-1, -2), (-1, -1), (0, -5),
    (0, -3), (0, -2), (0, 5), (1, -5), (1, -3), (1, -2), (1, -1), (1, 0), (1, 1), (2, -5),
    (2, -1), (2, 1), (2, 2), (3, -4), (3, -2), (3, -1), (4, 0), (5, -4), (5, -3), (5, 0),
)  # fmt: skip
HANG_PUSH = PushSpec(
    triangle=((-1, -2), (0, -3), (0, -2)),
    colour=Colour.BLUE,
    offset=(0.0010763632037479977, -0.0007700125887325736),
    angle=1.4346067626382204,
    speed=0.17908335926935132,
    strength=0.0,
)


def test_a_gentle_press_on_a_pinned_triangle_goes_in_instead_of_hanging() -> None:
    # Found among random strength-0 pushes (3 in 600 under model 6): the triangle's balls are
    # pinned by their neighbours, the pressed ball stays on top at its full weight, and model 6
    # ran the push to the 20 s cap, unsettled. Model 7 drops it in after press_drop_time;
    # model 8's finger pushes it in by itself.
    balls = {c: Colour.RED for c in HANG_CELLS}
    finger = PushSimulation(BOARD, balls, HANG_PUSH, PhysicsConfig())
    assert finger.run().settled and finger.forced == {"dropped": 0, "woken": 0}
    cfg = config_for_model("7")
    sim = PushSimulation(BOARD, balls, HANG_PUSH, cfg)
    out = sim.run()
    assert out.settled
    assert sim.press.ledger.press_steps * cfg.time_step <= cfg.press_drop_time + 1e-9
    assert out.steps < 2_000
    assert sim.energy() <= sim.press.ledger.press_work
    assert sim.forced == {"dropped": 1, "woken": 0}  # counted, as every fix-up is
    stuck = PushSimulation(BOARD, balls, HANG_PUSH, cfg.with_(press_drop_time=3600.0))
    stuck.step(1_000)
    assert stuck.press.ledger.on_top  # without the drop it would still be on top


def test_a_ball_asleep_off_its_cup_is_woken_when_all_else_sleeps() -> None:
    # A ball pinned off its cup sleeps with the group that pins it; when that group breaks up
    # elsewhere nothing touches it again. Built directly: a ball far from the push set 1.5 mm
    # off its cup's centre (three times as far as any ball can rest) and put to sleep. Model 6
    # ended such a push "all asleep", unsettled; model 7 wakes it to roll home.
    rng = random.Random(3)
    cells = rng.sample([c for c in BOARD.cells if c[1] > 1], 12)
    tri = ((-1, -2), (0, -3), (0, -2))
    balls = {c: Colour.RED for c in (*tri, *cells)}
    push = PushSpec(tri, Colour.BLUE, (0.0, 0.0), 0.0, 0.0, 0.5)
    for cfg, settled in ((PhysicsConfig(), True), (config_for_model("6"), False)):
        sim = PushSimulation(BOARD, balls, push, cfg)
        far = next(i for i in range(len(balls)) if sim.model.state.cup[i] == BOARD.index(cells[0]))
        x, y = BOARD.position(BOARD.cells[sim.model.state.cup[far]])
        sim.model.state.bodies[far].position = (x + 0.0015, y)
        sim.model.sleep(far)
        out = sim.run()
        assert out.settled is settled
        assert out.steps < sim.max_steps
        assert sim.forced["woken"] == (1 if settled else 0)
        if settled:
            assert is_settled(sim.model)
            assert math.dist(sim.model.position(far), (x, y)) <= cfg.settle_offset


def test_a_first_touch_on_a_sleeping_ball_is_left_to_chipmunk_in_model_8_and_resolved_in_9() -> (
    None
):
    # Kicking a sleeping ball from inside Chipmunk's collision pass once left its lists looping:
    # this push (the energy test's example: no flick, the gentlest press) hung inside a step.
    # Model 9 resolves such a touch too, writing the sleeper's fields without waking it.
    balls, spec = random_push(BOARD, random.Random(3186))
    spec = PushSpec(spec.triangle, spec.colour, spec.offset, 0.0, 0.0, 0.0)
    old = PushSimulation(BOARD, balls, spec, config_for_model("8"))
    assert old.run().settled
    assert old.model.touch is not None and old.model.touch.asleep > 0
    new = PushSimulation(BOARD, balls, spec, PhysicsConfig())
    assert new.run().settled
    assert new.model.touch is not None and new.model.touch.asleep == 0


def test_model_6_settings_turn_every_model_7_change_off() -> None:
    six = config_for_model("6")
    assert six == replace(
        config_for_model("7"),
        first_touch_contacts=False,
        press_drop_time=3600.0,
        wake_off_cup=False,
    )


def test_model_7_settings_turn_model_8_s_press_and_ridge_off() -> None:
    assert config_for_model("7") == replace(
        config_for_model("8"), press_makes_room=False, ridge_by_momentum=False
    )


def test_model_8_settings_turn_model_9_s_ball_friction_and_sleeping_touch_off() -> None:
    assert config_for_model("8") == replace(
        PhysicsConfig(), spin_friction=False, touch_asleep=False
    )


@pytest.mark.slow
@pytest.mark.parametrize("model", ["9", "10"])
def test_slow_10000_random_pushes_at_any_strength_all_settle(model: str) -> None:
    # 30-ball boards, every triangle (bottom row included), strengths uniform over 0-1: none
    # ends unsettled, none at the time cap, none with every ball asleep off its cup. Model 6
    # left about 1 in 200 strength-0 pushes at the cap and 1 in 2,200 pushes all asleep.
    bad = []
    fixes: Counter[str] = Counter()
    for seed in range(10_000):
        rng = random.Random(seed)
        balls, spec = random_push(BOARD, rng)
        spec = replace(spec, strength=rng.random())
        sim = PushSimulation(BOARD, balls, spec, config_for_model(model))
        out = sim.run()
        fixes.update(sim.model.fixups | sim.forced)
        if not out.settled or out.steps >= sim.max_steps:
            bad.append((seed, out.steps, all(sim.model.asleep())))
    print(f"10,000 pushes: (seed, steps, all asleep) {bad}, fix-ups {dict(fixes)}")  # for -s
    assert bad == []


def test_a_press_that_goes_in_by_itself_counts_no_fix_up() -> None:
    push = PushSpec(((-1, -2), (0, -3), (0, -2)), Colour.BLUE, (0.0, 0.0), 0.0, 0.0, 0.5)
    sim = PushSimulation(BOARD, {c: Colour.RED for c in push.triangle}, push, PhysicsConfig())
    assert sim.run().settled
    assert sim.forced == {"dropped": 0, "woken": 0}
