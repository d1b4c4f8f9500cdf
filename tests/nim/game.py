"""Nim's rules (N1-N3 of rules.md beside this file): its config, action, positions and views."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.turnloop.actions import Action, ActionCodec
from pusher_sim.turnloop.schema import ListOf, Obj, Whole
from pusher_sim.turnloop.state import TERMINAL, Game, InvariantError, State
from pusher_sim.turnloop.whole_number import whole_number

MAX_HEAP = 7
"""The most counters a heap may start with (the codec numbers takes up to this)."""
HEAPS = 3

SHAPE = Obj({"players": Whole(2, 2), "heaps": ListOf(Whole(1, MAX_HEAP), HEAPS, min_len=HEAPS)})
"""A config's JSON: two players and three heap sizes of 1 to :data:`MAX_HEAP`."""


@dataclass(frozen=True)
class Take(Action):
    """N2: ``seat`` takes ``count`` counters from heap ``heap``."""

    seat: int
    heap: int
    count: int
    kind: ClassVar[str] = "take"

    def __str__(self) -> str:
        return f"take {self.count} from heap {self.heap + 1}"


@dataclass(frozen=True)
class NimView:
    """What a seat sees: everything (Nim hides nothing)."""

    seat: int
    heaps: tuple[int, ...]
    to_move: int

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "heaps": list(self.heaps), "to_move": self.to_move}


class NimGame(Game):
    """N1: two players and three heaps of counters (3, 4 and 5 unless the config says)."""

    name = "nim"
    action_codec = ActionCodec([Take])

    def __init__(self, config: Mapping[str, Any]) -> None:
        SHAPE.check(dict(config), "nim config")
        self.start = tuple(config.get("heaps", (3, 4, 5)))

    @property
    def num_players(self) -> int:
        return 2

    @property
    def max_game_length(self) -> int:
        return sum(self.start)

    def config_json(self) -> dict[str, Any]:
        return {"players": 2, "heaps": list(self.start)}

    def new_initial_state(self) -> NimState:
        return NimState(self, self.start, 0)

    def state_from_json(self, data: Mapping[str, Any]) -> NimState:
        try:
            heaps = tuple(whole_number(h) for h in data["heaps"])
            state = NimState(self, heaps, whole_number(data["to_move"]))
            state.check_invariants()
        except (KeyError, TypeError, InvariantError) as exc:
            raise CorruptFile(f"nim position is malformed ({exc})") from None
        return state


class NimState(State):
    """The heaps and the seat to move; the game is over when every heap is empty (N3)."""

    game: NimGame

    def __init__(self, game: NimGame, heaps: tuple[int, ...], to_move: int) -> None:
        super().__init__(game)
        self.heaps = heaps
        self.to_move = to_move

    def current_player(self) -> int:
        return TERMINAL if not any(self.heaps) else self.to_move

    def legal_actions(self) -> list[Action]:
        if self.is_terminal():
            return []
        return [
            Take(self.to_move, heap, count)
            for heap, size in enumerate(self.heaps)
            for count in range(1, size + 1)
        ]

    def validate(self, action: Action) -> None:
        if not isinstance(action, Take):
            raise IllegalMove("N2", f"{action} is not a take")
        if action.seat != self.to_move:
            raise IllegalMove("turn", f"it is seat {self.to_move}'s turn")
        if not 0 <= action.heap < len(self.heaps):
            raise IllegalMove("N2", f"there is no heap {action.heap + 1}")
        if not 1 <= action.count <= self.heaps[action.heap]:
            raise IllegalMove("N2", f"heap {action.heap + 1} has {self.heaps[action.heap]}")

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Take)
        heaps = list(self.heaps)
        heaps[action.heap] -= action.count
        self.heaps = tuple(heaps)
        self.to_move = 1 - self.to_move

    def returns(self) -> list[float]:
        """N3: the player who took the last counter (the one not to move now) wins."""
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0 if seat != self.to_move else -1.0 for seat in range(2)]

    def observation(self, seat: int) -> NimView:
        return NimView(seat, self.heaps, self.current_player())

    def check_invariants(self) -> None:
        if len(self.heaps) != HEAPS or not all(0 <= h <= MAX_HEAP for h in self.heaps):
            raise InvariantError(f"heaps {self.heaps} are not three heaps of 0-{MAX_HEAP}")
        if self.to_move not in (0, 1):
            raise InvariantError(f"seat {self.to_move} is no seat")

    def to_json(self) -> dict[str, Any]:
        return {"heaps": list(self.heaps), "to_move": self.to_move}
