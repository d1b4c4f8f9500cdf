"""The hand that pushes (docs/rules.md P8): how far a push made differs from the push meant.

A player aims a push (press point, press strength, flick direction and speed); the table's hand
makes it, each quantity off the aim by a normal draw of the hand's spread, and the physics
resolves the push made. The named hands' spreads come from published measurements of adult
fingers (docs/physics.md, "The hand"). The game draws from the match's seeded generator
(:func:`hand_draws`), so a game replays exactly and any number of workers agree; a bot draws
from its own generator to judge what a hand will make of a push.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from pusher_sim.board import Board
from pusher_sim.errors import ConfigError
from pusher_sim.pusher.actions import Push
from pusher_sim.turnloop.schema import Obj, Real, Text

HAND_SALT = 1_000_003
"""The match generator's salt for the hand's draw (the bots' decisions use the seat + 1)."""

EDGE_MARGIN = 0.999
"""A press point the hand carries out of the press region is pulled back to this share of the
way from the centre to the region's edge, so it passes the inside test with room to spare."""


@dataclass(frozen=True)
class Hand:
    """A hand's spread: the standard deviation of each part of a push made about the push meant.

    Press strength and flick speed are off by a share of what was meant (a hand's force error
    grows with the force: a soft press is softly off), the press point by millimetres in each
    direction, the flick's direction by degrees.
    """

    name: str
    press_point_mm: float
    strength_pct: float
    direction_deg: float
    speed_pct: float

    def __post_init__(self) -> None:
        for field_name, top in LIMITS.items():
            value = getattr(self, field_name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ConfigError(f"hand.{field_name} must be a number, got {value!r:.30}")
            if not (math.isfinite(value) and 0.0 <= value <= top):
                raise ConfigError(f"hand.{field_name} must be 0..{top}, got {value!r:.30}")
        if not isinstance(self.name, str) or not 0 < len(self.name) <= 32:
            raise ConfigError(f"a hand's name is 1-32 printable characters, not {self.name!r:.40}")
        if not self.name.isprintable():
            raise ConfigError(f"a hand's name is 1-32 printable characters, not {self.name!r:.40}")

    @property
    def exact(self) -> bool:
        """Whether every push is made exactly as meant (the game before the hand)."""
        return not any(getattr(self, f) for f in LIMITS)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "press_point_mm": self.press_point_mm,
            "strength_pct": self.strength_pct,
            "direction_deg": self.direction_deg,
            "speed_pct": self.speed_pct,
        }

    def make(
        self, aimed: Push, board: Board, region: float, top_speed: float, rng: np.random.Generator
    ) -> Push:
        """``aimed`` as this hand makes it on ``board``: always five normal draws from ``rng``
        (so the stream does not depend on the hand), then each part moved by its spread and
        kept legal (the press point inside the press ``region``, strength 0..1, the flick
        0..``top_speed``)."""
        dx, dy, ds, da, dw = rng.normal(0.0, 1.0, 5)
        if self.exact:
            return aimed
        step = self.press_point_mm / 1000.0
        offset = (aimed.offset[0] + step * float(dx), aimed.offset[1] + step * float(dy))
        return Push(
            aimed.triangle,
            _inside(board, aimed, offset, region),
            aimed.angle + math.radians(self.direction_deg) * float(da),
            _between(aimed.speed * (1.0 + self.speed_pct / 100.0 * float(dw)), top_speed),
            _between(aimed.strength * (1.0 + self.strength_pct / 100.0 * float(ds)), 1.0),
        )


LIMITS = {"press_point_mm": 10.0, "strength_pct": 100.0, "direction_deg": 90.0, "speed_pct": 100.0}
"""Each spread's bound: a hand off by more than these is no hand that plays the game."""

HANDS: Mapping[str, Hand] = {
    hand.name: hand
    for hand in (
        Hand("exact", 0.0, 0.0, 0.0, 0.0),
        Hand("steady", 0.2, 2.0, 1.5, 2.5),
        Hand("ordinary", 0.5, 5.0, 3.0, 5.0),
        Hand("shaky", 1.5, 10.0, 6.0, 10.0),
    )
}
"""The named hands, from the game before the hand (``exact``) to a hurried one (``shaky``);
docs/physics.md says where each number comes from."""

DEFAULT_HAND = "ordinary"
"""The hand of a new game unless its config names another."""

SHAPE = Obj(
    {
        "name": Text(max_len=32),
        "press_point_mm": Real(0.0, LIMITS["press_point_mm"]),
        "strength_pct": Real(0.0, LIMITS["strength_pct"]),
        "direction_deg": Real(0.0, LIMITS["direction_deg"]),
        "speed_pct": Real(0.0, LIMITS["speed_pct"]),
    },
    required=frozenset({"name", "press_point_mm", "strength_pct", "direction_deg", "speed_pct"}),
)
"""A hand as a config writes it: its name and its four spreads."""


def hand_from(value: object) -> Hand:
    """A hand named (``"shaky"``) or written out (a config's object), checked."""
    if isinstance(value, Hand):
        return value
    if isinstance(value, str):
        if value not in HANDS:
            raise ConfigError(f"unknown hand {value!r:.30} (choose from {', '.join(HANDS)})")
        return HANDS[value]
    SHAPE.check(value, "hand")
    assert isinstance(value, Mapping)
    return Hand(**value)


def hand_draws(seed: int, moves: int) -> np.random.Generator:
    """The match's generator for the hand of the push made as action ``moves`` (0-based) of
    the game seeded ``seed``: :meth:`Match.rng` with the hand's salt."""
    return np.random.default_rng([seed, moves, HAND_SALT])


def _between(value: float, top: float) -> float:
    return min(top, max(0.0, value))


def _inside(
    board: Board, aimed: Push, offset: tuple[float, float], region: float
) -> tuple[float, float]:
    """``offset`` (m from the triangle's centre), pulled towards the centre if it lies outside
    the triangle shrunk by ``region`` (P8's press region)."""
    if region <= 0.0:
        return (0.0, 0.0)
    (ax, ay), (bx, by), (cx, cy) = (board.position(c) for c in aimed.triangle)
    mx, my = (ax + bx + cx) / 3.0, (ay + by + cy) / 3.0
    px, py = mx + offset[0], my + offset[1]
    det = (by - cy) * (ax - cx) + (cx - bx) * (ay - cy)
    w0 = ((by - cy) * (px - cx) + (cx - bx) * (py - cy)) / det
    w1 = ((cy - ay) * (px - cx) + (ax - cx) * (py - cy)) / det
    third = 1.0 / 3.0
    reach = 1.0
    for w in (w0, w1, 1.0 - w0 - w1):
        if w - third < 0.0:
            reach = min(reach, -third * region / (w - third))
    if reach >= 1.0:
        return offset
    return (offset[0] * reach * EDGE_MARGIN, offset[1] * reach * EDGE_MARGIN)
