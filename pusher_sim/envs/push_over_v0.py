"""PettingZoo AEC environment for Push Over: ``env(players=2, ...)`` takes any
:class:`~pushover.config.PushOverConfig` field as a keyword.

Actions: 0 roll, 1 stop (masked); observations from the seat's own view, seats rotated so that
the viewer comes first (see :mod:`pusher_sim.envs.pushover_codec`).
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv, ParallelEnv

from pusher_sim.envs.adapters import DiscreteAdapter
from pusher_sim.envs.aec import TurnLoopAEC, classic_wrappers, turn_by_turn
from pusher_sim.envs.codec import codec_of
from pushover.spec import SPEC

NAME = "push_over_v0"


def raw_env(
    render_mode: str | None = None, max_steps: int | None = None, **config: Any
) -> TurnLoopAEC:
    game = SPEC.make_game({"players": 2, **config})
    adapter = DiscreteAdapter(codec_of(SPEC, game))
    return TurnLoopAEC(NAME, game, adapter, render_mode, max_steps)


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
