"""The window's package reads file by file: no module of ``pusher_sim.ui`` imports, even for type
checking only, a module that imports it back (issue 10), and the layering holds."""

from __future__ import annotations

import ast
from pathlib import Path

import pusher_sim.ui
from tests.test_code_structure import cycle_in

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


def test_the_ui_package_has_no_import_circle() -> None:
    graph = ui_imports()
    assert len(graph) > 10
    assert cycle_in(graph) is None, " -> ".join(cycle_in(graph) or [])


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


# -- issue 19: three layers, no physics in the window, a painter that only paints -------------

INPUT_HANDLING = {
    "pusher_sim.ui.pusher.pusher_table",
    "pusher_sim.ui.common.game_table",
    "pusher_sim.ui.common.turn_flow",
    "pusher_sim.ui.shell.app",
    "pusher_sim.ui.shell.dialogs",
    "pusher_sim.ui.shell.start_screen",
    "pusher_sim.ui.shell.mode",
}
"""The modules that read pygame events or act on them."""


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every ui module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph.get(todo.pop(), set()):
            if nxt in graph and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def ui_files() -> list[Path]:
    return sorted(UI.rglob("*.py"))


def test_the_window_imports_nothing_of_the_physics() -> None:
    for path in ui_files():
        bad = {n for n in imported(path) if n.startswith("pusher_sim.physics")}
        tree = ast.parse(path.read_text())
        bad |= {
            f"pusher_sim.{a.name}"
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module == "pusher_sim"
            for a in node.names
            if a.name == "physics"
        }
        assert not bad, (path, bad)


def test_the_painter_imports_no_input_handling() -> None:
    graph = ui_imports()
    for painter in (
        "pusher_sim.ui.pusher.frame_painter",
        "pusher_sim.ui.pusher.board_painter",
        "pusher_sim.ui.pusher.aim_painter",
        "pusher_sim.ui.rummy.push_painter",
        "pusher_sim.ui.rummy.push_view",
        "pusher_sim.ui.pushover.pushover_painter",
        "pusher_sim.ui.pusher.table_view",
    ):
        assert painter in graph
        assert not reachable(graph, painter) & INPUT_HANDLING, painter


def test_the_layers_import_downwards_only() -> None:
    """The shell and the common table know no game's table; no game's table knows another."""
    graph = ui_imports()
    tables = ("pusher", "rummy", "pushover")
    for module, deps in graph.items():
        layer = module.split(".")[2] if module.count(".") >= 3 else ""
        inside = {d.split(".")[2] for d in deps if d.count(".") >= 3 and d in graph}
        if layer in ("shell", "common"):
            assert not inside & set(tables), (module, deps)
        if layer in tables:
            assert inside <= {layer, "shell", "common"}, (module, deps)
    loose = {m for m in graph if m.count(".") == 2}
    assert loose == {f"pusher_sim.ui.{p}" for p in ("shell", "common", *tables)}  # packages only


def test_one_font_helper_for_the_whole_window() -> None:
    """Only the toolkit opens fonts; every screen asks it (it caches one object per size)."""
    makers = []
    for path in ui_files():
        for node in ast.walk(ast.parse(path.read_text())):
            made = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            if made and node.func.attr == "Font":  # type: ignore[union-attr]
                makers.append(path.relative_to(UI).as_posix())
            if isinstance(node, ast.FunctionDef) and node.name in ("font", "_font"):
                makers.append(path.relative_to(UI).as_posix())
    assert sorted(set(makers)) == ["shell/widgets.py"], makers


def test_the_default_press_strength_is_written_once() -> None:
    """0.5 as a push's strength lives in pusher_sim/push_resolution.py; the rest name
    DEFAULT_STRENGTH."""
    root = UI.parents[1]
    found = []
    for path in [*(root / "pusher_sim").rglob("*.py"), *(root / "rummy").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            targets: list[str] = []
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                targets, value = [node.target.id], node.value
            elif isinstance(node, ast.Assign):
                targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
                value = node.value
            elif isinstance(node, ast.Dict):
                pairs = zip(node.keys, node.values, strict=True)
                for k, v in pairs:
                    key = isinstance(k, ast.Constant) and k.value == "strength"
                    if key and isinstance(v, ast.Constant) and v.value == 0.5:
                        found.append(path.name)
                continue
            else:
                continue
            named = any("strength" in t.lower() for t in targets)
            if named and isinstance(value, ast.Constant) and value.value == 0.5:
                found.append(path.name)
    assert found == ["push_resolution.py"], found


def test_no_class_of_the_window_is_over_300_lines_nor_module_over_500() -> None:
    """Issues 26 and 36: a table is a view, a painter, a layout and its offers, not one long
    class; the project's limits (300 lines a class, 500 a module) hold in the window too."""
    long = []
    for path in ui_files():
        source = path.read_text()
        if source.count("\n") > 500:
            long.append(f"{path.relative_to(UI)}: {source.count(chr(10))} lines")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                lines = node.end_lineno - node.lineno + 1
                if lines > 300:
                    long.append(f"{path.relative_to(UI)}: {node.name} {lines} lines")
    assert not long, long


def test_a_game_plugs_its_tabletop_into_the_one_table_framework() -> None:
    """Issue 36: no game's table subclasses the framework; each registry entry names a
    TableKind whose tabletop is composed with the one GameTable."""
    from pusher_sim.turnloop.registry import GAMES, get_spec
    from pusher_sim.ui.common.game_table import GameTable, TableKind
    from pusher_sim.ui.shell.table_registry import table_maker

    for game in GAMES:
        kind = table_maker(game)
        assert isinstance(kind, TableKind), game
        assert not issubclass(kind.top, GameTable), game  # type: ignore[arg-type]
        assert get_spec(game).table is not None
    subclasses = [c.__name__ for c in GameTable.__subclasses__()]
    assert subclasses == [], subclasses
