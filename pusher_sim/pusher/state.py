"""Pusher's game and state on the shared turn loop (rules P1-P13 of docs/rules.md).

The state holds the balls on the board, the trays, whose turn it is and a few counters; what the
mover must do is derived from the board (:mod:`pusher_sim.pusher.duty`). A push aimed is made by
the table's hand (P8) and resolved by the game's resolver, which lives on the game, never in the
state's JSON. A game log records each push's outcome and push made (:mod:`.recorded_outcome`) and
a replay applies it as it stands, so a log replays identically under any model.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.push_resolution import PushOutcome, PushResolver
from pusher_sim.pusher.actions import CODEC, Pass, Place, Push
from pusher_sim.pusher.config import PusherConfig
from pusher_sim.pusher.duty import Duty, duty_of
from pusher_sim.pusher.hand import hand_draws
from pusher_sim.pusher.invariants import position_problem
from pusher_sim.pusher.legality import (
    balls_after_push,
    check_action,
    check_push,
    check_recorded_push,
)
from pusher_sim.pusher.position import Geometry, geometry
from pusher_sim.pusher.recorded_outcome import outcome_problem, outcome_to_json
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import TERMINAL, Game, InvariantError, State
from pusher_sim.turnloop.whole_number import whole_number

END_WIN = "win"
END_ALL_PASSED = "all_passed"
END_MOVE_CAP = "move_cap"


class PusherGame(Game):
    """A Pusher table: its config, its board and the resolvers that settle pushes.

    ``resolver`` settles every push made now. ``unrecorded`` settles a push read from a log that
    records no outcome for it (a log saved before outcomes were recorded): the model the log's
    config names, which may be older than ``resolver``'s. By default the two are one.
    """

    name = "pusher"
    action_codec = CODEC

    def __init__(
        self, config: PusherConfig, resolver: PushResolver, unrecorded: PushResolver | None = None
    ) -> None:
        self.config = config
        self.resolver = resolver
        self.unrecorded: PushResolver = resolver if unrecorded is None else unrecorded
        self.board: Board = config.board()
        self.geo: Geometry = geometry(self.board)
        self.colours: tuple[Colour, ...] = config.seat_colours
        self.seat_of: dict[Colour, int] = {c: s for s, c in enumerate(self.colours)}

    @property
    def num_players(self) -> int:
        return self.config.players

    @property
    def max_game_length(self) -> int:
        return self.config.move_cap

    def config_json(self) -> dict[str, Any]:
        return self.config.to_json()

    def new_initial_state(self) -> PusherState:
        return PusherState(self)

    def position(
        self,
        balls: Mapping[Cell, Colour],
        to_move: int = 0,
        trays: Sequence[int] | None = None,
    ) -> PusherState:
        """A state set up with ``balls`` on the board (tests, puzzles, the front end's editor).

        Trays default to whatever keeps every colour's count at ``balls_per_player``.
        """
        state = PusherState(self)
        state.balls = dict(balls)
        state.to_move = to_move
        if trays is None:
            on_board = Counter(balls.values())
            trays = [self.config.balls_per_player - on_board[c] for c in self.colours]
        state.trays = list(trays)
        state.check_invariants()
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> PusherState:
        try:
            state = PusherState(self)
            state.balls = {_cell(b[:2]): Colour(whole_number(b[2])) for b in data["balls"]}
            if len(state.balls) != len(data["balls"]):
                raise ValueError("two balls in one cup")
            state.trays = [whole_number(t) for t in data["trays"]]
            state.to_move = whole_number(data["to_move"])
            state.passes = whole_number(data["passes"])
            state.moves = whole_number(data["moves"])
            state.winner = None if data["winner"] is None else whole_number(data["winner"])
            end = data["end"]
            if end not in (None, END_WIN, END_ALL_PASSED, END_MOVE_CAP):
                raise ValueError(f"unknown end {end!r}")
            state.end = end
            state.pushes = whole_number(data["pushes"])
            state.returned = whole_number(data["returned"])
            state.unsettled = whole_number(data["unsettled"])
            state.last_returned = tuple(
                (_cell(b[:2]), Colour(whole_number(b[2]))) for b in data["last_returned"]
            )
            if not 0 <= state.to_move < self.num_players:
                raise ValueError(f"seat {state.to_move} is not at this table")
            state.check_invariants()
        except (KeyError, TypeError, ValueError, IndexError, InvariantError) as exc:
            raise CorruptFile(f"not a Pusher state: {exc}") from None
        return state

    def seat_label(self, seat: int) -> str:
        return f"{self.colours[seat].label} (seat {seat})"


def _cell(value: Any) -> Cell:
    q, r = value
    return (whole_number(q), whole_number(r))


@dataclass(frozen=True)
class PusherObservation:
    """Pusher hides nothing: every seat sees the whole board, every tray and what is due."""

    seat: int
    to_move: int
    balls: tuple[tuple[Cell, Colour], ...]
    trays: tuple[int, ...]
    duty: str
    rule: str
    winner: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "to_move": self.to_move,
            "balls": [[q, r, int(c)] for (q, r), c in self.balls],
            "trays": list(self.trays),
            "duty": self.duty,
            "rule": self.rule,
            "winner": self.winner,
        }


class PusherState(State):
    """A Pusher position: balls on the board, trays, the mover, and counters for the summary."""

    game: PusherGame

    def __init__(self, game: PusherGame) -> None:
        super().__init__(game)
        self.balls: dict[Cell, Colour] = {}
        self.trays: list[int] = [game.config.balls_per_player] * game.num_players
        self.to_move = 0
        self.passes = 0
        """Passes in a row (P7: all players passing in turn is a draw)."""
        self.moves = 0
        self.winner: int | None = None
        self.end: str | None = None
        self.pushes = 0
        self.returned = 0
        """Balls returned to trays by pushes (P10), all colours."""
        self.unsettled = 0
        """Pushes whose physics ran out of simulated time before every ball rested."""
        self.last_returned: tuple[tuple[Cell, Colour], ...] = ()
        """The balls the last push sent back to their trays, for the front ends."""
        self.last_outcome: PushOutcome | None = None
        """Where the last action's push left the balls (None if it was no push): what the game
        log records for it."""
        self.last_hand: tuple[Push, Push] | None = None
        """The last push aimed and the push the hand made of it; None: as aimed, or no push."""
        self.hand_seed = 0
        """The match's seed, which the hand draws from (:meth:`seed_draws`)."""
        self._duty: Duty | None = None

    def seed_draws(self, seed: int) -> None:
        """The hand draws from the match seeded ``seed`` (P8; :func:`.hand.hand_draws`)."""
        self.hand_seed = seed

    # -- whose turn, what is due ---------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.end is not None else self.to_move

    @property
    def colour(self) -> Colour:
        """The colour of the player to move."""
        return self.game.colours[self.to_move]

    def duty(self) -> Duty:
        """What the player to move must do now, and under which rule."""
        if self._duty is None:
            self._duty = duty_of(self.game.geo, self.balls, self.colour, self.game.config)
        return self._duty

    def legal_actions(self) -> list[Action]:
        if self.end is not None:
            return []
        duty = self.duty()
        if duty.kind == "push":
            return [Push(t) for t in duty.triangles]
        if duty.kind == "place":
            return [Place(c) for c in duty.cups]
        return [Pass()]

    # -- validation ----------------------------------------------------------------------------

    def validate(self, action: Action) -> None:
        check_action(self, action)

    # -- applying ------------------------------------------------------------------------------

    def apply_logged(self, action: Action, outcome: Mapping[str, Any] | None) -> None:
        """A logged action: a push with its recorded outcome as it stands (checked against this
        position), or, where the log records none, resolved by the game's ``unrecorded``
        resolver (the model the log was played under)."""
        if self.end is not None:
            raise IllegalMove("end", "the game is over")
        if not isinstance(action, Push):
            if outcome is not None:
                raise CorruptFile(f"a {type(action).__name__.lower()} has no outcome to record")
            self.validate(action)
            self._carry_out(action, None)
            return
        # A flick the model it was played under allowed stands, whichever model is current.
        top = max(self.game.resolver.max_flick_speed, self.game.unrecorded.max_flick_speed)
        check_push(self, action, top)
        made = None
        if outcome is None:  # a log from before outcomes, and so before the hand: made as aimed
            resolved = self._resolve(action, self.game.unrecorded)
        else:
            resolved, made = check_recorded_push(self, action, outcome, top)
        self._carry_out(action, resolved, None if made is None else (action, made))

    def logged_outcome(self) -> dict[str, Any] | None:
        if self.last_outcome is None:
            return None
        made = None if self.last_hand is None else self.last_hand[1]
        return outcome_to_json(self.last_outcome, made)

    def _apply(self, action: Action) -> None:
        if isinstance(action, Push):
            made = self.made_push(action)
            outcome = self._resolve(made, self.game.resolver)
            self._carry_out(action, outcome, None if made == action else (action, made))
        else:
            self._carry_out(action, None)

    def made_push(self, aimed: Push) -> Push:
        """``aimed`` as the table's hand makes it now (P8), drawn from the match's generator
        for this move: the same seed and move give the same push, whoever asks."""
        game = self.game
        draws = hand_draws(self.hand_seed, self.moves)
        region = game.config.press_region
        top = game.resolver.max_flick_speed
        return game.config.hand.make(aimed, game.board, region, top, draws)

    def _resolve(self, action: Push, resolver: PushResolver) -> PushOutcome:
        """Where ``resolver`` says the balls come to rest after ``action`` from here."""
        return resolver.resolve(self.game.board, dict(self.balls), action.spec(self.colour))

    def _carry_out(
        self, action: Action, outcome: PushOutcome | None, hand: tuple[Push, Push] | None = None
    ) -> None:
        """Apply a validated action; a push with ``outcome``, where its balls came to rest, and
        ``hand``, the push aimed and as made (None: as aimed)."""
        self.last_outcome = None
        self.last_hand = hand
        if isinstance(action, Place):
            self._place(action.cell)
        elif isinstance(action, Push):
            assert outcome is not None, "a push is carried out with its outcome"
            self._push(outcome)
        else:
            self._pass()
        self.moves += 1
        self._duty = None
        if self.end is None and self.moves >= self.game.config.move_cap:
            self.end = END_MOVE_CAP

    def _next_turn(self) -> None:
        self.to_move = (self.to_move + 1) % self.game.num_players

    def _place(self, cell: Cell) -> None:
        """P2, then the turn passes (also after P11(c)); P12 if that was the last ball."""
        self.balls[(cell[0], cell[1])] = self.colour
        self.trays[self.to_move] -= 1
        self.passes = 0
        if self.trays[self.to_move] == 0:
            self._win()
        else:
            self._next_turn()

    def _pass(self) -> None:
        self.passes += 1
        if self.game.config.draw_when_all_pass and self.passes >= self.game.num_players:
            self.end = END_ALL_PASSED
        else:
            self._next_turn()

    def _push(self, outcome: PushOutcome) -> None:
        """P8 (the physics decided ``outcome``), P13 checked, P10 returns, then P11 or P12."""
        resting = self._checked(outcome)
        self.last_outcome = outcome
        geo = self.game.geo
        back = tuple((c, col) for c, col in sorted(resting.items()) if geo.colour[c] == col)
        for cell, col in back:
            del resting[cell]
            self.trays[self.game.seat_of[col]] += 1
        self.balls = resting
        self.trays[self.to_move] -= 1
        self.passes = 0
        self.pushes += 1
        self.returned += len(back)
        self.unsettled += 0 if outcome.settled else 1
        self.last_returned = back
        if any(col == self.colour for _, col in back):
            self._next_turn()  # P11(b)
        elif self.trays[self.to_move] == 0:
            self._win()  # P12
        # else P11(a) or (c): the same player pushes again or places; duty() says which.

    def _checked(self, outcome: PushOutcome) -> dict[Cell, Colour]:
        """P13: every ball, the pusher's new one included, rests alone in a cup of the board."""
        problem = outcome_problem(self.game.board, outcome.balls, balls_after_push(self))
        if problem is not None:
            raise InvariantError(f"P13: {problem}")
        return dict(outcome.balls)

    def _win(self) -> None:
        self.winner = self.to_move
        self.end = END_WIN

    # -- results and views ---------------------------------------------------------------------

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.winner is None:
            return [0.0] * n
        return [1.0 if s == self.winner else -1.0 / (n - 1) for s in range(n)]

    def observation(self, seat: int) -> PusherObservation:
        duty = self.duty() if self.end is None else Duty("pass", "end", "the game is over")
        return PusherObservation(
            seat=seat,
            to_move=self.to_move,
            balls=tuple(sorted(self.balls.items())),
            trays=tuple(self.trays),
            duty=duty.kind,
            rule=duty.rule,
            winner=self.winner,
        )

    def check_invariants(self) -> None:
        problem = position_problem(self.game, self.balls, self.trays)
        if problem is not None:
            raise InvariantError(problem)
        if self.end == END_WIN and (self.winner is None or self.trays[self.winner] != 0):
            raise InvariantError("a winner whose tray is not empty")
        if self.end != END_WIN and self.winner is not None:
            raise InvariantError("a winner but the game did not end in a win")

    # -- copies --------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "balls": [[q, r, int(c)] for (q, r), c in sorted(self.balls.items())],
            "trays": list(self.trays),
            "to_move": self.to_move,
            "passes": self.passes,
            "moves": self.moves,
            "winner": self.winner,
            "end": self.end,
            "pushes": self.pushes,
            "returned": self.returned,
            "unsettled": self.unsettled,
            "last_returned": [[q, r, int(c)] for (q, r), c in self.last_returned],
        }

    def clone(self) -> PusherState:
        copy = PusherState(self.game)
        copy.balls = dict(self.balls)
        copy.trays = list(self.trays)
        copy.to_move = self.to_move
        copy.passes = self.passes
        copy.moves = self.moves
        copy.winner = self.winner
        copy.end = self.end
        copy.pushes = self.pushes
        copy.returned = self.returned
        copy.unsettled = self.unsettled
        copy.last_returned = self.last_returned
        copy.last_outcome = self.last_outcome
        copy.last_hand = self.last_hand
        copy.hand_seed = self.hand_seed
        copy._duty = self._duty
        return copy
