"""The rules: the repository stands on its own, every rule the tests and the code name is a
heading of its game's rules file (the one its registry entry names, beside the game), and
``pusher rules`` prints a game or a rule from it."""

from __future__ import annotations

import ast
import io
import re
import shutil
import subprocess
import sys
import tomllib
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import replace
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pusher_sim import rules_text
from pusher_sim.cli import main
from pusher_sim.errors import UserError
from pusher_sim.rules_text import plain, rule, rule_numbers
from pusher_sim.turnloop import get_spec
from pusher_sim.turnloop.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent

# Built from parts so that this file does not match itself.
OUTSIDE = [b"shared" + b"/", b"DESIGN" + b".md", b"RULES" + b".md"]

TEST_RULE = re.compile(r"^[pro][0-9]+[a-z]?$", re.IGNORECASE)
REFUSED_RULE = re.compile(r"""(?:IllegalMove|Duty)\(\s*(?:"\w+",\s*)?"([PRO][0-9]+[a-z]?)"\s*,""")


def tracked_files() -> list[Path]:
    """The repository's files: git's list when this is a checkout, else every file on disk."""
    if shutil.which("git") and (ROOT / ".git").exists():
        out = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout
        return [ROOT / name for name in out.decode().split("\0") if name]
    skip = {".git", ".venv", "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache"}
    return [p for p in ROOT.rglob("*") if p.is_file() and not skip & set(p.parts)]


def test_no_file_refers_to_documents_outside_the_repository() -> None:
    files = tracked_files()
    assert len(files) > 50 and ROOT / "README.md" in files
    hits = []
    for path in files:
        if not path.is_file():
            continue  # listed by git but deleted in the work tree
        data = path.read_bytes()
        hits.extend(f"{path.relative_to(ROOT)}: {p.decode()}" for p in OUTSIDE if p in data)
    assert not hits, "\n".join(hits)


def headings() -> set[str]:
    return {n.lower() for game in ("pusher", "rummy", "pushover") for n in rule_numbers(game)}


def test_every_rule_a_test_name_cites_is_a_heading_of_the_rules() -> None:
    cited: dict[str, str] = {}
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                for word in node.name.split("_"):
                    if TEST_RULE.match(word):
                        cited.setdefault(word.lower(), f"{path.name}::{node.name}")
    assert {"p7", "r6", "o3", "p11a"} <= set(cited)  # the scan sees the naming in use
    missing = {n: where for n, where in cited.items() if n not in headings()}
    assert not missing, f"rules cited by tests but not headings of the rules: {missing}"


def test_every_rule_a_refusal_names_is_a_heading_of_the_rules() -> None:
    named: dict[str, str] = {}
    for package in ("pusher_sim", "rummy", "pushover"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for number in REFUSED_RULE.findall(path.read_text(encoding="utf-8")):
                named.setdefault(number.lower(), str(path.relative_to(ROOT)))
    assert {"p2", "r6", "o2"} <= set(named)
    missing = {n: where for n, where in named.items() if n not in headings()}
    assert not missing, f"rules refusals name but the rules lack: {missing}"


def test_each_games_rules_are_a_file_in_its_own_folder_shipped_with_it() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = data["tool"]["setuptools"]["package-data"]
    for name in GAMES:
        package, _, file = get_spec(name).rules.partition(":")
        assert GAMES[name].startswith(f"{package}."), f"{name}'s rules are not beside its spec"
        path = Path(str(resources.files(package).joinpath(file)))
        assert path.is_file() and path.is_relative_to(ROOT), path
        if name in ("pusher", "rummy", "pushover"):  # installed: package data
            assert file in shipped["*"] + shipped.get(package, [])
    assert rules_text.__file__ is not None
    assert Path(rules_text.__file__).resolve().parent.parent == ROOT


def test_the_shared_rules_page_keeps_no_games_section() -> None:
    """docs/rules.md is the preamble common to every game; the build adds each game's file."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert text.startswith("# The rules") and "\n## " not in text and "\n### " not in text


def test_one_rule_is_its_heading_and_text_up_to_the_next_rule() -> None:
    text = rule("pusher", "p7")
    assert text.startswith("### P7 Skip")
    assert "every empty cup that would form one is of the mover's own" in text
    assert "P8" not in text.splitlines()[-1]
    whole = rule("pusher", "P11")
    assert all(f"#### P11{part}" in whole for part in "abc")
    assert rule("pusher", "P11b").startswith("#### P11b") and "P11c" not in rule("pusher", "P11b")
    assert rule("Push", "R4").startswith("### R4 Contract")
    assert rule("push-over", "o10").startswith("### O10 Win")


def test_plain_text_keeps_the_words_and_drops_the_markup() -> None:
    text = plain(rule("pusher", "P8"))
    assert text.startswith("P8 Push\n")
    assert "Decision: the pusher chooses three things. Where to press" in text
    assert "physics parameter\nmax_flick_speed, in m/s" in text
    assert "balls is in docs/physics.md." in text
    assert not [mark for mark in ("#", "*", "`", "](") if mark in text]


def test_each_game_has_its_rules_in_order() -> None:
    assert rule_numbers("pusher")[:3] == ("P1", "P2", "P3")
    assert rule_numbers("rummy") == tuple(f"R{n}" for n in range(1, 13))
    assert rule_numbers("pushover") == tuple(f"O{n}" for n in range(1, 11))


@pytest.mark.parametrize(
    ("game", "number", "says"),
    [("chess", "P1", "no rules for a game 'chess'"), ("pusher", "P99", "no rule 'P99'")],
)
def test_an_unknown_game_or_rule_is_a_user_error(game: str, number: str, says: str) -> None:
    with pytest.raises(UserError, match=says):
        rule(game, number)


def test_a_missing_rules_file_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(UserError, match=r"cannot read the rules at .*nowhere\.md"):
        rule("pusher", "P1", tmp_path / "nowhere.md")
    broken = tmp_path / "rules.md"
    broken.write_text("# Rules\n\n## Push\n\n### R1 Dealing\n\nDeal.\n", encoding="utf-8")
    with pytest.raises(UserError, match="has no section '## Pusher'"):
        rule("pusher", "P1", broken)
    assert rule("rummy", "R1", broken) == "### R1 Dealing\n\nDeal."


def test_a_rule_runs_to_the_next_heading_of_its_level_or_above(tmp_path: Path) -> None:
    doc = tmp_path / "rules.md"
    doc.write_text(
        "## Push Over\n\n### O1 Setup\n\n```sh\n# not a heading\n```\n#no heading\n"
        "#### O1a Detail\n\nMore.\n\n### Notes\n\nNo rule.\n\n## Pusher\n\n### P1 X\n",
        encoding="utf-8",
    )
    assert rule("pushover", "O1", doc).endswith("#### O1a Detail\n\nMore.")
    assert rule("pushover", "O1a", doc) == "#### O1a Detail\n\nMore."
    assert rule_numbers("pushover", doc) == ("O1", "O1a")
    assert rule("pusher", "P1", doc) == "### P1 X"


@pytest.mark.parametrize(
    ("argv", "starts"),
    [
        (["rules", "pusher", "P7"], "P7 Skip\n\nIf a triangle must be formed (P5)"),
        (["rules", "rummy", "r6"], "R6 Drawing"),
        (["rules", "O3"], "O3 Rolling out"),
        (["rules", "pushover"], "Push Over\n"),
        (["rules"], "Pusher (pusher rules pusher):"),
    ],
)
def test_pusher_rules_prints_a_game_or_one_rule(
    capsys: pytest.CaptureFixture[str], argv: list[str], starts: str
) -> None:
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith(starts)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["rules", "chess"], "no rules for a game 'chess'"),
        (["rules", "pusher", "P14"], "Pusher has no rule 'P14'"),
        (["rules", "rummy", "P7"], "P7 is not a rule of Push"),
        (["rules", "pusher", "seven"], "'seven' is not a rule number"),
        (["rules", "R99"], "Push has no rule 'R99'"),
    ],
)
def test_pusher_rules_with_an_unknown_game_or_rule_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("pusher: ") and says in err and err.count("\n") == 1, err


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.text(max_size=12).filter(lambda t: not t.startswith("-"))
        | st.sampled_from(["-x", "pusher", "P7", "o10"]),
        max_size=2,
    )
)
def test_pusher_rules_answers_any_text_with_a_rule_or_one_line(words: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(["rules", *words])
        except SystemExit as exc:  # argparse's own refusals ("-x" is no argument)
            code = exc.code
    if code == 0:
        assert out.getvalue().strip() and not err.getvalue()
    else:
        assert code == 2 and err.getvalue().startswith("pusher")
        assert err.getvalue().count("\n") == 1, err.getvalue()


LOST_RULES = replace(get_spec("pusher"), rules="pusher_sim.pusher:nowhere.md")


def test_pusher_rules_without_the_rules_file_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(GAMES, "pusher", "tests.test_rules_doc:LOST_RULES")
    assert main(["rules", "pusher", "P1"]) == 2
    err = capsys.readouterr().err
    assert "cannot read the rules of pusher at pusher_sim.pusher:nowhere.md" in err
    assert err.count("\n") == 1, err


def test_the_installed_command_finds_the_rules_from_any_folder(tmp_path: Path) -> None:
    command = Path(sys.executable).parent / "pusher"
    assert command.exists(), "the package is not installed in this environment (make)"
    done = subprocess.run(
        [str(command), "rules", "pusher", "P12"], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("P12 Win\n")


@pytest.mark.parametrize(
    ("game", "example"), [("pusher", "P7"), ("rummy", "R6"), ("pushover", "O3")]
)
def test_each_games_terminal_help_points_to_its_rules(game: str, example: str) -> None:
    spec = get_spec(game)
    text = spec.text_ui(spec.make_game({})).help()
    assert f"pusher rules {game}" in text and f"pusher rules {example}" in text
    rule(game, example)  # the example given is a rule that exists


DOCSTRING_LINES = 16
"""The longest module docstring allowed: a few lines on what a module is for and why (reasoning
goes to docs/, history to CHANGELOG.md)."""


def test_every_module_says_briefly_what_it_is_for() -> None:
    checked, problems = 0, []
    for package in ("pusher_sim", "rummy", "pushover", "benchmarks"):
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            checked += 1
            tree = ast.parse(path.read_text(encoding="utf-8"))
            doc = ast.get_docstring(tree)
            if not doc and tree.body:  # an empty file has nothing to explain
                problems.append(f"{name}: no module docstring")
            elif len(doc.splitlines()) > DOCSTRING_LINES:
                problems.append(f"{name}: {len(doc.splitlines())} docstring lines")
    assert checked > 60 and not problems, "\n".join(problems)
