"""Import-linter contract types: contracts whose list of games is the games' registry, and a
protected contract for libraries that may not be imported at all yet.

A contract in ``pyproject.toml`` names the games as ``{games}`` (in a list of modules, or inside
a layer); these types put every registered game's package there before the contract is read:
the package of its ``GameSpec``'s module (``rummy.spec:SPEC`` is the game ``rummy``). A game
added to the registry is so checked by every such contract without editing it, and one whose
package the contracts cannot see (outside ``root_packages``) fails the check by name.

A protected contract refuses a library that is in no import at all ("not present in the
graph"): :class:`LibrariesProtected` skips such a library (nothing imports it, so nothing
breaks the contract), so that a contract can guard a library before anyone imports it (MuJoCo
is imported by name only, Dask not at all).

Only ``lint-imports`` imports this module (``contract_types`` in ``pyproject.toml``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from grimp import ImportGraph
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.independence import IndependenceContract
from importlinter.contracts.layers import LayersContract
from importlinter.contracts.protected import ProtectedContract
from importlinter.domain.contract import Contract, ContractCheck
from importlinter.domain.imports import ModuleExpression

GAMES_MARK = "{games}"
"""Where a contract names the games."""


def game_packages() -> list[str]:
    """Every registered game's package, in the registry's order."""
    from pusher_sim.turnloop.registry import GAMES

    return [where.partition(":")[0].rpartition(".")[0] for where in GAMES.values()]


def with_games(options: Mapping[str, Any], games: list[str]) -> dict[str, Any]:
    """``options`` with ``{games}`` replaced by ``games``: in a list, by one item per game; in
    a layer's text, by the games as independent parts of it (``a | b``)."""
    expanded: dict[str, Any] = {}
    for key, value in options.items():
        if isinstance(value, list):
            items: list[Any] = []
            for item in value:
                if item == GAMES_MARK:
                    items.extend(games)
                elif isinstance(item, str) and GAMES_MARK in item:
                    items.append(item.replace(GAMES_MARK, " | ".join(games)))
                else:
                    items.append(item)
            value = items
        expanded[key] = value
    return expanded


class RegistryGames(Contract):
    """A contract whose options may name ``{games}``, filled in before they are read."""

    def __init__(
        self, name: str, session_options: dict[str, Any], contract_options: dict[str, Any]
    ) -> None:
        super().__init__(name, session_options, with_games(contract_options, game_packages()))


class GamesForbidden(RegistryGames, ForbiddenContract):
    """A forbidden contract whose modules may name ``{games}``."""


class GamesIndependence(RegistryGames, IndependenceContract):
    """An independence contract whose modules may name ``{games}``."""


class GamesLayers(RegistryGames, LayersContract):
    """A layers contract one of whose layers may hold ``{games}``."""


class LibrariesProtected(ProtectedContract):
    """A protected contract that skips a protected library nothing imports."""

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        every: list[ModuleExpression] = getattr(self, "protected_modules")  # noqa: B009
        present = [m for m in every if m.expression in graph.modules]
        setattr(self, "protected_modules", present)  # noqa: B010 (a field, set once parsed)
        try:
            return super().check(graph, verbose)
        finally:
            setattr(self, "protected_modules", every)  # noqa: B010
