"""A resolver that remembers its last few pushes, so a push a bot tried is not simulated again
when it is played. Sound only because resolvers are deterministic (the contract of
:mod:`pusher_sim.push_resolution`)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.push_resolution import PushOutcome, PushResolver, PushSpec, ResolverWrapper

Key = tuple[Board, tuple[tuple[Cell, Colour], ...], PushSpec]


class RememberingResolver(ResolverWrapper):
    """Wraps a deterministic :class:`PushResolver` with a small least-recently-used memory."""

    def __init__(self, inner: PushResolver, size: int = 32) -> None:
        super().__init__(inner)
        self.size = size
        self._memory: OrderedDict[Key, PushOutcome] = OrderedDict()

    def resolve(
        self,
        board: Board,
        balls: Mapping[Cell, Colour],
        push: PushSpec,
        *,
        record: bool = False,
    ) -> PushOutcome:
        """The remembered outcome, unless a path is asked for and the memory has none."""
        key = (board, tuple(sorted(balls.items())), push)
        found = self._memory.get(key)
        if found is not None and (found.path is not None or not record):
            self._memory.move_to_end(key)
            return found
        outcome = self.inner.resolve(board, balls, push, record=record)
        self._memory[key] = outcome
        if len(self._memory) > self.size:
            self._memory.popitem(last=False)
        return outcome
