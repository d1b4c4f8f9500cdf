"""PettingZoo AEC environment for Pusher: ``env(players=2, board_radius=5, ...)`` takes any
:class:`~pusher_sim.pusher.config.PusherConfig` field as a keyword.

Every seat acts with the six-number ``Box`` of :mod:`pusher_sim.envs.pusher_codec` (a listed
choice, then press point, strength and flick for a push); every push is resolved by the game's
resolver (the physics unless ``resolver="scripted"``).
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from pusher_sim.envs.adapters import PusherAdapter
from pusher_sim.envs.aec import TurnLoopAEC, classic_wrappers
from pusher_sim.pusher.spec import make_game

NAME = "pusher_v0"


def raw_env(
    render_mode: str | None = None, max_steps: int | None = None, **config: Any
) -> TurnLoopAEC:
    game = make_game(config)
    return TurnLoopAEC(NAME, game, PusherAdapter(game), render_mode, max_steps)


def env(render_mode: str | None = None, max_steps: int | None = None, **config: Any) -> AECEnv:
    """:func:`raw_env` wrapped as PettingZoo's classic environments are
    (:func:`~pusher_sim.envs.aec.classic_wrappers`)."""
    return classic_wrappers(raw_env(render_mode, max_steps, **config), masked=False)
