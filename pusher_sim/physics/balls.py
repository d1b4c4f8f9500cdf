"""A ball as Chipmunk objects: its body, its spin, and its rolling resistance.

So that a step costs no Python, everything that acts on a ball every step is a Chipmunk object:
its spin is a shapeless body of (2/5) m held to it by a pivot whose force is capped at sliding
friction (a rolling ball slides until the pivot holds), and rolling resistance is a pivot to a
static anchor capped at mu_r (7/5) m g. A Space without spin or resistance has none of them.
"""

from __future__ import annotations

import math
from typing import Any

import pymunk

from pusher_sim.physics.collision import BALL, BALL_FILTER, PRESSED
from pusher_sim.physics.config import PhysicsConfig


class BallMaker:
    """Makes each ball's body, shape and, as chosen, spin and rolling resistance.

    ``anchor``: the static body the resistance pivots (and the bowl springs) hold on to.
    """

    def __init__(self, config: PhysicsConfig, anchor: Any, *, spin: bool, resistance: bool):
        self.config = config
        self.anchor = anchor
        self.spin = spin
        self.spin_mass = config.ball_inertia_ratio * config.ball_mass if spin else 0.0
        self.resistance = resistance and config.rolling_resistance > 0.0
        self.elasticity = math.sqrt(config.restitution_ball)
        self.friction = math.sqrt(config.friction_ball)

    def make(
        self,
        position: tuple[float, float],
        velocity: tuple[float, float],
        *,
        pressed: bool,
        sliding: bool,
    ) -> tuple[Any, Any, Any, list[Any]]:
        """A ball at ``position`` rolling at ``velocity`` (sliding: its spin at rest).

        Returns its body, shape and spin body (None without spin), and every object to add to
        the Space, in the order they are added.
        """
        cfg = self.config
        body = pymunk.Body(cfg.ball_mass, math.inf)
        body.position = position
        body.velocity = velocity
        shape = pymunk.Circle(body, cfg.ball_radius)
        shape.elasticity = self.elasticity
        shape.friction = self.friction
        shape.collision_type = PRESSED if pressed else BALL
        shape.filter = BALL_FILTER
        objs: list[Any] = [body, shape]
        spin = None
        if self.spin:
            spin = pymunk.Body(self.spin_mass, math.inf)
            spin.position = position
            spin.velocity = (0.0, 0.0) if sliding else velocity
            slide = pymunk.PivotJoint(body, spin, (0.0, 0.0), (0.0, 0.0))
            slide.max_bias = 0.0
            slide.max_force = cfg.sliding_friction * cfg.ball_mass * cfg.normal_gravity
            objs += [spin, slide]
        if self.resistance:
            pivot = pymunk.PivotJoint(body, self.anchor, (0.0, 0.0), (0.0, 0.0))
            pivot.max_bias = 0.0
            pivot.max_force = (
                cfg.rolling_resistance * (cfg.ball_mass + self.spin_mass) * cfg.normal_gravity
            )
            objs.append(pivot)
        return body, shape, spin, objs
