"""How a contact behaves: MuJoCo's soft contact tuned to the config's restitution and friction.

MuJoCo resolves a contact as a stiff spring-damper in the gap (``solref`` given directly as
stiffness and damping). The stiffness is fixed (:data:`STIFFNESS`: a 6 ms contact); the damping
that gives the config's coefficient of restitution is found once by bisection on a single
impact at :data:`CALIBRATION_SPEED` (the discrete step and MuJoCo's impedance make the textbook
damping ratio a few per cent off). Rolling resistance is a torque ``c m g`` against the
ball's spin with ``c = mu_r (1 + I/(m R^2)) R``, which decelerates a rolling ball at mu_r g
as the 2-D model's does (model.py applies it).
"""

from __future__ import annotations

import math
from functools import lru_cache

from pusher_sim.reference.mujoco_import import mujoco

TIME_STEP = 0.0005
"""s: twelve steps per contact."""

STIFFNESS = 250_000.0
"""1/s^2: the gap's spring per unit mass (a 6.3 ms half period; a ball meeting another at
0.45 m/s overlaps it by under a millimetre)."""

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


def _solref(damping: float) -> str:
    return f"{-STIFFNESS:.9g} {-damping:.9g}"


def _rebound(damping: float, ball_radius: float, ball_mass: float) -> float:
    """Rebound speed over impact speed of a ball meeting a wall head-on with this damping (per
    unit mass the gap's law is the same between two balls)."""
    mj = mujoco()
    passive = mj.get_mjcb_passive()
    ball = (
        f'<geom type="sphere" size="{ball_radius:.9g}" mass="{ball_mass:.9g}" condim="1" '
        f'solref="{_solref(damping)}" solimp="{IMPEDANCE}"/>'
    )
    gap = 1e-6
    world = (
        f'<geom type="plane" size="1 1 1" condim="1" solref="{_solref(damping)}" '
        f'solimp="{IMPEDANCE}"/><body pos="0 0 {ball_radius + gap:.9g}"><freejoint/>{ball}</body>'
    )
    xml = (
        f'<mujoco><option timestep="{TIME_STEP}" gravity="0 0 0"/>'
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
    for _ in range(400):
        mj.mj_step(model, data)
    return float(data.qvel[2]) / v


@lru_cache(maxsize=32)
def damping_for(restitution: float, ball_radius: float, ball_mass: float) -> float:
    """The gap damping (1/s) with which an impact rebounds at ``restitution`` (to 0.1%)."""
    omega = math.sqrt(STIFFNESS)
    low, high = 0.0, 4.0 * omega * max(damping_ratio(restitution), 0.05)
    for _ in range(40):
        mid = 0.5 * (low + high)
        if _rebound(mid, ball_radius, ball_mass) > restitution:
            low = mid
        else:
            high = mid
        if high - low < 1e-4 * omega:
            break
    return 0.5 * (low + high)


def solref(restitution: float, ball_radius: float, ball_mass: float) -> str:
    """MuJoCo's solref for a contact that rebounds at ``restitution``."""
    return _solref(damping_for(restitution, ball_radius, ball_mass))
