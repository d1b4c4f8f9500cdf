"""Whole numbers in saved states and actions.

A bool is an int to Python, so ``isinstance(value, int)`` alone would read JSON's ``true`` as 1;
a saved state or an action holding one is malformed, not a position.
"""

from __future__ import annotations

from typing import TypeGuard


def is_whole_number(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(value: object) -> int:
    """``value`` itself; a TypeError (which readers turn into CorruptFile) if it is not one."""
    if not is_whole_number(value):
        raise TypeError(f"expected a whole number, got {value!r:.30}")
    return value
