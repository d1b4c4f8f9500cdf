"""Bots a researcher might write, for the tournament's ``module:attribute`` bots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import Game, State


class FirstLegal:
    """Always the first listed legal action (in Push Over: roll until the dice decide)."""

    uses_rng = False

    def __init__(self, game: Game) -> None:
        self.game = game

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        return legal[0]


def last_legal(game: Game) -> LastLegal:
    """A factory rather than a class."""
    return LastLegal()


class LastLegal:
    uses_rng = False

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        return legal[-1]


NUMBER = 3
"""Not a class or a factory."""


class NoAct:
    """Makes something that is not an agent."""

    def __init__(self, game: Game) -> None:
        pass


def broken(game: Game) -> FirstLegal:
    raise RuntimeError("this bot is broken")


class Unlucky(FirstLegal):
    """Rolls on, but one move in about 500 its code raises (at the same move of the same game
    whoever plays it: the chance comes from the move's generator)."""

    uses_rng = True

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        if rng.random() < 0.002:
            raise RuntimeError("the bot's own bug")
        return legal[0]


class NoMove(FirstLegal):
    """Returns None instead of a move."""

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        return None  # type: ignore[return-value]


class Mirror(FirstLegal):
    """FirstLegal under another name: two identical bots."""


class CtrlC(Unlucky):
    """Stands for a Ctrl-C at the move where Unlucky raises (move 6 of game 18)."""

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        if rng.random() < 0.002:
            raise KeyboardInterrupt
        return legal[0]


class Quitter(Unlucky):
    """Calls ``sys.exit`` where Unlucky raises (move 6 of game 18): a bot's code that quits."""

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        if rng.random() < 0.002:
            raise SystemExit("the bot quit")
        return legal[0]


class Learner:
    """Keeps state across games (as a bot that learns does): its move depends on how many moves
    it has made since it was built. Every construction in this process is counted in ``BUILT``."""

    uses_rng = False
    BUILT: ClassVar[list[int]] = []

    def __init__(self, game: Game) -> None:
        self.moves = 0
        Learner.BUILT.append(1)

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        self.moves += 1
        return legal[(self.moves // 7) % len(legal)]
