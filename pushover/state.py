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
from pusher_sim.turnloop.state import CHANCE, TERMINAL, InvariantError, State
from pushover.actions import DIE, ROLL, STOP, Die, Roll, Stop

if TYPE_CHECKING:
    from pushover.game import PushOverGame

# Where a player's top character is (``where[seat]``): a stop 1..L, or one of these.
START = 0
"""In the START groove behind stop 1: only the player to move, during their turn."""
OUT = -1
"""Rolled out (O3): the top stands beside START without a bottom."""
WAITING = -2
"""A full piece off the board (at set-up, pushed off, restarted): enters at START (O1, O5, O9)."""

# What stands on a stop (``track[stop]``): a seat's full piece, or one of these.
EMPTY = -1
BARE = -2
"""A bottom character without a top."""

# Phases.
DECIDE = 0
ROLLING = 1
OVER = 2

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
        self._tell("move", seat, dice, total, steps)
        self.counts["moves"] += 1
        self.counts["stops_moved"] += steps
        pos = self.where[seat]
        if pos > 0:
            self.track[pos] = EMPTY
        pos = self._advance(pos, steps, seat)
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
            pos = self._advance(pos, cfg.rollout_advance_to - pos, -1)
        self.track[pos] = BARE
        self._tell("rollout", seat, dice, total, pos)
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
        self._tell("restart", -1, 0, 0, 0)

    def _advance(self, pos: int, steps: int, seat: int) -> int:
        """Move a piece (seat's, or a bare bottom when seat is -1) that is not on the track
        array from ``pos`` by ``steps`` stops, pushing (O4) and taking the pot (O7); return
        where it ends."""
        length = self.cfg.track_length
        pot_stop = self.cfg.pot_stop
        track = self.track
        for _ in range(steps):
            pos = pos % length + 1
            if track[pos] != EMPTY:
                self._push_chain(pos)
            if pos == pot_stop and seat >= 0:
                self._take_pot(seat)
                if self.phase == OVER:
                    break  # O10: the winner wins at once
        return pos

    def _push_chain(self, first: int) -> None:
        """O4: the unbroken row of pieces from stop ``first`` moves one stop on, front first;
        a pushed piece that reaches a push-off stop falls off (O5)."""
        length = self.cfg.track_length
        track = self.track
        chain = []
        stop = first
        while track[stop] != EMPTY:
            chain.append(stop)
            stop = stop % length + 1
        push_offs = self.cfg.push_off_stops
        for stop in reversed(chain):
            piece = track[stop]
            track[stop] = EMPTY
            dest = stop % length + 1
            if dest in push_offs:
                if piece == BARE:
                    self.free_bottoms += 1
                    self.counts["pushoffs_bare"] += 1
                    self._tell("pushoff", -1, dest, 0, 0)
                else:
                    self.where[piece] = WAITING
                    self.counts["pushoffs_full"] += 1
                    self._tell("pushoff", piece, dest, 0, 0)
            else:
                track[dest] = piece
                if piece >= 0:
                    self.where[piece] = dest

    def _take_pot(self, seat: int) -> None:
        """O7, O8 (a chip after the pot is emptied), O10."""
        chips = self.pot
        self.columns[seat] += chips
        self.counts["pots_taken"] += 1
        self._tell("pot", seat, chips, 0, 0)
        self.pot = 1
        self.drawn += 1
        if self.columns[seat] >= self.cfg.target:
            self.phase = OVER
            self.winner = seat
            self._tell("win", seat, self.columns[seat], 0, 0)

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
                self._tell("draw", -1, self.counts["turns"], 0, 0)
                return
            self._tell("turn", seat, self.counts["turns"] + 1, 0, 0)
            where = self.where[seat]
            if where == OUT:
                if self.free_bottoms == 0:
                    self.counts["missed"] += 1
                    self.counts["turns"] += 1
                    self._tell("missed", seat, 0, 0, 0)
                    seat = (seat + 1) % cfg.players
                    continue
                self.free_bottoms -= 1
                self.where[seat] = START
                self._tell("enter", seat, 1, 0, 0)
            elif where == WAITING:
                self.where[seat] = START
                self._tell("enter", seat, 0, 0, 0)
            self.to_move = seat
            self.phase = DECIDE
            return

    def _tell(self, kind: str, seat: int, a: int, b: int, c: int) -> None:
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
        cfg = self.cfg
        n = cfg.players
        if len(self.where) != n or len(self.columns) != n:
            raise InvariantError("one top character and one column per player")
        if len(self.track) != cfg.track_length + 1 or self.track[0] != EMPTY:
            raise InvariantError("the track has the wrong number of stops")
        if self.pot < 1 or self.pot + sum(self.columns) != self.drawn:
            raise InvariantError(
                f"chips: pot {self.pot} + columns {self.columns} != drawn {self.drawn}"
            )
        if any(c < 0 for c in self.columns):
            raise InvariantError("a column holds fewer than no chips")
        for seat, where in enumerate(self.where):
            if where > 0:
                if where > cfg.track_length or self.track[where] != seat:
                    raise InvariantError(f"seat {seat}'s piece is not on its stop {where}")
            elif where == START:
                if self.phase == OVER or seat != self.to_move:
                    raise InvariantError(f"seat {seat} stands at START out of turn")
            elif where not in (OUT, WAITING):
                raise InvariantError(f"seat {seat}'s top is nowhere ({where})")
        for stop, piece in enumerate(self.track):
            if piece >= 0 and (piece >= n or self.where[piece] != stop):
                raise InvariantError(f"stop {stop} holds a piece of unknown seat {piece}")
            if piece not in (EMPTY, BARE) and piece < 0:
                raise InvariantError(f"stop {stop} holds {piece}")
        in_play = cfg.bottoms - cfg.boxed_bottoms
        counted = (
            sum(1 for w in self.where if w != OUT)
            + sum(1 for p in self.track if p == BARE)
            + self.free_bottoms
        )
        if self.free_bottoms < 0 or counted != in_play:
            raise InvariantError(f"{counted} bottom characters accounted for, not {in_play}")
        if self.phase == OVER:
            if self.winner >= 0 and self.columns[self.winner] < cfg.target:
                raise InvariantError("the winner has too few chips")
            if self.winner < 0 and self.counts["turns"] < cfg.max_turns:
                raise InvariantError("a draw before the turn limit")
        elif max(self.columns) >= cfg.target:
            raise InvariantError("someone has enough chips but the game goes on")
        if self.phase != OVER:
            if self.where[self.to_move] < 0 or not 0 <= self.to_move < n:
                raise InvariantError("the player to move has no piece in play")
            if sum(self.dice) > cfg.roll_limit or len(self.dice) >= cfg.max_dice:
                raise InvariantError(f"dice {self.dice} should have ended the turn")
            if any(d not in cfg.die_faces for d in self.dice):
                raise InvariantError(f"dice {self.dice} show impossible faces")
        if self.phase == ROLLING and len(self.dice) >= cfg.max_dice:
            raise InvariantError("rolling a die beyond the last")
        if self.counts["turns"] > cfg.max_turns or any(v < 0 for v in self.counts.values()):
            raise InvariantError(f"counters out of range: {self.counts}")

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
