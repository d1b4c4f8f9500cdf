"""PettingZoo AEC environment for Push, the partnership rummy: ``env(deals=1, ...)`` takes any
:class:`~rummy.config.RummyConfig` field as a keyword.

Actions are the fixed ids of :mod:`pusher_sim.envs.rummy_codec` (masked); each seat observes only
its own hand, the table, the discard top and the others' card counts.
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv, ParallelEnv

from pusher_sim.envs.adapters import DiscreteAdapter
from pusher_sim.envs.aec import TurnLoopAEC, classic_wrappers, turn_by_turn
from pusher_sim.envs.codec import codec_of
from rummy.spec import SPEC

NAME = "push_rummy_v0"


def raw_env(
    render_mode: str | None = None, max_steps: int | None = None, **config: Any
) -> TurnLoopAEC:
    game = SPEC.make_game(config)
    return TurnLoopAEC(NAME, game, DiscreteAdapter(codec_of(SPEC, game)), render_mode, max_steps)


def env(render_mode: str | None = None, max_steps: int | None = None, **config: Any) -> AECEnv:
    """:func:`raw_env` wrapped as PettingZoo's classic environments are
    (:func:`~pusher_sim.envs.aec.classic_wrappers`)."""
    return classic_wrappers(raw_env(render_mode, max_steps, **config), masked=True)


def parallel_env(
    render_mode: str | None = None, max_steps: int | None = None, **config: Any
) -> ParallelEnv:
    """:func:`env` under PettingZoo's parallel API, turn by turn
    (:func:`~pusher_sim.envs.aec.turn_by_turn`)."""
    return turn_by_turn(env(render_mode, max_steps, **config))
