"""What one seat may see: its own hand, the table, the discard top, the others' card counts.

Nothing else: not the stock's order, not the cards below the discard top, not another hand
while a deal is played. When a deal ends, the cards left in every hand are shown, as they are
counted against their teams (R11). A spectator (``SPECTATOR``) sees no hand at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pusher_sim.errors import CorruptFile
from rummy.config import Contract
from rummy.fields import flag, items, text, whole
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
    discard_size: int = 0
    laid_this_turn: bool = False
    pending_from: int = -1
    """The meld the pending wild was freed from, or -1."""
    turns: int = 0
    next_meld_id: int = 1
    deals: tuple[tuple[int, tuple[bool, ...], str], ...] = ()
    """Each finished deal's public facts beside its scores: (the seat that went out or -1, who
    had laid, how it ended)."""
    shown_hands: tuple[tuple[int, ...], ...] = ()
    """Every hand's cards once a deal has ended and before the next shuffle (R11), else ()."""

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
            "discard_size": self.discard_size,
            "laid_this_turn": self.laid_this_turn,
            "pending_from": self.pending_from,
            "turns": self.turns,
            "next_meld_id": self.next_meld_id,
            "deals": [[w, list(laid), how] for w, laid, how in self.deals],
            "shown_hands": [list(h) for h in self.shown_hands],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RummyObservation:
        """Read :meth:`to_json` back (a peer's message: every field checked, CorruptFile else)."""
        try:
            return cls(
                seat=whole(data["seat"], -3, 3),
                deal=whole(data["deal"], 0, 99),
                dealer=whole(data["dealer"], 0, 3),
                to_move=whole(data["to_move"], -2, 3),
                phase=text(data["phase"]),
                contract=tuple(
                    (text(kind), whole(size, 0, 108)) for kind, size in items(data["contract"])
                ),
                hand=tuple(whole(c, 0, 107) for c in items(data["hand"])),
                hand_sizes=tuple(whole(n, 0, 108) for n in items(data["hand_sizes"])),
                stock_size=whole(data["stock_size"], 0, 108),
                discard_top=whole(data["discard_top"], -1, 107),
                melds=tuple(
                    TableMeld(
                        whole(m["id"], 1, 10**6),
                        whole(m["owner"], 0, 3),
                        text(m["kind"]),
                        tuple(whole(c, 0, 107) for c in items(m["cards"])),
                        tuple(whole(s, 0, 10**6) for s in items(m["slots"])),
                    )
                    for m in items(data["melds"])
                ),
                laid=tuple(flag(b) for b in items(data["laid"])),
                pending_wild=whole(data["pending_wild"], -1, 107),
                taken=whole(data["taken"], -1, 107),
                scores=tuple(
                    (whole(a, 0, 10**6), whole(b, 0, 10**6)) for a, b in items(data["scores"])
                ),
                discard_size=whole(data["discard_size"], 0, 108),
                laid_this_turn=flag(data["laid_this_turn"]),
                pending_from=whole(data["pending_from"], -1, 10**6),
                turns=whole(data["turns"], 0, 10**6),
                next_meld_id=whole(data["next_meld_id"], 1, 10**6),
                deals=tuple(
                    (whole(w, -1, 3), tuple(flag(b) for b in items(laid)), text(how))
                    for w, laid, how in items(data["deals"])
                ),
                shown_hands=tuple(
                    tuple(whole(c, 0, 107) for c in items(h)) for h in items(data["shown_hands"])
                ),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptFile(f"not a Push observation: {exc}") from None
