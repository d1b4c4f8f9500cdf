"""Every exception the project defines survives pickling: a worker process's error reaches the
parent as itself (an IllegalMove that could not be rebuilt once broke the tournament's pool)."""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil

import pytest

import pusher_sim
import pushover
import rummy

PACKAGES = (pusher_sim, rummy, pushover)


def project_exceptions() -> list[type[BaseException]]:
    """Every exception class defined in the project's modules, found by importing them all
    and walking the subclasses of BaseException."""
    for package in PACKAGES:
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            importlib.import_module(info.name)
    found: list[type[BaseException]] = []
    todo = [BaseException]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.partition(".")[0] in {p.__name__ for p in PACKAGES}:
            found.append(cls)
    return sorted(set(found), key=lambda c: f"{c.__module__}.{c.__qualname__}")


EXCEPTIONS = project_exceptions()


def test_the_walk_finds_the_projects_exceptions() -> None:
    names = {c.__name__ for c in EXCEPTIONS}
    assert {"UserError", "IllegalMove", "ConfigError", "CorruptFile", "BotFailed"} <= names


@pytest.mark.parametrize("cls", EXCEPTIONS, ids=lambda c: c.__name__)
def test_every_project_exception_survives_pickling(cls: type[BaseException]) -> None:
    parameters = list(inspect.signature(cls.__init__).parameters.values())[1:]
    positional = [p for p in parameters if p.kind is p.POSITIONAL_OR_KEYWORD]
    args = [f"argument {n}" for n in range(len(positional))] or ["what went wrong"]
    error = cls(*args)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is cls
    assert str(again) == str(error) and again.args == error.args
    assert vars(again) == vars(error)
