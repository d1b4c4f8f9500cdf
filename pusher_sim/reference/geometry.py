"""The board in three dimensions: the drilled cup's shape, and the rim and floor as MJCF.

The land is the plane z = 0. At every cup centre a spherical cup of :data:`CUP_SPHERE` times
the ball's radius is drilled ``cup_depth`` deep: a ball resting in a cup touches its bottom
only, and its centre sits ``cup_depth`` lower than on the land, so a climb out of a cup costs
the height the 2-D model's rim costs. The land and cups are kept in closed form (surface.py);
a rim wall as high as a ball stands where the 2-D model's rim keeps ball centres, and a floor
below catches a ball that leaves the board. docs/physics.md, "The 3-D reference", says why.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pusher_sim.board import SQRT3, Board
from pusher_sim.physics.cups import rim_reach

CUP_SPHERE = 2.0
"""The drill's radius over the ball's (a 32 mm ball-end drill for a 16 mm ball): wider than
the ball, so a resting ball touches the bottom only."""

RIM_HEIGHT_RATIO = 2.0
"""The rim wall's height over the ball's radius: as high as a ball, so a ball on the land meets
its face below its equator and is pushed back and down (a wall only a radius high meets a
rolling ball at its equator, and one hop of a tenth of a millimetre takes the ball over)."""

RIM_THICKNESS_RATIO = 1.0
"""The rim wall's thickness over the ball's radius."""

FLOOR_DROP = 0.05
"""How far below the land the floor that catches a ball off the board lies, m."""


@dataclass(frozen=True)
class CupShape:
    """A drilled cup, m: the drill sphere's radius, the depth, the lip's radius (where the cup
    meets the land) and ``rest``, a resting ball's centre height over the land."""

    sphere: float
    depth: float
    lip: float
    rest: float

    @classmethod
    def of(cls, ball_radius: float, depth: float, pitch: float) -> CupShape:
        sphere = CUP_SPHERE * ball_radius
        if not 0.0 < depth < ball_radius:
            raise ValueError(f"cup depth {depth} m must lie between 0 and the ball's radius")
        lip = math.sqrt(2.0 * sphere * depth - depth * depth)
        if lip >= pitch / 2.0:
            raise ValueError(f"cups {2 * lip:.4f} m wide leave no land at pitch {pitch} m")
        return cls(sphere, depth, lip, ball_radius - depth)

    @property
    def lip_angle(self) -> float:
        """Polar angle of the lip seen from the drill sphere's centre, rad."""
        return math.asin(self.lip / self.sphere)


def _fmt(values: tuple[float, ...] | list[float]) -> str:
    return " ".join(f"{v:.9g}" for v in values)


def rim_apothem(board: Board, ball_radius: float) -> float:
    """Distance from the board's centre to the rim wall's inner face, m (a ball's centre stays
    within half a pitch of the outer row, as in the 2-D model)."""
    return board.inradius + rim_reach(board) + ball_radius


def rim_outside(board: Board, ball_radius: float) -> float:
    """Distance from the board's centre to the rim wall's outer face, m."""
    return rim_apothem(board, ball_radius) + RIM_THICKNESS_RATIO * ball_radius


def rim_body(board: Board, ball_radius: float) -> str:
    """The MJCF ``<worldbody>`` geoms (class "rim") of the rim wall round the board and the
    floor below it; the board's top is surface.py's."""
    geoms: list[str] = []
    apothem = rim_apothem(board, ball_radius)
    height = RIM_HEIGHT_RATIO * ball_radius
    thick = RIM_THICKNESS_RATIO * ball_radius
    side = 2.0 * (apothem + 2.0 * thick) / SQRT3
    for k in range(6):
        # The board's rim is flat-topped (corners at 0, 60, ... degrees): wall normals at 30 + 60k.
        a = math.radians(30 + 60 * k)
        cx, cy = (apothem + thick) * math.cos(a), (apothem + thick) * math.sin(a)
        q = (math.cos(a / 2.0), 0.0, 0.0, math.sin(a / 2.0))
        geoms.append(
            f'<geom class="rim" type="box" size="{_fmt([thick, side / 2.0, height / 2.0])}" '
            f'pos="{_fmt([cx, cy, height / 2.0])}" quat="{_fmt(q)}"/>'
        )
    geoms.append(f'<geom class="rim" type="plane" size="1 1 0.1" pos="0 0 {-FLOOR_DROP:.9g}"/>')
    return "".join(geoms)
