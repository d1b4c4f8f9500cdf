"""Reading a JSON file we did not write: bounded in size, depth and numbers, UTF-8 only.

A saved game, an experiment's run record or a table's provenance may come from anywhere.
``json.load`` would read ``/dev/zero`` until memory runs out, recurse until the stack does on
``[[[[...``, turn ``1e400`` into infinity and accept ``NaN``; here each of those is one
:class:`~pusher_sim.errors.CorruptFile` line instead, and the file's size is checked before a
byte is read. The nesting depth is measured in one linear pass with no backtracking pattern
(a string of many escaped quotes once made a regular expression run for minutes).
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

import numpy as np

from pusher_sim.errors import CorruptFile

MAX_DEPTH = 32
"""Deepest nesting of lists and objects a file may have (a game log needs 6)."""
MAX_INT_DIGITS = 20
"""Longest integer literal read: enough for any 64-bit seed, far below Python's own limit."""

DEPTH_BLOCK = 1 << 20
"""Bytes counted at a time by :func:`nesting_depth`: a few MB of work, whatever the file."""
_QUOTE, _OPEN_LIST, _CLOSE_LIST, _OPEN_OBJECT, _CLOSE_OBJECT = (ord(c) for c in '"[]{}')


class Unreadable:
    """A number that parsed but means nothing here (``NaN``, ``1e400``, 10**100): a placeholder
    the reader reports with the field it sits in (see :func:`first_unreadable`)."""

    __slots__ = ("text",)
    made = 0
    """How many were ever made: a parse that made none needs no walk to find one."""

    def __init__(self, text: str) -> None:
        Unreadable.made += 1
        self.text = text if len(text) <= 24 else f"{text[:12]}...({len(text)} characters)"

    def __repr__(self) -> str:
        return self.text


def _int(text: str) -> int | Unreadable:
    digits = text.lstrip("-")
    return Unreadable(text) if len(digits) > MAX_INT_DIGITS else int(text)


def _float(text: str) -> float | Unreadable:
    if len(text) > 64:
        return Unreadable(text)
    value = float(text)
    return value if math.isfinite(value) else Unreadable(text)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise CorruptFile(f"key {key!r:.40} appears twice in one object")
        out[key] = value
    return out


def nesting_depth(text: str | bytes) -> int:
    """How deeply lists and objects nest in JSON ``text`` (brackets inside strings ignored).

    Linear in the length of ``text``, in time and memory alike: escaped backslashes, then
    escaped quotes, are dropped with ``bytes.replace`` (each escape is a backslash and one
    character, read left to right), after which every quote opens or closes a string, so a
    bracket is outside every string where the quotes before it are even in number. The bytes
    are then counted a block at a time with numpy: no regular expression (a pattern that
    backtracked ran for minutes on many escaped quotes, and ``re.sub`` over millions of small
    matches held each of them at once: past 500 MB for a 15 MB file). A bracket inside an
    unterminated string is not counted: the parser reads it as part of that string too.
    """
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    data = data.replace(b"\\\\", b"").replace(b'\\"', b"")  # no escape: the same object
    codes = np.frombuffer(data, dtype=np.uint8)  # a UTF-8 multi-byte character holds no ASCII
    deepest = depth = quotes = 0
    for start in range(0, len(codes), DEPTH_BLOCK):
        block = codes[start : start + DEPTH_BLOCK]
        parity = (np.cumsum(block == _QUOTE, dtype=np.int32) + quotes) & 1
        outside = parity == 0
        opening = outside & ((block == _OPEN_LIST) | (block == _OPEN_OBJECT))
        closing = outside & ((block == _CLOSE_LIST) | (block == _CLOSE_OBJECT))
        running = np.cumsum(opening.astype(np.int32) - closing, dtype=np.int32) + depth
        deepest = max(deepest, int(running.max()))
        depth, quotes = int(running[-1]), int(parity[-1])
    return deepest


def parse(raw: bytes, what: str = "the file") -> Any:
    """Decode UTF-8 ``raw`` as JSON, refusing deep nesting and duplicate keys.

    Numbers that cannot be held exactly and finitely come back as :class:`Unreadable`, so that
    the caller can name the field they sit in.
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorruptFile(f"{what} is not UTF-8 text (bad byte at offset {exc.start})") from None
    depth = nesting_depth(raw)  # the bytes: no copy of a file that has no escapes
    if depth > MAX_DEPTH:
        raise CorruptFile(f"{what} nests lists and objects {depth} deep (at most {MAX_DEPTH})")
    try:
        return json.loads(
            text,
            parse_int=_int,
            parse_float=_float,
            parse_constant=Unreadable,
            object_pairs_hook=_no_duplicates,
        )
    except json.JSONDecodeError as exc:
        raise CorruptFile(f"{what} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except CorruptFile as exc:
        raise CorruptFile(f"{what}: {exc}") from None


def read_bytes(path: str | Path, max_bytes: int, what: str = "a saved game") -> bytes:
    """The whole of a regular file no larger than ``max_bytes``, checked before reading.

    A FIFO, a device (``/dev/zero``) or a folder is refused without blocking on it.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise CorruptFile(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise CorruptFile(f"cannot read {path}: not a regular file")
        if info.st_size > max_bytes:
            raise CorruptFile(
                f"{path} is {info.st_size / 1e6:.1f} MB; {what} is at most {max_bytes / 1e6:.0f} MB"
            )
        chunks = []
        left = max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise CorruptFile(f"cannot read {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > max_bytes:
        raise CorruptFile(f"{path} grew past {max_bytes / 1e6:.0f} MB while being read")
    return raw


def first_unreadable(value: Any, where: str) -> str | None:
    """The path of the first :class:`Unreadable` number in parsed data, if any, with its text."""
    found = _unreadable_at(value)
    if found is None:
        return None
    keys, bad = found
    path = where
    for key in reversed(keys):
        path = f"{path}[{key}]" if isinstance(key, int) else (f"{path}.{key}" if path else key)
    return f"{path} = {bad.text}"


_HOLDERS = (dict, list, Unreadable)


def _unreadable_at(value: Any) -> tuple[list[str | int], Unreadable] | None:
    """The first :class:`Unreadable` in ``value`` and the keys leading to it, innermost first
    (the path is spelled only once one is found: a frame of thousands of numbers is walked
    without building a string per number)."""
    if isinstance(value, Unreadable):
        return [], value
    items: Any
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return None
    for key, item in items:
        if isinstance(item, _HOLDERS):
            found = _unreadable_at(item)
            if found is not None:
                found[0].append(key)
                return found
    return None


def parse_exact(raw: bytes, what: str, holder: str = "a saved game") -> Any:
    """:func:`parse`, refusing a number that cannot be held exactly and finitely (naming its
    field, "... is not a number ``holder`` can hold"). Only a parse that made an
    :class:`Unreadable` (or ran beside one that did) walks the data to find it."""
    made = Unreadable.made
    data = parse(raw, what)
    bad = first_unreadable(data, "") if Unreadable.made != made else None
    if bad:
        raise CorruptFile(f"{what}: {bad} is not a number {holder} can hold")
    return data


def load(path: str | Path, max_bytes: int) -> Any:
    """Read and parse a JSON file under every bound above; numbers are all finite and exact."""
    return parse_exact(read_bytes(path, max_bytes), str(path))
