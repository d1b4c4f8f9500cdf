"""``pusher rules [GAME] [RULE]``: the rules of a game, or one rule, from its rules file.

Without a game it lists each game's rule numbers and titles; a rule number alone (``pusher rules
P7``) is enough, since its letter names the game.
"""

from __future__ import annotations

import argparse
import os
import sys

from pusher_sim.errors import UserError
from pusher_sim.rules_text import (
    RULE_NUMBER,
    all_rules,
    game_of,
    game_of_rule,
    game_text,
    plain,
    rule,
    titles,
)
from pusher_sim.turnloop.registry import GAMES


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", nargs="?", metavar="GAME", help=f"one of {', '.join(GAMES)}")
    parser.add_argument("rule", nargs="?", metavar="RULE", help="a rule number: P7, R4, O3 ...")


def run(args: argparse.Namespace) -> int:
    text = plain(text_for(args.game, args.rule))
    try:
        print(text, flush=True)
    except BrokenPipeError:
        # A reader that stopped early (``pusher rules | head``) is not an error; keep Python's
        # own flush at exit from failing on the closed pipe.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def text_for(game: str | None, number: str | None) -> str:
    """What ``pusher rules GAME RULE`` prints."""
    if game is None:
        return index()
    if number is None and RULE_NUMBER.fullmatch(game[:1].upper() + game[1:]):
        return rule(game_of_rule(game), game)
    name = game_of(game)
    if number is None:
        return game_text(name)
    if game_of_rule(number) != name:
        raise UserError(f"{number} is not a rule of {titles()[name]}")
    return rule(name, number)


def index() -> str:
    """Each game's rule numbers and titles, and how to read one."""
    lines = []
    title = titles()
    for game, section in all_rules().items():
        lines.append(f"{title[game]} (pusher rules {game}):")
        lines.extend(f"  {r.title}" for r in section.rules)
    lines.append("One rule: pusher rules GAME RULE (for example: pusher rules pusher P7)")
    return "\n".join(lines)
