"""Stand-ins for a command's real work, so a test can say that none of it started before a bad
argument was refused: each records its name and stops there."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest


def record_work(monkeypatch: pytest.MonkeyPatch, work: Iterable[tuple[Any, str, str]]) -> list[str]:
    """Replace each ``(module, attribute, name)`` of ``work`` by a stand-in; the names of those
    that were called, in order (a called one also fails the command with an AssertionError)."""
    started: list[str] = []

    def stand_in(name: str) -> Any:
        def record(*args: Any, **kwargs: Any) -> Any:
            started.append(name)
            raise AssertionError(f"{name} ran before the mistake was said")

        return record

    for module, attribute, name in work:
        monkeypatch.setattr(module, attribute, stand_in(name))
    return started
