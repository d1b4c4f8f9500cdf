"""One registry entry per game says everything about it: its title (the rules' section heading),
its rule letter, its table in the window and its agent environments; the rules text, the window
and the envs read them there."""

from __future__ import annotations

import importlib
from dataclasses import replace

import pytest

from pusher_sim import rules_text
from pusher_sim.turnloop import registry
from pusher_sim.turnloop.registry import GAMES, get_spec
from pusher_sim.ui.common import text_table
from pusher_sim.ui.common.game_table import TableKind
from pusher_sim.ui.shell import table_registry

open_toy_table = TableKind(text_table.TextTable)
"""Stands for a table module's ``open_table``."""


TOY = replace(
    get_spec("pushover"),
    name="toy",
    title="Toy Race",
    rule_letter="T",
    table="tests.test_game_registry:open_toy_table",
)
TOY_WITHOUT_TABLE = replace(TOY, table=None)


def test_each_game_has_a_title_a_rules_section_and_a_table() -> None:
    sections = rules_text.all_rules()
    letters = [get_spec(name).rule_letter for name in GAMES]
    assert len(set(letters)) == len(letters) == len(GAMES)
    for name in GAMES:
        spec = get_spec(name)
        assert spec.name == name == spec.make_game({}).name
        assert rules_text.titles()[name] == spec.title
        assert rules_text.game_of(spec.title) == name
        assert sections[name].rules, f"{spec.rules} has no rules under '## {spec.title}'"
        first = sections[name].rules[0].number
        assert rules_text.game_of_rule(first) == name
        assert first.startswith(spec.rule_letter)
        assert get_spec(name).table is not None
        assert callable(table_registry.table_maker(name))


def test_a_game_registered_alone_gets_its_title_rules_letter_and_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(GAMES, "toy", "tests.test_game_registry:TOY")
    assert rules_text.titles()["toy"] == "Toy Race"
    assert rules_text.game_of("toy race") == "toy"
    assert rules_text.game_of_rule("T1") == "toy"
    assert table_registry.table_maker("toy") is open_toy_table
    monkeypatch.setitem(GAMES, "toy", "tests.test_game_registry:TOY_WITHOUT_TABLE")
    assert table_registry.table_maker("toy") is text_table.open_table  # the default table


def test_the_default_game_is_a_registered_one() -> None:
    assert registry.DEFAULT_GAME in GAMES


def test_each_games_pettingzoo_environment_is_where_its_entry_says() -> None:
    for name in GAMES:
        where = get_spec(name).pettingzoo
        assert where is not None, name
        module = importlib.import_module(where)
        assert callable(module.env) and callable(module.raw_env)
        assert module.raw_env().metadata["name"] == module.NAME
