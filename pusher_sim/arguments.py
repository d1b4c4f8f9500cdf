"""argparse types with bounds: every number on the command line is checked before any work.

A bound keeps a request within what the machine can do (a worker count no larger than a few per
core, a finite positive duration); a mistake is argparse's one-line error, never a traceback.
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable

from pusher_sim.errors import CorruptFile, UserError
from pusher_sim.strict_json import read_bytes

MAX_SEED = 2**63 - 1
WORKERS_PER_CORE = 4
MAX_PATH = 4096
"""Longest path taken (Linux's PATH_MAX); each of its names at most NAME_MAX, 255 bytes."""
MAX_NAME_BYTES = 255


def check_path_text(text: str, what: str) -> str:
    """A file path as given, refused in one line if no file could ever have it: empty, ``-``
    (we never write to or read from standard streams by that name), holding a NUL or another
    control character, or too long for the system."""
    from pusher_sim.printable import printable

    shown = printable(text[:60]) + ("..." if len(text) > 60 else "")
    if not text.strip():
        raise UserError(f"{what} is an empty path")
    if text == "-":
        raise UserError(f"{what} '-' is not a file (standard input and output are not used)")
    if any(ord(c) < 32 or ord(c) == 127 for c in text):
        raise UserError(f"{what} {shown!r} holds a control character")
    if len(text) > MAX_PATH:
        raise UserError(f"{what} is {len(text):,} characters long (at most {MAX_PATH:,})")
    try:
        longest = max(len(part.encode("utf-8")) for part in text.split("/"))
    except UnicodeEncodeError:
        raise UserError(f"{what} {shown!r} is not valid text") from None
    if longest > MAX_NAME_BYTES:
        raise UserError(f"{what} has a name of {longest} bytes (at most {MAX_NAME_BYTES})")
    return text


def path_arg(what: str) -> Callable[[str], str]:
    """An argparse type: a path that :func:`check_path_text` accepts."""

    def parse(text: str) -> str:
        try:
            return check_path_text(text, what)
        except UserError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


def max_workers() -> int:
    """Most worker processes a command may start: a few per core of this machine."""
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """A whole number in ``[low, high]``; digits beyond any bound are refused before ``int``."""

    def parse(text: str) -> int:
        stripped = text.strip()
        if len(stripped) > 40:
            raise argparse.ArgumentTypeError(f"not a sensible whole number: {stripped[:20]!r}...")
        try:
            value = int(stripped)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:,}, got {value:,}")
        return value

    return parse


def finite(low: float, high: float, *, open_low: bool = False) -> Callable[[str], float]:
    """A finite number in ``[low, high]`` (``(low, high]`` with ``open_low``): no nan, no inf."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"must be a finite number, got {text!r}")
        if value < low or (open_low and value == low) or value > high:
            side = "(" if open_low else "["
            raise argparse.ArgumentTypeError(f"must be in {side}{low:g}, {high:g}], got {value:g}")
        return value

    return parse


def worker_count(text: str) -> int:
    """A number of worker processes: 1 to :func:`max_workers`."""
    return whole_number(1, max_workers())(text)


def worker_counts(text: str) -> list[int]:
    """A comma-separated list of worker counts, each as :func:`worker_count`."""
    parts = [p.strip() for p in text.split(",")]
    if not 1 <= len(parts) <= 8:
        raise argparse.ArgumentTypeError(f"give 1 to 8 worker counts, got {len(parts)}")
    return [worker_count(p) for p in parts]


def text_file(max_bytes: int) -> Callable[[str], str]:
    """A path to a regular UTF-8 text file of at most ``max_bytes`` (checked, then returned)."""

    def parse(text: str) -> str:
        try:
            raw = read_bytes(text, max_bytes)
            raw.decode("utf-8")
        except CorruptFile as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        except UnicodeDecodeError:
            raise argparse.ArgumentTypeError(f"{text} is not UTF-8 text") from None
        return text

    return parse


seed = whole_number(0, MAX_SEED)
