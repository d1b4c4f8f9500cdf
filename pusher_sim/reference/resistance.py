"""Rolling resistance: a torque against each ball's spin, applied as MuJoCo's passive force.

The torque is ``c m g cos(tilt)`` with ``c = mu_r (1 + I/(m R^2)) R`` (contact.rolling_friction),
along minus the spin, which slows a rolling ball at mu_r g as the 2-D model's resistance does;
below :data:`SLOW_SPIN` it fades in proportion to the spin (dry friction smoothed, so the step
stays stable and a ball comes to rest). MuJoCo's own rolling friction shares one friction cone
with sliding friction (a struck ball then slides on with much less than mu_s), and friction on
the free joint's rotational degrees of freedom acts on each local axis apart (up to 1.7 times
too strong on a slant); this is neither. MuJoCo calls :func:`_passive` every step for every
model; it acts on the models :func:`register` named.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pusher_sim.reference.mujoco_import import mujoco

SLOW_SPIN = 0.1
"""rad/s: below this the torque fades linearly to zero (a ball's surface at 0.8 mm/s)."""

_TORQUE: dict[int, tuple[int, float]] = {}


def compile_model(xml: str) -> Any:
    """Compile MJCF text with the callback off (the compiler runs the model on objects the
    Python callback cannot be handed)."""
    mj = mujoco()
    mj.set_mjcb_passive(None)
    try:
        return mj.MjModel.from_xml_string(xml)
    finally:
        mj.set_mjcb_passive(_passive)


def register(model: Any, balls: int, torque: float) -> None:
    """Resist the spin of the first ``balls`` free joints of ``model`` with ``torque`` N m."""
    _TORQUE[id(model)] = (balls, torque)


def _passive(model: Any, data: Any) -> None:
    found = _TORQUE.get(id(model))
    if found is None:
        return
    balls, torque = found
    qvel = data.qvel[: 6 * balls].reshape(balls, 6)
    spin = qvel[:, 3:6]
    size = np.sqrt((spin * spin).sum(axis=1))
    scale = torque / np.maximum(size, SLOW_SPIN)
    forces = data.qfrc_passive[: 6 * balls].reshape(balls, 6)
    forces[:, 3:6] -= spin * scale[:, None]
