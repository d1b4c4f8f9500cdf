"""Shapes of saved data: exact JSON types, bounded numbers and lengths, one line per mistake.

A saved game is untrusted input. Each field is checked against a shape that names the field
when it complains; nothing is coerced (``"3"`` is not 3, ``[]`` is not an object, ``"x"`` is not
true), and every number and list has bounds, so a file cannot ask for unbounded work.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from pusher_sim.errors import ConfigError, CorruptFile
from pusher_sim.turnloop.whole_number import is_whole_number


class ShapeError(ConfigError, CorruptFile):
    """A value in a saved game or a config has the wrong type or is out of range."""


def describe(value: object) -> str:
    """A JSON value as a user would recognise it, kept short."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the text {value!r:.30}"
    if isinstance(value, list | tuple):
        return f"a list of {len(value)}"
    if isinstance(value, Mapping):
        return "an object"
    return f"{value!r:.30}"


class Shape(Protocol):
    def check(self, value: object, where: str) -> None:
        """Raise :class:`ShapeError` naming ``where`` unless ``value`` has this shape."""
        ...


@dataclass(frozen=True)
class Whole:
    """A whole number (not a bool, not 3.0) in ``[low, high]``."""

    low: int
    high: int

    def check(self, value: object, where: str) -> None:
        if not is_whole_number(value):
            raise ShapeError(f"{where} must be a whole number, got {describe(value)}")
        if not self.low <= value <= self.high:
            raise ShapeError(f"{where} = {value} is out of range [{self.low}, {self.high}]")


@dataclass(frozen=True)
class Real:
    """A finite number in ``[low, high]`` (JSON has one number type, so 1 is as good as 1.0)."""

    low: float
    high: float

    def check(self, value: object, where: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ShapeError(f"{where} must be a number, got {describe(value)}")
        if not (math.isfinite(value) and self.low <= value <= self.high):
            raise ShapeError(f"{where} = {value!r:.30} is out of range [{self.low}, {self.high}]")


@dataclass(frozen=True)
class Flag:
    """``true`` or ``false``, nothing else."""

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, bool):
            raise ShapeError(f"{where} must be true or false, got {describe(value)}")


@dataclass(frozen=True)
class Text:
    """A string of at most ``max_len`` characters, one of ``choices`` if given."""

    choices: tuple[str, ...] = ()
    max_len: int = 64

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, str):
            raise ShapeError(f"{where} must be text, got {describe(value)}")
        if self.choices and value not in self.choices:
            raise ShapeError(f"{where} must be one of {', '.join(self.choices)}, got {value!r:.30}")
        if len(value) > self.max_len:
            raise ShapeError(f"{where} is {len(value)} characters long (at most {self.max_len})")


@dataclass(frozen=True)
class ListOf:
    """A list of ``min_len`` to ``max_len`` items of one shape."""

    item: Shape
    max_len: int
    min_len: int = 0

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, list | tuple):
            raise ShapeError(f"{where} must be a list, got {describe(value)}")
        if not self.min_len <= len(value) <= self.max_len:
            raise ShapeError(
                f"{where} has {len(value)} entries (allowed {self.min_len} to {self.max_len})"
            )
        for n, item in enumerate(value):
            self.item.check(item, f"{where}[{n}]")


@dataclass(frozen=True)
class Row:
    """A fixed-length list whose items have their own shapes (``["set", 3]``)."""

    items: tuple[Shape, ...]

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, list | tuple) or len(value) != len(self.items):
            raise ShapeError(f"{where} must be a list of {len(self.items)}, got {describe(value)}")
        for n, (item, shape) in enumerate(zip(value, self.items, strict=True)):
            shape.check(item, f"{where}[{n}]")


@dataclass(frozen=True)
class Maybe:
    """``null`` or a value of the inner shape."""

    inner: Shape

    def check(self, value: object, where: str) -> None:
        if value is not None:
            self.inner.check(value, where)


@dataclass(frozen=True)
class Obj:
    """An object with only the listed keys; those in ``required`` must be there."""

    fields: Mapping[str, Shape]
    required: frozenset[str] = field(default_factory=frozenset)

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, Mapping):
            raise ShapeError(f"{where} must be an object, got {describe(value)}")
        for key in value:
            if key not in self.fields:
                raise ShapeError(f"{where} has an unknown key {key!r:.40}")
        for key in sorted(self.required):
            if key not in value:
                raise ShapeError(f"{where} lacks {key!r}")
        for key, shape in self.fields.items():
            if key in value:
                shape.check(value[key], f"{where}.{key}")


@dataclass(frozen=True)
class Rule:
    """A shape written as a function (for checks no combinator above expresses)."""

    check_fn: Callable[[object, str], None]

    def check(self, value: object, where: str) -> None:
        self.check_fn(value, where)
