"""Every import contract in ``pyproject.toml`` can fail: in a copy of the tree, each boundary is
broken by a planted import and ``lint-imports`` must name the contract and the planted importer
(issue 36, item 2). A game found through the registry is checked by the game contracts without
editing them (issue 37), and an import by name (``importlib.import_module("pygame")``), which
import-linter cannot see, is held to the same contracts by a scan of the source."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from checks.game_contracts import GAMES_MARK, game_packages, with_games

ROOT = Path(__file__).resolve().parents[1]
TREE = ("pusher_sim", "rummy", "pushover", "benchmarks", "checks", "pyproject.toml")

LAYERS = "Layers: the command line and the window, networked play, the tools, the games, the turn"
PLANTS: list[tuple[str, str, str, str]] = [
    # (file, the import planted, the contract it breaks (its name's start), the importer)
    ("rummy/melds.py", "import websockets", "Only the network imports websockets", "rummy.melds"),
    (
        "pusher_sim/physics/cups.py",
        "import mujoco",
        "Only the 3-D reference imports MuJoCo",
        "pusher_sim.physics.cups",
    ),
    (
        "benchmarks/bench_physics.py",
        "import mujoco",
        "Only the 3-D reference imports MuJoCo",
        "benchmarks.bench_physics",
    ),
    (
        "pushover/dice.py",
        "import pyspiel",
        "Only the agent environments import the RL libraries",
        "pushover.dice",
    ),
    ("pusher_sim/board.py", "import dask", "Only the runner imports Dask", "pusher_sim.board"),
    (
        "pusher_sim/net/protocol.py",
        "import rummy.cards",
        "The network and the tournaments know no game",
        "pusher_sim.net.protocol",
    ),
    (  # indirectly: a tool that imports Push Over
        "pusher_sim/tournament/ratings.py",
        "import pusher_sim.pushover_exact",
        "The network and the tournaments know no game",
        "pusher_sim.tournament.ratings",
    ),
    (
        "pusher_sim/cli.py",
        "import benchmarks.bench_envs",
        "Nothing in the program imports the benchmarks",
        "pusher_sim.cli",
    ),
    # the eleven older contracts' classic breaks
    ("pusher_sim/board.py", "import pusher_sim.experiment", LAYERS, "pusher_sim.board"),
    (
        "pushover/game.py",
        "import rummy.cards",
        "The games are independent of each other",
        "pushover.game",
    ),
    ("rummy/text.py", "import pygame", "Rules never import pygame or pymunk", "rummy.text"),
    (
        "pusher_sim/experiment/params.py",
        "import pymunk",
        "Only the physics imports pymunk",
        "pusher_sim.experiment.params",
    ),
    (
        "pusher_sim/tournament/cli.py",
        "import pusher_sim.physics.cups",
        "The physics is used by Pusher's registry entry",
        "pusher_sim.tournament.cli",
    ),
    (
        "pusher_sim/experiment/plot.py",
        "import pygame",
        "Only the window, the envs' renderer and the board sprites import pygame",
        "pusher_sim.experiment.plot",
    ),
    (
        "pusher_sim/physics/bowls.py",
        "import pusher_sim.turnloop.state",
        "Physics never imports the rules",
        "pusher_sim.physics.bowls",
    ),
    (
        "pusher_sim/ui/shell/widgets.py",
        "import pusher_sim.physics.config",
        "The window is independent of the physics",
        "pusher_sim.ui.shell.widgets",
    ),
    (
        "pusher_sim/envs/codec.py",
        "import pusher_sim.ui.shell.config",
        "Envs are independent of the window",
        "pusher_sim.envs.codec",
    ),
    (
        "pusher_sim/ui/rummy/card_painter.py",
        "import pusher_sim.ui.pushover.pushover_painter",
        "The games' tables in the window are independent of each other",
        "pusher_sim.ui.rummy.card_painter",
    ),
    (
        "pusher_sim/ui/shell/dialogs.py",
        "import rummy.cards",
        "The window's frame and shared table code know no game",
        "pusher_sim.ui.shell.dialogs",
    ),
    # a game found through the registry only (registered by the run, below)
    (
        "nimble/game.py",
        "import pushover.dice",
        "The games are independent of each other",
        "nimble.game",
    ),
    ("nimble/game.py", "import pymunk", "Rules never import pygame or pymunk", "nimble.game"),
    ("nimble/game.py", "import pusher_sim.net.protocol", LAYERS, "nimble.game"),
]
NEW_GAME = "nimble"
"""A game package of the copy, in no contract and on no list: only the registry names it."""


def config() -> dict[str, Any]:
    found: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"][
        "importlinter"
    ]
    return found


def tree_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "repo"
    copy.mkdir()
    for name in TREE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, copy / name)
    return copy


def lint_imports(copy: Path, register: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` run in ``copy``, the games ``register`` added to its registry first."""
    script = (
        "import sys\n"
        "from pusher_sim.turnloop.registry import GAMES\n"
        f"GAMES.update({register!r})\n"
        "from importlinter.cli import lint_imports_command\n"
        "sys.argv = ['lint-imports', '--no-cache']\n"
        "lint_imports_command()\n"
    )
    env = {**os.environ, "PYTHONPATH": str(copy), "COLUMNS": "400", "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def sections(report: str, names: list[str]) -> dict[str, str]:
    """Each broken contract's part of the report (after its underlined name)."""
    broken = report.split("Broken contracts", 1)[-1]
    starts = sorted(
        (broken.index(f"{name}\n{'-' * len(name)}"), name)
        for name in names
        if f"{name}\n{'-' * len(name)}" in broken
    )
    ends = [s for s, _ in starts[1:]] + [len(broken)]
    return {name: broken[s:e] for (s, name), e in zip(starts, ends, strict=True)}


def test_every_boundary_fails_on_a_planted_break(tmp_path: Path) -> None:
    copy = tree_copy(tmp_path)
    (copy / NEW_GAME).mkdir()
    (copy / NEW_GAME / "__init__.py").write_text('"""A game the contracts never name."""\n')
    (copy / NEW_GAME / "spec.py").write_text('"""Its registry entry."""\n')
    (copy / NEW_GAME / "game.py").write_text('"""Its rules."""\n')
    pyproject = copy / "pyproject.toml"
    roots = 'root_packages = ["pusher_sim", "rummy", "pushover", "benchmarks"'
    pyproject.write_text(pyproject.read_text().replace(roots, f'{roots}, "{NEW_GAME}"'))
    for path, line, _, _ in PLANTS:
        target = copy / path
        target.write_text(target.read_text() + f"\n{line}  # planted\n")
    linted = lint_imports(copy, {NEW_GAME: f"{NEW_GAME}.spec:SPEC"})
    report = linted.stdout + linted.stderr
    assert linted.returncode != 0, report
    names = [c["name"] for c in config()["contracts"]]
    found = sections(report, names)
    for path, line, contract, importer in PLANTS:
        (name,) = [n for n in names if n.startswith(contract)]
        assert name in found, f"{line} in {path} left {name!r} kept"
        assert importer in found[name], f"{name!r} does not name {importer}"
    assert set(found) == set(names), "a contract no plant breaks"


def test_the_game_contracts_name_every_registered_game() -> None:
    games = game_packages()
    assert games[:3] == ["pusher_sim.pusher", "rummy", "pushover"]
    marked = [c for c in config()["contracts"] if GAMES_MARK in str(c)]
    assert len(marked) >= 5
    for contract in marked:
        assert contract["type"].startswith("games_"), contract["name"]
        assert GAMES_MARK not in str(with_games(contract, games))
    layers = with_games({"layers": ["a", GAMES_MARK, "b"]}, ["x", "y"])
    assert layers == {"layers": ["a", "x", "y", "b"]}
    assert with_games({"layers": [f"c | {GAMES_MARK}"]}, ["x", "y"]) == {"layers": ["c | x | y"]}


# -- imports by name ----------------------------------------------------------------------------

LOADERS = {"import_module", "__import__", "require"}
"""Calls that import the module named by their first argument (``require``: pusher_sim.extras)."""


def named_imports(root: Path) -> Iterator[tuple[str, str, int]]:
    """(importer, module imported, line) for each import of a module named by a string."""
    for package in ("pusher_sim", "rummy", "pushover", "benchmarks"):
        for path in sorted((root / package).rglob("*.py")):
            importer = ".".join(path.relative_to(root).with_suffix("").parts)
            importer = importer.removesuffix(".__init__")
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                first = node.args[0]
                named = isinstance(first, ast.Constant) and isinstance(first.value, str)
                if called in LOADERS and named:
                    yield importer, first.value, node.lineno  # type: ignore[attr-defined]


def within(module: str, packages: list[str]) -> bool:
    return any(module == p or module.startswith(f"{p}.") for p in packages)


def named_import_breaks(root: Path) -> list[str]:
    """The imports by name that a protected or forbidden contract forbids."""
    games = game_packages()
    contracts = [with_games(c, games) for c in config()["contracts"]]
    breaks = []
    for importer, module, line in named_imports(root):
        for c in contracts:
            if c["type"].startswith("protected"):
                refused = within(module, c["protected_modules"]) and not within(
                    importer, c["allowed_importers"]
                )
            elif c["type"].endswith("forbidden"):
                refused = within(importer, c["source_modules"]) and within(
                    module, c["forbidden_modules"]
                )
            else:
                continue
            if refused:
                breaks.append(f"{importer} (line {line}) imports {module}: {c['name']}")
    return breaks


def test_no_import_by_name_crosses_a_boundary() -> None:
    assert list(named_imports(ROOT))  # the scan sees the project's own (mujoco's, the extras')
    assert named_import_breaks(ROOT) == []


@pytest.mark.parametrize(
    ("path", "line", "contract"),
    [
        ("rummy/text.py", 'importlib.import_module("pygame")', "Rules never import pygame"),
        ("pusher_sim/board.py", 'require("dask", "x")', "Only the runner imports Dask"),
        ("pushover/dice.py", '__import__("pyspiel")', "Only the agent environments"),
        ("benchmarks/bench_physics.py", 'import_module("mujoco")', "Only the 3-D reference"),
    ],
)
def test_an_import_by_name_is_held_to_the_contracts(
    tmp_path: Path, path: str, line: str, contract: str
) -> None:
    copy = tree_copy(tmp_path)
    target = copy / path
    target.write_text(target.read_text() + f"\n{line}  # planted\n")
    assert any(contract in b for b in named_import_breaks(copy))
