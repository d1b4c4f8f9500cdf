"""Agent interfaces: the Gymnasium environments ``PusherPush-v0``, ``PusherPushDiscrete-v0`` and,
for any registered game with a codec, ``GameSeat-v0`` (registered on import); the PettingZoo AEC
environments ``pusher_v0``, ``push_rummy_v0`` and ``push_over_v0``, and for any registered game
with a codec :mod:`~pusher_sim.envs.registered`'s; and the OpenSpiel games of
:mod:`pusher_sim.envs.openspiel` (needs the ``rl`` extra).

The environments' classes and modules are imported on first use.
"""

from __future__ import annotations

import gymnasium

from pusher_sim.lazy import exports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pusher_sim.envs import push_over_v0, push_rummy_v0, pusher_v0, registered
    from pusher_sim.envs.pusher_push import PusherPushDiscreteEnv, PusherPushEnv
    from pusher_sim.envs.seat_env import SeatEnv

ENV_ID = "PusherPush-v0"
"""``gymnasium.make(ENV_ID)``: :class:`PusherPushEnv`, the continuous push."""
DISCRETE_ENV_ID = "PusherPushDiscrete-v0"
"""``gymnasium.make(DISCRETE_ENV_ID)``: :class:`PusherPushDiscreteEnv`, the push's fixed ids."""
SEAT_ENV_ID = "GameSeat-v0"
"""``gymnasium.make(SEAT_ENV_ID, game="nim")``: :class:`SeatEnv`, one seat of any registered game
with a codec against its bots."""

if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="pusher_sim.envs.pusher_push:PusherPushEnv")
if DISCRETE_ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=DISCRETE_ENV_ID, entry_point="pusher_sim.envs.pusher_push:PusherPushDiscreteEnv"
    )

if SEAT_ENV_ID not in gymnasium.registry:
    gymnasium.register(id=SEAT_ENV_ID, entry_point="pusher_sim.envs.seat_env:SeatEnv")

__all__ = [
    "DISCRETE_ENV_ID",
    "ENV_ID",
    "SEAT_ENV_ID",
    "PusherPushDiscreteEnv",
    "PusherPushEnv",
    "SeatEnv",
    "push_over_v0",
    "push_rummy_v0",
    "pusher_v0",
    "registered",
]

if not TYPE_CHECKING:
    __getattr__, __dir__ = exports(__name__)
