"""Text from outside (a file's name, a table's provenance, a saved game) made safe to print.

A terminal obeys escape sequences: ``ESC [ 2 J`` in a provenance field would clear the screen,
others retitle the window or hide what follows, and a newline turns one error into several.
Every control character (C0, DEL, C1) is written as its Python escape instead, so what is
printed is one line that shows exactly what the file holds.
"""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 controls, DEL, line and paragraph separators, and the bidirectional overrides
(which reorder what a reader sees)."""


def printable(text: object, limit: int | None = None) -> str:
    """``text`` (anything, via ``str``) with every control character escaped: one safe line.

    With ``limit``, a longer line is shown by its two ends (a path may be thousands of
    characters long, and a message is for a person to read).
    """
    line = _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), str(text))
    if limit is None or len(line) <= limit:
        return line
    tail = max(10, limit // 4)
    return f"{line[: limit - tail - 5]} ... {line[-tail:]}"


def without_controls(text: str) -> str:
    """``text`` with every control character (as :func:`printable` escapes them) removed: a
    name or a chat line from a peer, shown as plain text on one line."""
    return _CONTROL.sub("", text)
