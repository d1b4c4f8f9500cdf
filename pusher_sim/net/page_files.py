"""The browser page's files, served by the host on its own port to a plain HTTP GET.

``pusher host`` answers a GET without a WebSocket upgrade with the page (``page/``: HTML, CSS
and JavaScript modules shipped in the package, no build step), the hosted game's table
(``/table.js``, from its registry entry) or a game's rules as plain text (``/rules/GAME``, from
:mod:`pusher_sim.rules_text` by the game's registry name). A path names one file of that folder
by its bare name, nothing else: no folders, no dots but the extension's, so no request can reach
outside it; anything else is 404. Every answer carries a Content-Security-Policy that lets the
page load and connect to its own host only.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from urllib.parse import unquote

from pusher_sim.errors import UserError
from pusher_sim.rules_text import game_of, game_text, plain
from pusher_sim.turnloop.registry import GameSpec

CONTENT_TYPES = {
    "html": "text/html; charset=utf-8",
    "css": "text/css; charset=utf-8",
    "js": "text/javascript; charset=utf-8",
    "svg": "image/svg+xml",
}
FILE_NAME = re.compile(r"[a-z_]{1,40}\.(html|css|js|svg)")
RULES = re.compile(r"/rules/([a-z]{1,20})")
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'{sockets}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""Only the host's own files, and its own WebSocket: 'self' covers ws: on the same host in
CSP 3, and the host's own ``ws://`` address is named too for browsers that predate it."""
TABLE = "table.js"
"""The hosted game's table as the page imports it: its title, and everything
:data:`GAME_TABLE` exports."""
GAME_TABLE = "game_table.js"
"""The hosted game's own table module (``GameSpec.page_table``), or the page's text table,
``default.js``, for a game without one."""
DEFAULT_TABLE = "default.js"
HOST = re.compile(r"[A-Za-z0-9.\-]{1,253}(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]{2,45}\](:[0-9]{1,5})?")
"""A Host header that is a host name or address and a port, nothing else (it goes into a
header)."""
HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-cache"),
)


@dataclass(frozen=True)
class PageAnswer:
    """What a GET of one path is answered with."""

    status: int
    content_type: str
    body: bytes

    def headers(self, host: str) -> list[tuple[str, str]]:
        """The answer's headers for a request that named ``host`` (its Host header)."""
        return [
            ("Content-Type", self.content_type),
            ("Content-Length", str(len(self.body))),
            ("Content-Security-Policy", policy(host)),
            *HEADERS,
        ]


def policy(host: str) -> str:
    """The Content-Security-Policy for a page loaded from ``host`` (its Host header)."""
    sockets = f" ws://{host} wss://{host}" if HOST.fullmatch(host) else ""
    return POLICY.format(sockets=sockets)


NOT_FOUND = PageAnswer(404, "text/plain; charset=utf-8", b"not found\n")


def answer(target: str, game: GameSpec | None = None) -> PageAnswer:
    """The page file, the hosted ``game``'s table, or a game's rules, a request target
    (``/app.js?x``) asks for."""
    path = unquote(target.split("?", 1)[0].split("#", 1)[0])
    if path == "/":
        path = "/index.html"
    rules = RULES.fullmatch(path)
    if rules is not None:
        text = _rules(rules.group(1))
        if text is None:
            return NOT_FOUND
        return PageAnswer(200, "text/plain; charset=utf-8", text.encode())
    name = path[1:]
    if not path.startswith("/") or FILE_NAME.fullmatch(name) is None:
        return NOT_FOUND
    if name in (TABLE, GAME_TABLE):
        body = None if game is None else _table(game, name)
    else:
        body = _file(name)
    if body is None:
        return NOT_FOUND
    return PageAnswer(200, CONTENT_TYPES[name.rsplit(".", 1)[1]], body)


@cache
def _file(name: str) -> bytes | None:
    """One file of the page folder (read once: the page does not change while hosting)."""
    entry = resources.files("pusher_sim.net").joinpath("page").joinpath(name)
    return entry.read_bytes() if entry.is_file() else None


def _table(game: GameSpec, name: str) -> bytes | None:
    """``table.js``, which names the game's title and exports its table, or ``game_table.js``,
    the table itself: the game's own module, or the text table for a game without one."""
    if name == TABLE:
        return (
            f"// {game.title}'s table, from its registry entry.\n"
            f'export * from "./{GAME_TABLE}";\n'
            f"export const TITLE = {json.dumps(game.title)};\n"
        ).encode()
    if game.page_table is None:
        return _file(DEFAULT_TABLE)
    return _own_table(game.page_table)


@cache
def _own_table(where: str) -> bytes | None:
    """A game's own table module, ``"package:file"`` (read once), or None if it cannot be read."""
    package, _, file = where.partition(":")
    try:
        return resources.files(package).joinpath(*file.split("/")).read_bytes()
    except (OSError, ImportError, ValueError):
        return None


@cache
def _rules(name: str) -> str | None:
    """A game's section of the rules as plain text, or None for no such game (or no rules)."""
    try:
        return plain(game_text(game_of(name)))
    except UserError:
        return None


def total_size() -> int:
    """The page's bytes, every file of the folder added up (for the benchmark)."""
    folder = resources.files("pusher_sim.net").joinpath("page")
    return sum(len(f.read_bytes()) for f in folder.iterdir() if FILE_NAME.fullmatch(f.name))
