"""A board's Space as plain data: its balls, their cups and bowls, what every part reads.

The parts (balls.py, bowls.py, repairs.py, energy.py, contacts.py) each act on one
:class:`SpaceState`; space.py makes it and chooses them. Lists are indexed by ball, in the
order the balls were added, and are never replaced, only appended to and changed in place, so
a part may keep a reference to one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from pusher_sim.board import Board, Colour
from pusher_sim.physics import chipmunk
from pusher_sim.physics.config import PhysicsConfig


def _fixups() -> dict[str, int]:
    return {"catch_up": 0, "refused": 0, "rehomed": 0, "swapped": 0, "rolled_over": 0}


@dataclass(eq=False)
class SpaceState:
    """The balls of a board's Space and the cups they hold.

    Per ball: ``bodies``, ``spins`` (None without spin), their Chipmunk ``handles`` and
    ``spin_handles`` (chipmunk.py), ``shapes``, ``probes`` and ``springs`` (None without cups)
    and the probes' and springs' handles, ``colours``; ``cup``: the cup whose cell the ball's
    probe entered last; ``bowl``: the cup whose bowl it feels, -1 for none (the pressed ball on
    top, or a rider). Per cup: ``holder``, the ball that holds its bowl. ``riders``: a riding
    ball's ride energy (J); ``lifted``: the pressed ball while on top; ``astray``: refused or
    riding balls; ``over``: riders rolling over the others; ``fixups``: how often each repair
    fired; ``body_memory``: each body's struct by handle, for the callbacks (chipmunk.py).
    Round cups (``round_cups``, ``lip`` finite): ``inside``, the cup whose lip each ball's probe is
    inside (-1: on the land); a ball holds a bowl only inside its lip, and one on the land with
    no bowl, neither lifted nor riding, is counted at the land's height.
    """

    board: Board
    config: PhysicsConfig
    space: Any
    dt: float
    stiffness: float  # of the bowls, N/m; 0 without cups
    spin_mass: float  # (2/5) m with spin, else 0
    centres: tuple[tuple[float, float], ...]  # every cup's centre, in cell order
    lip: float = math.inf  # a round cup's lip radius, m (``round_cups``); none: the bowls meet
    bodies: list[Any] = field(default_factory=list)
    spins: list[Any] = field(default_factory=list)
    handles: list[Any] = field(default_factory=list)
    spin_handles: list[Any] = field(default_factory=list)
    shapes: list[Any] = field(default_factory=list)
    probes: list[Any] = field(default_factory=list)
    springs: list[Any] = field(default_factory=list)
    probe_handles: list[Any] = field(default_factory=list)
    spring_handles: list[Any] = field(default_factory=list)
    colours: list[Colour] = field(default_factory=list)
    cup: list[int] = field(default_factory=list)
    bowl: list[int] = field(default_factory=list)
    holder: dict[int, int] = field(default_factory=dict)
    riders: dict[int, float] = field(default_factory=dict)
    lifted: set[int] = field(default_factory=set)
    astray: set[int] = field(default_factory=set)
    over: set[int] = field(default_factory=set)
    fixups: dict[str, int] = field(default_factory=_fixups)
    body_memory: dict[Any, Any] = field(default_factory=dict)
    inside: list[int] = field(default_factory=list)

    def add_memory(self, body: Any) -> Any:
        """Record the body's struct for the callbacks; returns its Chipmunk handle."""
        handle = chipmunk.handle(body)
        self.body_memory[handle] = chipmunk.body_memory(handle)
        return handle

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
