"""Push Over's bots: random, expected-movement (exact DP over the dice), strong (the same DP
over the positions each ending of the turn leads to), lookahead, and the solved bots that play
two-player games from an exactly solved table.

Push Over hides nothing, so the bots read the state itself; they never change it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import State
from pushover.actions import ROLL, STOP
from pushover.config import PushOverConfig
from pushover.dice import Node, expected_movement_plan, solve
from pushover.evaluation import RaceEvaluator, Weights
from pushover.game import PushOverGame
from pushover.solved_table import POLICIES, SolvedTable, load_table, same_rules
from pushover.solver import decision_nodes
from pushover.state import OVER, PushOverState


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
        value = self._leaf

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

    def _leaf(self, after: PushOverState, seat: int) -> float:
        """What a position at the end of ``seat``'s turn is worth to it."""
        return self.evaluator.win_chance(after, seat)


class LookaheadBot(StrongBot):
    """The strong bot with each way of ending the turn valued one turn deeper: the next player
    plays their turn as the strong bot would (the same evaluation from their side), and the
    position is valued as the exact expectation over their dice. This sees the push-offs and
    pot grabs the next player can make, which the static evaluation only estimates."""

    def _leaf(self, after: PushOverState, seat: int) -> float:
        value = self.evaluator.win_chance
        if after.phase == OVER or after.to_move == seat:
            return value(after, seat)
        them = after.to_move
        mine: dict[tuple[int, int], float] = {}
        theirs: dict[tuple[int, int], float] = {}

        def ending(count: int, total: int) -> PushOverState:
            return after.after_move(count, total) if count else after.after_roll_out()

        def their_value(count: int, total: int) -> float:
            key = (count, total)
            if key not in theirs:
                end = ending(count, total)
                theirs[key] = value(end, them)
                mine[key] = value(end, seat)
            return theirs[key]

        plan = solve(after.cfg, their_value, their_value(0, 0))
        return expected_under(after.cfg, plan.roll, lambda c, t: mine[(c, t)])


class SolvedBot:
    """Plays two-player Push Over exactly from the solved table (:mod:`pushover.solved_table`):
    ``policy`` ``"best"`` is the best reply to the expected-movement bot, ``"perfect"`` perfect
    play. Other variants, and positions the table lacks, are left to the lookahead bot."""

    uses_rng = False

    def __init__(self, game: PushOverGame, policy: str, table: SolvedTable | None = None) -> None:
        if policy not in POLICIES:
            raise ValueError(f"unknown solved policy {policy!r}")
        self.policy = policy
        self.fallback = LookaheadBot(game)
        self.table: SolvedTable | None = None
        if game.config.players == 2:
            table = table or load_table()
            if same_rules(table.config, game.config):
                self.table = table
        self.bit = {node: bit for bit, node in enumerate(decision_nodes(game.config))}

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        position = _pushover_state(state)
        dice = position.dice
        if self.table is not None and dice:  # before the first die the fallback rolls (O2)
            choices = self.table.choices(position, seat, self.policy)
            if choices is not None:
                rolls = choices >> self.bit[(len(dice), sum(dice))] & 1
                return ROLL[seat] if rolls else STOP[seat]
        return self.fallback.act(state, seat, legal, rng)


def expected_under(
    config: PushOverConfig, roll: dict[Node, bool], leaf: Callable[[int, int], float]
) -> float:
    """The expectation of ``leaf(dice, total)`` over one turn played by ``roll`` (a roll-out
    is the leaf (0, 0)); ``leaf`` is only asked about endings the turn can reach."""
    faces = config.die_faces
    chance = 1.0 / len(faces)

    def walk(dice: int, total: int) -> float:
        if dice > 0 and (dice == config.max_dice or not roll[(dice, total)]):
            return leaf(dice, total)
        out = 0.0
        for face in faces:
            after = total + face
            out += chance * (leaf(0, 0) if after > config.roll_limit else walk(dice + 1, after))
        return out

    return walk(0, 0)
