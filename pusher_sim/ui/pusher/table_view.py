"""What one frame of the Pusher table shows, as plain data: the painter's only input.

The table (:mod:`~pusher_sim.ui.pusher.pusher_table`) builds a :class:`PusherView` each frame
from the last settled :class:`~pusher_sim.ui.pusher.scene.Scene`, the push being played back, the
aim and the messages; :mod:`~pusher_sim.ui.pusher.frame_painter` draws it. The painter therefore
never reads the live match (which a background job may be changing) nor any input handling.
"""

from __future__ import annotations

from dataclasses import dataclass

from pusher_sim.board import Cell, Colour, Triangle
from pusher_sim.pusher.actions import Push
from pusher_sim.ui.pusher.aim import Flick
from pusher_sim.ui.pusher.move_list import MoveEntry
from pusher_sim.ui.pusher.push_animation import FlyingBall
from pusher_sim.ui.pusher.scene import Scene

BallAt = tuple[float, float, Colour]
"""A ball to draw: board x, y in metres and its colour."""


@dataclass(frozen=True)
class AimView:
    """A push being aimed: the press point, the pointer, the flick it would get, the press."""

    press: tuple[float, float]
    drag: tuple[float, float]
    flick: Flick
    colour: Colour
    strength: float


@dataclass(frozen=True)
class HandGhost:
    """A released push: aimed, as made (None: exactly as aimed), by whom, and the hardest
    flick (the arrows' lengths are a share of it, as the aiming band's are)."""

    aimed: Push
    made: Push | None
    colour: Colour
    top_speed: float


@dataclass(frozen=True)
class DropView:
    """A bot's ball on its way from its tray into a cup, ``t`` (0..1) of the way."""

    cell: Cell
    colour: Colour
    seat: int
    t: float


@dataclass(frozen=True)
class PusherView:
    """Everything one frame draws, in stacking order of the fields' use."""

    scene: Scene
    balls: tuple[BallAt, ...]
    tray_counts: tuple[int, ...]
    clock: float
    """Seconds since the table opened (the highlights pulse with it)."""
    pushable: tuple[Triangle, ...]
    """Triangles to highlight (a person's push is due), else empty."""
    hover: Triangle | None
    legal_cups: frozenset[Cell]
    """Cups to highlight (a person's placement is due), else empty."""
    last_cells: tuple[Cell, ...]
    drop: DropView | None
    flying: tuple[FlyingBall, ...]
    flight: float
    aim: AimView | None
    cup_label: tuple[Cell, str] | None
    moves: tuple[MoveEntry, ...]
    move_total: int
    move_scroll: int
    headline: str
    hint: str
    aside: str
    note: str
    message: str
    warning: bool
    panel: tuple[str, tuple[str, ...]] | None
    """A card over the board (the rule in force, the game's result), or None."""
    ghost: HandGhost | None = None
    """The last push released, aimed and as made, until the next move (P8's hand)."""
