"""Push Over, Push and Pusher as OpenSpiel Python games, so that OpenSpiel's MCTS, CFR and
evaluation run on them: ``register()`` then ``pyspiel.load_game("python_push_over",
{"players": 2})``, ``pyspiel.load_game("python_push_rummy", {"deals": 1})`` or
``pyspiel.load_game("python_pusher", {"board_radius": 3, "balls_per_player": 6})``.

Action ids are the codecs' (pushover_codec, rummy_codec, and Pusher's push grid). Chance nodes
are the turn loop's; a shuffle is 108 chance nodes, one card each. Pusher has none: its physics
is deterministic. No game declares an information state (perfect recall), and asking for one
is a ValueError: the current view forgets what the seat saw, which would mislead CFR-style
methods silently. docs/agents.md has the details. Needs the ``rl`` extra (``pyspiel``).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from typing import Any, Protocol

import numpy as np
import pyspiel

from pusher_sim.envs.codec import DiscreteCodec, legal_ids
from pusher_sim.envs.pusher_grid import DEFAULT_GRID, PusherGridCodec
from pusher_sim.envs.pushover_codec import PushOverCodec
from pusher_sim.envs.rummy_codec import RummyCodec
from pusher_sim.pusher.spec import make_game as make_pusher
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.registry import GAMES, get_spec
from pusher_sim.turnloop.state import CHANCE, TERMINAL, Game, Observation, State
from pushover.game import PushOverGame
from pushover.spec import make_game as make_pushover
from rummy.actions import ChooseDealer, Shuffle
from rummy.cards import NUM_CARDS
from rummy.game import RummyGame
from rummy.spec import make_game as make_rummy
from rummy.state import DEALER, SHUFFLE, RummyState

PUSH_OVER = "python_push_over"
PUSH_RUMMY = "python_push_rummy"
PUSHER = "python_pusher"


class Codec(Protocol):
    """What OpenSpiel needs of a game's action numbering and observation vector."""

    @property
    def observation_size(self) -> int: ...

    def observe(self, observation: Observation) -> np.ndarray: ...

    def legal(self, state: State) -> list[int]:
        """The ids of the legal actions of ``state``, in order."""
        ...

    def action(self, state: State, key: int) -> Action:
        """The legal action of ``state`` with id ``key`` (KeyError or ValueError if none)."""
        ...

    def describe(self, state: State, key: int) -> str | None:
        """``key``'s action as text when it is legal in ``state``, else None."""
        ...


class ListedIds:
    """A :class:`DiscreteCodec` (one id per listed legal action) as a :class:`Codec`."""

    def __init__(self, codec: DiscreteCodec) -> None:
        self.codec = codec
        self.observation_size = codec.observation_size

    def observe(self, observation: Observation) -> np.ndarray:
        return self.codec.observe(observation)

    def legal(self, state: State) -> list[int]:
        return list(legal_ids(self.codec, state))

    def action(self, state: State, key: int) -> Action:
        return legal_ids(self.codec, state)[key]

    def describe(self, state: State, key: int) -> str | None:
        found = legal_ids(self.codec, state).get(key)
        return None if found is None else str(found)


class GridIds:
    """Pusher's push grid as a :class:`Codec`: a listed push stands for every grid push of its
    triangle."""

    def __init__(self, codec: PusherGridCodec) -> None:
        self.codec = codec
        self.observation_size = codec.observation_size

    def observe(self, observation: Observation) -> np.ndarray:
        return self.codec.observe(observation)

    def legal(self, state: State) -> list[int]:
        return [int(k) for k in np.flatnonzero(self.codec.mask(_pusher(state)))]

    def action(self, state: State, key: int) -> Action:
        return self.codec.action(_pusher(state), key)

    def describe(self, state: State, key: int) -> str | None:
        st = _pusher(state)
        legal = 0 <= key < self.codec.num_actions and self.codec.mask(st)[key]
        return str(self.codec.action(st, key)) if legal else None


def _pusher(state: State) -> PusherState:
    if not isinstance(state, PusherState):
        raise TypeError(f"not a Pusher position: {type(state).__name__}")
    return state


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


class ChanceIds(Protocol):
    """How a game's chance nodes are numbered for OpenSpiel: the hook a game with its own
    numbering (Push's shuffle, one card at a time) fills in."""

    def outcomes(self, position: Position) -> list[tuple[int, float]]:
        """The chance ids of ``position`` and their probabilities."""
        ...

    def action(self, position: Position, outcome: int) -> Action | None:
        """The chance action of id ``outcome``, or None while it is only part of one."""
        ...

    def describe(self, position: Position, outcome: int) -> str: ...


class ListedChance:
    """The turn loop's chance outcomes, numbered in the order the state lists them."""

    def outcomes(self, position: Position) -> list[tuple[int, float]]:
        return [(k, p) for k, (_, p) in enumerate(position.state.chance_outcomes())]

    def action(self, position: Position, outcome: int) -> Action | None:
        return position.state.chance_outcomes()[outcome][0]

    def describe(self, position: Position, outcome: int) -> str:
        outcomes = position.state.chance_outcomes()
        return str(outcomes[outcome][0]) if 0 <= outcome < len(outcomes) else f"chance {outcome}"


class TurnLoopSpielGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game around one turn-loop game, its codec and its chance numbering."""

    def __init__(
        self,
        game_type: Any,
        info: Any,
        params: Mapping[str, Any],
        game: Game,
        codec: Codec,
        chance: ChanceIds | None = None,
    ) -> None:
        super().__init__(game_type, info, dict(params))
        self.game = game
        self.codec = codec
        self.chance: ChanceIds = chance or ListedChance()

    def new_initial_state(self) -> TurnLoopSpielState:
        return TurnLoopSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CodecObserver:
        """The seat's current view. An information state (perfect recall: everything the seat
        has seen) is refused rather than answered with the current view (module docstring)."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError(
                f"{self.get_type().short_name} provides no information state (perfect recall); "
                "use observation_tensor / observation_string, the seat's current view"
            )
        return CodecObserver(self.codec)


class TurnLoopSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state holding a :class:`Position`."""

    def __init__(self, game: TurnLoopSpielGame) -> None:
        super().__init__(game)
        self.position = Position(game.game.new_initial_state())

    def _inner(self) -> State:
        return self.position.state

    def _codec(self) -> Codec:
        game = self.get_game()
        codec: Codec = game.codec
        return codec

    def _chance(self) -> ChanceIds:
        chance: ChanceIds = self.get_game().chance
        return chance

    def current_player(self) -> int:
        seat = self._inner().current_player()
        if seat == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if seat == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return self._codec().legal(self._inner())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._chance().outcomes(self.position)

    def _apply_action(self, action: int) -> None:
        inner = self._inner()
        if inner.is_chance():
            move = self._chance().action(self.position, int(action))
            if move is not None:
                inner.apply(move)
            return
        inner.apply(self._codec().action(inner, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        inner = self._inner()
        if player == pyspiel.PlayerId.CHANCE:
            return self._chance().describe(self.position, action)
        if not inner.is_terminal() and inner.current_player() == player:
            text = self._codec().describe(inner, action)
            if text is not None:
                return text
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self._inner().is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self._inner().returns()]

    def __str__(self) -> str:
        return json.dumps(self._inner().to_json(), sort_keys=True)


class CodecObserver:
    """OpenSpiel's observer interface over a codec: the seat's own view only."""

    def __init__(self, codec: Codec) -> None:
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
    parameters: dict[str, Any],
    max_players: int = 4,
    chance: bool = True,
) -> Any:
    """The OpenSpiel type of a sequential turn-loop game with final rewards and explicit
    chance (or none)."""
    info = pyspiel.GameType.Information
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            info.PERFECT_INFORMATION if perfect_information else info.IMPERFECT_INFORMATION
        ),
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def _push_over_type(players: int = 2) -> Any:
    """Zero-sum for two players (a win pays +1 and -1, a draw 0 and 0); general-sum for more,
    where a win pays +1 and -1 to each of the others but a draw (the turn limit) pays 0 to all,
    so not even the sum is constant."""
    return _game_type(
        PUSH_OVER,
        "Push Over (dice race)",
        perfect_information=True,
        zero_sum=players == 2,
        min_players=2,
        parameters={"players": 2},
    )


class PushOverSpielGame(TurnLoopSpielGame):
    """Push Over; parameter ``players`` (2-4)."""

    game_type = staticmethod(_push_over_type)

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
            utility_sum=0.0 if players == 2 else None,
            max_game_length=game.max_game_length,
        )
        codec = ListedIds(PushOverCodec(game.config))
        super().__init__(_push_over_type(players), info, {"players": players}, game, codec)


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

    game_type = staticmethod(_push_rummy_type)

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
        codec = ListedIds(RummyCodec(game.config))
        super().__init__(_push_rummy_type(), info, {"deals": deals}, game, codec, CardByCard())


PUSHER_PARAMETERS: dict[str, Any] = {
    "players": 2,
    "board_radius": 5,
    "balls_per_player": 17,
    "resolver": "physics",
}
"""``python_pusher``'s parameters and their defaults (those of
:class:`~pusher_sim.pusher.PusherConfig`)."""


def _pusher_type() -> Any:
    """Perfect information, no chance (the physics is deterministic), zero-sum: the winner gets
    1 and each other seat -1 / (players - 1), a draw 0 to all."""
    return _game_type(
        PUSHER,
        "Pusher (marble pushing) on a fixed push grid",
        perfect_information=True,
        zero_sum=True,
        min_players=2,
        max_players=3,
        parameters=PUSHER_PARAMETERS,
        chance=False,
    )


class PusherSpielGame(TurnLoopSpielGame):
    """Pusher with the actions of :mod:`pusher_sim.envs.pusher_grid`; parameters
    :data:`PUSHER_PARAMETERS` (``resolver="scripted"`` for fast, non-physical pushes)."""

    game_type = staticmethod(_pusher_type)

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        values = {**PUSHER_PARAMETERS, **(params or {})}
        game = make_pusher(values)
        assert isinstance(game, PusherGame)
        codec = PusherGridCodec(game, DEFAULT_GRID)
        players = game.num_players
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.num_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0 / (players - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=game.max_game_length,
        )
        super().__init__(_pusher_type(), info, values, game, GridIds(codec))


_registered = False


def register() -> None:
    """Register with OpenSpiel every game whose registry entry names an OpenSpiel game (once per
    process)."""
    global _registered
    if not _registered:
        for name in GAMES:
            where = get_spec(name).openspiel
            if where:
                module, attr = where.split(":")
                game = getattr(importlib.import_module(module), attr)
                pyspiel.register_game(game.game_type(), game)
        _registered = True
