"""``pusher replay --resimulate``: each push of a saved game re-run with this build's model.

A log records every push's outcome and a replay uses those, so a game reads the same under every
model. This says how the current model would have resolved each push instead: from the position
the push was made in (as the game went), with the push as the table's hand made it (P8: the
log records it; a log from before the hand, the push aimed). It does not
follow a different outcome on: a push whose balls now rest elsewhere is reported, and the game
goes on from what was recorded.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pusher_sim.board import Cell, Colour
from pusher_sim.push_resolution import PushOutcome
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.names import cup_name
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.turnloop.log import GameLog, Replayed, replay
from pusher_sim.turnloop.state import Game


@dataclass(frozen=True)
class PushRerun:
    """One push of a log: its outcome as recorded, and as the current model resolves it."""

    number: int
    """The push's action number in the log (1-based, as ``replay --verbose`` counts)."""
    colour: Colour
    """Who pushed."""
    recorded: PushOutcome
    now: PushOutcome

    @property
    def differs(self) -> bool:
        """Whether the balls rest elsewhere now, or the push now settles where it did not (or
        the other way round)."""
        same_places = sorted(self.recorded.balls) == sorted(self.now.balls)
        return not same_places or self.recorded.settled != self.now.settled

    def describe(self, radius: int) -> str:
        """One line: which push, and briefly how it comes out differently now."""
        was, now = Counter(self.recorded.balls), Counter(self.now.balls)
        line = f"action {self.number} ({self.colour.label} pushes): "
        if was != now:
            line += (
                f"model {self.recorded.model or '?'} left {_places(was - now, radius)}; "
                f"model {self.now.model} leaves {_places(now - was, radius)}"
            )
        else:
            line += f"the balls rest where model {self.recorded.model or '?'} left them"
        if self.recorded.settled != self.now.settled:
            line += "; now settled" if self.now.settled else "; now unsettled (out of time)"
        return line


def _places(balls: Counter[tuple[Cell, Colour]], radius: int) -> str:
    return ", ".join(f"{c.label} at {cup_name(cell, radius)}" for cell, c in sorted(balls))


def rerun_pushes(game: PusherGame, log: GameLog) -> list[PushRerun]:
    """Every push of ``log``, re-run with ``game.resolver`` from where it was made.

    The log is replayed as it records the game (its outcomes as they stand; a version-1 log's
    worked out with its own model), so a corrupt log raises CorruptFile like any replay.
    """
    reruns: list[PushRerun] = []
    before: list[PusherState] = [game.new_initial_state()]

    def each(step: Replayed) -> None:
        state = step.state
        assert isinstance(state, PusherState)
        prior = before[0]
        if isinstance(step.action, Push) and state.last_outcome is not None:
            made = step.action if state.last_hand is None else state.last_hand[1]
            spec = made.spec(prior.colour)
            now = game.resolver.resolve(game.board, dict(prior.balls), spec)
            reruns.append(PushRerun(step.number, prior.colour, state.last_outcome, now))
        before[0] = state.clone()

    replay(game, log, each=each)
    return reruns


def resimulate(game: Game, log: GameLog) -> list[str]:
    """The report of ``pusher replay --resimulate``: a line per push that comes out differently
    under the current model, then a line saying how many of how many."""
    if not isinstance(game, PusherGame):
        raise TypeError(f"not a Pusher game: {type(game).__name__}")
    reruns = rerun_pushes(game, log)
    differing = [r for r in reruns if r.differs]
    model = game.resolver.model
    lines = [r.describe(game.board.radius) for r in differing]
    counted = "1 push comes" if len(reruns) == 1 else f"{len(reruns)} pushes come"
    lines.append(f"{len(differing)} of {counted} out differently under model {model}")
    return lines
