"""Agent interfaces: the Gymnasium environment ``PusherPush-v0`` (registered on import), the
PettingZoo AEC environments ``pusher_v0``, ``push_rummy_v0`` and ``push_over_v0``, and the
OpenSpiel games of :mod:`pusher_sim.envs.openspiel` (needs the ``rl`` extra)."""

from __future__ import annotations

import gymnasium

ENV_ID = "PusherPush-v0"

if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="pusher_sim.envs.pusher_push:PusherPushEnv")

__all__ = ["ENV_ID"]
