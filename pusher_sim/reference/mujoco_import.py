"""The one place that imports MuJoCo: a clear one-line error when it is not installed."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from pusher_sim.errors import ConfigError

INSTALL_HINT = "the 3-D reference needs MuJoCo: pip install 'pusher[reference]' (or mujoco)"


def mujoco() -> Any:
    """The ``mujoco`` module, or a :class:`ConfigError` saying how to install it."""
    try:
        module: ModuleType = importlib.import_module("mujoco")
    except ImportError:
        raise ConfigError(INSTALL_HINT) from None
    return module
