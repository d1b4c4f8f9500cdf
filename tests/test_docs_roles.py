"""The docs site's griffe extension (docs/extensions/sphinx_roles.py): a docstring's Sphinx role
becomes a link to the object it names, found as Python finds the name where the docstring
stands, and a role naming nothing is a warning, which fails the strict build."""

from __future__ import annotations

import logging
from pathlib import Path
from types import ModuleType

import griffe
import pytest

from tests.file_modules import module_from_file

EXTENSION = Path(__file__).resolve().parent.parent / "docs" / "extensions" / "sphinx_roles.py"


def sphinx_roles() -> ModuleType:
    return module_from_file(EXTENSION, "sphinx_roles")


def load(tmp_path: Path, files: dict[str, str]) -> griffe.Module:
    """The package ``demo`` made of ``files``, loaded with the extension."""
    for name, text in files.items():
        path = tmp_path / "demo" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    extensions = griffe.load_extensions(sphinx_roles().SphinxRoles())
    loader = griffe.GriffeLoader(search_paths=[str(tmp_path)], extensions=extensions)
    package = loader.load("demo")
    assert isinstance(package, griffe.Module)
    return package


INNER = '''"""Inner."""


class Hidden:
    """Defined here, exported by the package."""
'''
PACKAGE = '''"""See :class:`Thing`, :meth:`Thing.run`, :func:`~demo.helper`, :class:`Hidden`,
:class:`KeyboardInterrupt` and :mod:`the inner module <demo.inner>`."""

from demo.inner import Hidden


def helper() -> None:
    pass


class Base:
    def shared(self) -> None:
        pass


class Thing(Base):
    """Runs (:meth:`run`), and :meth:`shared` from its base."""

    def run(self) -> None:
        pass
'''
DEMO = {"inner.py": INNER, "__init__.py": PACKAGE}


def link(identifier: str, title: str) -> str:
    return f'<autoref identifier="{identifier}" optional>`{title}`</autoref>'


def test_a_role_links_the_object_its_name_means_where_it_stands(tmp_path: Path) -> None:
    package = load(tmp_path, DEMO)
    assert package.docstring is not None
    assert package.docstring.value == (
        f"See {link('demo.Thing', 'Thing')}, {link('demo.Thing.run', 'Thing.run')}, "
        f"{link('demo.helper', 'helper')}, {link('demo.inner.Hidden', 'Hidden')},\n"
        f"`KeyboardInterrupt` and {link('demo.inner', 'the inner module')}."
    )
    thing = package["Thing"].docstring
    assert thing is not None
    assert thing.value == (
        f"Runs ({link('demo.Thing.run', 'run')}), and {link('demo.Base.shared', 'shared')} "
        "from its base."
    )


def test_a_role_naming_nothing_is_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    files = {"__init__.py": '"""Uses :func:`gone` and :class:`demo.Missing`."""\n'}
    with caplog.at_level(logging.WARNING):
        package = load(tmp_path, files)
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 2
    assert warnings[0].endswith(
        "demo/__init__.py:1: the docstring of demo names 'gone', found nowhere"
    )
    assert warnings[1].endswith("the docstring of demo names 'demo.Missing', found nowhere")
    assert package.docstring is not None
    assert package.docstring.value == "Uses `gone` and `demo.Missing`."
