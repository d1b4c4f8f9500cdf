"""The driver: runs any game with any mix of agents and people, one step at a time or to the end.

A frame loop calls :meth:`Match.step` once per frame when no person is to move; a batch run calls
:meth:`Match.run`. Every action lands in the log, so a match can be saved, undone and replayed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.agents import Agent
from pusher_sim.turnloop.log import GameLog, complete
from pusher_sim.turnloop.state import CHANCE, Game, State

_UNUSED_RNG = np.random.default_rng(0)
"""Handed to agents with ``uses_rng = False`` instead of a freshly seeded generator."""


class Match:
    """One game in progress. ``agents[seat] is None`` marks a person who supplies actions."""

    def __init__(
        self,
        game: Game,
        agents: Sequence[Agent | None],
        seed: int = 0,
        seat_names: Sequence[str] | None = None,
        log: GameLog | None = None,
        record: bool = True,
    ) -> None:
        """``record=False`` keeps no log (only the count of moves): for a batch run that wants
        the end alone, such as a tournament's game, where writing the log was a fifth of the
        driver's cost in a fast game."""
        if len(agents) != game.num_players:
            if log is not None:  # a saved game that contradicts itself: the file is at fault
                raise CorruptFile(
                    f"the log has {len(agents)} seats, but its {game.name} config is for "
                    f"{game.num_players} players"
                )
            raise ValueError(f"{game.name} needs {game.num_players} seats, got {len(agents)}")
        self.game = game
        self.agents = list(agents)
        names = (
            list(seat_names) if seat_names else ["human" if a is None else "bot" for a in agents]
        )
        self.log = log or GameLog(game.name, game.config_json(), seed, names)
        self.record = record
        self._unrecorded = 0
        self.state: State = complete(self.game, self.log) if log else game.new_initial_state()
        self.state.seed_draws(self.seed)

    @property
    def seed(self) -> int:
        return self.log.seed

    @property
    def moves(self) -> int:
        return len(self.log.actions) + self._unrecorded

    def rng(self, salt: int = 0) -> np.random.Generator:
        """The generator for the next decision: a function of seed, move number and salt only."""
        return np.random.default_rng([self.seed, self.moves, salt])

    def needs_input(self) -> bool:
        """True when a person is to move and :meth:`step` must be given their action."""
        seat = self.state.current_player()
        return seat >= 0 and self.agents[seat] is None

    def next_action(self) -> Action:
        """What the chance node or the bot to move will do (does not apply it)."""
        seat = self.state.current_player()
        if seat == CHANCE:
            return self.state.sample_chance(self.rng())
        agent = self.agents[seat]
        if agent is None:
            raise IllegalMove("turn", f"{self.game.seat_label(seat)} is a person: give their move")
        # Seeding a generator costs more than a fast game's whole move: skip it for agents that
        # declare they never draw from it (they get a shared, unused placeholder).
        rng = self.rng(seat + 1) if getattr(agent, "uses_rng", True) else _UNUSED_RNG
        return agent.act(self.state, seat, self.state.legal_actions(), rng)

    def step(self, action: Action | None = None) -> Action:
        """Apply one action: the given one (a person's), else the chance node's or bot's."""
        if action is None:
            action = self.next_action()
        mover = self.state.current_player()
        self.state.apply(action)
        if self.record:
            self.log.record(action.to_json(), mover, self.state.logged_outcome())
        else:
            self._unrecorded += 1
        return action

    def step_logged(self, action: Action, outcome: Mapping[str, Any] | None) -> None:
        """Apply an action read from a log with the outcome the log records for it (None: it
        records none), as :func:`~pusher_sim.turnloop.log.replay` does, and record it: for a
        front end that rebuilds a game move by move. Raises IllegalMove for an illegal action
        and CorruptFile for an outcome that cannot be what it came to."""
        mover = self.state.current_player()
        self.state.apply_logged(action, outcome)
        self.log.record(action.to_json(), mover, self.state.logged_outcome())

    def run(self, max_steps: int | None = None) -> State:
        """Play on until the end (or ``max_steps``) with no person to move."""
        limit = self.game.max_game_length if max_steps is None else max_steps
        for _ in range(limit):
            if self.state.is_terminal():
                break
            self.step()
        return self.state

    def undo(self, moves: int = 1) -> None:
        """Take back the last ``moves`` actions by replaying the log without them."""
        self.log.truncate(max(0, self.moves - moves))
        self.state = complete(self.game, self.log)
        self.state.seed_draws(self.seed)

    def undo_turn(self) -> None:
        """Take back actions up to and including the last one a person made."""
        for n in range(self.moves - 1, -1, -1):
            seat = self.log.movers[n]
            if seat >= 0 and self.agents[seat] is None:
                self.undo(self.moves - n)
                return
