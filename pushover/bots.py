"""Push Over's bots: random, expected-movement (exact DP over the dice) and strong (the same DP
over the positions each ending of the turn leads to).

Push Over hides nothing, so the bots read the state itself; they never change it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import State
from pushover.actions import ROLL, STOP
from pushover.dice import Node, expected_movement_plan, solve
from pushover.evaluation import RaceEvaluator, Weights
from pushover.game import PushOverGame
from pushover.state import PushOverState


def _pushover_state(state: State) -> PushOverState:
    if not isinstance(state, PushOverState):
        raise TypeError(f"a Push Over bot cannot play {type(state).__name__}")
    return state


class ExpectedMovementBot:
    """Rolls or stops to maximise the expected stops moved this turn, ignoring the board."""

    uses_rng = False

    def __init__(self, game: PushOverGame) -> None:
        self.roll: dict[Node, bool] = expected_movement_plan(game.config).roll

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        dice = _pushover_state(state).dice
        return ROLL[seat] if self.roll[(len(dice), sum(dice))] else STOP[seat]


class StrongBot:
    """Plays each turn's roll/stop choices exactly against a heuristic value of the position
    each way of ending the turn leads to (every move length, and a roll-out): the pot's
    distance and size, push-offs of others and of itself, and the cost of being rolled out
    with no free bottom all come in through :class:`pushover.evaluation.RaceEvaluator`."""

    uses_rng = False

    def __init__(self, game: PushOverGame, weights: Weights | None = None) -> None:
        self.evaluator = RaceEvaluator(game.config, weights)
        self._turn: tuple[object, ...] = ()
        self._leaves: dict[tuple[int, int], float] = {}

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        position = _pushover_state(state)
        dice = position.dice
        if not dice:
            return ROLL[seat]  # O2: at least one die
        # The leaves of a turn do not change while its dice are rolled: value them once.
        turn = (seat, position.pot, position.free_bottoms, *position.track, *position.columns)
        if turn != self._turn:
            self._turn = turn
            self._leaves = {}
        leaves = self._leaves
        value = self.evaluator.win_chance

        def move_value(count: int, total: int) -> float:
            key = (count, total)
            if key not in leaves:
                leaves[key] = value(position.after_move(count, total), seat)
            return leaves[key]

        if (0, 0) not in leaves:  # the roll-out leaf, whatever the dice
            leaves[(0, 0)] = value(position.after_roll_out(), seat)
        here = (len(dice), sum(dice))
        plan = solve(position.cfg, move_value, leaves[(0, 0)], start=here)
        return ROLL[seat] if plan.roll[here] else STOP[seat]
