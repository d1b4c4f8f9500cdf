"""The project reads room by room: no module of ``pusher_sim``, ``rummy`` or ``pushover`` is over
500 lines, no class over 300, and no module imports, at run time, one that imports it back.

An import inside a function runs too (when the function does), so it counts; an import under
``if TYPE_CHECKING:`` never runs, so it does not. Each check is also run on a small tree with a
planted break, so that it is seen to fail.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("pusher_sim", "rummy", "pushover")
MODULE_LINES = 500
CLASS_LINES = 300


def modules(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    """Every module of ``packages`` under ``root``, by its dotted name (a package by its own)."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def long_modules(found: dict[str, Path], most: int = MODULE_LINES) -> list[str]:
    """The modules over ``most`` lines, each with its length."""
    out = []
    for name, path in found.items():
        lines = len(path.read_text().splitlines())
        if lines > most:
            out.append(f"{name}: {lines} lines")
    return out


def long_classes(found: dict[str, Path], most: int = CLASS_LINES) -> list[str]:
    """The classes (nested ones too) over ``most`` lines, each with its length."""
    out = []
    for name, path in found.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                assert node.end_lineno is not None
                lines = node.end_lineno - node.lineno + 1
                if lines > most:
                    out.append(f"{name}.{node.name}: {lines} lines")
    return out


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _run_time_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of ``tree`` that can run: all but the bodies of ``if TYPE_CHECKING:``."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and _type_checking_only(node):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _imported(name: str, node: ast.AST, known: dict[str, Path]) -> set[str]:
    """The project's modules that ``node`` (in module ``name``) imports when it runs."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    if isinstance(node, ast.ImportFrom):
        if node.level:
            package = name if known[name].name == "__init__.py" else name.rpartition(".")[0]
            for _ in range(node.level - 1):
                package = package.rpartition(".")[0]
            base = f"{package}.{node.module}" if node.module else package
        else:
            base = node.module or ""
        submodules = {f"{base}.{alias.name}" for alias in node.names} & set(known)
        # ``from package import submodule`` runs the submodule; anything else, the module named.
        if submodules and len(submodules) == len(node.names):
            return submodules
        return {base, *submodules}
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute | ast.Name)
        and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id)
        == "import_module"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ):
        return {node.args[0].value}
    return set()


def import_graph(found: dict[str, Path]) -> dict[str, set[str]]:
    """Each module and the project's modules it imports at run time, at its top or lazily."""
    graph: dict[str, set[str]] = {}
    for name, path in found.items():
        targets: set[str] = set()
        for node in _run_time_nodes(ast.parse(path.read_text())):
            targets |= _imported(name, node, found)
        graph[name] = (targets & set(found)) - {name}
    return graph


def cycle_in(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the modules along it (the first again at the end), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def all_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of modules that import each other (each sorted)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return groups


def cycles_report(graph: dict[str, set[str]]) -> str:
    """Each group of modules that import each other, as one cycle through it ("" for none)."""
    return "; ".join(
        " -> ".join(cycle_in({m: graph[m] & set(group) for m in group}) or group)
        for group in all_cycles(graph)
    )


# -- the project --------------------------------------------------------------------------------


def test_no_module_is_over_500_lines() -> None:
    found = modules(ROOT, PACKAGES)
    assert len(found) > 100
    assert long_modules(found) == []


def test_no_class_is_over_300_lines() -> None:
    assert long_classes(modules(ROOT, PACKAGES)) == []


def test_no_module_imports_one_that_imports_it_back_at_run_time() -> None:
    graph = import_graph(modules(ROOT, PACKAGES))
    assert sum(len(v) for v in graph.values()) > 300
    assert cycles_report(graph) == ""


# -- each check fails on a planted break ------------------------------------------------------


def _tree(tmp_path: Path, files: dict[str, str]) -> dict[str, Path]:
    for relative, text in files.items():
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return modules(tmp_path, ("game",))


def test_a_planted_long_module_is_found(tmp_path: Path) -> None:
    found = _tree(tmp_path, {"game/__init__.py": "", "game/long.py": "x = 1\n" * 501})
    assert long_modules(found) == ["game.long: 501 lines"]
    found = _tree(tmp_path, {"game/long.py": "x = 1\n" * 500})
    assert long_modules(found) == []


def test_a_planted_long_class_is_found(tmp_path: Path) -> None:
    big = "class Big:\n" + "    x = 1\n" * 300
    inner = "def f():\n    class Inner:\n" + "        x = 1\n" * 300
    found = _tree(tmp_path, {"game/__init__.py": "", "game/rooms.py": f"{big}\n\n{inner}"})
    assert long_classes(found) == ["game.rooms.Big: 301 lines", "game.rooms.Inner: 301 lines"]
    found = _tree(tmp_path, {"game/rooms.py": "class Small:\n" + "    x = 1\n" * 299})
    assert long_classes(found) == []


def test_a_cycle_planted_in_a_copy_of_the_project_is_found(tmp_path: Path) -> None:
    """A lazy import back, as a newcomer might add one, in a copy of the real packages."""
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            copy = tmp_path / path.relative_to(ROOT)
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_text(path.read_text())
    layout = tmp_path / "pusher_sim/physics/chipmunk_layout.py"
    layout.write_text(
        layout.read_text() + "\n\ndef _later():\n    from pusher_sim.physics import chipmunk\n"
    )
    graph = import_graph(modules(tmp_path, PACKAGES))
    (group,) = all_cycles(graph)
    assert {"pusher_sim.physics.chipmunk", "pusher_sim.physics.chipmunk_layout"} <= set(group)
    report = cycles_report(graph)
    assert report.startswith("pusher_sim.physics.chipmunk -> ")
    assert report.endswith(" -> pusher_sim.physics.chipmunk_layout -> pusher_sim.physics.chipmunk")


@pytest.mark.parametrize(
    "back",
    [
        "from game.a import f\n",
        "def later():\n    from game import a\n",
        "def later():\n    from . import a\n",
        "import game.a\n",
        "import importlib\nimportlib.import_module('game.a')\n",
        "from .a import f\n",
    ],
)
def test_a_planted_cycle_is_found_at_the_top_or_lazily(tmp_path: Path, back: str) -> None:
    found = _tree(
        tmp_path,
        {
            "game/__init__.py": "",
            "game/a.py": "from game.b import g\n\ndef f():\n    return g\n",
            "game/b.py": back + "\ndef g():\n    return 1\n",
            "game/c.py": "from game import a, b\n",
        },
    )
    graph = import_graph(found)
    assert graph["game.c"] == {"game.a", "game.b"}
    assert cycle_in(graph) == ["game.a", "game.b", "game.a"]
    assert all_cycles(graph) == [["game.a", "game.b"]]


def test_an_import_for_type_checking_only_is_no_cycle(tmp_path: Path) -> None:
    found = _tree(
        tmp_path,
        {
            "game/__init__.py": "",
            "game/a.py": "from game.b import g\n",
            "game/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from game.a import f\nelse:\n    import os\n",
            "game/c.py": "import typing\nif typing.TYPE_CHECKING:\n    import game.a\n"
            "else:\n    import game.b\n",
        },
    )
    graph = import_graph(found)
    assert graph == {"game": set(), "game.a": {"game.b"}, "game.b": set(), "game.c": {"game.b"}}
    assert cycle_in(graph) is None and all_cycles(graph) == []
