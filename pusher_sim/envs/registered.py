"""PettingZoo environments for any registered game with a codec: ``raw_env("nim")``,
``env("nim", heaps=[1, 2, 3])`` and ``parallel_env("nim")`` take the game's registry name and
any of its config values as keywords. The actions are the codec's ids (masked), the
observations its vector of the seat's own view; the environment is named ``<game>_v0``."""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv, ParallelEnv

from pusher_sim.envs.adapters import DiscreteAdapter
from pusher_sim.envs.aec import TurnLoopAEC, classic_wrappers, turn_by_turn
from pusher_sim.envs.codec import codec_of
from pusher_sim.turnloop.registry import get_spec


def raw_env(
    game: str, render_mode: str | None = None, max_steps: int | None = None, **config: Any
) -> TurnLoopAEC:
    spec = get_spec(game)
    made = spec.make_game(config)
    adapter = DiscreteAdapter(codec_of(spec, made))
    return TurnLoopAEC(f"{spec.name}_v0", made, adapter, render_mode, max_steps)


def env(
    game: str, render_mode: str | None = None, max_steps: int | None = None, **config: Any
) -> AECEnv:
    """:func:`raw_env` wrapped as PettingZoo's classic environments are
    (:func:`~pusher_sim.envs.aec.classic_wrappers`)."""
    return classic_wrappers(raw_env(game, render_mode, max_steps, **config), masked=True)


def parallel_env(
    game: str, render_mode: str | None = None, max_steps: int | None = None, **config: Any
) -> ParallelEnv:
    """:func:`env` under PettingZoo's parallel API, turn by turn
    (:func:`~pusher_sim.envs.aec.turn_by_turn`)."""
    return turn_by_turn(env(game, render_mode, max_steps, **config))
