"""A module loaded from its file, for the docs' build extensions and hooks, which live under
``docs/extensions`` outside any package."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType


def module_from_file(path: Path, name: str) -> ModuleType:
    """The module in ``path``, run fresh under ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
