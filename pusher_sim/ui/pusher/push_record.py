"""A push applied once, with its path kept: what the table animates is what the rules decided.

The window applies a person's or a bot's push to the match with :func:`apply_recorded`, which
resolves it once with its path kept (:mod:`pusher_sim.pusher.push_recorder`); the table then
plays the path back (pooltool's way: simulate once, record, animate the record, apply the
rules).
"""

from __future__ import annotations

from pusher_sim.push_resolution import PushOutcome
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.push_recorder import step_recorded
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.match import Match
from pusher_sim.ui.common.turn_flow import Logged


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
    return step_recorded(match, action)


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
