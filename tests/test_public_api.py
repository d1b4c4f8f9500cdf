"""The public API: each package a researcher uses names its public names in ``__all__``, the
lazily exporting ones import a name's module only when it is used, and every name
``pusher_sim`` exports is documented on a page of the API reference (docs/api/)."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import pusher_sim
from pusher_sim.lazy import deferred_imports

ROOT = Path(__file__).resolve().parent.parent
API_PAGES = ROOT / "docs" / "api"
PUBLIC_PACKAGES = (
    *("pusher_sim", "pusher_sim.push_resolution", "pusher_sim.physics", "pusher_sim.board"),
    *("pusher_sim.pusher", "pusher_sim.turnloop", "pusher_sim.experiment"),
    *("pusher_sim.tournament", "pusher_sim.envs", "rummy", "pushover"),
)
LAZY_PACKAGES = ("pusher_sim", "pusher_sim.experiment", "pusher_sim.envs")
IDENTIFIER = re.compile(r"^::: ([\w.]+)$", re.MULTILINE)


def declared(module: ModuleType) -> dict[str, str]:
    """The names a lazy package imports for type checkers only, and their modules."""
    assert module.__file__ is not None
    return deferred_imports(Path(module.__file__).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", PUBLIC_PACKAGES)
def test_a_public_package_lists_its_names_and_each_is_there(name: str) -> None:
    package = importlib.import_module(name)
    public = package.__all__
    assert public and len(set(public)) == len(public)
    missing = [n for n in public if getattr(package, n, None) is None]
    assert not missing, f"{name}.__all__ names what it lacks: {missing}"


@pytest.mark.parametrize("name", LAZY_PACKAGES)
def test_a_lazy_package_exports_what_type_checkers_see(name: str) -> None:
    package = importlib.import_module(name)
    lazy = declared(package)
    assert lazy, f"{name} declares no names for type checkers"
    eager = set(package.__all__) - set(lazy)
    assert set(lazy) <= set(package.__all__), f"{name} imports for type checkers what it hides"
    assert eager <= set(vars(package)), f"{name}: neither declared nor defined: {eager}"
    for attribute, module in lazy.items():
        source = importlib.import_module(module)
        expected = getattr(source, attribute, None) or importlib.import_module(
            f"{module}.{attribute}"
        )
        assert getattr(package, attribute) is expected, f"{name}.{attribute}"
    assert set(package.__all__) <= set(dir(package))
    with pytest.raises(AttributeError, match=f"module '{name}' has no attribute 'nothing'"):
        _ = package.nothing


def test_importing_pusher_sim_loads_no_physics_window_or_numpy() -> None:
    code = (
        "import sys, pusher_sim; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'pymunk', 'pygame', 'numpy'}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "[]"


def test_every_name_pusher_sim_exports_is_documented_on_an_api_page() -> None:
    shown: dict[int, str] = {}
    for page in sorted(API_PAGES.glob("*.md")):
        for identifier in IDENTIFIER.findall(page.read_text(encoding="utf-8")):
            module = importlib.import_module(identifier)
            if module is pusher_sim:
                continue  # the index: a table of the names, each linked to its page
            for name in getattr(module, "__all__", ()):
                shown.setdefault(id(getattr(module, name)), f"{page.name}: {identifier}")
    undocumented = [n for n in pusher_sim.__all__ if id(getattr(pusher_sim, n)) not in shown]
    assert not undocumented, f"pusher_sim exports names no API page shows: {undocumented}"
