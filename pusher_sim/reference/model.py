"""The compiled MuJoCo model of a board holding ``n`` balls (compiled once, kept per process).

The model holds the balls, the rim and floor, the finger, and for each ball
:data:`surface.FEATURES` planes of the world (still, as the board is) that only that ball
touches (an explicit contact pair each): before every step they are set tangent to the board's
surface where it is nearest the ball (surface.py, stepper.py). They are the world's geoms, not
mocap bodies, so that a ball at rest on them can sleep. Every push with the same number of
balls on the same board, physics and numerics reuses one compiled model and starts from a
fresh ``MjData``, so a push never depends on what ran before.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from pusher_sim.board import Board
from pusher_sim.physics import PhysicsConfig
from pusher_sim.reference import contact, resistance
from pusher_sim.reference.contact import Numerics
from pusher_sim.reference.geometry import CupShape, rim_body
from pusher_sim.reference.press import FINGER_RADIUS
from pusher_sim.reference.surface import FEATURES

FINGER = "finger"
"""The finger's body and geom: a mocap sphere that meets the balls only (the balls are bodies
1 to n)."""

PARKED = (0.0, 0.0, 1.0)
"""Where the finger waits, m: far above the board."""


def cup_shape(board: Board, cfg: PhysicsConfig) -> CupShape:
    return CupShape.of(cfg.ball_radius, cfg.cup_depth, board.pitch)


def gravity(cfg: PhysicsConfig) -> tuple[float, float, float]:
    """Gravity in the board's frame: the tilt turns it off the board's normal, downhill
    along ``tilt_direction``."""
    g, t, d = cfg.gravity, cfg.tilt, cfg.tilt_direction
    return (g * math.sin(t) * math.cos(d), g * math.sin(t) * math.sin(d), -g * math.cos(t))


def mjcf(board: Board, cfg: PhysicsConfig, n_balls: int, numerics: Numerics) -> str:
    """The MJCF text of the board and ``n_balls`` free balls (placed at the origin; a push
    sets where they are)."""
    r, m = cfg.ball_radius, cfg.ball_mass
    land = contact.solref(numerics, cfg.restitution_rim, r, m)
    balls = contact.solref(numerics, cfg.restitution_ball, r, m)
    inertia = cfg.ball_inertia_ratio * m * r * r
    bodies = "".join(
        f'<body name="ball{i}"><freejoint/>'
        f'<inertial pos="0 0 0" mass="{m:.9g}" '
        f'diaginertia="{inertia:.9g} {inertia:.9g} {inertia:.9g}"/>'
        f'<geom name="ball{i}" class="ball"/></body>'
        for i in range(n_balls)
    )
    planes = "".join(
        f'<geom name="plane{i}_{k}" class="surface" pos="0 0 -1"/>'
        for i in range(n_balls)
        for k in range(FEATURES)
    )
    mu = cfg.sliding_friction
    pairs = "".join(
        f'<pair geom1="ball{i}" geom2="plane{i}_{k}" condim="3" '
        f'friction="{mu:.9g} {mu:.9g} 0 0 0" solref="{land}" solimp="{contact.IMPEDANCE}"/>'
        for i in range(n_balls)
        for k in range(FEATURES)
    )
    gx, gy, gz = gravity(cfg)
    return (
        '<mujoco model="pusher-reference">'
        '<compiler angle="radian"/>'
        f'<option timestep="{numerics.time_step:.9g}" gravity="{gx:.9g} {gy:.9g} {gz:.9g}" '
        'cone="elliptic" impratio="10" integrator="implicitfast"><flag sleep="enable"/></option>'
        "<default>"
        '<default class="surface"><geom type="plane" size="1 1 0.1" contype="0" '
        'conaffinity="0"/></default>'
        f'<default class="rim"><geom priority="1" condim="3" friction="{cfg.friction_rim:.9g} 0 0" '
        f'solref="{land}" solimp="{contact.IMPEDANCE}"/></default>'
        f'<default class="ball"><geom type="sphere" size="{r:.9g}" condim="3" '
        f'friction="{cfg.friction_ball:.9g} 0 0" solref="{balls}" solimp="{contact.IMPEDANCE}" '
        'density="0" contype="1" conaffinity="3"/></default>'
        f'<default class="finger"><geom type="sphere" size="{FINGER_RADIUS:.9g}" condim="1" '
        f'priority="2" solref="{land}" solimp="{contact.IMPEDANCE}" contype="2" '
        'conaffinity="2"/></default>'
        "</default>"
        f"<worldbody>{rim_body(board, r)}{bodies}"
        f'<body name="{FINGER}" mocap="true" pos="{PARKED[0]} {PARKED[1]} {PARKED[2]}">'
        f'<geom name="{FINGER}" class="finger"/></body>{planes}</worldbody>'
        f"<contact>{pairs}</contact>"
        "</mujoco>"
    )


@lru_cache(maxsize=32)
def compiled(board: Board, cfg: PhysicsConfig, n_balls: int, numerics: Numerics) -> Any:
    """The compiled ``MjModel`` (cached: the shipped games' positions alone hold 20 different
    numbers of balls), its balls' rolling resistance registered (resistance.py)."""
    model = resistance.compile_model(mjcf(board, cfg, n_balls, numerics))
    lever = contact.rolling_friction(
        cfg.rolling_resistance, cfg.ball_radius, cfg.ball_inertia_ratio
    )
    resistance.register(model, n_balls, lever * cfg.ball_mass * cfg.normal_gravity)
    return model
