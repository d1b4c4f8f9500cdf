"""A push applied once, with its path kept: what the table animates is what the rules decided.

The window applies a person's or a bot's push to the match with :func:`apply_recorded`. It arms the
game's resolver (wrapped once in a :class:`PushRecorder`) for the calling thread, so the rules' one
resolution of the push asks for the balls' :class:`~pusher_sim.push_resolution.PushPath` and the
recorder keeps that outcome; the table then plays the path back (pooltool's way: simulate once,
record, animate the record, apply the rules). Nothing here knows which model resolves the push: any
:class:`~pusher_sim.push_resolution.PushResolver` records its own path.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.push_resolution import PushOutcome, PushResolver, PushSpec, ResolverWrapper
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.match import Match
from pusher_sim.ui.common.turn_flow import Logged


class PushRecorder(ResolverWrapper):
    """A resolver that passes every push on to ``inner``; for the one thread that armed it, it
    asks for the path and keeps the outcome. A bot searching on another thread (or in worker
    processes: it pickles as plain attributes) is served exactly as by ``inner``."""

    def __init__(self, inner: PushResolver) -> None:
        super().__init__(inner)
        self.armed_by: int | None = None
        """The thread whose next resolution is recorded, or None."""
        self.kept: PushOutcome | None = None

    def __getstate__(self) -> dict[str, object]:
        """Sent to a bot's worker process: the resolver only, never a kept path."""
        return {"inner": self.inner, "armed_by": None, "kept": None}

    def resolve(
        self,
        board: Board,
        balls: Mapping[Cell, Colour],
        push: PushSpec,
        *,
        record: bool = False,
    ) -> PushOutcome:
        mine = self.armed_by is not None and self.armed_by == threading.get_ident()
        outcome = self.inner.resolve(board, balls, push, record=record or mine)
        if mine:
            self.kept = outcome
        return outcome


def recorder_of(game: PusherGame) -> PushRecorder:
    """The game's resolver as a recorder (wrapping it the first time)."""
    resolver = game.resolver
    if not isinstance(resolver, PushRecorder):
        resolver = game.resolver = PushRecorder(resolver)
    return resolver


def apply_recorded(
    match: Match, action: Action, logged: Logged | None = None
) -> PushOutcome | None:
    """Apply ``action`` to ``match``; for a push, the outcome the rules resolved it to, with
    its recorded path (the push is resolved once). Other moves return None.

    A move read from a log (``logged``, a replay) is applied with the outcome the log records,
    as it stands; a push's path is then resolved once with the model that recorded it, and is
    played only if it ends where the log says (else the balls are shown where they rest)."""
    game = match.game
    if not isinstance(action, Push) or not isinstance(game, PusherGame):
        if logged is None:
            match.step(action)
        else:
            match.step_logged(action, logged.outcome)
        return None
    if logged is not None:
        return _logged_push(match, game, action, logged)
    recorder = recorder_of(game)
    recorder.armed_by, recorder.kept = threading.get_ident(), None
    try:
        match.step(action)
        return recorder.kept
    finally:
        recorder.armed_by, recorder.kept = None, None


def _logged_push(match: Match, game: PusherGame, push: Push, logged: Logged) -> PushOutcome | None:
    state = match.state
    assert isinstance(state, PusherState)
    balls, spec = dict(state.balls), push.spec(state.colour)
    match.step_logged(push, logged.outcome)
    after = match.state
    assert isinstance(after, PusherState)
    outcome = after.last_outcome
    if outcome is None:
        return None
    maker = next((r for r in (game.resolver, game.unrecorded) if r.model == outcome.model), None)
    if maker is None:
        return outcome
    drawn = maker.resolve(game.board, balls, spec, record=True)
    return drawn if drawn.as_dict() == outcome.as_dict() else outcome
