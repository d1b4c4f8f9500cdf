"""MkDocs hook: the rules page is ``docs/rules.md``'s shared preamble followed by every registered
game's own rules file (``GameSpec.rules``), read from the registry, so a game's rules live in its
folder and no page lists the games.

A relative link in a game's file is written from that file's folder (``../../docs/physics.md``
from ``pusher_sim/pusher/``), so it works read in the repository; it is rewritten from the rules
page's folder here, so it works on the site as well.
"""

from __future__ import annotations

import os
import re
import sys
from importlib import resources
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PAGE = "docs/rules.md"
"""The page the games' rules are collected into, by its path in the repository."""
_LINK = re.compile(r"\]\(([^)#\s:]+)(#[^)]*)?\)")
"""A markdown link to a relative path (no scheme, no bare anchor), and its anchor if any."""

if str(ROOT) not in sys.path:  # the registry of this checkout, whatever is installed
    sys.path.insert(0, str(ROOT))


def game_sections() -> list[str]:
    """Each registered game's rules file, in the registry's order, its links made relative to
    the rules page."""
    from pusher_sim.turnloop.registry import GAMES, get_spec

    sections = []
    for name in GAMES:
        package, _, file = get_spec(name).rules.partition(":")
        path = Path(str(resources.files(package).joinpath(file)))
        sections.append(rebased(path.read_text(encoding="utf-8"), path.parent))
    return sections


def rebased(text: str, folder: Path) -> str:
    """``text``'s relative links, written from ``folder``, as written from the rules page's."""
    page_folder = (ROOT / PAGE).parent

    def move(match: re.Match[str]) -> str:
        target = os.path.relpath((folder / match.group(1)).resolve(), page_folder)
        return f"]({Path(target).as_posix()}{match.group(2) or ''})"

    return _LINK.sub(move, text)


def on_page_markdown(markdown: str, page: Any, **_: Any) -> str:
    """The rules page with every game's section appended; any other page as it is."""
    if page.file.src_uri != PAGE:
        return markdown
    return "\n\n".join([markdown.rstrip("\n"), *(s.strip("\n") for s in game_sections())]) + "\n"
