"""Pusher, the marble board game (rules P1-P13, docs/rules.md): rules, positions, bots, text play.

The rules never import the physics: a push is resolved by whatever
:class:`~pusher_sim.push_resolution.PushResolver` the game is given (the pymunk model for play,
:class:`ScriptedResolver` for tests and fast random play).
"""

from pusher_sim.pusher.actions import Pass, Place, Push
from pusher_sim.pusher.ascii_board import format_position, parse_position
from pusher_sim.pusher.config import PusherConfig
from pusher_sim.pusher.scripted import ScriptedResolver
from pusher_sim.pusher.state import PusherGame, PusherState

__all__ = [
    "Pass",
    "Place",
    "Push",
    "PusherConfig",
    "PusherGame",
    "PusherState",
    "ScriptedResolver",
    "format_position",
    "parse_position",
]
