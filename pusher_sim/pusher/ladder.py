"""The Pusher bots' ladder under the default hand, as ``benchmarks/bot_ladder.py`` measured it:
each bot's Bradley-Terry rating (Elo scale) with its 95% interval, which the start screen shows
beside the bot's description. The run behind it, its game counts and how to repeat it at full
size are in docs/agents.md ("The ladder"); a bot not measured has no entry.
"""

from __future__ import annotations

from collections.abc import Mapping

LADDER: Mapping[str, str] = {
    "random": "rated 1178 (1102-1439)",
    "quick": "rated 1377 (1260-1626)",
    "greedy": "rated 1576 (1374-1609)",
    "strong": "rated 1869 (1622-2097)",
}
"""Weakest first; under the ``ordinary`` hand, physics model 8: 2 games a pairing, ``strong``
by 15 games against ``greedy`` (docs/agents.md, "The ladder")."""


def with_rating(bot: str, description: str) -> str:
    """A bot's description, with its rating where the ladder has one."""
    rating = LADDER.get(bot)
    return description if rating is None else f"{description}; {rating}"
