"""The strict readers of Push's saved and received data: each returns the value if it is of
exactly its type and within bounds, else raises ValueError or TypeError naming what it expected
(the callers turn that into one CorruptFile line)."""

from __future__ import annotations

from typing import Any

from rummy.cards import NUM_CARDS


def whole(value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"expected a whole number {low}..{high}, got {value!r:.40}")
    return value


def flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r:.40}")
    return value


def choice(value: Any, options: tuple[str, ...]) -> str:
    if value not in options:
        raise ValueError(f"expected one of {options}, got {value!r:.40}")
    return str(value)


def text(value: Any, max_len: int = 32) -> str:
    if not isinstance(value, str) or len(value) > max_len:
        raise ValueError(f"expected a short text, got {value!r:.40}")
    return value


def items(value: Any, max_len: int = 256) -> list[Any]:
    if not isinstance(value, list) or len(value) > max_len:
        raise TypeError(f"expected a list, got {value!r:.40}")
    return value


def cards(values: Any) -> list[int]:
    if not isinstance(values, list):
        raise TypeError("a list of cards")
    return [whole(v, 0, NUM_CARDS - 1) for v in values]
