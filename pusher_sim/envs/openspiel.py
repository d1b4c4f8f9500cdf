"""Push Over and Push as OpenSpiel Python games, so that OpenSpiel's MCTS, CFR and evaluation
run on them: ``register()`` then ``pyspiel.load_game("python_push_over", {"players": 2})`` or
``pyspiel.load_game("python_push_rummy", {"deals": 1})``.

Action ids are the codecs' (:mod:`pusher_sim.envs.pushover_codec`,
:mod:`pusher_sim.envs.rummy_codec`). Chance nodes are the turn loop's: a die shows face k
(outcome k), the first dealer is seat k (outcome k). A shuffle of 108 cards has too many outcomes
to list, so OpenSpiel sees it as 108 chance nodes, each drawing one of the cards not yet drawn
(outcome = card id); the turn loop's ``Shuffle`` is applied once the order is complete.

Needs the optional ``rl`` extra (``pip install -e .[rl]``), which provides ``pyspiel``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from pusher_sim.envs.codec import DiscreteCodec, legal_ids
from pusher_sim.envs.pushover_codec import PushOverCodec
from pusher_sim.envs.rummy_codec import RummyCodec
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import CHANCE, TERMINAL, Game, State
from pushover.game import PushOverGame
from pushover.spec import make_game as make_pushover
from rummy.actions import ChooseDealer, Shuffle
from rummy.cards import NUM_CARDS
from rummy.game import RummyGame
from rummy.spec import make_game as make_rummy
from rummy.state import DEALER, SHUFFLE, RummyState

PUSH_OVER = "python_push_over"
PUSH_RUMMY = "python_push_rummy"


class Position:
    """A turn-loop state and the cards drawn so far for a shuffle in progress.

    OpenSpiel clones a Python state by deep-copying its attributes; this copies itself with the
    turn loop's own (cheap) ``clone`` and shares the game, which never changes.
    """

    def __init__(self, state: State, drawn: list[int] | None = None) -> None:
        self.state = state
        self.drawn = drawn or []

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return Position(self.state.clone(), list(self.drawn))


class TurnLoopSpielGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game around one turn-loop game and its codec."""

    def __init__(
        self, game_type: Any, info: Any, params: Mapping[str, Any], game: Game, codec: DiscreteCodec
    ) -> None:
        super().__init__(game_type, info, dict(params))
        self.game = game
        self.codec = codec

    def new_initial_state(self) -> TurnLoopSpielState:
        return TurnLoopSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CodecObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return CodecObserver(self.codec)


class TurnLoopSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state holding a :class:`Position`."""

    def __init__(self, game: TurnLoopSpielGame) -> None:
        super().__init__(game)
        self.position = Position(game.game.new_initial_state())

    def _inner(self) -> State:
        return self.position.state

    def _codec(self) -> DiscreteCodec:
        game = self.get_game()
        codec: DiscreteCodec = game.codec
        return codec

    def current_player(self) -> int:
        seat = self._inner().current_player()
        if seat == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if seat == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return list(legal_ids(self._codec(), self._inner()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        inner = self._inner()
        if isinstance(inner, RummyState):
            if inner.phase == DEALER:
                return [(seat, 0.25) for seat in range(4)]
            left = sorted(set(range(NUM_CARDS)) - set(self.position.drawn))
            return [(card, 1.0 / len(left)) for card in left]
        outcomes = inner.chance_outcomes()
        return [(k, p) for k, (_, p) in enumerate(outcomes)]

    def _apply_action(self, action: int) -> None:
        inner = self._inner()
        if inner.is_chance():
            move = self._chance_action(int(action))
            if move is not None:
                inner.apply(move)
            return
        inner.apply(legal_ids(self._codec(), inner)[int(action)])

    def _chance_action(self, outcome: int) -> Action | None:
        inner = self._inner()
        if isinstance(inner, RummyState):
            if inner.phase == DEALER:
                return ChooseDealer(outcome)
            if inner.phase == SHUFFLE:
                drawn = self.position.drawn
                if not 0 <= outcome < NUM_CARDS or outcome in drawn:
                    raise ValueError(f"card {outcome} cannot be drawn: drawn already or no card")
                drawn.append(outcome)
                if len(drawn) < NUM_CARDS:
                    return None
                self.position.drawn = []
                return Shuffle(tuple(drawn))
        return inner.chance_outcomes()[outcome][0]

    def _action_to_string(self, player: int, action: int) -> str:
        inner = self._inner()
        if player == pyspiel.PlayerId.CHANCE:
            if isinstance(inner, RummyState):
                return f"dealer {action}" if inner.phase == DEALER else f"card {action}"
            outcomes = inner.chance_outcomes()
            return str(outcomes[action][0]) if 0 <= action < len(outcomes) else f"chance {action}"
        if not inner.is_terminal() and inner.current_player() == player:
            legal = legal_ids(self._codec(), inner)
            if action in legal:
                return str(legal[action])
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self._inner().is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self._inner().returns()]

    def __str__(self) -> str:
        return json.dumps(self._inner().to_json(), sort_keys=True)


class CodecObserver:
    """OpenSpiel's observer interface over a codec: the seat's own view only."""

    def __init__(self, codec: DiscreteCodec) -> None:
        self.codec = codec
        self.tensor = np.zeros(codec.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TurnLoopSpielState, player: int) -> None:
        self.tensor[:] = self.codec.observe(state.position.state.observation(player))

    def string_from(self, state: TurnLoopSpielState, player: int) -> str:
        view = state.position.state.observation(player)
        return json.dumps(view.to_json(), sort_keys=True)


# -- the two games ---------------------------------------------------------------------------


def _game_type(
    short_name: str,
    long_name: str,
    *,
    perfect_information: bool,
    zero_sum: bool,
    min_players: int,
    parameters: dict[str, int],
) -> Any:
    """The OpenSpiel type of a sequential turn-loop game with explicit chance and final rewards."""
    info = pyspiel.GameType.Information
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            info.PERFECT_INFORMATION if perfect_information else info.IMPERFECT_INFORMATION
        ),
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def _push_over_type() -> Any:
    return _game_type(
        PUSH_OVER,
        "Push Over (dice race)",
        perfect_information=True,
        zero_sum=False,
        min_players=2,
        parameters={"players": 2},
    )


class PushOverSpielGame(TurnLoopSpielGame):
    """Push Over; parameter ``players`` (2-4)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        players = int((params or {}).get("players", 2))
        game = make_pushover({"players": players})
        assert isinstance(game, PushOverGame)
        info = pyspiel.GameInfo(
            num_distinct_actions=PushOverCodec.num_actions,
            max_chance_outcomes=len(game.config.die_faces),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=game.max_game_length,
        )
        super().__init__(
            _push_over_type(), info, {"players": players}, game, PushOverCodec(game.config)
        )


def _push_rummy_type() -> Any:
    return _game_type(
        PUSH_RUMMY,
        "Push (partnership rummy)",
        perfect_information=False,
        zero_sum=True,
        min_players=4,
        parameters={"deals": 5},
    )


class PushRummySpielGame(TurnLoopSpielGame):
    """Push; parameter ``deals`` (1-5, fewer for quick runs)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        deals = int((params or {}).get("deals", 5))
        game = make_rummy({"deals": deals})
        assert isinstance(game, RummyGame)
        info = pyspiel.GameInfo(
            num_distinct_actions=RummyCodec.num_actions,
            max_chance_outcomes=NUM_CARDS,
            num_players=4,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            # each deal's one logged shuffle is 108 draws here
            max_game_length=game.max_game_length + deals * (NUM_CARDS - 1),
        )
        super().__init__(_push_rummy_type(), info, {"deals": deals}, game, RummyCodec(game.config))


_registered = False


def register() -> None:
    """Register both games with OpenSpiel (once per process)."""
    global _registered
    if not _registered:
        pyspiel.register_game(_push_over_type(), PushOverSpielGame)
        pyspiel.register_game(_push_rummy_type(), PushRummySpielGame)
        _registered = True
