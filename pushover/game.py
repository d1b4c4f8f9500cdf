"""The Push Over game object: its config, its bound, and reading positions back from JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pusher_sim.errors import CorruptFile
from pusher_sim.turnloop.state import Game, InvariantError
from pusher_sim.turnloop.whole_number import whole_number
from pushover.actions import CODEC
from pushover.config import PushOverConfig
from pushover.state import BARE, COUNTERS, DECIDE, EVENT_KINDS, OVER, ROLLING, PushOverState

COLOURS = ("red", "blue", "green", "yellow")
"""The four top characters, one per seat."""

PHASES = {"decide": DECIDE, "rolling": ROLLING, "over": OVER}


class PushOverGame(Game):
    """A Push Over table for two to four players: its config; it makes the states."""

    name = "pushover"
    action_codec = CODEC

    def __init__(self, config: PushOverConfig | None = None) -> None:
        self.config = config or PushOverConfig()

    @property
    def num_players(self) -> int:
        return self.config.players

    @property
    def max_game_length(self) -> int:
        """Each turn is at most a roll and a die per die, then a stop."""
        return self.config.max_turns * (2 * self.config.max_dice + 1)

    def config_json(self) -> dict[str, Any]:
        return self.config.to_json()

    def new_initial_state(self) -> PushOverState:
        return PushOverState(self)

    def seat_label(self, seat: int) -> str:
        return COLOURS[seat] if 0 <= seat < len(COLOURS) else f"seat {seat}"

    def state_from_json(self, data: Mapping[str, Any]) -> PushOverState:
        try:
            state = self._read(data)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            problem = f"{type(exc).__name__}: {exc}"
            raise CorruptFile(f"push over position is malformed ({problem})") from None
        try:
            state.check_invariants()
        except InvariantError as exc:
            raise CorruptFile(f"push over position is impossible: {exc}") from None
        return state

    def _read(self, data: Mapping[str, Any]) -> PushOverState:
        cfg = self.config
        n = cfg.players
        state = PushOverState.__new__(PushOverState)
        state.game = self
        state.cfg = cfg
        state.to_move = whole_number(data["to_move"])
        state.phase = PHASES[data["phase"]]
        state.dice = tuple(whole_number(d) for d in data["dice"])
        state.where = [whole_number(w) for w in data["where"]]
        if len(state.where) != n:
            raise ValueError(f"'where' needs {n} entries")
        state.track = [-1] * (cfg.track_length + 1)
        for seat, stop in enumerate(state.where):
            if 0 < stop <= cfg.track_length:
                state.track[stop] = seat
        for stop in data["bare"]:
            stop = whole_number(stop)
            if not 0 < stop <= cfg.track_length or state.track[stop] != -1:
                raise ValueError(f"bare bottom on a bad or taken stop {stop}")
            state.track[stop] = BARE
        state.free_bottoms = whole_number(data["free_bottoms"])
        state.pot = whole_number(data["pot"])
        state.drawn = whole_number(data["drawn"])
        state.columns = [whole_number(c) for c in data["columns"]]
        state.winner = whole_number(data["winner"])
        counts = data["counts"]
        if not isinstance(counts, Mapping) or set(counts) != set(COUNTERS):
            raise ValueError(f"counts must have exactly the keys {list(COUNTERS)}")
        state.counts = {k: whole_number(counts[k]) for k in COUNTERS}
        news = []
        for entry in data["news"]:
            kind, seat, a, b, c = entry
            if kind not in EVENT_KINDS:
                raise ValueError(f"unknown event {kind!r}")
            news.append(
                (str(kind), whole_number(seat), whole_number(a), whole_number(b), whole_number(c))
            )
        state.news = tuple(news)
        if state.phase == OVER and not -1 <= state.winner < n:
            raise ValueError(f"winner {state.winner} is not a seat")
        if state.phase != OVER and state.winner != -1:
            raise ValueError("a winner while the game goes on")
        return state
