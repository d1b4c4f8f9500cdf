"""A turn-loop game as an OpenSpiel Python game: the game, its states and its two observers (the
seat's view, and with perfect recall its information state), built on a game's :class:`Codec`
and chance numbering; and the OpenSpiel type every such game shares. Each game's own module
(or :mod:`~pusher_sim.envs.openspiel.registered` for any registered game) fills them in."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from pusher_sim.envs.openspiel.ids import ChanceIds, Codec, ListedChance
from pusher_sim.envs.openspiel.position import Position, Recall
from pusher_sim.turnloop.state import CHANCE, TERMINAL, Game, State


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


def turn_loop_game_type(
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


def game_info(
    game: Game, actions: int, chance_outcomes: int, *, zero_sum: bool, length: int = 0
) -> Any:
    """OpenSpiel's facts about a turn-loop game: its returns lie in [-1, 1] (the State API's
    promise) and sum to zero where ``zero_sum``; ``length`` bounds a game where chance is
    played in more steps than the turn loop's (default: the game's own bound)."""
    return pyspiel.GameInfo(
        num_distinct_actions=actions,
        max_chance_outcomes=chance_outcomes,
        num_players=game.num_players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if zero_sum else None,
        max_game_length=length or game.max_game_length,
    )


def config_parameter(
    params: Mapping[str, Any] | None, fixed: str | None = None
) -> tuple[str, dict[str, Any]]:
    """The ``config`` parameter (a JSON object of config values, or empty) and its values;
    ``fixed`` is a value set by its own parameter instead, if there is one."""
    text = str((params or {}).get("config", ""))
    values = json.loads(text) if text else {}
    if not isinstance(values, dict) or fixed in values:
        raise ValueError(f"config must be a JSON object of config values, not {text!r:.60}")
    return text, values
