"""Pusher's pushes across the network: the host resolves each push once and sends the path the
balls took; every joined window reads it back and plays it, never simulating the push again.

Pusher's registry entry hands these to the network code as its
:class:`~pusher_sim.turnloop.registry.Playback`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pusher_sim.errors import CorruptFile
from pusher_sim.push_resolution import PushOutcome
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.push_path import path_from_json, path_to_json
from pusher_sim.pusher.push_recorder import step_recorded
from pusher_sim.pusher.recorded_outcome import outcome_from_json
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import Playback


def simulated(action: Action) -> bool:
    """A push runs the physics: tens of milliseconds."""
    return isinstance(action, Push)


def step_sent(match: Match, action: Action) -> dict[str, Any] | None:
    """Play ``action``; for a push, the path its one resolution recorded, as JSON."""
    outcome = step_recorded(match, action)
    return None if outcome is None or outcome.path is None else path_to_json(outcome.path)


def played_back(outcome: Mapping[str, Any] | None, path: Any) -> PushOutcome | None:
    """A push's recorded outcome with the path the host sent, as the Pusher table plays it back
    (None for a move that is no push; CorruptFile on anything out of shape)."""
    if outcome is None or "balls" not in outcome:
        if path is not None:
            raise CorruptFile("a path came with a move that is no push")
        return None
    pushed = outcome_from_json(outcome)
    return replace(pushed, path=None if path is None else path_from_json(path))


PLAYBACK = Playback(slow=simulated, step=step_sent, read=played_back)
