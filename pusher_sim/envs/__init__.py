"""Agent interfaces: the Gymnasium environments ``PusherPush-v0`` and ``PusherPushDiscrete-v0``
(registered on import), the PettingZoo AEC environments ``pusher_v0``, ``push_rummy_v0`` and
``push_over_v0``, and the OpenSpiel games of :mod:`pusher_sim.envs.openspiel` (needs the ``rl``
extra).

The environments' classes and modules are imported on first use.
"""

from __future__ import annotations

import gymnasium

from pusher_sim.lazy import exports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pusher_sim.envs import push_over_v0, push_rummy_v0, pusher_v0
    from pusher_sim.envs.pusher_push import PusherPushDiscreteEnv, PusherPushEnv

ENV_ID = "PusherPush-v0"
"""``gymnasium.make(ENV_ID)``: :class:`PusherPushEnv`, the continuous push."""
DISCRETE_ENV_ID = "PusherPushDiscrete-v0"
"""``gymnasium.make(DISCRETE_ENV_ID)``: :class:`PusherPushDiscreteEnv`, the push's fixed ids."""

if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="pusher_sim.envs.pusher_push:PusherPushEnv")
if DISCRETE_ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=DISCRETE_ENV_ID, entry_point="pusher_sim.envs.pusher_push:PusherPushDiscreteEnv"
    )

__all__ = [
    "DISCRETE_ENV_ID",
    "ENV_ID",
    "PusherPushDiscreteEnv",
    "PusherPushEnv",
    "push_over_v0",
    "push_rummy_v0",
    "pusher_v0",
]

if not TYPE_CHECKING:
    __getattr__, __dir__ = exports(__name__)
