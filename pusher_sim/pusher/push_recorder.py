"""A push applied once with its path kept, for every front end that plays pushes back.

:func:`step_recorded` applies an action to a match; for a push it arms the game's resolver
(wrapped once in a :class:`PushRecorder`) for the calling thread, so the rules' one resolution
of the push asks for the balls' :class:`~pusher_sim.push_resolution.PushPath` and the recorder
keeps that outcome. The window animates it; a network host sends it to every joined window.
Nothing here knows which model resolves the push: any
:class:`~pusher_sim.push_resolution.PushResolver` records its own path.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.push_resolution import PushOutcome, PushResolver, PushSpec, ResolverWrapper
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.state import PusherGame
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.match import Match


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


def step_recorded(match: Match, action: Action) -> PushOutcome | None:
    """Play ``action`` in ``match``; for a Pusher push, the outcome the rules resolved it to,
    with its recorded path (the push is resolved once). Other moves return None."""
    game = match.game
    if not isinstance(action, Push) or not isinstance(game, PusherGame):
        match.step(action)
        return None
    recorder = recorder_of(game)
    recorder.armed_by, recorder.kept = threading.get_ident(), None
    try:
        match.step(action)
        return recorder.kept
    finally:
        recorder.armed_by, recorder.kept = None, None
