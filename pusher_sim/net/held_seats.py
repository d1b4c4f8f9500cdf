"""The seats this user holds at hosted tables: the token of each, kept between runs.

``pusher join`` keeps the token a host issued, so that joining the same address again (after a
crash, a closed lid, the host's restart) takes the same seat back. The key is what the user
typed (the address and the seat asked for), never anything a host sent; under one key the file
keeps every seat taken with it, each with the process that holds it now. A token whose process
still runs is in use: a second window joined from this machine with the same words takes
another seat (or is told none is open) instead of being refused the first one's. The file is
small, written atomically, and read strictly; a damaged one is set aside with one line, never
a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from pusher_sim import strict_json
from pusher_sim.atomic import atomic_write
from pusher_sim.errors import CorruptFile
from pusher_sim.net.protocol import TOKEN_CHARS
from pusher_sim.saves import saves_dir
from pusher_sim.turnloop.schema import ListOf, Obj, ShapeError, Text, Whole

MAX_BYTES = 256_000
MAX_HELD = 200
"""Keys remembered; the oldest are forgotten first."""
MAX_PER_KEY = 8
"""Seats kept under one key (a table has at most eight)."""
_HELD = ListOf(
    Obj(
        {"token": Text(max_len=TOKEN_CHARS), "pid": Whole(0, 1 << 31)},
        required=frozenset({"token", "pid"}),
    ),
    MAX_PER_KEY,
)
_mine: dict[str, str] = {}
"""The token this process took under each key."""


def held_path() -> Path:
    return saves_dir() / "held-seats.json"


def _read() -> dict[str, list[dict[str, Any]]]:
    path = held_path()
    if not path.exists():
        return {}
    try:
        data = strict_json.load(path, MAX_BYTES)
        if not isinstance(data, dict):
            raise ShapeError("it must be an object")
        for key, held in data.items():
            if isinstance(held, str):  # an older build's file: one token, held by nobody now
                held = data[key] = [{"token": held, "pid": 0}]
            _HELD.check(held, key)
    except CorruptFile as exc:
        print(
            f"pusher: {path} is not a list of held seats ({exc}); starting afresh", file=sys.stderr
        )
        return {}
    return data


def _running(pid: int) -> bool:
    """Whether another process of this machine with that id still runs (it holds its seat)."""
    if pid in (0, os.getpid()):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it runs, as another user
        return True
    return True


def held_token(key: str) -> str | None:
    """A token kept under ``key`` that no other running process holds (None: join afresh)."""
    for entry in _read().get(key, []):
        if not _running(entry["pid"]):
            _mine[key] = entry["token"]
            return str(entry["token"])
    return None


def keep_token(key: str, token: str | None) -> None:
    """Remember ``token`` under ``key`` as this process's (None: forget this process's)."""
    held = _read()
    entries = [e for e in held.pop(key, []) if e["token"] not in (token, _mine.get(key))]
    if token is not None:
        entries.append({"token": token, "pid": os.getpid()})
        _mine[key] = token
    else:
        _mine.pop(key, None)
    if entries:
        held[key] = entries[-MAX_PER_KEY:]
    kept = dict(list(held.items())[-MAX_HELD:])
    atomic_write(held_path(), json.dumps(kept, indent=1) + "\n")


def seat_key(uri: str, seat: int | None) -> str:
    return f"{uri} seat {'any' if seat is None else seat}"
