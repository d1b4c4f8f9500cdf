"""A package's public names, imported from their modules on first use (PEP 562).

``import pusher_sim`` runs before every one of its modules is imported, so its ``__init__`` must
stay cheap: a researcher who needs the rules does not pay for pymunk, pyarrow or pygame. A
package lists each public name with the module that defines it; :func:`exports` gives the
module-level ``__getattr__`` and ``__dir__`` that import the module when the name is first used.
Type checkers and the API reference read the same names from the package's ``TYPE_CHECKING``
imports, which a test keeps equal to the list.
"""

from __future__ import annotations

import importlib
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from typing import Any


def exports(
    package: str, sources: Mapping[str, Sequence[str]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``, whose public names are
    ``sources[module]`` for each module that defines them; names listed under the package itself
    are its submodules."""
    where = {name: module for module, names in sources.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        if module == package:
            value = importlib.import_module(f"{package}.{name}")
        else:
            value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)  # the next use is a plain attribute
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *where})

    return __getattr__, __dir__
