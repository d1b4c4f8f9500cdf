"""Every rule decision of Push (R1-R12, docs/rules.md) as one frozen config.

The defaults are the decisions written in docs/rules.md; each can be changed from the game's config
mapping (a log's ``config`` or ``pusher simulate``'s options), so no decision is a constant in
the rules code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from pusher_sim.errors import ConfigError
from pusher_sim.turnloop.schema import Flag, ListOf, Obj, Row, Text, Whole

SET = "set"
RUN = "run"
KINDS = (SET, RUN)

# (kind, minimum length) per meld of a deal's contract (R4).
Contract = tuple[tuple[str, int], ...]

DEFAULT_CONTRACTS: tuple[Contract, ...] = (
    ((SET, 3), (SET, 3)),
    ((SET, 3), (RUN, 4)),
    ((RUN, 4), (RUN, 4)),
    ((SET, 3), (SET, 3), (SET, 3)),
    ((RUN, 5), (RUN, 5)),
)

STOCK_OUT_ON_DRAW = "on_draw"
"""R10 read literally: with the stock empty a player may still take the discard; the deal ends
when a player must (or chooses to) draw from the empty stock."""
STOCK_OUT_AT_TURN = "at_turn"
"""The stricter reading: the deal ends as soon as a player comes to draw and the stock is empty."""


@dataclass(frozen=True)
class RummyConfig:
    """Everything that makes one Push match, with the rules' decisions as defaults."""

    players: int = 4
    deals: int = 5
    """R1: how many deals make a match (fewer keep tests fast); deal i uses the i-th entries."""
    hand_sizes: tuple[int, ...] = (6, 7, 8, 9, 10)
    contracts: tuple[Contract, ...] = DEFAULT_CONTRACTS
    first_dealer: int = -1
    """R1: -1 draws the first dealer at random (a chance node); 0..3 fixes it."""
    bury_wild_upcard: bool = True
    """R1: a wild turned up to start the discard pile goes to the bottom of the stock."""
    min_meld: int = 3
    """R3: the fewest cards in a meld."""
    min_naturals: int = 1
    """R3: natural cards a meld must hold."""
    push_min_stock: int = 1
    """R6: stock cards needed to push. With 1, a push of the last stock card leaves the pusher
    unable to draw, and the deal ends (R10)."""
    stock_out: str = STOCK_OUT_ON_DRAW
    max_turns_per_deal: int = 300
    """R10 guard: a deal that lasts this many turns ends as if the stock had run out, so that
    endless discard-taking with an empty stock cannot stall a match."""
    layoff_after_contract_same_turn: bool = True
    """R7: a player may lay off and lay more melds in the turn they lay their contract."""
    may_discard_taken_card: bool = True
    """R9: the card just taken from the discard pile may be discarded again."""
    card_values: tuple[int, int, int, int] = (10, 5, 15, 20)
    """R11: points of K-10, 9-3, an ace, a wild (joker or 2) left in hand."""

    def __post_init__(self) -> None:
        if self.players != 4:
            raise ConfigError(f"Push is for 4 players in two partnerships, got {self.players}")
        if not 1 <= self.deals <= min(len(self.hand_sizes), len(self.contracts)):
            raise ConfigError(f"deals must be 1..{len(self.hand_sizes)}, got {self.deals}")
        if any(not 1 <= n <= 20 for n in self.hand_sizes):
            raise ConfigError(f"hand sizes must be 1..20, got {self.hand_sizes}")
        for contract in self.contracts:
            if not contract or any(
                k not in KINDS or not self.min_meld <= n <= (4 if k == SET else 14)
                for k, n in contract
            ):
                raise ConfigError(f"bad contract {contract}")
        if self.first_dealer not in range(-1, 4):
            raise ConfigError(f"first_dealer must be -1 (random) or 0..3, got {self.first_dealer}")
        if not 3 <= self.min_meld <= 4 or self.min_naturals < 1:
            raise ConfigError("min_meld must be 3 or 4 and min_naturals at least 1")
        if self.push_min_stock not in (1, 2):
            raise ConfigError(f"push_min_stock must be 1 or 2, got {self.push_min_stock}")
        if self.stock_out not in (STOCK_OUT_ON_DRAW, STOCK_OUT_AT_TURN):
            raise ConfigError(f"stock_out must be {STOCK_OUT_ON_DRAW!r} or {STOCK_OUT_AT_TURN!r}")
        if self.max_turns_per_deal < 4:
            raise ConfigError("max_turns_per_deal must be at least 4")
        if len(self.card_values) != 4 or any(v < 0 for v in self.card_values):
            raise ConfigError(f"card_values must be four non-negative ints, got {self.card_values}")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> RummyConfig:
        """Read a config (a log's, or options): exact types and bounded numbers, no coercion."""
        SHAPE.check(data, "rummy config")
        values: dict[str, Any] = dict(data)
        if "contracts" in values:
            values["contracts"] = tuple(tuple((k, n) for k, n in c) for c in values["contracts"])
        for key in ("hand_sizes", "card_values"):
            if key in values:
                values[key] = tuple(values[key])
        return cls(**values)


SHAPE = Obj(
    {
        "players": Whole(4, 4),
        "deals": Whole(1, 20),
        "hand_sizes": ListOf(Whole(1, 20), 20, min_len=1),
        "contracts": ListOf(ListOf(Row((Text(KINDS), Whole(3, 14))), 4, min_len=1), 20, min_len=1),
        "first_dealer": Whole(-1, 3),
        "bury_wild_upcard": Flag(),
        "min_meld": Whole(3, 4),
        "min_naturals": Whole(1, 14),
        "push_min_stock": Whole(1, 2),
        "stock_out": Text((STOCK_OUT_ON_DRAW, STOCK_OUT_AT_TURN)),
        "max_turns_per_deal": Whole(4, 1000),
        "layoff_after_contract_same_turn": Flag(),
        "may_discard_taken_card": Flag(),
        "card_values": Row((Whole(0, 1000),) * 4),
    }
)
"""Every field's JSON type and bounds: a log's config is checked against it before use."""
