"""The pymunk model that resolves a Pusher push physically (see docs/physics.md)."""

from pusher_sim.physics.config import DEFAULT_CONFIG_PATH, PhysicsConfig, load_config
from pusher_sim.physics.cups import board_bowl_energy, bowl_energy
from pusher_sim.physics.resolver import PhysicsResolver
from pusher_sim.physics.simulation import PushSimulation
from pusher_sim.physics.space import BoardSpace
from pusher_sim.physics.version import MODEL_VERSION

__all__ = [
    "DEFAULT_CONFIG_PATH",
    "MODEL_VERSION",
    "BoardSpace",
    "PhysicsConfig",
    "PhysicsResolver",
    "PushSimulation",
    "board_bowl_energy",
    "bowl_energy",
    "load_config",
]
