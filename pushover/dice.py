"""Exact dynamic programming over one turn's dice (O2).

A turn is a small tree: after ``k`` dice showing ``total`` the player either stops (and moves
``total * move_multipliers[k - 1]``) or rolls again; a total over the limit is a roll-out and
the last die forces the move. Given what each way of ending the turn is worth, backward induction
over (dice rolled, total) finds the best roll/stop choice at every node. The expected-movement
bot values a move by its length and a roll-out as nothing, in exact fractions; the strong bot
values the positions that each ending leads to, in floats.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from pushover.config import PushOverConfig

Value = TypeVar("Value", float, Fraction)

Node = tuple[int, int]
"""(dice rolled so far, their total): where the player decides to roll again or stop."""

ROLL_OUT = None
"""The outcome key for a roll-out in :func:`outcome_distribution`."""


@dataclass(frozen=True)
class TurnPlan(Generic[Value]):
    """Best play for the rest of a turn: a node's value and whether to roll there."""

    value: dict[Node, Value]
    roll: dict[Node, bool]
    """True: roll again; False: stop. Ties stop (the same value for no risk)."""


def solve(
    config: PushOverConfig,
    move_value: Callable[[int, int], Value],
    roll_out_value: Value,
    start: Node = (0, 0),
) -> TurnPlan[Value]:
    """Backward induction from ``start`` over every node reachable from it.

    ``move_value(dice, total)`` is what ending the turn with that move is worth. At (0, 0) the
    player must roll (O2 asks for at least one die), so that node has no stop option.
    """
    faces = config.die_faces
    limit = config.roll_limit
    last = config.max_dice
    values: dict[Node, Value] = {}
    roll: dict[Node, bool] = {}

    def node(dice: int, total: int) -> Value:
        key = (dice, total)
        if key in values:
            return values[key]
        outcomes: list[Value] = []
        for face in faces:
            after = total + face
            if after > limit:
                outcomes.append(roll_out_value)
            elif dice + 1 == last:
                outcomes.append(move_value(last, after))
            else:
                outcomes.append(node(dice + 1, after))
        rolled = outcomes[0]
        for v in outcomes[1:]:
            rolled = rolled + v
        rolled = rolled / len(faces)
        if dice == 0:
            best, again = rolled, True
        else:
            stop = move_value(dice, total)
            best, again = (rolled, True) if rolled > stop else (stop, False)
        values[key] = best
        roll[key] = again
        return best

    node(*start)
    return TurnPlan(values, roll)


def move_length(config: PushOverConfig, dice: int, total: int) -> int:
    """O2: stops moved after stopping with ``dice`` dice showing ``total``."""
    return total * config.move_multipliers[dice - 1]


def expected_movement_plan(config: PushOverConfig) -> TurnPlan[Fraction]:
    """The roll/stop choices that maximise the expected stops moved this turn (a roll-out
    moves the piece nowhere), with exact values."""
    return solve(
        config, lambda dice, total: Fraction(move_length(config, dice, total)), Fraction(0)
    )


def outcome_distribution(
    config: PushOverConfig, roll: dict[Node, bool], start: Node = (0, 0)
) -> dict[int | None, Fraction]:
    """Exact probabilities of each way a turn ends when following ``roll`` from ``start``:
    stops moved, or :data:`ROLL_OUT`."""
    faces = config.die_faces
    chance = Fraction(1, len(faces))
    dist: dict[int | None, Fraction] = {}

    def walk(dice: int, total: int, p: Fraction) -> None:
        if dice > 0 and (dice == config.max_dice or not roll[(dice, total)]):
            steps = move_length(config, dice, total)
            dist[steps] = dist.get(steps, Fraction(0)) + p
            return
        for face in faces:
            if total + face > config.roll_limit:
                dist[ROLL_OUT] = dist.get(ROLL_OUT, Fraction(0)) + p * chance
            else:
                walk(dice + 1, total + face, p * chance)

    walk(*start, Fraction(1))
    return dist


@dataclass(frozen=True)
class TurnFigures:
    """What one turn under a fixed roll/stop policy yields, exactly."""

    expected_move: Fraction
    move_variance: Fraction
    roll_out_probability: Fraction


def turn_figures(config: PushOverConfig, roll: dict[Node, bool]) -> TurnFigures:
    dist = outcome_distribution(config, roll)
    mean = sum((p * (s or 0) for s, p in dist.items()), Fraction(0))
    square = sum((p * (s or 0) ** 2 for s, p in dist.items()), Fraction(0))
    return TurnFigures(mean, square - mean * mean, dist.get(ROLL_OUT, Fraction(0)))
