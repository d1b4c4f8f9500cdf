"""Push Over, Push and Pusher as OpenSpiel Python games, so that OpenSpiel's MCTS, CFR and
evaluation run on them: ``register()`` then ``pyspiel.load_game("python_push_over",
{"players": 2})``, ``pyspiel.load_game("python_push_rummy", {"deals": 1})`` or
``pyspiel.load_game("python_pusher", {"board_radius": 3, "balls_per_player": 6})``.

Action ids are the codecs' (pushover_codec, rummy_codec, and Pusher's push grid). Chance nodes
are the turn loop's; a shuffle is 108 chance nodes, one card each. Pusher has none: its physics
is deterministic. Every game has an information state (perfect recall: the seat's own record of
every view it has had, never another hand), so that CFR, exploitability and ``TabularPolicy``
run; docs/agents.md has the details and the commands. Needs the ``rl`` extra (``pyspiel``).
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Mapping
from typing import Any, NamedTuple, Protocol

import numpy as np
import pyspiel

from pusher_sim.envs.codec import DiscreteCodec, legal_ids
from pusher_sim.envs.pusher_grid import DEFAULT_GRID, PusherGridCodec
from pusher_sim.envs.pushover_codec import PushOverCodec
from pusher_sim.envs.rummy_codec import RummyCodec
from pusher_sim.pusher.hand import DEFAULT_HAND
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

    @property
    def history_size(self) -> int:
        """Length of the record of public events the information-state tensor adds to the
        view (0 where the view is the whole position)."""
        ...

    def observe(self, observation: Observation) -> np.ndarray: ...

    def note(self, record: np.ndarray, state: State, action: Action) -> None:
        """Add to ``record`` what every seat sees ``action`` show, before it is applied."""
        ...

    def recall(self, record: np.ndarray, seat: int) -> np.ndarray:
        """``record`` as ``seat`` holds it (its own part first)."""
        ...

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
        self.history_size = int(getattr(codec, "history_size", 0))

    def observe(self, observation: Observation) -> np.ndarray:
        return self.codec.observe(observation)

    def note(self, record: np.ndarray, state: State, action: Action) -> None:
        if self.history_size:
            self.codec.note(record, state, action)  # type: ignore[attr-defined]

    def recall(self, record: np.ndarray, seat: int) -> np.ndarray:
        if not self.history_size:
            return record
        recalled: np.ndarray = self.codec.recall(record, seat)  # type: ignore[attr-defined]
        return recalled

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

    history_size = 0  # the view is the whole position

    def __init__(self, codec: PusherGridCodec) -> None:
        self.codec = codec
        self.observation_size = codec.observation_size

    def observe(self, observation: Observation) -> np.ndarray:
        return self.codec.observe(observation)

    def note(self, record: np.ndarray, state: State, action: Action) -> None:
        pass

    def recall(self, record: np.ndarray, seat: int) -> np.ndarray:
        return record

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


class Recall(NamedTuple):
    """What one seat has seen so far: how many distinct views, a digest of them all in order
    (each view chained onto the digest before it), and the latest view."""

    views: int
    digest: bytes
    last: str

    def after(self, view: str) -> Recall:
        """This recall once the seat has had ``view`` (unchanged if it is the same as before:
        an event the seat does not see, a card drawn in a shuffle, leaves no trace)."""
        if view == self.last:
            return self
        digest = hashlib.blake2b(self.digest + view.encode(), digest_size=16).digest()
        return Recall(self.views + 1, digest, view)

    def text(self) -> str:
        return f"view {self.views}, recall {self.digest.hex()}: {self.last}"


class Position:
    """A turn-loop state, the cards drawn so far for a shuffle in progress, and each seat's
    recall of its views and record of public events (the information state).

    OpenSpiel clones a Python state by deep-copying its attributes; this copies itself with the
    turn loop's own (cheap) ``clone`` and shares the game, which never changes.
    """

    def __init__(
        self,
        state: State,
        drawn: list[int] | None = None,
        recalls: list[Recall] | None = None,
        record: np.ndarray | None = None,
    ) -> None:
        self.state = state
        self.drawn = drawn or []
        self.recalls = recalls if recalls is not None else []
        self.record = record if record is not None else np.zeros(0, np.float32)

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return Position(
            self.state.clone(), list(self.drawn), list(self.recalls), self.record.copy()
        )

    def remember(self) -> None:
        """Each seat's view of the state as it now is, added to its recall."""
        seats = range(len(self.recalls))
        views = [json.dumps(self.state.observation(p).to_json(), sort_keys=True) for p in seats]
        self.recalls = [r.after(v) for r, v in zip(self.recalls, views, strict=True)]


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

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Any = None
    ) -> CodecObserver | InformationStateObserver:
        """The seat's current view, or with perfect recall its information state."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InformationStateObserver(self.codec)
        return CodecObserver(self.codec)


class TurnLoopSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state holding a :class:`Position`."""

    def __init__(self, game: TurnLoopSpielGame) -> None:
        super().__init__(game)
        empty = Recall(0, b"", "")
        self.position = Position(
            game.game.new_initial_state(),
            recalls=[empty] * game.num_players(),
            record=np.zeros(game.codec.history_size, np.float32),
        )
        self.position.remember()

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
            if move is None:
                return
        else:
            move = self._codec().action(inner, int(action))
            self._codec().note(self.position.record, inner, move)
        inner.apply(move)
        self.position.remember()

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


class InformationStateObserver:
    """OpenSpiel's observer for an information state (perfect recall): the seat's own record.

    The string is exact: the number of distinct views the seat has had, a digest of all of them
    in order, and the latest in full, so two histories share it only if the seat saw the same
    things in the same order. The tensor is the current view followed by the codec's record of
    public events (Push: the faces each seat was seen to discard and to take from the discard
    pile, counted; Push Over and Pusher: nothing, their view is the whole position).
    """

    def __init__(self, codec: Codec) -> None:
        self.codec = codec
        self.tensor = np.zeros(codec.observation_size + codec.history_size, np.float32)
        self.dict = {"info_state": self.tensor}

    def set_from(self, state: TurnLoopSpielState, player: int) -> None:
        position = state.position
        view = self.codec.observe(position.state.observation(player))
        self.tensor[: self.codec.observation_size] = view
        self.tensor[self.codec.observation_size :] = self.codec.recall(position.record, player)

    def string_from(self, state: TurnLoopSpielState, player: int) -> str:
        return f"seat {player}, {state.position.recalls[player].text()}"


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
        provides_information_state_string=True,
        provides_information_state_tensor=True,
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
        parameters={"players": 2, "config": ""},
    )


class PushOverSpielGame(TurnLoopSpielGame):
    """Push Over; parameters ``players`` (2-4) and ``config``, a JSON object of any other
    config values (a small variant for exact methods: ``'{"track_length": 4, ...}'``)."""

    game_type = staticmethod(_push_over_type)

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        players = int((params or {}).get("players", 2))
        variant, values = _variant(params, "players")
        game = make_pushover({**values, "players": players})
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
        params = {"players": players, "config": variant}
        super().__init__(_push_over_type(players), info, params, game, codec)


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
        parameters={"deals": 5, "config": ""},
    )


def _variant(params: Mapping[str, Any] | None, fixed: str) -> tuple[str, dict[str, Any]]:
    """The ``config`` parameter (a JSON object of config values, or empty) and its values;
    ``fixed`` is the one value set by its own parameter instead."""
    text = str((params or {}).get("config", ""))
    values = json.loads(text) if text else {}
    if not isinstance(values, dict) or fixed in values:
        raise ValueError(f"config must be a JSON object of config values, not {text!r:.60}")
    return text, values


class PushRummySpielGame(TurnLoopSpielGame):
    """Push; parameters ``deals`` (1-5, fewer for quick runs) and ``config``, a JSON object of
    any other config values (a small deal: ``'{"hand_sizes": [3], "max_turns_per_deal": 8}'``)."""

    game_type = staticmethod(_push_rummy_type)

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        deals = int((params or {}).get("deals", 5))
        variant, values = _variant(params, "deals")
        game = make_rummy({**values, "deals": deals})
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
        params = {"deals": deals, "config": variant}
        super().__init__(_push_rummy_type(), info, params, game, codec, CardByCard())


PUSHER_PARAMETERS: dict[str, Any] = {
    "players": 2,
    "board_radius": 5,
    "balls_per_player": 17,
    "resolver": "physics",
    "hand": DEFAULT_HAND,
}
"""``python_pusher``'s parameters and their defaults (those of
:class:`~pusher_sim.pusher.PusherConfig`; ``hand`` names the table's hand, docs/rules.md P8: a
push made is drawn from the move number, so a state's transitions stay a function of its
history and the game needs no chance node)."""


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
