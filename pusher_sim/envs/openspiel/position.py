"""What an OpenSpiel state holds beyond the turn-loop state: each seat's recall of its views
(the information state's string) and its record of public events (the tensor's tail)."""

from __future__ import annotations

import hashlib
import json
from typing import Any, NamedTuple

import numpy as np

from pusher_sim.turnloop.state import State


class Recall(NamedTuple):
    """What one seat has seen so far: how many distinct views, a digest of them all in order
    (each view chained onto the digest before it), and the latest view."""

    views: int
    digest: bytes
    last: str

    def after(self, view: str) -> Recall:
        """This recall once the seat has had ``view`` (unchanged if it is the same as before:
        an event the seat does not see, a card drawn in a shuffle, leaves no trace)."""
        if view == self.last:
            return self
        digest = hashlib.blake2b(self.digest + view.encode(), digest_size=16).digest()
        return Recall(self.views + 1, digest, view)

    def text(self) -> str:
        return f"view {self.views}, recall {self.digest.hex()}: {self.last}"


class Position:
    """A turn-loop state, the cards drawn so far for a shuffle in progress, and each seat's
    recall of its views and record of public events (the information state).

    OpenSpiel clones a Python state by deep-copying its attributes; this copies itself with the
    turn loop's own (cheap) ``clone`` and shares the game, which never changes.
    """

    def __init__(
        self,
        state: State,
        drawn: list[int] | None = None,
        recalls: list[Recall] | None = None,
        record: np.ndarray | None = None,
    ) -> None:
        self.state = state
        self.drawn = drawn or []
        self.recalls = recalls if recalls is not None else []
        self.record = record if record is not None else np.zeros(0, np.float32)

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return Position(
            self.state.clone(), list(self.drawn), list(self.recalls), self.record.copy()
        )

    def remember(self) -> None:
        """Each seat's view of the state as it now is, added to its recall."""
        seats = range(len(self.recalls))
        views = [json.dumps(self.state.observation(p).to_json(), sort_keys=True) for p in seats]
        self.recalls = [r.after(v) for r, v in zip(self.recalls, views, strict=True)]
