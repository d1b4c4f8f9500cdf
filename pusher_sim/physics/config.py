"""Every number the physics uses, in SI units, in one frozen place.

The defaults equal ``assets/physics.toml``; a test keeps the two in step. ``load_config`` reads
such a file and turns every way it can be wrong into one :class:`ConfigError` line.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from pusher_sim.errors import ConfigError
from pusher_sim.physics.version import MODEL_VERSION

CUP_DRILL_RATIO = 2.0
"""A round cup's drill sphere over the ball's radius (``round_cups``; the 3-D reference's, a
32 mm ball-end drill for a 16 mm ball): it sets where the lip is, cup_lip_radius."""

FINGER_STALL_WEIGHTS = 19.0
"""The most model 8's finger pushes the pressed ball with, in its weights (finger.py; the
reference's hand stops at about 19)."""

DEFAULT_CONFIG_PATH = Path(__file__).resolve().parents[2] / "assets" / "physics.toml"
"""The shipped physics config, ``assets/physics.toml``: what :func:`load_config` reads."""


@dataclass(frozen=True)
class PhysicsConfig:
    """Parameters of the push model. Lengths in m, masses in kg, times in s, angles in rad.

    The model is 2-D (the board seen from above): a ball is a disc carrying a spin body of mass
    ``ball_inertia_ratio`` m (I/R^2, 2/5 for a solid sphere), held to it by ``sliding_friction``;
    ``rolling_resistance`` is a constant deceleration mu_r g of a rolling ball. docs/physics.md
    says where each value comes from.
    """

    ball_radius: float = 0.008
    ball_mass: float = 0.0054
    ball_inertia_ratio: float = 0.4
    gravity: float = 9.81
    cup_depth: float = 0.002
    rolling_resistance: float = 0.02
    sliding_friction: float = 0.25
    restitution_ball: float = 0.9
    restitution_rim: float = 0.6
    friction_ball: float = 0.05
    friction_rim: float = 0.2
    tilt: float = 0.0
    tilt_direction: float = 0.0
    press_speed: float = 0.45
    gentle_press: float = 0.15
    max_flick_speed: float = 1.5
    time_step: float = 1.0 / 480.0
    solver_iterations: int = 2
    collision_slop: float = 0.00008
    settle_offset: float = 0.001
    settle_check_interval: int = 16
    sleep_time: float = 0.05
    sleep_speed: float = 0.002
    max_sim_time: float = 20.0
    first_touch_contacts: bool = True
    press_drop_time: float = 0.5
    wake_off_cup: bool = True
    press_makes_room: bool = True
    finger_speed: float = 0.6
    gentle_finger_speed: float = 0.2
    ridge_by_momentum: bool = True
    spin_friction: bool = True
    touch_asleep: bool = True
    round_cups: bool = False
    lip_loss: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type in (bool, "bool"):
                if not isinstance(value, bool):
                    raise ConfigError(
                        f"physics config: {f.name} must be true or false, got {value!r}"
                    )
                continue
            want = int if f.type in (int, "int") else float
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ConfigError(f"physics config: {f.name} must be a number, got {value!r}")
            if want is int and not isinstance(value, int):
                raise ConfigError(f"physics config: {f.name} must be an integer, got {value!r}")
            if not math.isfinite(value):
                raise ConfigError(f"physics config: {f.name} must be finite, got {value!r}")
            if want is float:
                object.__setattr__(self, f.name, float(value))
        for name, low, high in _RANGES:
            value = getattr(self, name)
            if not low <= value <= high:
                raise ConfigError(
                    f"physics config: {name} = {value!r} is out of range [{low}, {high}]"
                )
        for name in _POSITIVE:
            if not getattr(self, name) > 0:
                raise ConfigError(f"physics config: {name} must be positive")
        # Tunnelling guard: the fastest any ball can go (all the press's and the cups' energy
        # in one ball) must move less than half a radius per step, so a contact Chipmunk finds
        # overlapped is seen from the correct side (ball-ball relative motion stays below
        # 0.71 R per step). Contacts resolved at first touch (model 7) wind back to the touch
        # from any overlap a step makes: a ball may move up to its radius per step (two balls
        # meet before they could pass, relative motion below 2 R, and no ball crosses the rim).
        fastest = self.speed_bound()
        reach, name = (1.0, "its radius") if self.first_touch_contacts else (0.5, "half its radius")
        if fastest * self.time_step > reach * self.ball_radius:
            raise ConfigError(
                f"physics config: time_step {self.time_step:g} s is too long for balls up to "
                f"{fastest:.3g} m/s (a ball would move over {name} in one step)"
            )

    # -- derived quantities (the model's predictions, used by the tests) ----------------------

    @property
    def rolling_factor(self) -> float:
        """Share of a gravity-driven force that accelerates a rolling ball: 1 / (1 + I/(m R^2))."""
        return 1.0 / (1.0 + self.ball_inertia_ratio)

    @property
    def normal_gravity(self) -> float:
        """g cos(tilt): what presses the ball on the board (resistance and cups scale with it)."""
        return self.gravity * math.cos(self.tilt)

    @property
    def resistance_deceleration(self) -> float:
        """mu_r * g cos(tilt), m/s^2."""
        return self.rolling_resistance * self.normal_gravity

    @property
    def tilt_acceleration(self) -> float:
        """Down-slope acceleration of a rolling ball from the tilt alone, m/s^2."""
        return self.rolling_factor * self.gravity * math.sin(self.tilt)

    def free_acceleration(self) -> float:
        """Acceleration of a ball rolling straight down the slope, cups aside."""
        return self.tilt_acceleration - self.resistance_deceleration

    def stop_distance(self, speed: float) -> float:
        """How far a ball at ``speed`` rolls on a level, cup-less board: v^2 / (2 mu_r g)."""
        return speed * speed / (2.0 * self.resistance_deceleration)

    def cup_lip_radius(self) -> float:
        """Where a round cup meets the flat land, m (``round_cups``): the lip of a sphere of
        ``CUP_DRILL_RATIO`` R drilled ``cup_depth`` deep, sqrt(2 S d - d^2)."""
        drill = CUP_DRILL_RATIO * self.ball_radius
        return math.sqrt(max(2.0 * drill * self.cup_depth - self.cup_depth**2, 0.0))

    def cup_path_factor(self) -> float:
        """How much longer a ball's path is over a round cup than its plan: its centre pivots
        on the lip (radius R) and rides the drilled sphere (radius S - R) through an angle
        a = asin(l / S) each way, 2 a S over the lip's 2 l (1.043 as shipped)."""
        drill = CUP_DRILL_RATIO * self.ball_radius
        lip = self.cup_lip_radius()
        return math.asin(lip / drill) * drill / lip if lip > 0.0 else 1.0

    def bowl_stiffness(self, pitch: float) -> float:
        """Spring constant (N/m) of the bowl so that its lowest rim point is ``cup_depth`` high.

        The bowl is the paraboloid k r^2 / 2 about the nearest cup centre; its lowest rim point is
        the midpoint of an edge of the cup's hexagonal cell, r = pitch / 2, so
        k (pitch/2)^2 / 2 = m g h. It acts on the ball, not its spin, so a rolling ball answers
        it with 7/5 of its mass: the 5/7 of a rolling sphere on a slope.
        """
        lip = self.cup_lip_radius()
        if self.round_cups and lip > 0.0:
            # round_cups: round, k l^2 / 2 = m g h at the lip l, flat land beyond it.
            return 2.0 * self.ball_mass * self.normal_gravity * self.cup_depth / (lip * lip)
        return 8.0 * self.ball_mass * self.normal_gravity * self.cup_depth / (pitch * pitch)

    def lasting_speed(self, pitch: float) -> float:
        """The approach speed below which two balls meeting again are one lasting contact, m/s.

        What two balls pressed together by their bowls, each from its cell's edge (k pitch/2),
        gain on each other in one step: a resting pair that the step's forces part and press
        together again meets at about this speed, never from free flight (contacts.py).
        """
        return self.bowl_stiffness(pitch) * pitch / self.ball_mass * self.time_step

    def escape_speed(self, pitch: float) -> float:
        """Speed at the bottom of a cup that just carries a ball over the rim, m/s.

        Straight at an edge's midpoint: climbing the depth costs 2 f g h in v^2, and rolling
        resistance over the half pitch costs 2 mu_r g (pitch/2); a round cup (``round_cups``) is
        left at its lip, at every heading.
        """
        v2 = 2.0 * self.rolling_factor * self.normal_gravity * self.cup_depth
        v2 += self.resistance_deceleration * (
            2.0 * self.cup_lip_radius() * self.cup_path_factor() if self.round_cups else pitch
        )
        return math.sqrt(v2)

    def escape_speed_at(self, pitch: float, heading: float) -> float:
        """Speed at a cup's bottom that just carries a rolling ball out at ``heading`` (rad).

        ``heading`` is measured from the normal of the cell's nearest edge (0 at an edge's
        midpoint, pi/6 at a corner; taken modulo pi/3). The ball runs straight out (the bowl's
        pull is central) and crosses the rim at r = (pitch/2) / cos(heading), where the bowl's
        k r^2 / 2 and resistance over r are both paid: M v^2 / 2 = k r^2 / 2 + mu_r g M r, with
        M = (7/5) m the rolling mass.
        """
        a = abs(math.remainder(heading, math.pi / 3.0))
        r = self.cup_lip_radius() if self.round_cups else 0.5 * pitch / math.cos(a)
        path = r * self.cup_path_factor() if self.round_cups else r
        k = self.bowl_stiffness(pitch)
        return math.sqrt(k * r * r / self.rolling_mass + 2.0 * self.resistance_deceleration * path)

    def transit_speed(self, pitch: float) -> float:
        """Speed at a cup's rim that carries a ball across the cup and over the far rim.

        Both rims lie at the same height, so only rolling resistance over one pitch counts.
        """
        return math.sqrt(2.0 * self.resistance_deceleration * pitch)

    def rest_offset(self, pitch: float) -> float:
        """Largest distance from its cup's centre at which a lone ball can stay at rest.

        The bowl pulls with k r; resistance holds up to mu_r (7/5) m g. Infinite on a flat board.
        """
        k = self.bowl_stiffness(pitch)
        if k == 0:
            return math.inf
        return self.rolling_resistance * self.rolling_mass * self.normal_gravity / k

    def settle_radius(self, pitch: float) -> float:
        """How far from its cup's centre a ball at rest counts as settled, m.

        ``settle_offset``, unless a shallow bowl or a tilted board can hold a ball at rest
        farther out: then the farthest such point (resistance and the slope's pull against the
        bowl's k r), with a tenth to spare. On a board without cups, any distance.
        """
        k = self.bowl_stiffness(pitch)
        if k == 0:
            return math.inf
        slope = self.rolling_mass * self.tilt_acceleration / k
        return max(self.settle_offset, 1.1 * (self.rest_offset(pitch) + slope))

    @property
    def rolling_mass(self) -> float:
        """Ball plus spin body, kg: the mass a rolling ball moves with, (1 + I/(m R^2)) m."""
        return self.ball_mass * (1.0 + self.ball_inertia_ratio)

    def press_work_share(self, strength: float) -> float:
        """Share of the hardest press's work a press of ``strength`` (0..1) does.

        Linear from ``gentle_press`` at 0 to 1 at 1. It scales both parts of the press: the
        triangle balls' kinetic energy and the share of the pressed ball's weight that drives it
        down between them (the player's hand holds the rest back).
        """
        s = min(max(strength, 0.0), 1.0)
        return self.gentle_press + (1.0 - self.gentle_press) * s

    def press_speed_at(self, strength: float) -> float:
        """Speed the press gives each triangle ball (pressed at the centre), m/s."""
        return self.press_speed * math.sqrt(self.press_work_share(strength))

    def slide_distance(self, speed: float) -> float:
        """How far a ball struck to ``speed`` with no spin slides before it rolls, m.

        The joint's force mu_s m g slows the ball at mu_s g and speeds its spin body up at
        mu_s g m / m_s until the two agree (at 5/7 v for a sphere, resistance aside); rolling
        resistance, mu_r (7/5) m g on the ball, slows it a little more while it slides.
        """
        beta = self.ball_inertia_ratio
        g = self.normal_gravity
        a_ball = (self.sliding_friction + self.rolling_resistance * (1.0 + beta)) * g
        a_spin = self.sliding_friction * g / beta
        t = speed / (a_ball + a_spin)
        return speed * t - 0.5 * a_ball * t * t

    def speed_bound(self) -> float:
        """An upper bound on any ball's speed after a press: all energy put into one ball.

        The press gives at most the flick (rolling, with spin) plus three times ``press_speed``
        (sliding, no spin); of the four balls involved three may sit at most at a cup's corner
        height (4/3 of the depth) and one, riding, is counted at twice the depth (space.py), and
        the pressed ball may drop from at most a diameter onto the board (press.py), pushed by
        model 8's finger (finger.py). Spin energy is left out: friction only ever drives a ball
        towards its spin's speed, and a spin body gains speed only from its own ball, so spin
        never makes a ball faster.
        """
        m = self.ball_mass
        g = self.normal_gravity
        energy = 0.5 * m * self.max_flick_speed**2 + 1.5 * m * self.press_speed**2
        energy += m * g * self.cup_depth * (3.0 * 4.0 / 3.0 + 2.0)
        energy += m * g * 2.0 * self.ball_radius
        if self.press_makes_room:
            # Model 8's finger pushes the pressed ball down at most a diameter (finger.py).
            energy += FINGER_STALL_WEIGHTS * m * g * 2.0 * self.ball_radius
        return math.sqrt(2.0 * energy / m)

    def with_(self, **changes: Any) -> PhysicsConfig:
        """A copy with some fields changed, validated like any other."""
        return replace(self, **changes)


_RANGES: tuple[tuple[str, float, float], ...] = (
    ("ball_radius", 1e-4, 0.1),
    ("ball_mass", 1e-5, 10.0),
    ("ball_inertia_ratio", 0.01, 1.0),
    ("gravity", 0.0, 100.0),
    ("cup_depth", 0.0, 0.05),
    ("rolling_resistance", 0.0, 1.0),
    ("sliding_friction", 0.0, 2.0),
    ("restitution_ball", 0.0, 1.0),
    ("restitution_rim", 0.0, 1.0),
    ("friction_ball", 0.0, 2.0),
    ("friction_rim", 0.0, 2.0),
    ("tilt", 0.0, 0.5),
    ("tilt_direction", -2.0 * math.pi, 2.0 * math.pi),
    ("press_speed", 0.0, 10.0),
    ("gentle_press", 0.0, 1.0),
    ("max_flick_speed", 0.0, 20.0),
    ("time_step", 1e-5, 0.05),
    ("solver_iterations", 1, 100),
    ("collision_slop", 0.0, 0.01),
    ("settle_offset", 0.0, 0.01),
    ("settle_check_interval", 1, 10_000),
    ("sleep_time", 0.0, 10.0),
    ("sleep_speed", 0.0, 1.0),
    ("max_sim_time", 0.01, 3600.0),
    ("press_drop_time", 0.0, 3600.0),
    ("finger_speed", 0.0, 5.0),
    ("gentle_finger_speed", 0.0, 5.0),
)
# Ball restitution and friction are shared out as square roots over the two shapes of a contact
# (Chipmunk multiplies them), so they must not be zero.
_POSITIVE = (
    "ball_radius",
    "ball_mass",
    "time_step",
    "press_speed",
    "max_sim_time",
    "restitution_ball",
    "friction_ball",
    "sliding_friction",
)


MODEL_SETTINGS: dict[str, dict[str, Any]] = {
    MODEL_VERSION: {},
    # Model 8: friction at a ball contact acts in the plane only (not on the spin); a first
    # touch of a sleeping ball is left to Chipmunk.
    "8": {"spin_friction": False, "touch_asleep": False},
    # Model 7: the press strikes the triangle's balls and the pressed ball's weight share
    # drives them apart (weight_press.py), the flick given at once.
    # A ball crossing a ridge is given the speed that keeps the integrator's energy of its
    # body's velocity, not of its momentum (body and spin): a sliding ball may gain (ridge.py).
    "7": {
        "press_makes_room": False,
        "ridge_by_momentum": False,
        "spin_friction": False,
        "touch_asleep": False,
    },
    # Model 6: contacts left to Chipmunk as found (overlapped); a press that does not go in
    # stays on top to the time cap; a ball asleep off its cup is left asleep.
    "6": {
        "first_touch_contacts": False,
        "press_drop_time": 3600.0,
        "wake_off_cup": False,
        "press_makes_room": False,
        "ridge_by_momentum": False,
        "spin_friction": False,
        "touch_asleep": False,
    },
    # Model 10, the candidate to follow 9 (not yet the default: docs/physics.md, "Model 9"):
    # round cups with flat land between them, and the lip's slip, flight and bounces.
    "10": {"round_cups": True, "lip_loss": True},
}
"""Every model this code can still run, with the settings that make it that model (over the
given values). A game played under an older model resolves its pushes with that model's
settings; the current model, :data:`MODEL_VERSION`, needs none."""


def config_for_model(model: str, values: Mapping[str, Any] | None = None) -> PhysicsConfig:
    """The config of physics model ``model`` with ``values`` (a saved game's physics) in it."""
    settings = MODEL_SETTINGS.get(model)
    if settings is None:
        known = ", ".join(sorted(MODEL_SETTINGS))
        raise ConfigError(f"physics model {model!r:.20} is not one this build can run ({known})")
    merged = {**(values or {}), **settings}
    unknown = set(merged) - {f.name for f in fields(PhysicsConfig)}
    if unknown:
        raise ConfigError(f"physics config: unknown value {sorted(unknown)[0]!r:.40}")
    return PhysicsConfig(**merged)


def load_config(path: str | Path | None = None) -> PhysicsConfig:
    """Read a physics config from TOML; ``None`` reads the shipped ``assets/physics.toml``.

    Keys may sit at the top level or under a ``[physics]`` table; every key must be a field of
    :class:`PhysicsConfig`, and fields left out keep their defaults.
    """
    where = Path(path) if path is not None else DEFAULT_CONFIG_PATH
    try:
        with where.open("rb") as fh:
            data = tomllib.load(fh)
    except OSError as exc:
        raise ConfigError(f"cannot read physics config {where}: {exc.strerror}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"physics config {where} is not valid TOML: {exc}") from exc
    table: Any = data.get("physics", data) if set(data) <= {"physics"} else data
    if not isinstance(table, dict):
        raise ConfigError(f"physics config {where}: [physics] must be a table")
    known = {f.name: f for f in fields(PhysicsConfig)}
    for key in table:
        if key not in known:
            raise ConfigError(f"physics config {where}: unknown key {key!r}")
    try:
        return PhysicsConfig(**table)
    except ConfigError as exc:
        raise ConfigError(f"{exc} (in {where})") from None
