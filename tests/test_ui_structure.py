"""The window's package reads file by file: no module of ``pusher_sim.ui`` imports, even for type
checking only, a module that imports it back (issue 10), and the layering holds."""

from __future__ import annotations

import ast
from pathlib import Path

import pusher_sim.ui

UI = Path(pusher_sim.ui.__file__).parent


def ui_imports() -> dict[str, set[str]]:
    """Each ui module and the ui modules it imports anywhere (TYPE_CHECKING blocks included)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(UI.rglob("*.py")):
        parts = path.relative_to(UI).with_suffix("").parts
        name = ".".join(("pusher_sim", "ui", *parts)).removesuffix(".__init__")
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == "pusher_sim.ui" or node.module.startswith("pusher_sim.ui."):
                    found.add(node.module)
                    found |= {f"{node.module}.{a.name}" for a in node.names}
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name.startswith("pusher_sim.ui.")}
        graph[name] = found - {name}
    return graph


def cycle_in(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle, as the modules along it, or None."""
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


def test_the_ui_package_has_no_import_circle() -> None:
    graph = ui_imports()
    assert len(graph) > 10
    assert cycle_in(graph) is None, " -> ".join(cycle_in(graph) or [])


def test_the_circle_finder_finds_a_circle() -> None:
    assert cycle_in({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle_in({"a": {"b"}, "b": set()}) is None


def test_no_ui_module_imports_the_app_but_the_entry_point() -> None:
    graph = ui_imports()
    users = {m for m, deps in graph.items() if "pusher_sim.ui.shell.app" in deps}
    assert users == set()


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
    return names


def test_the_rules_and_physics_never_import_the_window() -> None:
    root = UI.parent
    for folder in ("pusher", "physics", "turnloop"):
        for path in (root / folder).rglob("*.py"):
            bad = {n for n in imported(path) if n.startswith(("pusher_sim.ui", "pygame"))}
            assert not bad, (path, bad)
