"""Push Over for agents: two actions (0 roll, 1 stop) and the board as a vector seen from the
acting seat (seats rotated so that the viewer comes first)."""

from __future__ import annotations

import numpy as np

from pusher_sim.envs.codec import one_hot
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import Game, Observation, State
from pushover.actions import Roll, Stop
from pushover.config import PushOverConfig
from pushover.game import PushOverGame
from pushover.state import OUT, START, WAITING, PushOverView

ROLL_ID = 0
STOP_ID = 1
MAX_SEATS = 4


class PushOverCodec:
    """Action ids and observation vector for one Push Over config."""

    num_actions = 2

    def __init__(self, config: PushOverConfig) -> None:
        self.config = config
        self.track = config.track_length
        per_seat = 4 + self.track  # START, OUT, WAITING, on the track, one-hot stop
        self.observation_size = (
            MAX_SEATS  # who moves, relative to the viewer
            + config.max_dice
            + 1  # dice rolled so far, one-hot
            + 1  # their total, scaled
            + MAX_SEATS * per_seat
            + self.track  # bare bottoms
            + 1  # free bottoms, scaled
            + 1  # the pot, scaled
            + MAX_SEATS  # each seat's chips, scaled to the target
        )

    def action_id(self, state: State, action: Action) -> int:
        if isinstance(action, Roll):
            return ROLL_ID
        if isinstance(action, Stop):
            return STOP_ID
        raise ValueError(f"{action!r} is not a Push Over player action")

    def observe(self, observation: Observation) -> np.ndarray:
        if not isinstance(observation, PushOverView):
            raise TypeError(f"not a Push Over view: {type(observation).__name__}")
        view = observation
        cfg = self.config
        n = cfg.players
        target = cfg.target

        def rel(seat: int) -> int:
            return (seat - view.seat) % n

        out = one_hot(MAX_SEATS, rel(view.to_move) if view.to_move >= 0 else -1)
        out += one_hot(cfg.max_dice + 1, len(view.dice))
        out.append(min(1.0, sum(view.dice) / max(1, cfg.roll_limit + max(cfg.die_faces))))
        for k in range(MAX_SEATS):
            if k >= n:
                out += [0.0] * (4 + self.track)
                continue
            where = view.where[(view.seat + k) % n]
            out += [float(where == START), float(where == OUT), float(where == WAITING)]
            out.append(float(where > 0))
            out += one_hot(self.track, where - 1)
        bare = [0.0] * self.track
        for stop in view.bare:
            bare[stop - 1] = 1.0
        out += bare
        out.append(min(1.0, view.free_bottoms / max(1, cfg.bottoms)))
        out.append(min(1.0, view.pot / target))
        chips = [0.0] * MAX_SEATS
        for k in range(n):
            chips[k] = min(1.0, view.columns[(view.seat + k) % n] / target)
        out += chips
        return np.asarray(out, dtype=np.float32)


def for_game(game: Game) -> PushOverCodec:
    """The codec of ``game``'s config (Push Over's registry entry names this)."""
    if not isinstance(game, PushOverGame):
        raise TypeError(f"not a Push Over game: {type(game).__name__}")
    return PushOverCodec(game.config)
