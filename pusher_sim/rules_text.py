"""The games' rules, each read from the file its registry entry names beside the game
(``GameSpec.rules``), one game or one rule at a time.

These files are the one text of the rules: ``pusher rules``, the terminal ``help``, the window's
help panel and the page's rules all quote them, and the site's build collects them into
``docs/rules.md``, so what a player reads is what the tests' rule numbers name. They ship as
package data, so an installed copy finds them from any folder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from pusher_sim.errors import UserError
from pusher_sim.turnloop.registry import GAMES, get_spec

RULE_NUMBER = re.compile(r"[A-Z][0-9]+[a-z]?")
_RULE_HEADING = re.compile(r"^(#{3,4}) ([A-Z][0-9]+[a-z]?)\b")
_HEADING_MARK = re.compile(r"^#{1,6} ")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def titles() -> dict[str, str]:
    """Each game's registry name and its title, the ``## `` heading of its section."""
    return {name: get_spec(name).title for name in GAMES}


def _letters() -> dict[str, str]:
    """A rule number's letter and the game it belongs to (P7 is Pusher's, O3 Push Over's)."""
    return {get_spec(name).rule_letter: name for name in GAMES}


@dataclass(frozen=True)
class Rule:
    """One numbered rule: its number (``P11a``), heading line and full text, heading included."""

    number: str
    title: str
    text: str


@dataclass(frozen=True)
class GameRules:
    """A game's whole section of the rules and its numbered rules in order."""

    game: str
    text: str
    rules: tuple[Rule, ...]


def read_rules(path: Path) -> str:
    """A rules document's text, or one clear :class:`UserError` if it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot read the rules at {path} ({exc.strerror or exc})") from None


def rules_text(game: str) -> str:
    """The whole text of the rules file ``game``'s registry entry names (``"package:file"``),
    or one clear :class:`UserError` if it cannot be read."""
    where = get_spec(game).rules
    package, _, name = where.partition(":")
    try:
        return resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (OSError, ModuleNotFoundError) as exc:
        raise UserError(f"cannot read the rules of {game} at {where} ({exc})") from None


def parse_rules(text: str) -> dict[str, GameRules]:
    """Split the document into the games' sections and their numbered rules."""
    games = {title: game for game, title in titles().items()}
    sections: dict[str, list[tuple[int, str]]] = {}
    current: list[tuple[int, str]] | None = None
    for level, line in _levelled(text):
        if level == 2:
            game = games.get(line[3:].strip())
            current = sections.setdefault(game, []) if game else None
        elif level == 1:
            current = None
        if current is not None:
            current.append((level, line))
    return {game: _game_rules(game, lines) for game, lines in sections.items()}


def _levelled(text: str) -> list[tuple[int, str]]:
    """Each line with its heading level (0 for text, and for anything in a fenced block)."""
    out = []
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        mark = None if fenced else _HEADING_MARK.match(line)
        out.append((len(mark.group(0)) - 1 if mark else 0, line))
    return out


def _game_rules(game: str, lines: list[tuple[int, str]]) -> GameRules:
    rules: list[Rule] = []
    for n, (level, line) in enumerate(lines):
        match = _RULE_HEADING.match(line) if level else None
        if match is None:
            continue
        end = next((k for k in range(n + 1, len(lines)) if 0 < lines[k][0] <= level), len(lines))
        body = "\n".join(text for _, text in lines[n:end]).strip()
        rules.append(Rule(match.group(2), line.lstrip("#").strip(), body))
    return GameRules(game, "\n".join(text for _, text in lines).strip(), tuple(rules))


@cache
def _rules_at(path: Path) -> dict[str, GameRules]:
    return parse_rules(read_rules(path))


@cache
def _own_rules(game: str, where: str) -> GameRules:
    """A game's section of the rules file its registry entry names (``where``, read once)."""
    section = parse_rules(rules_text(game)).get(game)
    if section is None:
        raise UserError(f"{where} has no section '## {titles()[game]}'")
    return section


def all_rules(path: Path | None = None) -> dict[str, GameRules]:
    """Every game's rules, each from the file its registry entry names; or, given ``path``,
    the sections of that one document instead (a test's, or a draft's)."""
    if path is not None:
        return dict(_rules_at(path))
    return {name: _own_rules(name, get_spec(name).rules) for name in GAMES}


def game_of(name: str) -> str:
    """The registry name of a game given by name (``pusher``, ``rummy``, ``pushover``) or title."""
    key = name.strip().lower()
    for game, title in titles().items():
        if key in (game, title.lower(), title.lower().replace(" ", "-")):
            return game
    raise UserError(f"no rules for a game {name!r} (choose from {', '.join(GAMES)})")


def game_text(game: str, path: Path | None = None) -> str:
    """A game's whole section of the rules."""
    return _section(game_of(game), path).text


def rule(game: str, number: str, path: Path | None = None) -> str:
    """The text of rule ``number`` (``"P7"``, ``"r4"``, ``"P11a"``) of ``game``, heading included.

    This is what the window's help panel and the terminal show for a rule an illegal move names.
    """
    section = _section(game_of(game), path)
    wanted = number.strip()
    for r in section.rules:
        if r.number.lower() == wanted.lower():
            return r.text
    known = ", ".join(r.number for r in section.rules)
    raise UserError(f"{titles()[section.game]} has no rule {number!r} (rules: {known})")


def plain(text: str) -> str:
    """Markdown of the rules as plain text for a terminal or a window panel: no heading marks,
    no bold or italic stars, no backticks, and links as their words."""
    lines = []
    for line in text.splitlines():
        line = _HEADING_MARK.sub("", line)
        line = _LINK.sub(r"\1", line)
        lines.append(line.replace("**", "").replace("`", "").replace("*", ""))
    return "\n".join(lines)


def rule_numbers(game: str, path: Path | None = None) -> tuple[str, ...]:
    """Every rule number of ``game``, in the order the rules give them."""
    return tuple(r.number for r in _section(game_of(game), path).rules)


def game_of_rule(number: str) -> str:
    """The game a rule number belongs to, by its letter (``O3`` -> ``pushover``)."""
    text = number.strip()
    letters = _letters()
    if not RULE_NUMBER.fullmatch(text[:1].upper() + text[1:]) or text[0].upper() not in letters:
        raise UserError(f"{number!r} is not a rule number (like P7, R4 or O3)")
    return letters[text[0].upper()]


def _section(game: str, path: Path | None) -> GameRules:
    if path is None:
        return _own_rules(game, get_spec(game).rules)
    rules = all_rules(path)
    if game not in rules:
        raise UserError(f"{path} has no section '## {titles()[game]}'")
    return rules[game]
