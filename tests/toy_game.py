"""A tiny two-player game for testing the turn loop on its own: race to a target sum.

Each turn the player to move either rolls a die (a chance node, 1..3) and adds it to their
total, or stops. Reaching the target exactly wins; going over loses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.turnloop import CHANCE, TERMINAL, Action, ActionCodec, Game, State


@dataclass(frozen=True)
class Roll(Action):
    pass


@dataclass(frozen=True)
class Die(Action):
    value: int


@dataclass(frozen=True)
class Obs:
    totals: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"totals": list(self.totals)}


class RaceGame(Game):
    name = "race"
    action_codec = ActionCodec([Roll, Die])

    def __init__(self, target: int = 6) -> None:
        self.target = target

    @property
    def num_players(self) -> int:
        return 2

    @property
    def max_game_length(self) -> int:
        return 4 * self.target + 4

    def config_json(self) -> dict[str, Any]:
        return {"target": self.target}

    def new_initial_state(self) -> RaceState:
        return RaceState(self)

    def state_from_json(self, data: Mapping[str, Any]) -> RaceState:
        try:
            state = RaceState(self)
            state.totals = [int(t) for t in data["totals"]]
            state.turn, state.rolling = int(data["turn"]), bool(data["rolling"])
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptFile(f"bad race state: {exc}") from None
        return state


class RaceState(State):
    game: RaceGame

    def __init__(self, game: RaceGame) -> None:
        super().__init__(game)
        self.totals = [0, 0]
        self.turn = 0
        self.rolling = False

    def current_player(self) -> int:
        if any(t >= self.game.target for t in self.totals):
            return TERMINAL
        return CHANCE if self.rolling else self.turn

    def legal_actions(self) -> list[Action]:
        return [] if self.current_player() < 0 else [Roll()]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(Die(v), 1 / 3) for v in (1, 2, 3)]

    def validate(self, action: Action) -> None:
        if self.rolling:
            if not (isinstance(action, Die) and 1 <= action.value <= 3):
                raise IllegalMove("chance", f"a die shows 1 to 3, not {action}")
        elif not isinstance(action, Roll):
            raise IllegalMove("turn", f"player {self.turn} must roll, not {action}")

    def _apply(self, action: Action) -> None:
        if isinstance(action, Die):
            self.totals[self.turn] += action.value
            self.turn = 1 - self.turn
        self.rolling = not self.rolling

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        winner = 0 if self.totals[0] >= self.game.target else 1
        return [1.0 if s == winner else -1.0 for s in (0, 1)]

    def observation(self, seat: int) -> Obs:
        return Obs(tuple(self.totals))

    def check_invariants(self) -> None:
        assert all(t >= 0 for t in self.totals)

    def to_json(self) -> dict[str, Any]:
        return {"totals": self.totals, "turn": self.turn, "rolling": self.rolling}
