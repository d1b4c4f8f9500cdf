"""A package's public names, imported from their modules on first use (PEP 562).

``import pusher_sim`` runs before any of its modules is imported, so its ``__init__`` must stay
cheap: a researcher who needs the rules does not pay for pymunk, pyarrow or pygame. Such a
package imports its public names under ``if TYPE_CHECKING:`` only, where type checkers and the
API reference read them, and takes the module-level ``__getattr__`` and ``__dir__`` from
:func:`exports`, which read the same imports and make each one when its name is first used. The
imports are the one list of where each name comes from: a module moved is a type-check error.
"""

from __future__ import annotations

import importlib
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def deferred_imports(source: str) -> dict[str, str]:
    """Each name that ``source`` imports under a top-level ``if TYPE_CHECKING:``, and the module
    it comes from."""
    import ast

    names: dict[str, str] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for statement in node.body:
                if isinstance(statement, ast.ImportFrom) and statement.module:
                    names.update({alias.name: statement.module for alias in statement.names})
    return names


def exports(package: str) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``: a name it imports for type checkers is
    imported from its module when first used, then kept as a plain attribute."""
    where: dict[str, str] = {}

    def sources() -> dict[str, str]:
        if not where:
            path = sys.modules[package].__file__
            assert path is not None
            with open(path, encoding="utf-8") as file:
                where.update(deferred_imports(file.read()))
        return where

    def __getattr__(name: str) -> Any:
        module = sources().get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        if module == package:  # one of the package's own modules
            value = importlib.import_module(f"{package}.{name}")
        else:
            value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *sources()})

    return __getattr__, __dir__
