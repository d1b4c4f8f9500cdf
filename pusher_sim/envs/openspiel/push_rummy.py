"""Push as the OpenSpiel game ``python_push_rummy``: its codec's action ids, and its chance drawn
card by card (a shuffle is 108 chance nodes of one card each, not one of 108! orders)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pusher_sim.envs.codec import codec_of
from pusher_sim.envs.openspiel.core import (
    TurnLoopSpielGame,
    config_parameter,
    game_info,
    turn_loop_game_type,
)
from pusher_sim.envs.openspiel.ids import ListedChance, ListedIds
from pusher_sim.envs.openspiel.position import Position
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import State
from rummy.actions import ChooseDealer, Shuffle
from rummy.cards import NUM_CARDS
from rummy.game import RummyGame
from rummy.spec import SPEC
from rummy.state import DEALER, SHUFFLE, RummyState

PUSH_RUMMY = "python_push_rummy"


class CardByCard(ListedChance):
    """Push's chance: the first dealer is one of the four seats, and a shuffle is drawn one
    card at a time (108 chance nodes of one card each) rather than as one of 108! orders."""

    def outcomes(self, position: Position) -> list[tuple[int, float]]:
        if _rummy(position.state).phase == DEALER:
            return [(seat, 0.25) for seat in range(4)]
        left = sorted(set(range(NUM_CARDS)) - set(position.drawn))
        return [(card, 1.0 / len(left)) for card in left]

    def action(self, position: Position, outcome: int) -> Action | None:
        phase = _rummy(position.state).phase
        if phase == DEALER:
            return ChooseDealer(outcome)
        if phase != SHUFFLE:
            return super().action(position, outcome)
        drawn = position.drawn
        if not 0 <= outcome < NUM_CARDS or outcome in drawn:
            raise ValueError(f"card {outcome} cannot be drawn: drawn already or no card")
        drawn.append(outcome)
        if len(drawn) < NUM_CARDS:
            return None
        position.drawn = []
        return Shuffle(tuple(drawn))

    def describe(self, position: Position, outcome: int) -> str:
        return f"dealer {outcome}" if _rummy(position.state).phase == DEALER else f"card {outcome}"


def _rummy(state: State) -> RummyState:
    if not isinstance(state, RummyState):
        raise TypeError(f"not a Push position: {type(state).__name__}")
    return state


def _push_rummy_type() -> Any:
    return turn_loop_game_type(
        PUSH_RUMMY,
        "Push (partnership rummy)",
        perfect_information=False,
        zero_sum=True,
        min_players=4,
        parameters={"deals": 5, "config": ""},
    )


class PushRummySpielGame(TurnLoopSpielGame):
    """Push; parameters ``deals`` (1-5, fewer for quick runs) and ``config``, a JSON object of
    any other config values (a small deal: ``'{"hand_sizes": [3], "max_turns_per_deal": 8}'``)."""

    game_type = staticmethod(_push_rummy_type)

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        deals = int((params or {}).get("deals", 5))
        variant, values = config_parameter(params, "deals")
        game = SPEC.make_game({**values, "deals": deals})
        assert isinstance(game, RummyGame)
        codec = codec_of(SPEC, game)
        # each deal's one logged shuffle is 108 draws here
        length = game.max_game_length + deals * (NUM_CARDS - 1)
        info = game_info(game, codec.num_actions, NUM_CARDS, zero_sum=True, length=length)
        params = {"deals": deals, "config": variant}
        super().__init__(_push_rummy_type(), info, params, game, ListedIds(codec), CardByCard())
