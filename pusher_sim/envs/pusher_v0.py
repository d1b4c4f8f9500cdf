"""PettingZoo AEC environment for Pusher: ``env(players=2, board_radius=5, ...)`` takes any
:class:`~pusher_sim.pusher.config.PusherConfig` field as a keyword.

Every seat acts with the six-number ``Box`` of :mod:`pusher_sim.envs.pusher_codec` (a listed
choice, then press point, strength and flick for a push), or with ``discrete=True`` with the
fixed action ids of :mod:`pusher_sim.envs.pusher_grid` and an ``action_mask`` in each
observation, as PettingZoo's classic games; every push is resolved by the game's resolver (the
physics unless ``resolver="scripted"``).
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv, ParallelEnv

from pusher_sim.envs.adapters import PusherAdapter, PusherGridAdapter
from pusher_sim.envs.aec import TurnLoopAEC, classic_wrappers, turn_by_turn
from pusher_sim.pusher.spec import make_game

NAME = "pusher_v0"


def raw_env(
    render_mode: str | None = None,
    max_steps: int | None = None,
    discrete: bool = False,
    **config: Any,
) -> TurnLoopAEC:
    game = make_game(config)
    adapter = PusherGridAdapter(game) if discrete else PusherAdapter(game)
    return TurnLoopAEC(NAME, game, adapter, render_mode, max_steps)


def env(
    render_mode: str | None = None,
    max_steps: int | None = None,
    discrete: bool = False,
    **config: Any,
) -> AECEnv:
    """:func:`raw_env` wrapped as PettingZoo's classic environments are
    (:func:`~pusher_sim.envs.aec.classic_wrappers`; the illegal-action penalty with
    ``discrete=True`` only, as the continuous push has no illegal values)."""
    return classic_wrappers(raw_env(render_mode, max_steps, discrete, **config), masked=discrete)


def parallel_env(
    render_mode: str | None = None,
    max_steps: int | None = None,
    discrete: bool = False,
    **config: Any,
) -> ParallelEnv:
    """:func:`env` under PettingZoo's parallel API, turn by turn
    (:func:`~pusher_sim.envs.aec.turn_by_turn`)."""
    return turn_by_turn(env(render_mode, max_steps, discrete, **config))
