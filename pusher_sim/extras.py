"""The optional extras and what each provides, so a command that lacks one says which to install.

Playing needs only the core dependencies (``make run``); experiments, datasets, progress bars,
plots and the RL adapters come with extras (``pip install -e '.[research]'``, ``.[rl]``; ``make
test`` installs them all). Code that needs an extra imports it through :func:`require`, or turns
an ImportError into one line with :func:`missing`, never a traceback.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from pusher_sim.errors import UserError

EXTRA_OF: dict[str, str] = {
    "matplotlib": "research",
    "pyarrow": "research",
    "dask": "research",
    "distributed": "research",
    "tqdm": "research",
    "gymnasium": "research",
    "pettingzoo": "research",
    "pyspiel": "rl",
    "open_spiel": "rl",
    "hypothesis": "dev",
    "pytest": "dev",
}
"""Top-level module name to the extra (in pyproject.toml) that installs it."""


def missing(exc: ImportError, what: str) -> str:
    """One line for ``what`` failing on ``exc``: which module is missing and which extra has it."""
    name = (exc.name or "").split(".")[0]
    extra = EXTRA_OF.get(name)
    if extra is None:
        return f"{what} cannot start: {exc}"
    return f"{what} needs the '{extra}' extra ({name} is missing): pip install -e '.[{extra}]'"


def require(module: str, what: str) -> ModuleType:
    """``module`` imported, or a UserError naming the extra that provides it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise UserError(missing(exc, what)) from None
