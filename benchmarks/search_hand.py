"""The search bot with a hand: ``push_chains.py`` or ``bot_strength.py`` run with ``strong``
(and ``quick``) given one of the hands measured for issue 24 (docs/agents.md).

A hand shakes every trial push by its precision (:class:`Hand`), so the bot values a push by
what it does near the push meant, not exactly there. ``exact`` is the shipped bot. Runs in one
process per worker; the settings are replaced in this process before any bot is made.

Run: ``.venv/bin/python benchmarks/search_hand.py hand chains strong strong --games 6 --model
8`` or ``... hand strength pusher strong greedy --games 40 --seed 101``.
"""

from __future__ import annotations

import dataclasses
import math
import sys
from pathlib import Path
from typing import Any

from pusher_sim.pusher import search_bot
from pusher_sim.pusher.search_bot import Hand, SearchSettings

sys.path.insert(0, str(Path(__file__).parent))
import bot_strength
import push_chains

HANDS: dict[str, dict[str, Any]] = {
    "exact": {"hand": None},
    "hand": {"hand": Hand()},
    "half": {"hand": Hand(0.25e-3, 0.025, math.radians(1.5), 0.025)},
    "quarter": {"hand": Hand(0.125e-3, 0.0125, math.radians(0.75), 0.0125)},
    "mixed": {"hand": Hand(), "shaken_search": False},
}
"""``hand``: 0.5 mm, 5% press, 3 degrees, 5% flick; ``half`` and ``quarter`` scale all four;
``mixed`` searches exactly and shakes only the re-draws (the exact push one of four draws)."""

SCRIPTS = {"chains": push_chains.main, "strength": bot_strength.main}


def with_hand(name: str) -> None:
    """Make every ``SearchSettings.at_budget`` (``strong``, ``quick``) use hand ``name``."""
    change = HANDS[name]
    at_budget = SearchSettings.at_budget.__func__  # type: ignore[attr-defined]

    def changed(cls: type[SearchSettings], budget: int, workers: int = 1) -> SearchSettings:
        settings: SearchSettings = at_budget(cls, budget, workers)
        return dataclasses.replace(settings, **change)

    search_bot.SearchSettings.at_budget = classmethod(changed)  # type: ignore[assignment,method-assign]


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in HANDS or argv[1] not in SCRIPTS:
        print(f"usage: search_hand.py {{{','.join(HANDS)}}} {{chains,strength}} ARGS...")
        return 2
    with_hand(argv[0])
    return SCRIPTS[argv[1]](argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
