"""The 3-D reference against mechanics where its first version missed: energy kept rolling
across cups and rocking in one, the rolling head-on follow-through at low speed, and the
board's restitution at low speed, each within 3% at every speed the law applies to.

Each fails on the faceted, soft-impact reference (docs/physics.md, "The 3-D reference"): a
ball crossing cups lost 38% of its energy per cup at 0.1 m/s, rocking kept 43% after 1 s, the
follow-through missed by 44-74% at 0.05-0.1 m/s and the board rebounded at 0.34 at 0.02 m/s.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

pytest.importorskip("mujoco")

from pusher_sim.board import Board
from pusher_sim.physics import PhysicsConfig
from pusher_sim.physics.lip_law import Lip
from pusher_sim.reference.ball_bench import Scene
from pusher_sim.reference.model import cup_shape

BOARD = Board()
CFG = PhysicsConfig()
G = CFG.gravity
R = CFG.ball_radius
TOL = 0.03
FREE = CFG.with_(rolling_resistance=0.0)
"""No rolling resistance: what is left must keep the energy."""


def close(measured: float, law: float) -> bool:
    return abs(measured - law) <= TOL * abs(law)


def energy(scene: Scene, base: float = R) -> float:
    """The ball's energy, moving, turning and its height over ``base`` (default: a ball
    resting on the land), J."""
    m = CFG.ball_mass
    v, w = scene.velocity(0), scene.spin(0)
    inertia = CFG.ball_inertia_ratio * m * R * R
    height = scene.position(0)[2] - base
    return float(0.5 * m * (v @ v) + 0.5 * inertia * (w @ w) + m * G * height)


# The sharp lip makes a crossing ball pivot on its edge and meet the cup's wall there: rolling
# without slipping asks of friction (2/7) sin(a) / (cos(a) - v^2 / (g R)) of the normal force
# (a = 29 degrees at the lip), which the shipped 0.25 gives up to 0.05 m/s; above, the ball
# slips there and loses energy as a rigid ball would. So the law is checked at mu = 1 at every
# speed that keeps the ball on the surface (up to 0.22 m/s: then it leaves the lip), and at
# the shipped friction where it holds.
@pytest.mark.parametrize(
    ("speed", "friction"), [(0.05, 0.25), (0.05, 1.0), (0.1, 1.0), (0.15, 1.0), (0.2, 1.0)]
)
@pytest.mark.parametrize("heading", [0.0, 120.0])
def test_rolling_across_a_row_of_cups_keeps_its_energy(
    speed: float, friction: float, heading: float
) -> None:
    """A ball rolling along a row of empty cups, through their middles, has the same energy
    each time it passes over the land between two of them: from the first such crossing to
    the one five cups on."""
    scene = Scene(BOARD, FREE.with_(sliding_friction=friction), 1)
    a = math.radians(heading)
    u = np.array([math.cos(a), math.sin(a)])
    p = BOARD.pitch
    start = -4.5 * p  # over the land between two cups of the row through the centre
    scene.rolling(0, (start * u[0], start * u[1]), (speed * u[0], speed * u[1]))
    scene.data.qpos[2] = R
    crossed, seen = 0, []
    while crossed < 6 and scene.data.time < 3.0:
        scene.step(1)
        k = math.floor((scene.position(0)[:2] @ u - start) / p)
        if k > crossed:
            crossed = k
            seen.append(energy(scene))
    assert len(seen) == 6 and scene.impacts == 0
    assert close(seen[-1], seen[0])


@pytest.mark.parametrize("speed", [0.05, 0.1, 0.15])
def test_rocking_in_a_cup_keeps_its_energy(speed: float) -> None:
    """A ball rolling through a cup's bottom (slower than the 0.17 m/s that climbs out) rocks
    in it for a second with the energy it had the first time it came back through."""
    scene = Scene(BOARD, FREE, 1)
    scene.rolling(0, (0.0, 0.0), (speed, 0.0))
    passes = []
    before = 0.0
    while scene.data.time < 1.0:
        scene.step(1)
        x = float(scene.position(0)[0])
        if (before < 0.0) != (x < 0.0):
            passes.append(energy(scene, scene.rest_height))
        before = x
    assert len(passes) >= 6
    assert close(passes[-1], passes[0])


@pytest.mark.parametrize("speed", [0.05, 0.1, 0.3, 0.9])
def test_head_on_follow_through(speed: float) -> None:
    """A rolling ball hitting a resting one head-on: once both roll, the striker goes on at
    (5/7)(1-e)/2 + 2/7 of its speed and the struck ball at (5/7)(1+e)/2 (e = 0.9; frictionless
    balls, no resistance): the impact is over before board friction acts, as the law takes."""
    cfg = CFG.with_(rolling_resistance=0.0, friction_ball=1e-6)
    e = cfg.restitution_ball
    scene = Scene(BOARD, cfg, 2, cups=False)
    scene.rolling(0, (-0.085, 0.0), (speed, 0.0))
    scene.place(1, (-0.066, 0.0))
    # To the touch, then until both roll (the struck ball slides longest).
    scene.run(0.003 / speed + 0.4 * speed / (cfg.sliding_friction * G) + 0.01)
    assert close(scene.velocity(0)[0] / speed, 5.0 / 7.0 * (1 - e) / 2 + 2.0 / 7.0)
    assert close(scene.velocity(1)[0] / speed, 5.0 / 7.0 * (1 + e) / 2)


@pytest.mark.parametrize("speed", [0.02, 0.05, 0.1, 0.2, 0.5])
def test_board_restitution(speed: float) -> None:
    """A ball falling onto the board leaves it at e = 0.6 of the speed it met it with: read
    from the step it bounced in, the touch half-way through it (gravity before and after the
    touch accounted for)."""
    scene = Scene(BOARD, CFG, 1, cups=False)
    dt = scene.dt
    gap = speed * dt / 2.0
    scene.place(0, (0.0, 0.0), (0.0, 0.0, -speed), height=R + gap)
    scene.step(1)
    t = (math.sqrt(speed * speed + 2.0 * G * gap) - speed) / G
    up = scene.velocity(0)[2] + G * (dt - t)
    assert close(up, CFG.restitution_rim * (speed + G * t))


def _follow_through(speed: float, *, asleep: bool) -> tuple[float, float]:
    """A rolling ball hits a resting one head-on (ball friction as shipped, no resistance);
    ``asleep``: the struck ball first left until MuJoCo puts it to sleep. Both speeds once both
    roll, over the incoming one."""
    cfg = CFG.with_(rolling_resistance=0.0)
    scene = Scene(BOARD, cfg, 2, cups=False)
    scene.place(1, (-0.066, 0.0))
    if asleep:
        scene.run_to_rest(2.0)
        assert scene.data.ntree_awake == 0
    scene.rolling(0, (-0.085, 0.0), (speed, 0.0))
    scene.run(0.003 / speed + 0.5 * speed / (cfg.sliding_friction * G) + 0.01)
    return float(scene.velocity(0)[0]) / speed, float(scene.velocity(1)[0]) / speed


FOLLOW_THROUGH = (0.2875, 0.6446)
"""Issue 32's 3-D Coulomb law at mu_b = 0.05, e = 0.9: friction at the contact cuts the
striker's spin by 1.25 mu_b (1 + e) v / R and gives the struck ball as much back spin
(tests/test_physics_contacts.py, follow_through)."""


@pytest.mark.parametrize(
    "speed",
    [
        0.05,
        0.3,
        pytest.param(0.1, marks=pytest.mark.slow),
        pytest.param(0.9, marks=pytest.mark.slow),
    ],
)
@pytest.mark.parametrize("asleep", [False, True], ids=["awake", "asleep"])
def test_head_on_follow_through_with_ball_friction(speed: float, asleep: bool) -> None:
    """Within 2% of the law, the struck ball awake or asleep (measured: 0.2875 and 0.6446 to
    the fourth figure at 0.05-0.9 m/s either way)."""
    striker, struck = _follow_through(speed, asleep=asleep)
    assert striker == pytest.approx(FOLLOW_THROUGH[0], rel=0.02)
    assert struck == pytest.approx(FOLLOW_THROUGH[1], rel=0.02)


ESCAPE = 0.1766
"""m/s: the escape speed from a cup's bottom, rise and rolling resistance over the path its
centre takes to the lip (issue 32)."""


@pytest.mark.parametrize(
    "heading",
    [0.0, pytest.param(15.0, marks=pytest.mark.slow), pytest.param(30.0, marks=pytest.mark.slow)],
)
def test_escape_speed_is_the_same_at_every_heading(heading: float) -> None:
    """A ball rolling from a cup's bottom at 1% under the escape speed stays in the cup, at 1%
    over it leaves (and comes to rest on the land or in the next cup), at every heading."""
    a = math.radians(heading)
    lip = cup_shape(BOARD, CFG).lip
    for share, leaves in ((0.99, False), (1.01, True)):
        scene = Scene(BOARD, CFG, 1)
        v = share * ESCAPE
        scene.rolling(0, (0.0, 0.0), (v * math.cos(a), v * math.sin(a)))
        scene.run(0.6)
        assert (float(np.hypot(*scene.position(0)[:2])) > lip) == leaves


LIP = Lip(
    R,
    2.0 * R,
    CFG.cup_depth,
    CFG.ball_inertia_ratio,
    CFG.normal_gravity,
    CFG.sliding_friction,
    CFG.restitution_rim,
)
"""The rigid ball's lip (lip_law.py): its pivot slips where friction cannot hold it, a flight
off it bounces at the board's restitution, and one off the far lip of a row comes down in the
next cup."""


@pytest.mark.parametrize("speed", [0.2, 0.3, 0.4, 0.5])
def test_energy_lost_on_a_cup_of_a_row_is_the_rigid_ball_law(speed: float) -> None:
    """A ball rolling along a row of cups from the land before the first loses on that cup,
    from land to land, within 2 points of the rigid ball's law (no rolling resistance):
    measured 0.5%, 7.6%, 15.8%, 16.1% against the law's 0.4%, 7.6%, 17.5%, 16.3%."""
    scene = Scene(BOARD, FREE, 1)
    p = BOARD.pitch
    start = -4.5 * p
    scene.rolling(0, (start, 0.0), (speed, 0.0))
    scene.data.qpos[2] = R
    before = energy(scene)
    while float(scene.position(0)[0]) < start + p and scene.data.time < 1.0:
        scene.step(1)
    law = LIP.crossing(speed, p - 2.0 * LIP.lip)
    assert 1.0 - energy(scene) / before == pytest.approx(law, abs=0.02)
