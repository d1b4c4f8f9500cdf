"""The physics behind the rules' PushResolver interface."""

from __future__ import annotations

from collections.abc import Mapping

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.physics.config import PhysicsConfig
from pusher_sim.physics.simulation import PushSimulation
from pusher_sim.physics.version import MODEL_VERSION
from pusher_sim.push_resolution import PushOutcome, PushSpec


class PhysicsResolver:
    """Resolves each push by simulating it to rest; deterministic for the same inputs."""

    def __init__(self, config: PhysicsConfig | None = None) -> None:
        self.config = config if config is not None else PhysicsConfig()

    @property
    def max_flick_speed(self) -> float:
        return self.config.max_flick_speed

    @property
    def model(self) -> str:
        return MODEL_VERSION

    def resolve(
        self,
        board: Board,
        balls: Mapping[Cell, Colour],
        push: PushSpec,
        *,
        record: bool = False,
    ) -> PushOutcome:
        return PushSimulation(board, balls, push, self.config, record=record).run()
