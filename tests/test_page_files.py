"""The host's page over plain HTTP: each file of the page folder by its bare name with its
content type, a game's rules as text, 404 for anything else (no path reaches outside the
folder), and the Content-Security-Policy on every answer."""

from __future__ import annotations

import http.client
import re
from dataclasses import replace
from importlib import resources
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from pusher_sim.net import page_files
from pusher_sim.net.page_files import CONTENT_TYPES, answer, policy
from pusher_sim.turnloop.registry import GAMES, get_spec
from tests.hosted import Host
from tests.nim.spec import SPEC as NIM

PAGE = Path(page_files.__file__).parent / "page"


def test_the_root_is_the_page_and_each_file_has_its_content_type() -> None:
    assert answer("/").body == (PAGE / "index.html").read_bytes()
    for file in PAGE.iterdir():
        got = answer(f"/{file.name}?reload=1")
        assert got.status == 200 and got.body == file.read_bytes()
        assert got.content_type == CONTENT_TYPES[file.suffix[1:]]


def test_the_rules_are_served_as_text_by_the_games_registry_name() -> None:
    rules = answer("/rules/pushover")
    assert rules.status == 200 and rules.content_type.startswith("text/plain")
    assert b"O1" in rules.body and b"P1" not in rules.body and b"##" not in rules.body
    assert answer("/rules/chess").status == 404


def test_the_hosted_games_table_is_the_one_its_registry_entry_names() -> None:
    """``table.js`` names the game's title and exports ``game_table.js``, the module the entry's
    ``page_table`` names; the page holds no list of games of its own."""
    for name in GAMES:
        spec = get_spec(name)
        assert spec.page_table is not None  # the shipped games each have a table of their own
        package, _, file = spec.page_table.partition(":")
        own = resources.files(package).joinpath(*file.split("/")).read_bytes()
        assert answer("/game_table.js", spec).body == own
        table = answer("/table.js?x", spec)
        assert table.status == 200 and table.content_type == CONTENT_TYPES["js"]
        assert 'export * from "./game_table.js";' in table.body.decode()
        assert f'export const TITLE = "{spec.title}";' in table.body.decode()
    assert "TITLE" not in own.decode()  # the title is the entry's, named once


def test_a_game_without_a_page_table_plays_on_the_text_table(nim: str) -> None:
    spec = get_spec(nim)
    assert spec.page_table is None
    assert answer("/game_table.js", spec).body == (PAGE / "default.js").read_bytes()
    assert 'export const TITLE = "Nim";' in answer("/table.js", spec).body.decode()
    mine = replace(NIM, page_table="pusher_sim.net:page/pushover.js")  # one of its own
    assert answer("/game_table.js", mine).body == (PAGE / "pushover.js").read_bytes()
    lost = replace(NIM, page_table="tests.nim:nowhere.js")
    assert answer("/game_table.js", lost).status == 404
    assert answer("/table.js").status == answer("/game_table.js").status == 404  # no game


def test_the_pages_own_scripts_name_no_game() -> None:
    """app.js once chose a table from its own list of the three games."""
    assert not {"table.js", "game_table.js"} & {f.name for f in PAGE.iterdir()}
    shared = ("app.js", "connection.js", "dom.js", "default.js", "index.html")
    app = (PAGE / "app.js").read_text(encoding="utf-8")
    assert 'import("./table.js")' in app
    for file in shared:
        text = (PAGE / file).read_text(encoding="utf-8")
        for name in GAMES:
            if name != "pusher":  # also the project's name (its page title, its storage keys)
                assert not re.search(rf"\b{name}\b", text), (file, name)
                assert get_spec(name).title not in text.replace("Pusher", ""), (file, name)


def test_the_policy_allows_only_the_hosts_own_files_and_socket() -> None:
    assert "connect-src 'self' ws://10.0.0.2:4747 wss://10.0.0.2:4747;" in policy("10.0.0.2:4747")
    assert "ws://[::1]:4747 " in policy("[::1]:4747")
    assert "script-src 'self';" in policy("h") and "unsafe" not in policy("h")
    for forged in ("a b", "x; script-src *", "h\r\nSet-Cookie: a=1", "", "a'"):
        assert "connect-src 'self';" in policy(forged)  # no Host header goes into the policy


def test_no_path_reaches_outside_the_page_folder() -> None:
    for target in (
        "/../server.py",
        "/%2e%2e/server.py",
        "/..%2fpage_files.py",
        "/page/index.html",
        "//etc/passwd",
        "/index.html/",
        "/INDEX.HTML",
        "/py.typed",
        "/__init__.py",
        "/missing.js",
        "/rules/../index.html",
        "//[",  # no URL at all: once a ValueError out of urlsplit
    ):
        assert answer(target).status == 404, target


@given(st.text(max_size=60))
def test_any_target_is_a_page_file_the_rules_or_404(target: str) -> None:
    got = answer("/" + target)
    names = {f.name for f in PAGE.iterdir()}
    assert got.status in (200, 404)
    if got.status == 200:
        assert got.body in {(PAGE / n).read_bytes() for n in names} or got.content_type.startswith(
            "text/plain"
        )
    assert ("Content-Security-Policy", policy("h:1")) in got.headers("h:1")


def test_the_host_answers_a_plain_get_with_the_page_and_still_speaks_websocket(
    tmp_path: Path,
) -> None:
    host = Host(tmp_path / "host", "pushover", "--seats", "open,bot")
    try:
        targets = ("/", "/app.js", "/table.js", "/game_table.js", "/rules/rummy", "/x")
        for target, status in zip(targets, (200, 200, 200, 200, 200, 404), strict=True):
            connection = http.client.HTTPConnection("127.0.0.1", host.port, timeout=60)
            connection.request("GET", target)
            response = connection.getresponse()
            body = response.read()
            assert response.status == status, target
            assert response.getheader("Content-Security-Policy") == policy(host.address)
            assert response.getheader("X-Content-Type-Options") == "nosniff"
            if target == "/":
                assert body.startswith(b"<!doctype html>")
            if target == "/table.js":  # the hosted game's, from its registry entry
                assert b'TITLE = "Push Over"' in body
            connection.close()
        assert host.popen.poll() is None and not host.tracebacks
    finally:
        host.kill()
