"""Actions: small frozen dataclasses that print well and survive a JSON round trip.

Every game's actions subclass :class:`Action` and hold only ints, floats, strings, bools and
(nested) tuples of those, so one codec serves all games: tuples become JSON lists and back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from pusher_sim.errors import CorruptFile

JSONValue = Any


def _plain(value: object) -> JSONValue:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tupled(value: JSONValue) -> object:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""Each action class's field names, asked of ``dataclasses.fields`` once: the driver logs every
action, and asking on each one would cost a fast game a noticeable share of its move."""


def _field_names(cls: type[Action]) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every action. Subclasses are ``@dataclass(frozen=True)`` with plain fields."""

    def to_json(self) -> dict[str, JSONValue]:
        data: dict[str, JSONValue] = {"type": type(self).__name__}
        for name in _field_names(type(self)):
            data[name] = _plain(getattr(self, name))
        return data


class ActionCodec:
    """Decodes one game's actions from JSON, refusing anything it does not know."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self._classes = {c.__name__: c for c in classes}

    def decode(self, data: JSONValue) -> Action:
        if not isinstance(data, dict) or "type" not in data:
            raise CorruptFile(f"an action must be an object with a 'type', got {data!r:.60}")
        cls = self._classes.get(data["type"])
        if cls is None:
            raise CorruptFile(f"unknown action type {data['type']!r}")
        extra = set(data) - set(_field_names(cls)) - {"type"}
        if extra:
            raise CorruptFile(f"action {cls.__name__} has unknown fields {sorted(extra)}")
        try:
            return cls(**{k: _tupled(v) for k, v in data.items() if k != "type"})
        except TypeError as exc:
            raise CorruptFile(f"bad {cls.__name__} action: {exc}") from None
