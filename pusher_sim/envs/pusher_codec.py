"""Pusher for agents: the board as arrays, and one continuous action vector that names a listed
choice and, for a push, the press point, press strength and flick.

Action (a ``Box`` of six numbers in [-1, 1]):

0. **choice** - picks the k-th of the mover's listed options, k = floor((x + 1) / 2 * n): cups
   to place in (board order), or pushable triangles (board order), or the single pass. The
   observation's ``options`` flags exactly these, cups first, then triangles, then the pass.
1. 2. **press point** - barycentric weights (u, v) = ((x1 + 1) / 2, (x2 + 1) / 2), folded into
   the triangle when u + v > 1, over the triangle's allowed press region (P8).
3. **strength** - the press, (x3 + 1) / 2 in [0, 1] (``Push.strength``).
4. **angle** - the flick's direction, x4 * pi radians (counter-clockwise from +x).
5. **speed** - the flick's speed, (x5 + 1) / 2 times the resolver's hardest flick.

Components 1-5 are ignored for a placement or a pass. Numbers outside [-1, 1] are clipped to
it (a policy's raw output may overshoot); NaN or infinity is refused.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from gymnasium import spaces

from pusher_sim.pusher.actions import Pass, Place, Push
from pusher_sim.pusher.state import PusherGame, PusherObservation, PusherState
from pusher_sim.turnloop.actions import Action

ACTION_SIZE = 6
PRESS_MARGIN = 0.98
"""Press points use a triangle this much smaller than the allowed region, so a point on its edge
never fails the rules' inside test by a rounding error."""
PLAYER_COLOURS = 3


def action_space() -> spaces.Box:
    return spaces.Box(-1.0, 1.0, shape=(ACTION_SIZE,), dtype=np.float32)


def observation_space(game: PusherGame) -> spaces.Dict:
    board = game.board
    top = game.config.balls_per_player
    return spaces.Dict(
        {
            "board": spaces.Box(0, PLAYER_COLOURS, shape=(len(board.cells),), dtype=np.int8),
            "colour": spaces.Discrete(PLAYER_COLOURS),
            "to_move": spaces.Discrete(PLAYER_COLOURS),
            "trays": spaces.Box(0, top, shape=(PLAYER_COLOURS,), dtype=np.int16),
            "options": spaces.MultiBinary(len(board.cells) + len(board.triangles) + 1),
        }
    )


def observe(game: PusherGame, view: PusherObservation, seat: int) -> dict[str, Any]:
    """``seat``'s view: 0 for an empty cup, 1 + colour for a ball (red 1, blue 2, yellow 3); the
    seat's colour, whose turn it is and the trays. ``options`` is all zeros here: the caller sets
    it with :func:`option_flags` for the seat to move."""
    board = game.board
    cells = np.zeros(len(board.cells), dtype=np.int8)
    for cell, colour in view.balls:
        cells[board.index(cell)] = 1 + int(colour)
    trays = np.zeros(PLAYER_COLOURS, dtype=np.int16)
    for s, count in enumerate(view.trays):
        trays[int(game.colours[s])] = count
    return {
        "board": cells,
        "colour": int(game.colours[seat]),
        "to_move": int(game.colours[view.to_move]),
        "trays": trays,
        "options": np.zeros(len(board.cells) + len(board.triangles) + 1, dtype=np.int8),
    }


def options(state: PusherState) -> list[Action]:
    """The mover's listed choices in the order the ``choice`` component counts them."""
    if state.is_terminal():
        return []
    board = state.game.board
    tri_index = {t: i for i, t in enumerate(board.triangles)}

    def key(action: Action) -> int:
        if isinstance(action, Place):
            return board.index(action.cell)
        if isinstance(action, Push):
            return len(board.cells) + tri_index[action.triangle]
        return len(board.cells) + len(board.triangles)

    return sorted(state.legal_actions(), key=key)


def option_flags(state: PusherState) -> np.ndarray:
    """The ``options`` entry for the player to move."""
    board = state.game.board
    flags = np.zeros(len(board.cells) + len(board.triangles) + 1, dtype=np.int8)
    tri_index = {t: i for i, t in enumerate(board.triangles)}
    for action in state.legal_actions():
        if isinstance(action, Place):
            flags[board.index(action.cell)] = 1
        elif isinstance(action, Push):
            flags[len(board.cells) + tri_index[action.triangle]] = 1
        elif isinstance(action, Pass):
            flags[-1] = 1
    return flags


def decode(state: PusherState, vector: Any) -> Action:
    """The action the six numbers stand for in ``state`` (see the module docstring)."""
    try:
        x = np.asarray(vector, dtype=np.float64).reshape(-1)
    except (TypeError, ValueError):
        x = np.empty(0)
    if x.shape != (ACTION_SIZE,) or not np.all(np.isfinite(x)):
        raise ValueError(f"a Pusher action is {ACTION_SIZE} finite numbers, got {vector!r:.80}")
    x = np.clip(x, -1.0, 1.0)
    listed = options(state)
    if not listed:
        raise ValueError("the game is over: there is nothing to do")
    choice = listed[_index(x[0], len(listed))]
    if not isinstance(choice, Push):
        return choice
    return make_push(state.game, choice, x[1:])


def make_push(game: PusherGame, base: Push, x: np.ndarray) -> Push:
    """``base``'s triangle pushed as the five numbers (press u, v, strength, angle, speed) say."""
    board = game.board
    tri = base.triangle
    u, v = (x[0] + 1.0) / 2.0, (x[1] + 1.0) / 2.0
    if u + v > 1.0:
        u, v = 1.0 - u, 1.0 - v
    weights = (u, v, 1.0 - u - v)
    dx, dy = board.press_offset(tri, weights, game.config.press_region * PRESS_MARGIN)
    strength = float((x[2] + 1.0) / 2.0)
    angle = float(x[3] * math.pi)
    speed = float((x[4] + 1.0) / 2.0 * game.resolver.max_flick_speed)
    return Push(tri, (float(dx), float(dy)), angle, speed, strength)


def encode(state: PusherState, action: Action) -> np.ndarray:
    """Six numbers that :func:`decode` reads back as ``action`` (the press point up to the
    region's margin): how a bot's move becomes an agent's, for imitation or a bot policy."""
    listed = options(state)

    def same(a: Action) -> bool:
        if isinstance(action, Push):
            return isinstance(a, Push) and a.triangle == action.triangle
        return a == action

    k = next((i for i, a in enumerate(listed) if same(a)), None)
    if k is None:
        raise ValueError(f"{action} is not one of the listed choices now")
    x = np.zeros(ACTION_SIZE, dtype=np.float32)
    x[0] = -1.0 + (2 * k + 1) / len(listed)
    if isinstance(action, Push):
        game = state.game
        board = game.board
        cx, cy = board.triangle_centre(action.triangle)
        scale = game.config.press_region * PRESS_MARGIN
        d = [np.subtract(board.position(c), (cx, cy)) * scale for c in action.triangle]
        u, v = np.linalg.solve(np.column_stack([d[0] - d[2], d[1] - d[2]]), action.offset - d[2])
        u, v = float(np.clip(u, 0.0, 1.0)), float(np.clip(v, 0.0, 1.0))
        if u + v > 1.0:
            u, v = u / (u + v), v / (u + v)
        angle = math.remainder(float(action.angle), 2.0 * math.pi) / math.pi
        top = game.resolver.max_flick_speed
        x[1:] = (
            2.0 * u - 1.0,
            2.0 * v - 1.0,
            2.0 * float(action.strength) - 1.0,
            angle,
            2.0 * min(1.0, float(action.speed) / top) - 1.0,
        )
    return np.clip(x, -1.0, 1.0)


def _index(x: float, n: int) -> int:
    return min(n - 1, max(0, int((x + 1.0) / 2.0 * n)))
