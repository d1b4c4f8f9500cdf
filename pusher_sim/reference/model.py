"""The compiled MuJoCo model of a board holding ``n`` balls (compiled once, kept per process).

Every push with the same number of balls on the same board and physics reuses one compiled
model and starts from a fresh ``MjData``, so a push never depends on what ran before.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from pusher_sim.board import Board
from pusher_sim.physics import PhysicsConfig
from pusher_sim.reference import contact, resistance
from pusher_sim.reference.geometry import CupShape, board_body
from pusher_sim.reference.press import FINGER_RADIUS

FINGER = "finger"
"""The finger's body and geom: a mocap sphere that meets the balls only."""

PARKED = (0.0, 0.0, 1.0)
"""Where the finger waits, m: far above the board."""


def cup_shape(board: Board, cfg: PhysicsConfig) -> CupShape:
    return CupShape.of(cfg.ball_radius, cfg.cup_depth, board.pitch)


def gravity(cfg: PhysicsConfig) -> tuple[float, float, float]:
    """Gravity in the board's frame: the tilt turns it off the board's normal, downhill
    along ``tilt_direction``."""
    g, t, d = cfg.gravity, cfg.tilt, cfg.tilt_direction
    return (g * math.sin(t) * math.cos(d), g * math.sin(t) * math.sin(d), -g * math.cos(t))


def mjcf(board: Board, cfg: PhysicsConfig, n_balls: int, *, cups: bool = True) -> str:
    """The MJCF text of the board and ``n_balls`` free balls (placed at the origin; a push
    sets where they are)."""
    r, m = cfg.ball_radius, cfg.ball_mass
    cup = cup_shape(board, cfg)
    assets, board_geoms = board_body(board, cup, r, cups=cups)
    land = contact.solref(cfg.restitution_rim, r, m)
    balls = contact.solref(cfg.restitution_ball, r, m)
    inertia = cfg.ball_inertia_ratio * m * r * r
    bodies = "".join(
        f'<body name="ball{i}"><freejoint/>'
        f'<inertial pos="0 0 0" mass="{m:.9g}" '
        f'diaginertia="{inertia:.9g} {inertia:.9g} {inertia:.9g}"/>'
        f'<geom class="ball"/></body>'
        for i in range(n_balls)
    )
    gx, gy, gz = gravity(cfg)
    return (
        '<mujoco model="pusher-reference">'
        '<compiler angle="radian"/>'
        f'<option timestep="{contact.TIME_STEP}" gravity="{gx:.9g} {gy:.9g} {gz:.9g}" '
        'cone="elliptic" impratio="10" integrator="implicitfast"><flag sleep="enable"/></option>'
        "<default>"
        f'<default class="land"><geom priority="1" condim="3" '
        f'friction="{cfg.sliding_friction:.9g} 0 0" solref="{land}" '
        f'solimp="{contact.IMPEDANCE}"/></default>'
        f'<default class="rim"><geom priority="1" condim="3" friction="{cfg.friction_rim:.9g} 0 0" '
        f'solref="{land}" solimp="{contact.IMPEDANCE}"/></default>'
        f'<default class="ball"><geom type="sphere" size="{r:.9g}" condim="3" '
        f'friction="{cfg.friction_ball:.9g} 0 0" solref="{balls}" solimp="{contact.IMPEDANCE}" '
        'density="0" contype="1" conaffinity="3"/></default>'
        f'<default class="finger"><geom type="sphere" size="{FINGER_RADIUS:.9g}" condim="1" '
        f'priority="2" solref="{land}" solimp="{contact.IMPEDANCE}" contype="2" '
        'conaffinity="2"/></default>'
        "</default>"
        f"<asset>{assets}</asset>"
        f"<worldbody>{board_geoms}{bodies}"
        f'<body name="{FINGER}" mocap="true" pos="{PARKED[0]} {PARKED[1]} {PARKED[2]}">'
        f'<geom name="{FINGER}" class="finger"/></body></worldbody>'
        "</mujoco>"
    )


@lru_cache(maxsize=32)
def compiled(board: Board, cfg: PhysicsConfig, n_balls: int, *, cups: bool = True) -> Any:
    """The compiled ``MjModel`` (cached: compiling the board takes a fifth of a second, a
    third of a push, and the shipped games' positions alone hold 20 different numbers of
    balls), its balls' rolling resistance registered (resistance.py)."""
    model = resistance.compile_model(mjcf(board, cfg, n_balls, cups=cups))
    lever = contact.rolling_friction(
        cfg.rolling_resistance, cfg.ball_radius, cfg.ball_inertia_ratio
    )
    resistance.register(model, n_balls, lever * cfg.ball_mass * cfg.normal_gravity)
    return model
