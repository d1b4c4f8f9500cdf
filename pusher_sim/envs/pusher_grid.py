"""Pusher with a fixed, finite action set, so that masked-action tools (maskable PPO, PettingZoo's
classic wrappers, OpenSpiel's discrete algorithms) run on the physics game.

Action ids, in order:

- ``0 .. cups - 1``: place on that cup (board order);
- then, for each triangle (``Board.triangles`` order), one id per grid push: press point x
  press strength x flick (:class:`PushGrid`, ``per_triangle`` ids a triangle);
- last: pass.

The mask marks the ids the rules allow now: the listed cups, every grid push of each pushable
triangle, or the pass. ``docs/agents.md`` (*A discrete Pusher*) says how the grid was chosen and
what rounding the strong bot's pushes to it costs (``benchmarks/push_grid.py``).

The observation is one float vector in [0, 1], read from the seat's own side: per cup, one-hot
of what holds it (empty, the viewer's ball, the next seat's, the one after) and of its colour
(the viewer's, the next seat's, the one after, none of these); then whether the viewer is to
move; then the trays as shares of ``balls_per_player``, the viewer's first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from pusher_sim.board import Triangle
from pusher_sim.pusher.actions import Pass, Place, Push
from pusher_sim.pusher.state import PusherGame, PusherObservation, PusherState
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import Observation

PRESS_MARGIN = 0.98
"""Press points use a triangle this much smaller than the allowed region (as the bots do), so a
point on its edge never fails the rules' inside test by a rounding error."""
SEATS = 3
"""Seat slots in the observation (Pusher takes 2 or 3 players; a 2-player game leaves one 0)."""


def toward_corners(share: float) -> tuple[tuple[float, float, float], ...]:
    """The centre and the three points ``share`` of the way from it towards each corner, as
    barycentric weights."""
    third = 1.0 / 3.0
    points = [(third, third, third)]
    for k in range(3):
        w = [third * (1.0 - share)] * 3
        w[k] += share
        points.append((w[0], w[1], w[2]))
    return tuple(points)


@dataclass(frozen=True)
class PushGrid:
    """The pushes one triangle offers: every press point x press strength x flick.

    ``press_points`` are barycentric weights over the triangle's allowed press region;
    ``strengths`` are ``Push.strength`` values; the flicks are "none" and then ``directions``
    evenly spaced angles (the first at ``first_angle`` radians, counter-clockwise from +x) x
    ``speeds`` (shares of the resolver's hardest flick, each above 0).
    """

    press_points: tuple[tuple[float, float, float], ...]
    strengths: tuple[float, ...]
    directions: int
    speeds: tuple[float, ...]
    first_angle: float = 0.0

    def __post_init__(self) -> None:
        if not self.press_points or not self.strengths or self.directions < 0:
            raise ValueError("a push grid has at least one press point and one strength")
        if any(abs(sum(w) - 1.0) > 1e-9 or min(w) < 0.0 for w in self.press_points):
            raise ValueError("press points are barycentric weights (>= 0, summing to 1)")
        if any(not 0.0 <= s <= 1.0 for s in self.strengths):
            raise ValueError("press strengths lie in [0, 1]")
        if any(not 0.0 < s <= 1.0 for s in self.speeds):
            raise ValueError("flick speeds are shares of the hardest flick in (0, 1]")

    @property
    def flicks(self) -> tuple[tuple[float, float], ...]:
        """(angle, share of the hardest flick) of each flick, the unflicked push first."""
        out = [(0.0, 0.0)]
        for k in range(self.directions):
            angle = (self.first_angle + 2.0 * math.pi * k / self.directions) % (2.0 * math.pi)
            out += [(angle, s) for s in self.speeds]
        return tuple(out)

    @property
    def per_triangle(self) -> int:
        return len(self.press_points) * len(self.strengths) * len(self.flicks)

    def unpack(self, k: int) -> tuple[int, int, int]:
        """Press point, strength and flick index of a triangle's ``k``-th grid push."""
        flicks = len(self.flicks)
        rest, flick = divmod(k, flicks)
        press, strength = divmod(rest, len(self.strengths))
        return press, strength, flick


DEFAULT_GRID = PushGrid(
    press_points=toward_corners(0.5),
    strengths=(0.0, 0.5, 1.0),
    directions=6,
    speeds=(0.5, 1.0),
    first_angle=math.pi / 6.0,
)
"""4 press points x 3 strengths x 13 flicks (none, and 6 directions x 2 speeds): 156 pushes a
triangle. How it was chosen: ``docs/agents.md``, *A discrete Pusher*."""


class PusherGridCodec:
    """Pusher's fixed action ids over a :class:`PushGrid`, its mask and its observation vector."""

    def __init__(self, game: PusherGame, grid: PushGrid = DEFAULT_GRID) -> None:
        self.game = game
        self.grid = grid
        board = game.board
        self.cups = len(board.cells)
        self.triangles = board.triangles
        self.tri_index = {t: i for i, t in enumerate(self.triangles)}
        self.num_actions = self.cups + len(self.triangles) * grid.per_triangle + 1
        self.pass_id = self.num_actions - 1
        self.observation_size = len(board.cells) * 8 + 1 + SEATS
        self._flicks = grid.flicks
        # cup colours from each seat's side: 0 own, 1 next, 2 the one after, 3 none of these
        self._cup_side = np.full((game.num_players, self.cups), 3, dtype=np.int64)
        for seat in range(game.num_players):
            for i, cell in enumerate(board.cells):
                owner = game.seat_of.get(game.geo.colour[cell])
                if owner is not None:
                    self._cup_side[seat, i] = (owner - seat) % game.num_players

    # -- actions ---------------------------------------------------------------------------

    def push_id(self, tri: Triangle, k: int) -> int:
        """The id of ``tri``'s ``k``-th grid push."""
        return self.cups + self.tri_index[tri] * self.grid.per_triangle + k

    def mask(self, state: PusherState) -> np.ndarray:
        """1 for each id the rules allow now, 0 elsewhere (int8; all 0 once the game is over)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        board = self.game.board
        size = self.grid.per_triangle
        for action in state.legal_actions():
            if isinstance(action, Place):
                mask[board.index(action.cell)] = 1
            elif isinstance(action, Push):
                start = self.push_id(action.triangle, 0)
                mask[start : start + size] = 1
            else:
                mask[self.pass_id] = 1
        return mask

    def action(self, state: PusherState, raw: Any) -> Action:
        """The game action id ``raw`` stands for now; ValueError if it is not allowed."""
        try:
            key = int(raw)
        except (TypeError, ValueError):
            raise ValueError(f"an action is an id 0..{self.num_actions - 1}") from None
        if not 0 <= key < self.num_actions or not self.mask(state)[key]:
            raise ValueError(f"action {key} is not legal now (see the action mask)")
        if key < self.cups:
            return Place(self.game.board.cells[key])
        if key == self.pass_id:
            return Pass()
        tri, k = divmod(key - self.cups, self.grid.per_triangle)
        return self.grid_push(self.triangles[tri], k)

    def grid_push(self, tri: Triangle, k: int) -> Push:
        """``tri``'s ``k``-th grid push as the rules' action."""
        game = self.game
        press, strength, flick = self.grid.unpack(k)
        region = game.config.press_region * PRESS_MARGIN
        dx, dy = game.board.press_offset(tri, self.grid.press_points[press], region)
        angle, share = self._flicks[flick]
        top = game.resolver.max_flick_speed
        return Push(tri, (dx, dy), angle, share * top, self.grid.strengths[strength])

    def nearest(self, push: Push) -> int:
        """The grid push nearest to ``push`` on its triangle: the nearest press point (in the
        triangle's plane), strength and flick (as a velocity), each on its own."""
        game = self.game
        region = game.config.press_region * PRESS_MARGIN
        points = [game.board.press_offset(push.triangle, w, region) for w in self.grid.press_points]
        press = min(range(len(points)), key=lambda i: math.dist(points[i], push.offset))
        strength = min(
            range(len(self.grid.strengths)),
            key=lambda i: abs(self.grid.strengths[i] - push.strength),
        )
        top = game.resolver.max_flick_speed
        vx, vy = push.speed / top * math.cos(push.angle), push.speed / top * math.sin(push.angle)
        flick = min(
            range(len(self._flicks)),
            key=lambda i: math.dist(
                (
                    self._flicks[i][1] * math.cos(self._flicks[i][0]),
                    self._flicks[i][1] * math.sin(self._flicks[i][0]),
                ),
                (vx, vy),
            ),
        )
        k = (press * len(self.grid.strengths) + strength) * len(self._flicks) + flick
        return self.push_id(push.triangle, k)

    def action_id(self, action: Action) -> int:
        """The id of a legal ``action`` (a push goes to its :meth:`nearest` grid push): how a
        bot's move becomes an agent's, for imitation or a bot policy."""
        if isinstance(action, Place):
            return self.game.board.index(action.cell)
        if isinstance(action, Push):
            return self.nearest(action)
        if isinstance(action, Pass):
            return self.pass_id
        raise ValueError(f"{action!r} is not a Pusher action")

    # -- observations ----------------------------------------------------------------------

    def observe(self, observation: Observation) -> np.ndarray:
        """The seat's view as the module docstring's vector."""
        if not isinstance(observation, PusherObservation):
            raise TypeError(f"not a Pusher view: {type(observation).__name__}")
        game = self.game
        n = game.num_players
        seat = observation.seat
        cups = self.cups
        held = np.zeros((cups, 4), dtype=np.float32)
        held[:, 0] = 1.0
        for cell, colour in observation.balls:
            i = game.board.index(cell)
            held[i, 0] = 0.0
            held[i, 1 + (game.seat_of[colour] - seat) % n] = 1.0
        side = np.zeros((cups, 4), dtype=np.float32)
        side[np.arange(cups), self._cup_side[seat]] = 1.0
        trays = np.zeros(SEATS, dtype=np.float32)
        for s, count in enumerate(observation.trays):
            trays[(s - seat) % n] = count / game.config.balls_per_player
        to_move = np.array([observation.to_move == seat], dtype=np.float32)
        return np.concatenate([held.reshape(-1), side.reshape(-1), to_move, trays])
