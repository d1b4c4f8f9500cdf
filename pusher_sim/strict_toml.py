"""Reading a TOML file we did not write (an experiment spec, a physics config): bounded first.

``tomllib`` recurses once per level of nested arrays and inline tables (``a = [[[[...``
ends in ``RecursionError``) and keeps bookkeeping for every prefix of a dotted key (a key of
a few hundred thousand parts took gigabytes before failing). Here the text is measured before
it is parsed, in linear passes with no backtracking pattern: its size, its longest line, how
deeply brackets nest outside strings and comments, and how many parts a dotted key has. A file
past any bound is one :class:`~pusher_sim.errors.UserError` line naming it.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import numpy as np

from pusher_sim.errors import CorruptFile, UserError
from pusher_sim.strict_json import read_bytes

MAX_TOML_BYTES = 1_000_000
MAX_LINE = 100_000
"""Longest line, in characters (a grid of many values fits)."""
MAX_DEPTH = 16
"""Deepest nesting of arrays and inline tables (a spec needs 2)."""
MAX_KEY_PARTS = 8
"""Most parts in one dotted key or table name (a spec needs 2)."""

_PLAIN_STRING = re.compile(r'"[^"\n]*"|\'[^\'\n]*\'')
_COMMENT = re.compile(r"#[^\n]*")
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DOTTED = re.compile(r"(?<![\w-])[\w-]+(?:[ \t]*\.[ \t]*[\w-]+){" + str(MAX_KEY_PARTS) + ",}")
"""A key of more than MAX_KEY_PARTS parts; it starts only where a word starts (so a long word
is tried once, not from each of its letters)."""


def shape_problem(text: str) -> str | None:
    """Why ``text`` is too long, deep or dotted to parse safely, or None."""
    longest = max((len(line) for line in text.splitlines()), default=0)
    if longest > MAX_LINE:
        return f"has a line of {longest:,} characters (at most {MAX_LINE:,})"
    # Escapes go first (each is a backslash and one character), then every string becomes one
    # placeholder word, so that quoted key parts still count as parts.
    plain = text.replace("\\\\", "").replace('\\"', "")
    plain = _COMMENT.sub("", _PLAIN_STRING.sub("x", plain))
    brackets = _NOT_BRACKET.sub("", plain)
    if brackets:
        codes = np.frombuffer(brackets.encode("ascii"), dtype=np.uint8)
        steps = np.where((codes == ord("[")) | (codes == ord("{")), 1, -1).astype(np.int32)
        depth = int(np.cumsum(steps, dtype=np.int32).max())
        # A table header [a] or [[a]] opens and closes on its line; arrays of tables add one.
        if depth > MAX_DEPTH:
            return f"nests arrays or tables {depth} deep (at most {MAX_DEPTH})"
    if _DOTTED.search(plain):
        return f"has a dotted key of more than {MAX_KEY_PARTS} parts"
    return None


def read_toml(path: str | Path, what: str) -> dict[str, Any]:
    """Read and parse a small TOML file under every bound above."""
    where = Path(path)
    try:
        raw = read_bytes(where, MAX_TOML_BYTES, f"{what}")
    except CorruptFile as exc:
        raise UserError(f"{what}: {exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UserError(f"{what} {where} is not a UTF-8 text file") from None
    problem = shape_problem(text)
    if problem:
        raise UserError(f"{what} {where} {problem}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"{what} {where} is not valid TOML: {exc}") from None
    except RecursionError:  # a second line of defence: the bounds above should prevent it
        raise UserError(f"{what} {where} nests too deeply") from None
