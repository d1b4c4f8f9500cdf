"""How a game's actions and chance outcomes are numbered for OpenSpiel: the :class:`Codec` a
game's OpenSpiel class is built on, the plain one over a :class:`DiscreteCodec`, and the chance
numbering a game with its own (Push's shuffle) replaces."""

from __future__ import annotations

from typing import Protocol

import numpy as np

from pusher_sim.envs.codec import DiscreteCodec, legal_ids
from pusher_sim.envs.openspiel.position import Position
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import Observation, State


class Codec(Protocol):
    """What OpenSpiel needs of a game's action numbering and observation vector."""

    @property
    def observation_size(self) -> int: ...

    @property
    def history_size(self) -> int:
        """Length of the record of public events the information-state tensor adds to the
        view (0 where the view is the whole position)."""
        ...

    def observe(self, observation: Observation) -> np.ndarray: ...

    def note(self, record: np.ndarray, state: State, action: Action) -> None:
        """Add to ``record`` what every seat sees ``action`` show, before it is applied."""
        ...

    def recall(self, record: np.ndarray, seat: int) -> np.ndarray:
        """``record`` as ``seat`` holds it (its own part first)."""
        ...

    def legal(self, state: State) -> list[int]:
        """The ids of the legal actions of ``state``, in order."""
        ...

    def action(self, state: State, key: int) -> Action:
        """The legal action of ``state`` with id ``key`` (KeyError or ValueError if none)."""
        ...

    def describe(self, state: State, key: int) -> str | None:
        """``key``'s action as text when it is legal in ``state``, else None."""
        ...


class ListedIds:
    """A :class:`DiscreteCodec` (one id per listed legal action) as a :class:`Codec`."""

    def __init__(self, codec: DiscreteCodec) -> None:
        self.codec = codec
        self.observation_size = codec.observation_size
        self.history_size = int(getattr(codec, "history_size", 0))

    def observe(self, observation: Observation) -> np.ndarray:
        return self.codec.observe(observation)

    def note(self, record: np.ndarray, state: State, action: Action) -> None:
        if self.history_size:
            self.codec.note(record, state, action)  # type: ignore[attr-defined]

    def recall(self, record: np.ndarray, seat: int) -> np.ndarray:
        if not self.history_size:
            return record
        recalled: np.ndarray = self.codec.recall(record, seat)  # type: ignore[attr-defined]
        return recalled

    def legal(self, state: State) -> list[int]:
        return list(legal_ids(self.codec, state))

    def action(self, state: State, key: int) -> Action:
        return legal_ids(self.codec, state)[key]

    def describe(self, state: State, key: int) -> str | None:
        found = legal_ids(self.codec, state).get(key)
        return None if found is None else str(found)


class ChanceIds(Protocol):
    """How a game's chance nodes are numbered for OpenSpiel: the hook a game with its own
    numbering (Push's shuffle, one card at a time) fills in."""

    def outcomes(self, position: Position) -> list[tuple[int, float]]:
        """The chance ids of ``position`` and their probabilities."""
        ...

    def action(self, position: Position, outcome: int) -> Action | None:
        """The chance action of id ``outcome``, or None while it is only part of one."""
        ...

    def describe(self, position: Position, outcome: int) -> str: ...


class ListedChance:
    """The turn loop's chance outcomes, numbered in the order the state lists them."""

    def outcomes(self, position: Position) -> list[tuple[int, float]]:
        return [(k, p) for k, (_, p) in enumerate(position.state.chance_outcomes())]

    def action(self, position: Position, outcome: int) -> Action | None:
        return position.state.chance_outcomes()[outcome][0]

    def describe(self, position: Position, outcome: int) -> str:
        outcomes = position.state.chance_outcomes()
        return str(outcomes[outcome][0]) if 0 <= outcome < len(outcomes) else f"chance {outcome}"
