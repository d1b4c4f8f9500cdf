"""Griffe extension: the docstrings' Sphinx roles (``:class:`Match```) as links on the site.

The docstrings name other objects the way Sphinx reads them, which MkDocs would print as they
are. Each role becomes a link to the object it names, found the way Python finds the name where
the docstring stands (the enclosing scopes, the imports, a class's inherited members), or by its
full path. A name that is found nowhere is a warning, so the strict build fails on a docstring
that names a renamed or removed object; one that is found but not shown on the site (a private
helper) stays code without a link.
"""

from __future__ import annotations

import builtins
import re
import sys
from pathlib import Path
from typing import Any

from griffe import Extension, GriffeLoader, Module, NameResolutionError, Object, logger

ROOT = Path(__file__).resolve().parents[2]
ROLE = re.compile(r":(?:py:)?(?:class|func|meth|attr|data|mod|exc|obj|const):`([^`]+)`")
TITLED = re.compile(r"(?P<title>.*?)\s*<(?P<target>[^>]+)>")
UNCHECKED = {*vars(builtins), *sys.stdlib_module_names}
"""Heads of names that are Python's own: shown as code, neither looked up nor linked."""


def inherited(obj: Object, name: str) -> Object | None:
    """``name`` as a member of the class ``obj`` is or is in, inherited members included."""
    cls = obj if obj.is_class else obj.parent
    if cls is None or not cls.is_class:
        return None
    found = cls.all_members.get(name)
    if found is None or isinstance(found, Object):
        return found
    return found.final_target


def canonical_path(obj: Object, loader: GriffeLoader, name: str) -> str | None:
    """Where the object that ``name`` means in ``obj``'s docstring is defined, or None."""
    head, _, rest = name.partition(".")
    collection = loader.modules_collection
    if head not in collection and (ROOT / head / "__init__.py").is_file():
        loader.load(head)  # another of the project's packages, named by its full path
    try:
        found = collection[name]
    except KeyError:
        try:
            start = inherited(obj, head) or collection[obj.resolve(head)]
            found = start[rest] if rest else start
        except (KeyError, NameResolutionError):
            return None
    return str(found.final_target.path if found.is_alias else found.path)


def as_link(obj: Object, loader: GriffeLoader, role: str) -> str:
    """The Markdown for one role's text (``name``, ``~a.b.name`` or ``title <name>``)."""
    titled = TITLED.fullmatch(role)
    name = (titled["target"] if titled else role).lstrip("~.")
    short = name.rsplit(".", 1)[-1] if role.startswith("~") else name
    title = titled["title"] if titled else short
    if name.split(".")[0] in UNCHECKED:
        return f"`{title}`"
    path = canonical_path(obj, loader, name)
    if path is None:
        where = f"{obj.relative_filepath}:{obj.lineno or 1}"
        logger.warning(f"{where}: the docstring of {obj.path} names {name!r}, found nowhere")
        return f"`{title}`"
    return f'<autoref identifier="{path}" optional>`{title}`</autoref>'


class SphinxRoles(Extension):
    """Rewrites the roles of every docstring of a package once all its modules are loaded, so
    that a name may be resolved in any of them."""

    def on_package(self, *, pkg: Module, loader: GriffeLoader, **kwargs: Any) -> None:
        objects: list[Object] = [pkg]
        while objects:
            obj = objects.pop()
            if obj.docstring is not None:
                obj.docstring.value = linked(obj, loader, obj.docstring.value)
            objects.extend(m for m in obj.members.values() if isinstance(m, Object))


def linked(obj: Object, loader: GriffeLoader, text: str) -> str:
    return ROLE.sub(lambda role: as_link(obj, loader, role[1]), text)
