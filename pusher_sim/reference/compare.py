"""One push resolved by the 2-D model, the reference and the reference's variants, reduced to
what the comparison counts.

Every ball has a role: the pressed ball (the pusher's new ball), the triangle (the three
balls pressed apart), the ring (balls in the nine cups round the triangle) and the rest. A
board ball is *moved* when it ends anywhere but its own cup; the pressed ball when it ends
anywhere but one of the triangle's cups. A ball is *returned* when it ends in a cup of its
own colour (rule P10 takes it off the board), counted per colour. Each moved ball's
*distance* is from where it started (its cup's centre, or the press point) to where it rests.
*Cups agreeing*: of the board's cups, how many hold the same (a ball of the same colour, or
none) after the push in two models. The 3-D side adds where its balls rest (the land, on
another ball, off the board), how many were ever in the air and how many jumped a cup.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from pusher_sim.board import PLAYER_COLOURS, Board, Cell
from pusher_sim.physics import PhysicsConfig, PhysicsResolver
from pusher_sim.physics.press import press_point
from pusher_sim.push_resolution import PushSpec
from pusher_sim.reference.cases import Case
from pusher_sim.reference.contact import Numerics
from pusher_sim.reference.outcome import Place
from pusher_sim.reference.resolver import ReferenceResolver

ROLES = ("pressed", "triangle", "ring", "rest")
COLOURS = tuple(c.name.lower() for c in PLAYER_COLOURS)


@dataclass(frozen=True)
class Side:
    """What one model did with a push: balls moved (all, and per role), triangle balls that
    left their cups, balls returned (all, and per colour), each moved ball's distance (m),
    whether it came to rest before the cap, its cost (s), and the cups' contents after it
    (cell index -> colour name)."""

    moved: int
    returned: int
    settled: bool
    seconds: float
    by_role: dict[str, int]
    left_triangle: int
    by_colour: dict[str, int]
    distances: tuple[float, ...]
    held: dict[int, str]


@dataclass(frozen=True)
class Variant:
    """A reference run of the same push with other numerics (convergence) or the press point
    moved by ``shift`` (m: the reference's own noise)."""

    name: str
    numerics: Numerics
    shift: float = 0.0


@dataclass(frozen=True)
class Row:
    """One push in every model: ``two`` (the 2-D model), ``three`` (the reference) and the
    reference's ``variants`` by name; ``agree`` counts cups agreeing between the 2-D model
    and the reference, ``agree_still`` between "nothing moves" and the reference, and
    ``agree_variants`` between each variant and the reference."""

    index: int
    source: str
    strength: float
    speed: float
    agree: int
    cups: int
    two: Side
    three: Side
    land: int
    on_ball: int
    off: int
    flew: int
    jumped: int
    still: Side
    agree_still: int
    variants: dict[str, Side]
    agree_variants: dict[str, int]

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Row:
        def side(d: dict[str, Any]) -> Side:
            return Side(
                **{
                    **d,
                    "distances": tuple(d["distances"]),
                    "held": {int(k): v for k, v in d["held"].items()},
                }
            )

        return cls(
            **{
                **data,
                "two": side(data["two"]),
                "three": side(data["three"]),
                "still": side(data["still"]),
                "variants": {k: side(v) for k, v in data["variants"].items()},
            }
        )


def roles(board: Board, case: Case, starts: Sequence[Cell]) -> list[str]:
    """The role of each ball (``starts`` in order, then the pressed ball)."""
    tri = set(case.spec.triangle)
    ring = {n for c in tri for n in board.neighbours(c)} - tri
    out = ["triangle" if c in tri else "ring" if c in ring else "rest" for c in starts]
    return [*out, "pressed"]


def side(
    board: Board,
    case: Case,
    starts: Sequence[Cell],
    ends: Sequence[Cell],
    in_cup: Sequence[bool],
    centres: Sequence[tuple[float, float]],
    settled: bool,
    seconds: float,
) -> Side:
    """A model's :class:`Side` from where each ball (``starts`` in order, then the pressed
    ball) ended: its cup, whether it really rests in it, and its centre."""
    colours = [case.balls[c] for c in starts] + [case.spec.colour]
    kinds = roles(board, case, starts)
    origins = [board.position(c) for c in starts] + [press_point(board, case.spec)]
    tri = set(case.spec.triangle)
    by_role = dict.fromkeys(ROLES, 0)
    by_colour = dict.fromkeys(COLOURS, 0)
    distances: list[float] = []
    left = 0
    for i, (end, ok, kind) in enumerate(zip(ends, in_cup, kinds, strict=True)):
        home = end in tri if kind == "pressed" else end == starts[i]
        if not (home and ok):
            by_role[kind] += 1
            (x0, y0), (x1, y1) = origins[i], centres[i]
            distances.append(math.hypot(x1 - x0, y1 - y0))
            left += kind == "triangle"
        if ok and board.colour(end) == colours[i]:
            by_colour[colours[i].name.lower()] += 1
    held = {
        board.index(c): col.name.lower()
        for c, col, ok in zip(ends, colours, in_cup, strict=True)
        if ok
    }
    return Side(
        moved=by_role["triangle"] + by_role["ring"] + by_role["rest"],
        returned=sum(by_colour.values()),
        settled=settled,
        seconds=seconds,
        by_role=by_role,
        left_triangle=left,
        by_colour=by_colour,
        distances=tuple(distances),
        held=held,
    )


def nothing_moves(board: Board, case: Case) -> Side:
    """The prediction that nothing moves: every ball stays in its cup, the pressed ball finds
    none (it is counted nowhere)."""
    by_colour = dict.fromkeys(COLOURS, 0)
    for c, col in case.balls.items():
        if board.colour(c) == col:
            by_colour[col.name.lower()] += 1
    return Side(
        moved=0,
        returned=sum(by_colour.values()),
        settled=True,
        seconds=0.0,
        by_role=dict.fromkeys(ROLES, 0),
        left_triangle=0,
        by_colour=by_colour,
        distances=(),
        held={board.index(c): col.name.lower() for c, col in case.balls.items()},
    )


def two_d(board: Board, case: Case, cfg: PhysicsConfig) -> Side:
    """The push in the 2-D model (through its public resolver, recording the balls' cups)."""
    t0 = time.perf_counter()
    out = PhysicsResolver(cfg).resolve(board, case.balls, case.spec, record=True)
    seconds = time.perf_counter() - t0
    assert out.path is not None
    starts = [c for c in board.cells if c in case.balls]
    last = out.path.frames[-1]
    centres = [(float(p[0]), float(p[1])) for p in last]
    cups = out.path.cups
    return side(board, case, starts, cups, [True] * len(cups), centres, out.settled, seconds)


def shifted(spec: PushSpec, shift: float) -> PushSpec:
    """The push with its press point moved ``shift`` m towards the triangle's centre (along x
    when it is there), so that it stays inside the triangle."""
    x, y = spec.offset
    size = math.hypot(x, y)
    ux, uy = (-x / size, -y / size) if size > shift else (1.0, 0.0)
    offset = (x + shift * ux, y + shift * uy)
    return PushSpec(spec.triangle, spec.colour, offset, spec.angle, spec.speed, spec.strength)


def three_d(
    board: Board, case: Case, cfg: PhysicsConfig, numerics: Numerics, shift: float = 0.0
) -> tuple[Side, Mapping[str, int]]:
    """The push in the reference, and what only it can say (where balls rest, which flew)."""
    spec = shifted(case.spec, shift) if shift else case.spec
    t0 = time.perf_counter()
    full = ReferenceResolver(cfg, numerics).resolve_in_full(board, case.balls, spec)
    seconds = time.perf_counter() - t0
    in_cup = [p is Place.CUP for p in full.places]
    centres = [(x, y) for x, y, _ in full.centres]
    out = side(board, case, full.starts, full.cups, in_cup, centres, full.settled, seconds)
    extra = {
        "land": sum(p is Place.LAND for p in full.places),
        "on_ball": sum(p is Place.BALL for p in full.places),
        "off": sum(p is Place.OFF for p in full.places),
        "flew": sum(full.flew),
        "jumped": sum(full.jumped),
    }
    return out, extra


def agreeing(board: Board, a: Side, b: Side) -> int:
    """Cups holding the same (a ball of the same colour, or none) after the push in both."""
    return sum(1 for i in range(len(board.cells)) if a.held.get(i) == b.held.get(i))


def compare(
    board: Board,
    case: Case,
    two_cfg: PhysicsConfig,
    three_cfg: PhysicsConfig,
    numerics: Numerics,
    variants: Sequence[Variant] = (),
) -> Row:
    """Resolve ``case`` in the 2-D model, the reference and each variant of it."""
    two = two_d(board, case, two_cfg)
    three, extra = three_d(board, case, three_cfg, numerics)
    still = nothing_moves(board, case)
    others = {v.name: three_d(board, case, three_cfg, v.numerics, v.shift)[0] for v in variants}
    return Row(
        index=case.index,
        source=case.source,
        strength=case.spec.strength,
        speed=case.spec.speed,
        agree=agreeing(board, two, three),
        cups=len(board.cells),
        two=two,
        three=three,
        still=still,
        agree_still=agreeing(board, still, three),
        variants=others,
        agree_variants={k: agreeing(board, s, three) for k, s in others.items()},
        **extra,
    )
