"""The seats of a hosted match: who may sit where, who holds each seat, and how the seats are
told to every connection (the ``seats`` list of protocol 2, docs/network.md).

A seat taken by a joiner is held by a random token; only its SHA-256 is kept (and saved), so
the host's files hold no credential.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from pusher_sim.turnloop.registry import HUMAN

OPEN = "open"
"""A seat for whoever joins (``pusher host --seats open,bot``)."""
STAND_IN = "bot"
"""The bot that plays a seat left empty longer than ``--abandon-after``: the game's strongest."""


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    """One seat of the hosted match and who holds it now."""

    kind: str
    """``open``, ``human`` (the host's own window) or a bot name."""
    token: str | None = None
    """The SHA-256 of the token that holds the seat, once someone took it."""
    name: str = ""
    holder: object | None = None
    """The connection playing the seat now, or None."""
    away_since: float | None = None
    stand_in: bool = False
    """A bot plays the seat while its person is away."""
    held_before: bool = False
    """A connection of this session held the seat (one coming back with its token is "back")."""

    @property
    def person(self) -> bool:
        return self.kind in (OPEN, HUMAN)


def seats_json(seats: list[Seat]) -> list[dict[str, Any]]:
    """Each seat as every connection is told it: its kind (``open`` until someone takes it,
    ``person`` after, or the bot's name), its holder's name, whether it is taken, held by a
    live connection, or played by a bot now."""
    return [
        {
            "seat": n,
            "kind": (OPEN if s.token is None else "person") if s.person else s.kind,
            "name": s.name or None,
            "taken": s.token is not None,
            "present": s.holder is not None,
            "bot": s.stand_in or not s.person,
        }
        for n, s in enumerate(seats)
    ]
