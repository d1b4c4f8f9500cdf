"""A Push Over position and the rules O1-O10 that move it on.

A turn is a short alternation: the player rolls (``Roll``), chance shows the die (``Die``), the
player rolls again or stops (``Stop``), at most ``max_dice`` times (O2). Everything that follows
from a move or a roll-out (pushes, push-offs, the pot, re-entry, restarts, the win) happens
inside the action that caused it, so the only nodes are the player's roll/stop choice and the
die. A player who can take no turn at all (O6: no top character on the track and no free bottom)
is passed over automatically and the miss is counted and reported in the news.

The position is a handful of small lists of ints so that :meth:`PushOverState.clone` and
:meth:`PushOverState.apply` stay cheap: bots try every outcome of a turn on copies, and
``pusher simulate`` plays ten thousand games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from pusher_sim.errors import IllegalMove
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import CHANCE, TERMINAL, State
from pushover.actions import DIE, ROLL, STOP, Die, Roll, Stop
from pushover.invariants import check_position
from pushover.position_codes import BARE as BARE
from pushover.position_codes import DECIDE as DECIDE
from pushover.position_codes import EMPTY as EMPTY
from pushover.position_codes import OUT as OUT
from pushover.position_codes import OVER as OVER
from pushover.position_codes import ROLLING as ROLLING
from pushover.position_codes import START as START
from pushover.position_codes import WAITING as WAITING  # the codes are read from here too
from pushover.track import advance

if TYPE_CHECKING:
    from pushover.game import PushOverGame

NEWS_KEPT = 40
"""How many recent events the state remembers for the text view."""

Event = tuple[str, int, int, int, int]
"""(kind, seat, a, b, c): see :data:`EVENT_KINDS` for what a, b and c mean."""

EVENT_KINDS = {
    "turn": "seat's turn begins; a = turn number",
    "enter": "seat enters at START; a = 1 if they mounted a free bottom (O6)",
    "missed": "seat misses the turn: no top on the track and no free bottom (O6)",
    "move": "seat stopped or rolled the last die; a = dice, b = total, c = stops moved",
    "rollout": "seat rolled out (O3); a = dice, b = total, c = where the bare bottom stands",
    "pushoff": "the piece of seat (-1: a bare bottom) fell off at stop a (O4, O5)",
    "pot": "seat took a chips from the pot (O7)",
    "restart": "everyone was out: bottoms cleared, all begin again at START (O9)",
    "win": "seat reached a chips (O10)",
    "draw": "the turn limit (max_turns) was reached",
}

COUNTERS = (
    "turns",
    "missed",
    "rollouts",
    "moves",
    "stops_moved",
    "dice_rolled",
    "pushoffs_full",
    "pushoffs_bare",
    "pots_taken",
    "restarts",
)
"""Running totals kept for ``pusher simulate`` (``turns`` includes missed turns)."""


@dataclass(frozen=True)
class PushOverView:
    """What a seat sees: everything, since Push Over has no hidden information."""

    seat: int
    to_move: int
    dice: tuple[int, ...]
    where: tuple[int, ...]
    bare: tuple[int, ...]
    free_bottoms: int
    pot: int
    columns: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "to_move": self.to_move,
            "dice": list(self.dice),
            "where": list(self.where),
            "bare": list(self.bare),
            "free_bottoms": self.free_bottoms,
            "pot": self.pot,
            "columns": list(self.columns),
        }


class PushOverState(State):
    """See the module docstring. Create through :meth:`PushOverGame.new_initial_state`."""

    game: PushOverGame

    def __init__(self, game: PushOverGame) -> None:
        super().__init__(game)
        cfg = game.config
        self.cfg = cfg
        self.to_move = cfg.first_player
        self.phase = DECIDE
        self.dice: tuple[int, ...] = ()
        self.where = [WAITING] * cfg.players
        self.track = [EMPTY] * (cfg.track_length + 1)  # index 0 unused: START is not a stop
        self.free_bottoms = cfg.bottoms - cfg.boxed_bottoms - cfg.players
        self.pot = 1  # O1, O8: one chip at the start of the game
        self.drawn = 1
        self.columns = [0] * cfg.players
        self.winner = -1
        self.counts = dict.fromkeys(COUNTERS, 0)
        self.news: tuple[Event, ...] = ()
        self._begin_turn(cfg.first_player)

    # -- whose turn ---------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.phase == DECIDE:
            return self.to_move
        if self.phase == ROLLING:
            return CHANCE
        return TERMINAL

    def legal_actions(self) -> list[Action]:
        if self.phase != DECIDE:
            return []
        if not self.dice:
            return [ROLL[self.to_move]]
        return [ROLL[self.to_move], STOP[self.to_move]]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase != ROLLING:
            return []
        faces = self.cfg.die_faces
        return [(Die(f), 1.0 / len(faces)) for f in faces]

    def sample_chance(self, rng: np.random.Generator) -> Action:
        faces = self.cfg.die_faces
        face = faces[int(rng.integers(len(faces)))]
        return DIE.get(face) or Die(face)

    # -- rules --------------------------------------------------------------------------------

    def validate(self, action: Action) -> None:
        kind = type(action)
        if kind is Die:
            action = cast(Die, action)
            if self.phase != ROLLING:
                raise IllegalMove("turn", "no die is rolling: a die outcome is chance's move")
            value = action.value
            if type(value) is not int or value not in self.cfg.die_faces:
                faces = ", ".join(map(str, self.cfg.die_faces))
                raise IllegalMove("O2", f"a die shows {faces}, not {value!r}")
            return
        if kind is not Roll and kind is not Stop:
            raise IllegalMove("O2", f"{action!r:.60} is not a Push Over move (roll or stop)")
        action = cast(Roll | Stop, action)
        if self.phase == ROLLING:
            raise IllegalMove("turn", "the die is rolling: wait for it to land")
        if type(action.seat) is not int or action.seat != self.to_move:
            raise IllegalMove(
                "turn", f"it is {self.game.seat_label(self.to_move)}'s turn, not {action.seat!r}'s"
            )
        if kind is Stop and not self.dice:
            raise IllegalMove("O2", "roll at least one die before stopping")

    def _apply(self, action: Action) -> None:
        kind = type(action)
        if kind is Roll:
            self.phase = ROLLING
        elif kind is Die:
            action = cast(Die, action)
            self.counts["dice_rolled"] += 1
            dice = (*self.dice, action.value)
            self.dice = dice
            total = sum(dice)
            if total > self.cfg.roll_limit:
                self._roll_out(len(dice), total)
            elif len(dice) == self.cfg.max_dice:
                self._move(len(dice), total)  # O2: after the last die the move is forced
            else:
                self.phase = DECIDE
        else:
            self._move(len(self.dice), sum(self.dice))

    def _move(self, dice: int, total: int) -> None:
        """O2 move, with O4 pushes and O7 pot on the way; then the turn ends."""
        seat = self.to_move
        steps = total * self.cfg.move_multipliers[dice - 1]
        self.tell("move", seat, dice, total, steps)
        self.counts["moves"] += 1
        self.counts["stops_moved"] += steps
        pos = self.where[seat]
        if pos > 0:
            self.track[pos] = EMPTY
        pos = advance(self, pos, steps, seat)
        self.track[pos] = seat
        self.where[seat] = pos
        self._end_turn()

    def _roll_out(self, dice: int, total: int) -> None:
        """O3: the top goes beside START, the bottom stays (or moves up to stop 5), a chip to
        the pot; O9 if that left nobody on the track."""
        seat = self.to_move
        cfg = self.cfg
        self.counts["rollouts"] += 1
        self.pot += 1
        self.drawn += 1
        pos = self.where[seat]
        self.where[seat] = OUT
        if pos < cfg.rollout_advance_to:
            if pos > 0:
                self.track[pos] = EMPTY
            pos = advance(self, pos, cfg.rollout_advance_to - pos, -1)
        self.track[pos] = BARE
        self.tell("rollout", seat, dice, total, pos)
        if all(w == OUT for w in self.where):
            self._restart()
        self._end_turn()

    def _restart(self) -> None:
        """O9: clear every bottom; each player takes one and begins again at START."""
        cfg = self.cfg
        self.counts["restarts"] += 1
        self.track = [EMPTY] * (cfg.track_length + 1)
        self.where = [WAITING] * cfg.players
        self.free_bottoms = cfg.bottoms - cfg.boxed_bottoms - cfg.players
        self.tell("restart", -1, 0, 0, 0)

    def _end_turn(self) -> None:
        self.counts["turns"] += 1
        self.dice = ()
        if self.phase == OVER:
            return
        self._begin_turn((self.to_move + 1) % self.cfg.players)

    def _begin_turn(self, seat: int) -> None:
        """O1, O5, O6: bring the player's piece in if it is off the board, or pass them over."""
        cfg = self.cfg
        while True:
            if self.counts["turns"] >= cfg.max_turns:
                self.phase = OVER
                self.winner = -1
                self.tell("draw", -1, self.counts["turns"], 0, 0)
                return
            self.tell("turn", seat, self.counts["turns"] + 1, 0, 0)
            where = self.where[seat]
            if where == OUT:
                if self.free_bottoms == 0:
                    self.counts["missed"] += 1
                    self.counts["turns"] += 1
                    self.tell("missed", seat, 0, 0, 0)
                    seat = (seat + 1) % cfg.players
                    continue
                self.free_bottoms -= 1
                self.where[seat] = START
                self.tell("enter", seat, 1, 0, 0)
            elif where == WAITING:
                self.where[seat] = START
                self.tell("enter", seat, 0, 0, 0)
            self.to_move = seat
            self.phase = DECIDE
            return

    def tell(self, kind: str, seat: int, a: int, b: int, c: int) -> None:
        """Add an event to the news (the last :data:`NEWS_KEPT`): see :data:`EVENT_KINDS`."""
        news = self.news
        if len(news) >= NEWS_KEPT:
            news = news[1 - NEWS_KEPT :]
        self.news = (*news, (kind, seat, a, b, c))

    # -- what-ifs for bots --------------------------------------------------------------------

    def after_move(self, dice: int, total: int) -> PushOverState:
        """The position after the player to move stops with ``dice`` dice showing ``total``."""
        copy = self.clone()
        copy._move(dice, total)
        return copy

    def after_roll_out(self) -> PushOverState:
        """The position after the player to move rolls out."""
        copy = self.clone()
        copy._roll_out(len(self.dice) + 1, self.cfg.roll_limit + 1)
        return copy

    # -- results and views --------------------------------------------------------------------

    def returns(self) -> list[float]:
        if self.phase != OVER or self.winner < 0:
            return [0.0] * self.cfg.players
        return [1.0 if s == self.winner else -1.0 for s in range(self.cfg.players)]

    def bare_stops(self) -> tuple[int, ...]:
        return tuple(s for s, p in enumerate(self.track) if p == BARE)

    def observation(self, seat: int) -> PushOverView:
        return PushOverView(
            seat=seat,
            to_move=self.to_move,
            dice=self.dice,
            where=tuple(self.where),
            bare=self.bare_stops(),
            free_bottoms=self.free_bottoms,
            pot=self.pot,
            columns=tuple(self.columns),
        )

    def check_invariants(self) -> None:
        check_position(self)

    # -- copies -------------------------------------------------------------------------------

    def clone(self) -> PushOverState:
        copy = PushOverState.__new__(PushOverState)
        copy.game = self.game
        copy.cfg = self.cfg
        copy.to_move = self.to_move
        copy.phase = self.phase
        copy.dice = self.dice
        copy.where = self.where[:]
        copy.track = self.track[:]
        copy.free_bottoms = self.free_bottoms
        copy.pot = self.pot
        copy.drawn = self.drawn
        copy.columns = self.columns[:]
        copy.winner = self.winner
        copy.counts = self.counts.copy()
        copy.news = self.news
        return copy

    def to_json(self) -> dict[str, Any]:
        return {
            "to_move": self.to_move,
            "phase": ("decide", "rolling", "over")[self.phase],
            "dice": list(self.dice),
            "where": list(self.where),
            "bare": list(self.bare_stops()),
            "free_bottoms": self.free_bottoms,
            "pot": self.pot,
            "drawn": self.drawn,
            "columns": list(self.columns),
            "winner": self.winner,
            "counts": dict(self.counts),
            "news": [list(e) for e in self.news],
        }
