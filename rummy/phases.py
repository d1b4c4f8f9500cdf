"""Where a match of Push stands: its phases, and how a deal can end.

``dealer`` and ``shuffle`` are chance nodes (R1); ``draw`` and ``meld`` belong to the player to
move (R5: the meld phase ends with the discard); ``over`` is the end of the match. A deal ends
with a player going ``out``, the ``stock`` running out (R10), or the config's guard on its
``turns``.
"""

from __future__ import annotations

from dataclasses import dataclass

DEALER, SHUFFLE, DRAW, MELD, OVER = "dealer", "shuffle", "draw", "meld", "over"
PHASES = (DEALER, SHUFFLE, DRAW, MELD, OVER)
OUT, STOCK, TURNS = "out", "stock", "turns"
ENDINGS = (OUT, STOCK, TURNS)


@dataclass(frozen=True)
class DealResult:
    """How one deal ended (R10) and what it cost each team (R11)."""

    scores: tuple[int, int]
    went_out: int
    """The seat that emptied its hand, or -1."""
    laid: tuple[bool, bool, bool, bool]
    ended_by: str
    """"out", "stock" (R10) or "turns" (the config's guard)."""
