"""The layer contracts in ``pyproject.toml`` (checked by ``lint-imports`` in ``make test``) place
every module of the project and admit no exception: a break is fixed in the code."""

from __future__ import annotations

import pkgutil
import tomllib
from pathlib import Path
from typing import Any

import pusher_sim
from checks.game_contracts import game_packages, with_games

ROOT = Path(__file__).resolve().parents[1]


def contracts() -> list[dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    found: list[dict[str, Any]] = config["contracts"]
    return found


def test_no_contract_ignores_an_import() -> None:
    assert len(contracts()) >= 8
    for contract in contracts():
        assert "ignore_imports" not in contract, contract["name"]


def test_every_top_level_module_has_a_layer() -> None:
    (layered,) = [c for c in contracts() if c["type"].endswith("layers")]
    layers = with_games(layered, game_packages())["layers"]
    placed = {name.strip() for layer in layers for name in layer.replace(":", "|").split("|")}
    modules = {f"pusher_sim.{m.name}" for m in pkgutil.iter_modules(pusher_sim.__path__)}
    assert modules - placed == set()
    assert {"rummy", "pushover"} <= placed


def test_make_test_runs_the_contracts() -> None:
    makefile = (ROOT / "Makefile").read_text()
    lint = makefile.split("\nlint:", 1)[1].split("\n\n", 1)[0]
    assert "lint-imports" in lint
    assert "\ntest: lint" in makefile
