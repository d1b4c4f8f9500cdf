"""One push resolved by both models, reduced to what the comparison counts.

Balls moved: balls of the board (not the pushed one) that end anywhere but their own cup; and
by role (roles.py: the pressed ball, the triangle, its ring, the rest).
Balls returned: balls that end in a cup of their own colour (rule P10 takes them off the
board). Cups agreeing: of the board's cups, how many hold the same (a ball of the same colour,
or none) after the push in both models. The 3-D side adds where its balls rest (the land, on
another ball, off the board), how many were ever in the air and how many jumped a cup.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.physics import PhysicsConfig, PhysicsResolver
from pusher_sim.reference.cases import Case
from pusher_sim.reference.outcome import Place
from pusher_sim.reference.resolver import ReferenceResolver, ReferenceResult
from pusher_sim.reference.roles import Roles, moved_by_role


@dataclass(frozen=True)
class Side:
    """What one model did with a push."""

    moved: int
    returned: int
    settled: bool
    seconds: float
    roles: Roles | None = None
    """Balls moved by role (None in rows written before roles were counted)."""


@dataclass(frozen=True)
class Row:
    """One push in both models (``two`` is the 2-D model, ``three`` the reference)."""

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

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Row:
        return cls(**{**data, "two": _side(data["two"]), "three": _side(data["three"])})


def _side(data: dict[str, Any]) -> Side:
    roles = data.get("roles")
    return Side(**{**data, "roles": None if roles is None else Roles(**roles)})


def counts(
    board: Board,
    starts: Sequence[Cell],
    cups: Sequence[Cell],
    colours: Sequence[Colour],
    in_cup: Sequence[bool],
) -> tuple[int, int, dict[Cell, Colour]]:
    """Balls moved and returned, and what each cup holds (balls listed with the pushed last)."""
    moved = sum(1 for s, c, ok in zip(starts, cups, in_cup, strict=False) if c != s or not ok)
    returned = sum(
        1 for c, col, ok in zip(cups, colours, in_cup, strict=True) if ok and board.colour(c) == col
    )
    contents = {c: col for c, col, ok in zip(cups, colours, in_cup, strict=True) if ok}
    return moved, returned, contents


def two_d(board: Board, case: Case, cfg: PhysicsConfig) -> tuple[Side, dict[Cell, Colour]]:
    """The push in the 2-D model (through its public resolver, recording the balls' cups)."""
    t0 = time.perf_counter()
    out = PhysicsResolver(cfg).resolve(board, case.balls, case.spec, record=True)
    seconds = time.perf_counter() - t0
    assert out.path is not None
    starts = [c for c in board.cells if c in case.balls]
    in_cup = [True] * len(out.path.cups)
    moved, returned, contents = counts(board, starts, out.path.cups, out.path.colours, in_cup)
    roles = moved_by_role(board, case.spec.triangle, starts, out.path.cups, in_cup)
    return Side(moved, returned, out.settled, seconds, roles), contents


def three_d(
    board: Board, case: Case, cfg: PhysicsConfig
) -> tuple[Side, dict[Cell, Colour], ReferenceResult]:
    """The push in the reference."""
    t0 = time.perf_counter()
    full = ReferenceResolver(cfg).resolve_in_full(board, case.balls, case.spec)
    seconds = time.perf_counter() - t0
    colours = [case.balls[c] for c in full.starts] + [case.spec.colour]
    in_cup = [p is Place.CUP for p in full.places]
    moved, returned, contents = counts(board, full.starts, full.cups, colours, in_cup)
    roles = moved_by_role(board, case.spec.triangle, full.starts, full.cups, in_cup)
    return Side(moved, returned, full.settled, seconds, roles), contents, full


def compare(board: Board, case: Case, two_cfg: PhysicsConfig, three_cfg: PhysicsConfig) -> Row:
    """Resolve ``case`` in both models."""
    two, held2 = two_d(board, case, two_cfg)
    three, held3, full = three_d(board, case, three_cfg)
    agree = sum(1 for c in board.cells if held2.get(c) == held3.get(c))
    return Row(
        index=case.index,
        source=case.source,
        strength=case.spec.strength,
        speed=case.spec.speed,
        agree=agree,
        cups=len(board.cells),
        two=two,
        three=three,
        land=sum(p is Place.LAND for p in full.places),
        on_ball=sum(p is Place.BALL for p in full.places),
        off=sum(p is Place.OFF for p in full.places),
        flew=sum(full.flew),
        jumped=sum(full.jumped),
    )
