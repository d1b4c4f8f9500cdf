"""Pusher bots: a random player and a greedy one that weighs placements and tries a few pushes.

Pusher hides nothing, so the bots read the state directly. The flick is continuous:
``legal_actions`` lists one centred, unflicked push per triangle, and the bots fill in the press
point and flick themselves.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from pusher_sim.board import Cell, Triangle
from pusher_sim.push_resolution import DEFAULT_STRENGTH
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import State

PRESS_STRENGTHS = (DEFAULT_STRENGTH, 0.0, 1.0)
"""The press strengths the strong bot tries, in turn over its candidate pushes."""

PRESS_SAFETY = 0.98
"""Random press points are drawn from a triangle this much smaller than the allowed region, so a
point on the boundary never fails the inside test by a rounding error."""


def random_push(game: PusherGame, tri: Triangle, rng: np.random.Generator) -> Push:
    """A push of ``tri`` with a uniform press point inside the allowed region and a random flick."""
    a, b = sorted(rng.random(2))
    weights = (a, b - a, 1.0 - b)  # uniform barycentric coordinates
    dx, dy = game.board.press_offset(tri, weights, game.config.press_region * PRESS_SAFETY)
    angle = float(rng.uniform(0.0, 2.0 * math.pi))
    speed = float(rng.uniform(0.0, game.resolver.max_flick_speed))
    return Push(tri, (dx, dy), angle, speed)


def pusher_state(state: State) -> PusherState:
    """``state`` as a Pusher position, or a TypeError for any other game's."""
    if not isinstance(state, PusherState):
        raise TypeError(f"a Pusher bot cannot play {type(state).__name__}")
    return state


class RandomPusherBot:
    """A random legal placement, or a random push: random triangle, press point and flick."""

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        st = pusher_state(state)
        choice = legal[int(rng.integers(len(legal)))]
        if isinstance(choice, Push):
            return random_push(st.game, choice.triangle, rng)
        return choice


@dataclass(frozen=True)
class PushScore:
    """How a tried push came out for the pusher."""

    own_back: int
    others_back: int
    again: bool
    """A pushable triangle is left, so (with none of one's own back) one pushes again, P11(a)."""

    @property
    def value(self) -> tuple[int, bool, int]:
        """Higher is better. An own ball back costs a ball and the turn (P11(b)); pushing again
        puts another ball out of the tray; the others' balls back are their loss."""
        return (-self.own_back, self.again and self.own_back == 0, self.others_back)

    @property
    def good_enough(self) -> bool:
        """Worth playing without trying more: nothing of one's own back, and a gain."""
        return self.own_back == 0 and (self.again or self.others_back > 0)


class GreedyPusherBot:
    """Places to keep its own balls away from empty cups of its colour and push-prone spots, and
    pushes by trying ``tries`` candidate pushes on the game's resolver and keeping the best.

    With the physics every try is a full simulation (tens of milliseconds), so ``tries`` is the
    knob that trades strength for speed.
    """

    def __init__(self, tries: int = 12) -> None:
        if tries < 1:
            raise ValueError(f"a greedy bot tries at least one push, not {tries}")
        self.tries = tries

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        st = pusher_state(state)
        if isinstance(legal[0], Push):
            return self._push(st, [a.triangle for a in legal if isinstance(a, Push)], rng)
        if len(legal) == 1:
            return legal[0]
        scores = [self._placement_value(st, a) for a in legal]
        best = max(scores)
        tied = [a for a, s in zip(legal, scores, strict=True) if s == best]
        return tied[int(rng.integers(len(tied)))]

    # -- pushing -------------------------------------------------------------------------------

    def _push(
        self, st: PusherState, triangles: Sequence[Triangle], rng: np.random.Generator
    ) -> Push:
        game = st.game
        order = [triangles[int(i)] for i in rng.permutation(len(triangles))]
        candidates = [Push(t) for t in order[: self.tries]]
        while len(candidates) < self.tries:
            candidates.append(random_push(game, order[len(candidates) % len(order)], rng))
        # How hard to press is part of the push: the tries go through a few strengths.
        candidates = [
            replace(p, strength=PRESS_STRENGTHS[k % len(PRESS_STRENGTHS)])
            for k, p in enumerate(candidates)
        ]
        best: tuple[int, bool, int] | None = None
        chosen = candidates[0]
        for push in candidates:
            score = self.try_push(st, push)
            if best is None or score.value > best:
                best, chosen = score.value, push
            if score.good_enough:
                break
        return chosen

    @staticmethod
    def try_push(st: PusherState, push: Push) -> PushScore:
        """Resolve ``push`` on a copy of the board and count the balls it would send back."""
        game = st.game
        spec = push.spec(st.colour)
        outcome = game.resolver.resolve(game.board, dict(st.balls), spec)
        colour_of = game.geo.colour
        own = others = 0
        staying = {}
        for cell, col in outcome.balls:
            if colour_of[cell] != col:
                staying[cell] = col
            elif col == st.colour:
                own += 1
            else:
                others += 1
        left = game.geo.pushable_triangles(staying, game.config.free_roll_empty_neighbours)
        return PushScore(own, others, bool(left))

    # -- placing -------------------------------------------------------------------------------

    def _placement_value(self, st: PusherState, action: Action) -> float:
        """Exposure of the others' balls minus exposure of one's own, after the placement.

        A ball is exposed by each empty neighbouring cup of its own colour (a push near it can
        roll it home, P10); balls in a pushable triangle left for the next player count double.
        """
        game = st.game
        cell: Cell | None = getattr(action, "cell", None)
        if cell is None:
            return 0.0
        balls = dict(st.balls)
        balls[cell] = st.colour
        geo = game.geo
        pushable = geo.pushable_triangles(balls, game.config.free_roll_empty_neighbours)
        in_pushable = {c for t in pushable for c in t}
        value = 0.0
        for at, col in balls.items():
            exposure = sum(1 for n in geo.neighbours[at] if n not in balls and geo.colour[n] == col)
            exposure *= 2 if at in in_pushable else 1
            value += -exposure if col == st.colour else exposure / (game.num_players - 1)
        return value
