"""What one seat may see: its own hand, the table, the discard top, the others' card counts.

Nothing else: not the stock's order, not the cards below the discard top, not another hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rummy.config import Contract
from rummy.melds import TableMeld


@dataclass(frozen=True)
class RummyObservation:
    seat: int
    deal: int
    """0-based index of the deal in progress (or the last one, once the match is over)."""
    dealer: int
    to_move: int
    phase: str
    contract: Contract
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard_top: int
    """-1 when the discard pile is empty."""
    melds: tuple[TableMeld, ...]
    laid: tuple[bool, ...]
    """Which seats have laid this deal's contract."""
    pending_wild: int
    """A wild freed by a replacement (R8) that the mover must still use, or -1."""
    taken: int
    """The card the mover took from the discard pile this turn, or -1."""
    scores: tuple[tuple[int, int], ...]
    """Each finished deal's scores, team of seats 0/2 first."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "deal": self.deal,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "phase": self.phase,
            "contract": [list(m) for m in self.contract],
            "hand": list(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "discard_top": self.discard_top,
            "melds": [
                {
                    "id": m.id,
                    "owner": m.owner,
                    "kind": m.kind,
                    "cards": list(m.cards),
                    "slots": list(m.slots),
                }
                for m in self.melds
            ],
            "laid": list(self.laid),
            "pending_wild": self.pending_wild,
            "taken": self.taken,
            "scores": [list(s) for s in self.scores],
        }
