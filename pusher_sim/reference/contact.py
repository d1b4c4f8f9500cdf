"""How a lasting contact behaves: MuJoCo's soft contact, tuned to the config's restitution.

Impacts (a first touch) are resolved as impulses (impacts.py); what MuJoCo's soft contact
resolves is what lasts: a ball resting in a cup or rolling on the board, balls pressed
together, the finger on the pressed ball, the rim. The contact is a spring-damper in the gap
(``solref`` given directly as stiffness and damping); the stiffness and the time step are the
reference's :class:`Numerics` (halved and doubled in the convergence study, docs/physics.md);
the damping that gives the config's coefficient of restitution is found once by bisection on a
single impact at :data:`CALIBRATION_SPEED`, so that a slow meeting left to the soft contact
rebounds as an impact would. Rolling resistance is a torque ``c m g`` against the ball's spin
with ``c = mu_r (1 + I/(m R^2)) R``, which decelerates a rolling ball at mu_r g as the 2-D
model's does (model.py applies it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from pusher_sim.reference.mujoco_import import mujoco


@dataclass(frozen=True)
class Numerics:
    """The reference's numerical choices: the time step (s) and the soft contact's stiffness
    per unit mass (1/s^2). The shipped values are the defaults; the convergence study runs the
    same pushes at half the step and at twice the stiffness."""

    time_step: float = 0.0005
    stiffness: float = 1_000_000.0

    def __post_init__(self) -> None:
        if not 0.0 < self.time_step <= 0.002:
            raise ValueError(f"reference time step {self.time_step} s outside (0, 0.002]")
        if not math.sqrt(self.stiffness) * self.time_step < 1.0:
            raise ValueError("reference contact too stiff for its time step (omega dt >= 1)")


SHIPPED = Numerics()

IMPEDANCE = "0.9 0.95 0.001"
"""MuJoCo's solimp: below 1 so that a ball at rest settles instead of chattering."""

CALIBRATION_SPEED = 0.3
"""m/s: the impact speed the damping is tuned at (a typical press)."""


def damping_ratio(restitution: float) -> float:
    """The textbook damping ratio of a linear spring-damper that rebounds at ``restitution``."""
    if restitution >= 1.0:
        return 0.0
    log = math.log(max(restitution, 1e-6))
    return -log / math.sqrt(math.pi * math.pi + log * log)


def rolling_friction(rolling_resistance: float, ball_radius: float, inertia_ratio: float) -> float:
    """The lever c (a length) of the torque c m g that slows a rolling ball at mu_r g."""
    return rolling_resistance * (1.0 + inertia_ratio) * ball_radius


def _solref(numerics: Numerics, damping: float) -> str:
    return f"{-numerics.stiffness:.9g} {-damping:.9g}"


def _rebound(numerics: Numerics, damping: float, ball_radius: float, ball_mass: float) -> float:
    """Rebound speed over impact speed of a ball meeting a wall head-on with this damping (per
    unit mass the gap's law is the same between two balls)."""
    mj = mujoco()
    passive = mj.get_mjcb_passive()
    ref = _solref(numerics, damping)
    ball = (
        f'<geom type="sphere" size="{ball_radius:.9g}" mass="{ball_mass:.9g}" condim="1" '
        f'solref="{ref}" solimp="{IMPEDANCE}"/>'
    )
    gap = 1e-6
    world = (
        f'<geom type="plane" size="1 1 1" condim="1" solref="{ref}" '
        f'solimp="{IMPEDANCE}"/><body pos="0 0 {ball_radius + gap:.9g}"><freejoint/>{ball}</body>'
    )
    xml = (
        f'<mujoco><option timestep="{numerics.time_step}" gravity="0 0 0"/>'
        f"<worldbody>{world}</worldbody></mujoco>"
    )
    mj.set_mjcb_passive(None)  # (no ball of this model has rolling resistance)
    try:
        model = mj.MjModel.from_xml_string(xml)
    finally:
        mj.set_mjcb_passive(passive)
    data = mj.MjData(model)
    v = CALIBRATION_SPEED
    data.qvel[2] = -v
    contact_time = math.pi / math.sqrt(numerics.stiffness)
    mj.mj_step(model, data, nstep=round(4.0 * contact_time / numerics.time_step) + 4)
    return float(data.qvel[2]) / v


@lru_cache(maxsize=32)
def damping_for(
    numerics: Numerics, restitution: float, ball_radius: float, ball_mass: float
) -> float:
    """The gap damping (1/s) with which an impact rebounds at ``restitution`` (to 0.1%)."""
    omega = math.sqrt(numerics.stiffness)
    low, high = 0.0, 4.0 * omega * max(damping_ratio(restitution), 0.05)
    for _ in range(40):
        mid = 0.5 * (low + high)
        if _rebound(numerics, mid, ball_radius, ball_mass) > restitution:
            low = mid
        else:
            high = mid
        if high - low < 1e-4 * omega:
            break
    return 0.5 * (low + high)


def solref(numerics: Numerics, restitution: float, ball_radius: float, ball_mass: float) -> str:
    """MuJoCo's solref for a contact that rebounds at ``restitution``."""
    return _solref(numerics, damping_for(numerics, restitution, ball_radius, ball_mass))
