"""The seats this user holds at hosted tables: the token of each, kept between runs.

``pusher join`` keeps the token a host issued, so that joining the same address again (after a
crash, a closed lid, the host's restart) takes the same seat back. The file is small, written
atomically, and read strictly; a damaged one is set aside with one line, never a traceback.
The key is what the user typed (the address and the seat asked for), never anything a host sent.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pusher_sim import strict_json
from pusher_sim.atomic import atomic_write
from pusher_sim.errors import CorruptFile
from pusher_sim.net.protocol import TOKEN_CHARS
from pusher_sim.saves import saves_dir

MAX_BYTES = 256_000
MAX_HELD = 200
"""Seats remembered; the oldest are forgotten first."""


def held_path() -> Path:
    return saves_dir() / "held-seats.json"


def _read() -> dict[str, str]:
    path = held_path()
    if not path.exists():
        return {}
    try:
        data = strict_json.load(path, MAX_BYTES)
    except CorruptFile as exc:
        print(f"pusher: {exc}; starting afresh", file=sys.stderr)
        return {}
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and len(v) <= TOKEN_CHARS for k, v in data.items()
    ):
        print(f"pusher: {path} is not a list of held seats; starting afresh", file=sys.stderr)
        return {}
    return data


def held_token(key: str) -> str | None:
    return _read().get(key)


def keep_token(key: str, token: str | None) -> None:
    """Remember ``token`` for ``key`` (None: forget it)."""
    held = _read()
    held.pop(key, None)
    if token is not None:
        held[key] = token
    kept = dict(list(held.items())[-MAX_HELD:])
    atomic_write(held_path(), json.dumps(kept, indent=1) + "\n", private=True)


def seat_key(uri: str, seat: int | None) -> str:
    return f"{uri} seat {'any' if seat is None else seat}"
