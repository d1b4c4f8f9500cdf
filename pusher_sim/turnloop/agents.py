"""Agents choose actions. A human at a window or a terminal is not an agent: the driver waits for
their action instead (see :meth:`Match.needs_input`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import State


class Agent(Protocol):
    """Chooses one of ``legal`` for the seat to move.

    The agent sees the whole state object so that it can clone it and look ahead, but a fair
    agent reads only ``state.observation(seat)``; bots for games with hidden cards must do so.
    ``rng`` is fresh for each decision and derived from the match seed and the move number, so
    an undone or reloaded game continues exactly as it would have. A deterministic agent may
    set a class attribute ``uses_rng = False``: the driver then skips seeding a generator for
    it (a placeholder is passed), which is most of the driver's cost in a fast game.
    """

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action: ...


class RandomAgent:
    """Picks uniformly among the listed legal actions."""

    def action_probabilities(self, state: State, seat: int, legal: Sequence[Action]) -> list[float]:
        """The chance of each of ``legal`` (uniform): what lets exact evaluations play it."""
        return [1.0 / len(legal)] * len(legal)

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        return legal[int(rng.integers(len(legal)))]
