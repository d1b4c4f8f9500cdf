"""Nim's perfect bot: it moves to a position whose heaps' nim-sum (their XOR) is zero when it
can, which wins every game it can win, and otherwise takes one counter from the largest heap."""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import xor

import numpy as np

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import State
from tests.nim.game import NimState, Take


def nim_sum(heaps: Sequence[int]) -> int:
    return reduce(xor, heaps, 0)


class NimSumBot:
    """Plays Nim perfectly (Bouton, 1901)."""

    uses_rng = False

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        assert isinstance(state, NimState)
        total = nim_sum(state.heaps)
        for heap, size in enumerate(state.heaps):
            if total and size ^ total < size:
                return Take(seat, heap, size - (size ^ total))
        largest = max(range(len(state.heaps)), key=lambda h: state.heaps[h])
        return Take(seat, largest, 1)
