"""What the agent interfaces share: a game's fixed discrete action numbering and its observation
vector, built only from ``state.observation(seat)`` so that hidden cards cannot leak.

Gymnasium and PettingZoo need fixed spaces and OpenSpiel needs fixed action ids, while the turn
loop lists legal actions as objects. A :class:`DiscreteCodec` gives every action a game can list
a number that means the same thing in every position, and reads a legal list back into a mask.
"""

from __future__ import annotations

import importlib
from typing import Protocol

import numpy as np

from pusher_sim.errors import UserError
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.registry import GameSpec
from pusher_sim.turnloop.state import Game, Observation, State


class DiscreteCodec(Protocol):
    """A game's fixed action numbering and observation vector."""

    @property
    def num_actions(self) -> int:
        """Size of the action space; every listed legal action has an id below it."""
        ...

    @property
    def observation_size(self) -> int:
        """Length of :meth:`observe`'s vector; every entry lies in [-1, 1]."""
        ...

    def action_id(self, state: State, action: Action) -> int:
        """The fixed number of a legal ``action`` in ``state``."""
        ...

    def observe(self, observation: Observation) -> np.ndarray:
        """One seat's view as a float32 vector (it sees nothing the view does not hold)."""
        ...


def codec_of(spec: GameSpec, game: Game) -> DiscreteCodec:
    """The codec ``spec`` names (its ``codec``, ``"module:function"``) made for ``game``; a game
    whose entry names none has no agent environments, said in one line."""
    if not spec.codec:
        raise UserError(f"{spec.name} has no codec in its registry entry: no agent environments")
    module, attr = spec.codec.split(":")
    codec: DiscreteCodec = getattr(importlib.import_module(module), attr)(game)
    return codec


def legal_ids(codec: DiscreteCodec, state: State) -> dict[int, Action]:
    """The legal actions of ``state`` by their ids, in id order.

    Two listed actions sharing an id would make the numbering ambiguous; that is a bug in the
    codec, so it fails loudly rather than silently dropping one.
    """
    out: dict[int, Action] = {}
    for action in state.legal_actions():
        key = codec.action_id(state, action)
        if key in out and out[key] != action:
            raise AssertionError(f"actions {out[key]} and {action} share id {key}")
        out[key] = action
    return dict(sorted(out.items()))


def action_mask(codec: DiscreteCodec, state: State) -> np.ndarray:
    """1 for each legal action id, 0 elsewhere (int8, as PettingZoo expects)."""
    mask = np.zeros(codec.num_actions, dtype=np.int8)
    for key in legal_ids(codec, state):
        mask[key] = 1
    return mask


def one_hot(size: int, index: int) -> list[float]:
    """A list of ``size`` zeros with a one at ``index`` (nothing set when it is out of range)."""
    out = [0.0] * size
    if 0 <= index < size:
        out[index] = 1.0
    return out
