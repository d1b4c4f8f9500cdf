"""The Pusher bots' ladder under the default hand, as ``benchmarks/bot_ladder.py`` measured it:
each bot's Bradley-Terry rating (Elo scale) with its 95% interval, which the start screen shows
beside the bot's description. The run behind it, its game counts and how to repeat it at full
size are in docs/agents.md ("The ladder"); a bot not measured has no entry.
"""

from __future__ import annotations

from collections.abc import Mapping

LADDER: Mapping[str, str] = {
    "random": "rated 1181 (1181-1480)",
    "quick": "rated 1380 (1290-1640)",
    "greedy": "rated 1579 (1430-1649)",
    "strong": "rated 1859 (1439-1859)",
}
"""Weakest first; under the ``ordinary`` hand, physics model 8, 2 games a pairing (docs)."""


def with_rating(bot: str, description: str) -> str:
    """A bot's description, with its rating where the ladder has one."""
    rating = LADDER.get(bot)
    return description if rating is None else f"{description}; {rating}"
