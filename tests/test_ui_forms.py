"""The window's forms share one set of mechanics (issue 36, item 4): the start screen and the
Host and Join forms are each a RowForm, and every typed line of the window (a form's name,
address and port, a dialog's answer, the table chat) edits through one function. Each test
drives all of them the same way, with real pygame events, so a form that goes its own way fails.
"""

from __future__ import annotations

import pygame
import pytest

from pusher_sim.net import protocol
from pusher_sim.ui.shell.app import App
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.dialogs import TextPrompt
from pusher_sim.ui.shell.form import RowForm
from pusher_sim.ui.shell.network_forms import MAX_ADDRESS, HostForm, JoinForm
from pusher_sim.ui.shell.start_screen import StartScreen
from pusher_sim.ui.shell.widgets import typed
from tests import table_driver as drv

pytestmark = pytest.mark.usefixtures("window")


def press(app: App, code: int, unicode: str = "") -> None:
    drv.post(pygame.KEYDOWN, key=code, mod=0, unicode=unicode, scancode=0)
    app.tick(0.05)


def the_forms() -> tuple[App, list[RowForm]]:
    app = App(home=lambda host: StartScreen(host, AppConfig(pace=0.0)))
    start = StartScreen(app, AppConfig(pace=0.0))
    return app, [
        start,
        HostForm(app, AppConfig(), start, "pushover"),
        JoinForm(app, AppConfig(), start),
    ]


def test_a_typed_line_adds_up_to_its_bound_and_backspace_takes_the_last_off() -> None:
    assert typed("ab", "c", 3) == "abc"
    assert typed("abc", "d", 3) == "abc"
    assert typed("ab", None, 3) == "a"
    assert typed("", None, 3) == ""


def test_up_and_down_go_round_the_rows_of_every_form() -> None:
    app, forms = the_forms()
    for form in forms:
        app.show(form)
        app.tick(0.05)
        rows = len(form.rows())
        assert form.row == 0, type(form)
        press(app, pygame.K_UP)
        assert form.row == rows - 1, type(form)
        for _ in range(rows):
            press(app, pygame.K_DOWN)
        assert form.row == rows - 1, type(form)
        press(app, pygame.K_DOWN)
        assert form.row == 0, type(form)


def test_every_typed_row_takes_keys_the_same_way() -> None:
    """Typing adds to the row chosen, Backspace takes off, Left/Right do not type, and each row
    holds to its bound: the name the protocol's, the address 200, the port five digits."""
    app, forms = the_forms()
    bounds = {"name": protocol.MAX_NAME, "address": MAX_ADDRESS, "port": 5}
    seen = set()
    for form in forms:
        app.show(form)
        app.tick(0.05)
        for n, row in enumerate(form.rows()):
            if not row.typed:
                continue
            seen.add((type(form), row.key))
            form.row = n
            for _ in range(len(row.value) + 1):
                press(app, pygame.K_BACKSPACE)
            assert form.rows()[n].value == "", (type(form), row.key)
            press(app, pygame.K_7, "7")
            press(app, pygame.K_LEFT)
            press(app, pygame.K_RIGHT)
            assert form.rows()[n].value == "7", (type(form), row.key)
            for _ in range(bounds[row.key] + 3):
                press(app, pygame.K_1, "1")
            assert form.rows()[n].value == "7" + "1" * (bounds[row.key] - 1), row.key
            press(app, pygame.K_BACKSPACE)
            assert len(form.rows()[n].value) == bounds[row.key] - 1, row.key
    assert seen == {
        (HostForm, "name"),
        (HostForm, "port"),
        (JoinForm, "name"),
        (JoinForm, "address"),
    }


def test_the_port_takes_digits_only() -> None:
    app, forms = the_forms()
    host = forms[1]
    app.show(host)
    app.tick(0.05)
    host.row = next(n for n, r in enumerate(host.rows()) if r.key == "port")
    before = host.rows()[host.row].value
    press(app, pygame.K_x, "x")
    assert host.rows()[host.row].value == before


def test_a_text_prompt_types_as_a_form_does() -> None:
    app, forms = the_forms()
    answers: list[str] = []
    prompt = TextPrompt(app, forms[0], "Save as", [], answers.append)
    app.show(prompt)
    app.tick(0.05)
    for _ in range(TextPrompt.MAX_CHARS + 2):
        press(app, pygame.K_a, "a")
    press(app, pygame.K_BACKSPACE)
    press(app, pygame.K_RETURN)
    assert answers == ["a" * (TextPrompt.MAX_CHARS - 1)]
