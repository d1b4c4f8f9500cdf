"""The board in three dimensions, as MJCF: drilled spherical cups in a flat land inside a rim.

The land is the plane z = 0. At every cup centre a spherical cup of :data:`CUP_SPHERE` times
the ball's radius is drilled ``cup_depth`` deep: a ball resting in a cup touches its bottom
only, and its centre sits ``cup_depth`` lower than on the land, so a climb out of a cup costs
the height the 2-D model's rim costs. MuJoCo has no concave primitive, so the cup is built
from flat boxes tangent to its sphere (a bottom and :data:`BANDS` bands of :data:`SECTORS`
each: the cup's air is the polyhedron they bound, which holds the sphere and touches it at the
boxes' tangent points) and the land round it from convex prisms whose inner edges, the chords
of the lip, make the cup's edge. Cups beyond the outer row are plain land; a rim wall as high
as a ball stands where the 2-D model's rim keeps ball centres, and a floor below
catches a ball that leaves the board. docs/physics.md, "The 3-D reference", says why.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pusher_sim.board import SQRT3, Board
from pusher_sim.physics.cups import rim_reach

CUP_SPHERE = 2.0
"""The drill's radius over the ball's (a 20 mm ball-end drill for a 16 mm ball): wider than
the ball, so a resting ball touches the bottom only."""

SECTORS = 12
"""Boxes round each band of a cup."""

LIP_SECTORS = 24
"""Land prisms round a cup: the lip is the polygon of this many chords round the drilled
circle (touching it at their middles, so the land never stands into the cup)."""

BANDS = 6
"""Rings of boxes between the cup's bottom and its lip: a rolling ball crossing from one to
the next turns by about six degrees."""

RIM_HEIGHT_RATIO = 2.0
"""The rim wall's height over the ball's radius: as high as a ball, so a ball on the land meets
its face below its equator and is pushed back and down (a wall only a radius high meets a
rolling ball at its equator, and one hop of a tenth of a millimetre takes the ball over)."""

RIM_THICKNESS_RATIO = 1.0
"""The rim wall's thickness over the ball's radius."""

FLOOR_DROP = 0.05
"""How far below the land the floor that catches a ball off the board lies, m."""

PRISM_DEPTH = 0.004
"""How deep the land's prisms reach below the land, m (a ball never gets near their bottom)."""


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


def _tangent_quat(polar: float, azimuth: float) -> tuple[float, float, float, float]:
    """The rotation that turns +z into the cup sphere's inward normal at (polar, azimuth) and
    +x up the slope: about z by the azimuth, then about the new y by -polar."""
    cz, sz = math.cos(azimuth / 2.0), math.sin(azimuth / 2.0)
    cy, sy = math.cos(-polar / 2.0), math.sin(-polar / 2.0)
    return (cz * cy, -sz * sy, cz * sy, sz * cy)


def _fmt(values: tuple[float, ...] | list[float]) -> str:
    return " ".join(f"{v:.9g}" for v in values)


def cup_boxes(cup: CupShape, x: float, y: float) -> list[str]:
    """The boxes of one cup's surface at (x, y): a bottom and the bands, each box tangent to
    the drill sphere at its middle and reaching a third past where its neighbours' planes
    cut it (the overhang lies under them), never above the land."""
    rc = cup.sphere
    centre_z = rc - cup.depth  # the drill sphere's centre, over the land
    lip = cup.lip_angle
    edges = [lip * (j + 0.5) / (BANDS + 0.5) for j in range(BANDS + 1)]
    edges[0] = 0.5 * edges[1]
    mids = [0.0] + [0.5 * (edges[j] + edges[j + 1]) for j in range(BANDS)]
    thick = cup.depth / 2.0
    half = 1.3 * rc * math.tan(mids[1] / 2.0)
    out = [
        f'<geom class="land" type="box" size="{_fmt([half, half, thick])}" '
        f'pos="{_fmt([x, y, -cup.depth - thick])}"/>'
    ]
    step = 2.0 * math.pi / SECTORS
    for j in range(1, BANDS + 1):
        mid = mids[j]
        back = 1.3 * rc * math.tan((mid - mids[j - 1]) / 2.0)
        if j < BANDS:
            ahead = 1.3 * rc * math.tan((mids[j + 1] - mid) / 2.0)
        else:
            # Up the slope until the plane reaches the land (z = 0).
            ahead = -(centre_z - rc * math.cos(mid)) / math.sin(mid) - 1e-7
        across = 1.3 * rc * math.sin(min(mid + (mid - mids[j - 1]), lip)) * math.tan(step / 2.0)
        along, shift = 0.5 * (back + ahead), 0.5 * (ahead - back)
        s_m, c_m = math.sin(mid), math.cos(mid)
        for k in range(SECTORS):
            az = (k + 0.5) * step
            ca, sa = math.cos(az), math.sin(az)
            # The tangent point, moved up the slope by the shift and into the board by half
            # the box's thickness.
            px, py, pz = x + rc * s_m * ca, y + rc * s_m * sa, centre_z - rc * c_m
            cx = px + shift * c_m * ca + thick * s_m * ca
            cy = py + shift * c_m * sa + thick * s_m * sa
            cz = pz + shift * s_m - thick * c_m
            out.append(
                f'<geom class="land" type="box" size="{_fmt([along, across, thick])}" '
                f'pos="{_fmt([cx, cy, cz])}" quat="{_fmt(_tangent_quat(mid, az))}"/>'
            )
    return out


def land_prism(cup: CupShape, pitch: float, k: int) -> list[tuple[float, float, float]]:
    """Sector ``k``'s land about a cup at the origin, a convex prism: from the lip's chord out
    to the cup's hexagonal cell (edge midpoints every 60 degrees, corners between), top at 0."""
    step = 2.0 * math.pi / LIP_SECTORS
    a0, a1 = k * step, (k + 1) * step
    corner = cup.lip / math.cos(step / 2.0)
    ring = [(corner * math.cos(a0), corner * math.sin(a0)), _cell_edge(pitch, a0)]
    corners = [math.radians(c) for c in range(30, 360, 60)]
    ring += [_cell_edge(pitch, c) for c in corners if a0 + 1e-9 < c < a1 - 1e-9]
    ring += [_cell_edge(pitch, a1), (corner * math.cos(a1), corner * math.sin(a1))]
    return [(px, py, z) for px, py in ring for z in (0.0, -PRISM_DEPTH)]


def _cell_edge(pitch: float, angle: float) -> tuple[float, float]:
    """Where the ray from a cup's centre at ``angle`` leaves its hexagonal cell."""
    rel = math.remainder(angle, math.pi / 3.0)
    r = (pitch / 2.0) / math.cos(rel)
    return (r * math.cos(angle), r * math.sin(angle))


def hex_cell(pitch: float) -> list[tuple[float, float, float]]:
    """A whole cell of land with no cup (beyond the outer row), a hexagonal prism."""
    r = pitch / SQRT3
    ring = [
        (r * math.cos(math.radians(a)), r * math.sin(math.radians(a))) for a in range(30, 390, 60)
    ]
    return [(px, py, z) for px, py in ring for z in (0.0, -PRISM_DEPTH)]


def ring_cells(board: Board, rings: int) -> list[tuple[float, float]]:
    """Centres of the lattice cells in the ``rings`` rings beyond the board: land, no cup."""
    n = board.radius
    return [
        board.position((q, r))
        for r in range(-n - rings, n + rings + 1)
        for q in range(-n - rings, n + rings + 1)
        if n < max(abs(q), abs(r), abs(q + r)) <= n + rings
    ]


def rim_apothem(board: Board, ball_radius: float) -> float:
    """Distance from the board's centre to the rim wall's inner face, m (a ball's centre stays
    within half a pitch of the outer row, as in the 2-D model)."""
    return board.inradius + rim_reach(board) + ball_radius


def rim_outside(board: Board, ball_radius: float) -> float:
    """Distance from the board's centre to the rim wall's outer face, m."""
    return rim_apothem(board, ball_radius) + RIM_THICKNESS_RATIO * ball_radius


def board_body(
    board: Board, cup: CupShape, ball_radius: float, *, cups: bool = True
) -> tuple[str, str]:
    """The MJCF ``<asset>`` and ``<worldbody>`` geoms of the board (classes "land", "rim").

    ``cups=False`` gives a flat board (the analytic tests' bench): one slab, rim and floor.
    """
    assets: list[str] = []
    geoms: list[str] = []
    if cups:
        for k in range(LIP_SECTORS):
            verts = land_prism(cup, board.pitch, k)
            assets.append(f'<mesh name="land{k}" vertex="{_fmt([c for p in verts for c in p])}"/>')
        verts = hex_cell(board.pitch)
        assets.append(f'<mesh name="cell" vertex="{_fmt([c for p in verts for c in p])}"/>')
        for cell in board.cells:
            x, y = board.position(cell)
            geoms += cup_boxes(cup, x, y)
            for k in range(LIP_SECTORS):
                geoms.append(
                    f'<geom class="land" type="mesh" mesh="land{k}" pos="{_fmt([x, y, 0.0])}"/>'
                )
        for x, y in ring_cells(board, 2):
            geoms.append(f'<geom class="land" type="mesh" mesh="cell" pos="{_fmt([x, y, 0.0])}"/>')
    else:
        half = 2.0 * rim_apothem(board, ball_radius)
        geoms.append(
            f'<geom class="land" type="box" size="{_fmt([half, half, PRISM_DEPTH / 2])}" '
            f'pos="0 0 {-PRISM_DEPTH / 2:.9g}"/>'
        )
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
    return "".join(assets), "".join(geoms)
