"""Actions: small frozen dataclasses that print well and survive a JSON round trip.

Every game's actions subclass :class:`Action` and hold only ints, floats, strings, bools and
(nested) tuples of those, so one codec serves all games: tuples become JSON lists and back.
"""

from __future__ import annotations

import dataclasses
import math
import typing
from collections.abc import Iterable
from typing import Any

from pusher_sim.errors import CorruptFile

JSONValue = Any

MAX_ITEMS = 512
"""Longest tuple a decoded action may hold (a shuffle of Push's 108 cards is the longest)."""
MAX_WHOLE = 2**63


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


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type[Action]) -> dict[str, Any]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _fits(value: object, hint: Any) -> bool:
    """Whether decoded JSON ``value`` is exactly of the annotated type (no coercion)."""
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool) and abs(value) < MAX_WHOLE
    if hint is float:
        return (
            isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
        )
    if hint is str:
        return isinstance(value, str) and len(value) <= 64
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, tuple) or len(value) > MAX_ITEMS:
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(
            _fits(v, a) for v, a in zip(value, args, strict=True)
        )
    return True


def _type_name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")


class ActionCodec:
    """Decodes one game's actions from JSON, refusing anything it does not know."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self._classes = {c.__name__: c for c in classes}

    def decode(self, data: JSONValue) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise CorruptFile(f"an action must be an object with a 'type', got {data!r:.60}")
        cls = self._classes.get(data["type"])
        if cls is None:
            raise CorruptFile(f"unknown action type {data['type']!r:.40}")
        extra = set(data) - set(_field_names(cls)) - {"type"}
        if extra:
            raise CorruptFile(f"action {cls.__name__} has an unknown field {min(extra)!r:.40}")
        values = {k: _tupled(v) for k, v in data.items() if k != "type"}
        hints = _hints(cls)
        for name, value in values.items():
            if not _fits(value, hints.get(name, Any)):
                raise CorruptFile(
                    f"action {cls.__name__}: {name} must be {_type_name(hints[name])}, "
                    f"got {value!r:.40}"
                )
        try:
            return cls(**values)
        except TypeError as exc:
            raise CorruptFile(f"bad {cls.__name__} action: {exc}") from None
