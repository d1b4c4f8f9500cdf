"""Push as a :class:`Game`: the config, the seats and partnerships, and reading states back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import Game
from rummy.actions import CODEC, Shuffle
from rummy.cards import NUM_CARDS
from rummy.config import RummyConfig
from rummy.observation import RummyObservation
from rummy.scoring import TEAMS
from rummy.state import RummyState

SEAT_NAMES = ("North", "East", "South", "West")


class RummyGame(Game):
    """A Push table for four in two partnerships: its config; it makes the states."""

    name = "rummy"
    action_codec = CODEC
    hides_information = True

    def __init__(self, config: RummyConfig | None = None) -> None:
        self.config = config or RummyConfig()

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> RummyGame:
        return cls(RummyConfig.from_mapping(data))

    @property
    def num_players(self) -> int:
        return 4

    @property
    def max_game_length(self) -> int:
        # Per turn: one draw, at most two actions per card melded (a replacement and the use of
        # the freed wild), one discard; a hand never holds more than all the cards.
        per_turn = 2 + 2 * NUM_CARDS
        per_deal = 1 + self.config.max_turns_per_deal * per_turn
        return 1 + self.config.deals * per_deal

    def config_json(self) -> dict[str, Any]:
        return self.config.to_json()

    def new_initial_state(self) -> RummyState:
        return RummyState(self)

    def state_from_json(self, data: Mapping[str, Any]) -> RummyState:
        return RummyState.from_json(self, data)

    def hidden(self, action: Action) -> bool:
        return isinstance(action, Shuffle)

    def state_seen_by(self, observation: Mapping[str, Any]) -> RummyState:
        return RummyState.seen_by(self, RummyObservation.from_json(observation))

    def seat_label(self, seat: int) -> str:
        team = "A" if seat % 2 == 0 else "B"
        return f"{SEAT_NAMES[seat]} (seat {seat}, team {team})"

    def teams(self) -> Sequence[Sequence[int]]:
        return TEAMS
