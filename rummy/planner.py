"""Push's strongest bot: the strong bot's shedding, with draws and discards planned by how far
the hand is from its contract and by what the discard does for the players after it.

Like every Push bot it reads only ``state.observation(seat)`` and the legal list. Before its
contract it measures the hand by :func:`contract_distance` (the cards still missing, counted
with the exact solver), takes the discard only when it brings the contract nearer, and discards
the card whose loss costs least. Its discard is the next player's to take or to push on to its
partner (R6), so it weighs what that card is worth to each of them, and it sheds points first
when an opponent is about to go out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import Game
from rummy.actions import Discard
from rummy.bots import StrongBot, usefulness
from rummy.cards import JOKERS, is_wild, points
from rummy.config import RUN, SET, Contract, RummyConfig
from rummy.contract import can_lay
from rummy.melds import layoff_slots
from rummy.observation import RummyObservation

FAR = 99
"""The distance of a hand no number of extra wilds would complete."""


def contract_distance(hand: Sequence[int], contract: Contract) -> int:
    """How many more cards (at best, wilds) ``hand`` needs before it can lay ``contract``."""
    return _distance(tuple(sorted(hand)), contract)


@lru_cache(maxsize=65536)
def _distance(hand: tuple[int, ...], contract: Contract) -> int:
    need = sum(n for _, n in contract)
    for extra in range(need + 1):
        if can_lay([*hand, *(JOKERS[0] for _ in range(extra))], contract):
            return extra
    return FAR


@dataclass(frozen=True)
class PlannerWeights:
    """The planner's trade-offs, in points of a card kept in hand."""

    feed_left: float = 40.0
    """A discard the next player (an opponent) can lay off or meld with."""
    danger_hand: int = 2
    """An opponent who has laid their contract with this many cards or fewer may go out next."""


def planner_bot(game: Game) -> PlannerBot:
    config = getattr(game, "config", None)
    return PlannerBot(config if isinstance(config, RummyConfig) else RummyConfig())


class PlannerBot(StrongBot):
    """See the module docstring."""

    uses_rng = False

    def __init__(self, config: RummyConfig, weights: PlannerWeights | None = None) -> None:
        super().__init__(config)
        self.weights = weights or PlannerWeights()

    def _meld(self, obs: RummyObservation, legal: Sequence[Action]) -> Action:
        choice = super()._meld(obs, legal)
        if isinstance(choice, Discard):
            return self._plan_discard(obs, [a for a in legal if isinstance(a, Discard)])
        return choice

    # -- drawing --------------------------------------------------------------------------

    def _takes_discard(self, obs: RummyObservation) -> bool:
        card = obs.discard_top
        if obs.laid[obs.seat]:
            return self._wants(obs, card)
        if is_wild(card):
            return True
        hand = list(obs.hand)
        return contract_distance([*hand, card], obs.contract) < contract_distance(
            hand, obs.contract
        )

    # -- discarding -----------------------------------------------------------------------

    def _plan_discard(self, obs: RummyObservation, discards: Sequence[Discard]) -> Discard:
        hand = list(obs.hand)
        left = (obs.seat + 1) % 4
        danger = any(
            obs.laid[s] and obs.hand_sizes[s] <= self.weights.danger_hand
            for s in (left, (obs.seat + 3) % 4)
        )

        def cost(card: int) -> tuple[float, ...]:
            rest = _without(hand, card)
            value = points(card, self.values)
            feed = self._feeds(obs, card, left)
            if danger:  # shed points now; keep only what goes down next turn
                return (feed, -value)
            if not obs.laid[obs.seat]:
                distance = contract_distance(rest, obs.contract)
                keep = 30.0 * usefulness(card, rest, obs.contract)
                return (distance, feed + keep - value)
            keep = 1000.0 if is_wild(card) else 30.0 * usefulness(card, rest, _THREES)
            return (0, feed + keep - value)

        return min(discards, key=lambda a: cost(a.card))

    def _feeds(self, obs: RummyObservation, card: int, left: int) -> float:
        """What handing ``card`` to the next player is worth to them, in points kept."""
        if is_wild(card):
            return 1000.0
        if obs.laid[left] and any(layoff_slots(m, card) for m in obs.melds):
            return self.weights.feed_left
        return 0.0


_THREES: Contract = ((SET, 3), (RUN, 3))


def _without(hand: list[int], card: int) -> list[int]:
    rest = list(hand)
    rest.remove(card)
    return rest
