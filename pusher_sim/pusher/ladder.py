"""The Pusher bots' ladder under the default hand, as ``benchmarks/bot_ladder.py`` measured it:
each bot's Bradley-Terry rating (Elo scale) with its 95% interval, which the start screen shows
beside the bot's description. The run behind it, its game counts and how to repeat it at full
size are in docs/agents.md ("The ladder"); a bot not measured has no entry.
"""

from __future__ import annotations

from collections.abc import Mapping

LADDER: Mapping[str, str] = {
    "random": "rated 1088 (1071-1281)",
    "greedy": "rated 1529 (1420-1596)",
    "quick": "rated 1636 (1516-1722)",
    "strong": "rated 1746 (1615-1826)",
}
"""Weakest first; under the ``ordinary`` hand, physics model 9, 10 games a pairing
(docs/agents.md, "The ladder")."""


def with_rating(bot: str, description: str) -> str:
    """A bot's description, with its rating where the ladder has one."""
    rating = LADDER.get(bot)
    return description if rating is None else f"{description}; {rating}"
