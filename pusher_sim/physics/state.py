"""What every part of a board's Space reads: its balls, their cups and bowls.

:class:`~pusher_sim.physics.space.BoardSpace` builds the Space and fills these in (space.py);
each interaction is a base class of it in a file of its own, reading and changing this state:
bowls and ridge crossings (bowls.py), contacts (contacts.py), full-cup repairs (repairs.py) and
the energy bookkeeping (energy.py).
"""

from __future__ import annotations

from typing import Any

from pusher_sim.board import Board
from pusher_sim.physics import chipmunk
from pusher_sim.physics.config import PhysicsConfig


class SpaceState:
    """The balls of a board's Space, by index in the order they were added.

    ``bodies``, ``spins`` (None without spin) and their Chipmunk ``handles``; ``cup``: the cup
    whose cell the ball's probe entered last; ``bowl``: the cup whose bowl it feels, -1 for
    none (the pressed ball on top, or a rider); ``riders``: a riding ball's ride energy (J);
    ``_holder``: cup -> the ball holding its bowl; ``_lifted``: the pressed ball while on top;
    ``_astray``: refused or riding balls; ``over``: riders rolling over the others; ``fixups``:
    how often each repair fired.
    """

    board: Board
    config: PhysicsConfig
    space: Any
    stiffness: float
    spin_mass: float
    centres: tuple[tuple[float, float], ...]
    bodies: list[Any]
    spins: list[Any]
    handles: list[Any]
    spin_handles: list[Any]
    shapes: list[Any]
    probes: list[Any]
    springs: list[Any]
    cup: list[int]
    bowl: list[int]
    riders: dict[int, float]
    over: set[int]
    fixups: dict[str, int]
    _dt: float
    _holder: dict[int, int]
    _lifted: set[int]
    _astray: set[int]

    def position(self, i: int) -> tuple[float, float]:
        p = chipmunk.position(self.handles[i])
        return (p.x, p.y)

    def velocity(self, i: int) -> tuple[float, float]:
        v = self.bodies[i].velocity
        return (v.x, v.y)

    def spin_velocity(self, i: int) -> tuple[float, float]:
        """The velocity the ball's spin rolls at (omega x R), m/s; its own velocity without spin."""
        spin = self.spins[i]
        v = spin.velocity if spin is not None else self.bodies[i].velocity
        return (v.x, v.y)

    def activate(self, i: int) -> None:
        self.bodies[i].activate()

    def asleep(self) -> list[bool]:
        """Whether each ball is asleep now (the settle check reads it once per check)."""
        sleeping = chipmunk.is_sleeping
        return [sleeping(h) != 0 for h in self.handles]
