"""Making the matches the window plays: a fresh one, one continuing a log, one started over.

Replaying a log runs every action, pushes and all, so :meth:`MatchMaker.from_log` is meant to run
off the frame loop; the rest is quick. A match made from the current one keeps its game and
agents (a bot's caches survive a new game or an undo).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from pusher_sim.errors import UserError
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import GameSpec, get_spec


class MatchMaker:
    """Matches of one game, through its registry entry (looked up only when first needed)."""

    def __init__(self, game: str, spec: GameSpec | None = None) -> None:
        self.game = game
        self._spec = spec

    @property
    def spec(self) -> GameSpec:
        if self._spec is None:
            self._spec = get_spec(self.game)
        return self._spec

    def fresh(self, seats: Sequence[str], seed: int) -> Match:
        self.spec.check_seats(seats)
        game = self.spec.make_game({"players": len(seats)})
        log = GameLog(game.name, game.config_json(), seed, list(seats))
        return Match(game, self.spec.make_agents(game, seats), log=log)

    def from_log(
        self, log: GameLog, seats: Sequence[str] | None, current: Match | None = None
    ) -> Match:
        """A match continuing ``log`` (replays every action: run it off the frame loop).

        A log of the game being played, with the same seats, keeps the current game and agents;
        anything else is made afresh from the log through the game's spec.
        """
        if log.game != self.game:
            raise UserError(f"that is a {log.game} log, not a {self.game} one")
        chosen = list(seats or log.seats)
        if (
            current is not None
            and log.config == current.game.config_json()
            and chosen == current.log.seats
        ):
            game, agents = current.game, current.agents
        else:
            self.spec.check_seats(chosen)
            game = self.spec.make_game(log.config)
            agents = self.spec.make_agents(game, chosen)
        log.seats = chosen
        return Match(game, agents, log=log)


def started_over(match: Match, seed: int) -> Match:
    """The same game and players back at the start, with ``seed``."""
    old = match.log
    log = GameLog(old.game, dict(old.config), seed, list(old.seats))
    return Match(match.game, match.agents, log=log)


def copy_of_log(log: GameLog) -> GameLog:
    """A log that shares nothing with ``log``, for a job to replay while the window reads the
    original."""
    return GameLog.from_json(copy.deepcopy(log.to_json()))


def forked(match: Match) -> Match:
    """A shallow copy of the match with a log of its own, for a job to change (undo) while the
    window goes on reading the original."""
    fork = copy.copy(match)
    fork.log = copy_of_log(match.log)
    return fork
