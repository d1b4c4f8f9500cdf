"""The window's vocabulary, written once: what each game is called (its registry title), how a
seat is named on every table ("Red (you)", "East (bot)", "Blue (person)" in hot-seat play), and
the keys a finished game offers. Every table, dialog and the start screen say it the same way,
capitalised the same way; players never see the games' internal names (``rummy``, ``pushover``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from pusher_sim.errors import UserError
from pusher_sim.turnloop.registry import HUMAN, get_spec

PEOPLE = (HUMAN, "open", "person")
"""What a seat held by a person is called: ``human`` here, ``open``/``person`` in a hosted
match's seats (for whoever joins; taken by someone)."""
GAME_OVER_KEYS = "N new game   R replay   S save   Esc leave"
"""What a finished game offers, on every table."""
TABLE_KEYS = "H help   N new game   U undo   S save   L load   R replay   Esc leave"
"""The keys of a table whose game is played here."""
JOINED_KEYS = "H help   T chat   P people   Esc leave"
"""The keys of a table joined to a hosted match: the match is the host's to start again,
undo, save, load or replay."""
RULE_CODE = re.compile(r" ?\((?:[PRO]\d+(?:, ?)?)+\)")
"""A reference to docs/rules.md's numbered rules, as the games' texts add it: " (O6)"."""


def game_title(game: str) -> str:
    """A game's name as players know it ("Push" for ``rummy``)."""
    try:
        return get_spec(game).title
    except UserError:
        return game


def seat_kind(seat: str) -> str:
    """How the window names what sits in a seat: "a person", "bot" (the game's strongest), or
    "random bot", "expected bot"... (one wording on the start screen and the tables)."""
    if seat == HUMAN:
        return "a person"
    return seat if seat == "bot" else f"{seat} bot"


def seat_name(name: str, kind: str, you: bool) -> str:
    """A seat as every table names it: its name capitalised, then "you" for the one person at
    the table, "person" for each person of a hot-seat game, else the bot ("East (strong bot)")."""
    return f"{name[:1].upper()}{name[1:]} ({seat_who(kind, you)})"


def seat_who(kind: str, you: bool) -> str:
    """Who sits in a seat of ``kind``: "you", "person" or the bot ("random bot")."""
    return ("you" if you else "person") if kind in PEOPLE else seat_kind(kind)


def without_rule_codes(words: str) -> str:
    """``words`` without references to numbered rules ("no free bottom to mount (O6)" reads
    "no free bottom to mount"): the window says what happens in words, the I panel and the
    rules page give the codes."""
    return RULE_CODE.sub("", words)


@lru_cache(maxsize=16)
def seat_labels(game: str, players: int) -> tuple[str, ...]:
    """What each seat is called in ``game`` with ``players`` seats (Red, Blue... in Pusher)."""
    try:
        made = get_spec(game).make_game({"players": players})
        return tuple(made.seat_label(s).split(" (")[0].capitalize() for s in range(players))
    except (UserError, AttributeError, ValueError):
        return tuple(f"Seat {s + 1}" for s in range(players))


def table_keys(hosted_elsewhere: bool) -> str:
    """The keys a table offers, as its footer says them."""
    return JOINED_KEYS if hosted_elsewhere else TABLE_KEYS


def game_over_keys(hosted_elsewhere: bool) -> str:
    """What a finished game offers: a joined window leaves the next game to the host."""
    return "Esc leave   T chat" if hosted_elsewhere else GAME_OVER_KEYS
