"""Bots for Push. Both read only ``state.observation(seat)`` and the legal list (hidden cards).

The strong bot is a rule-based player built on the exact solver: it lays the contract as soon
as the solver finds it, sheds every card it can afterwards (replacing wilds first, since that
sheds a natural and puts the freed wild on the table), takes the discard only when it helps,
pushes otherwise (which loads two cards onto the opponent on its left), and discards the card
that is least likely to end in a meld, most expensive first.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.agents import RandomAgent
from pusher_sim.turnloop.state import Game, State
from rummy.actions import Discard, DrawStock, LayMelds, LayOff, PushDraw, ReplaceWild, TakeDiscard
from rummy.candidates import new_melds
from rummy.cards import ACE, ACE_LOW, is_wild, points, rank_of, suit_of
from rummy.config import RUN, SET, Contract, RummyConfig
from rummy.contract import can_lay
from rummy.melds import layoff_slots
from rummy.observation import RummyObservation


def random_bot(game: Game) -> RandomAgent:
    """Uniform over the listed legal actions."""
    return RandomAgent()


def strong_bot(game: Game) -> StrongBot:
    config = getattr(game, "config", None)
    return StrongBot(config if isinstance(config, RummyConfig) else RummyConfig())


class StrongBot:
    def __init__(self, config: RummyConfig) -> None:
        self.values = config.card_values

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        obs = state.observation(seat)
        assert isinstance(obs, RummyObservation)
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "draw":
            return self._draw(obs, legal)
        return self._meld(obs, legal)

    # -- drawing --------------------------------------------------------------------------

    def _draw(self, obs: RummyObservation, legal: Sequence[Action]) -> Action:
        take = next((a for a in legal if isinstance(a, TakeDiscard)), None)
        other = next((a for a in legal if isinstance(a, PushDraw)), None) or next(
            (a for a in legal if isinstance(a, DrawStock)), None
        )
        if take is None or other is None:
            return legal[0]
        return take if self._takes_discard(obs) else other

    def _takes_discard(self, obs: RummyObservation) -> bool:
        """Whether to take the discard pile's top card rather than draw another."""
        return self._wants(obs, obs.discard_top)

    def _wants(self, obs: RummyObservation, card: int) -> bool:
        hand = list(obs.hand)
        if not obs.laid[obs.seat]:
            if is_wild(card):
                return True
            if can_lay([*hand, card], obs.contract):
                return not can_lay(hand, obs.contract)
            return obs.stock_size > 0 and usefulness(card, hand, obs.contract) >= 2
        if is_wild(card) or any(layoff_slots(m, card) for m in obs.melds):
            return True
        return any(card in cards for _, cards, _ in new_melds([*hand, card]))

    # -- melding and discarding -----------------------------------------------------------

    def _meld(self, obs: RummyObservation, legal: Sequence[Action]) -> Action:
        best: Action | None = None
        best_gain = 0.0
        for action in legal:
            gain = self._shed(action)
            if gain > best_gain:
                best, best_gain = action, gain
        if best is not None:
            return best
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        hand = list(obs.hand)
        left = (obs.seat + 1) % 4
        return min(discards, key=lambda a: self._keep(a.card, hand, obs, obs.laid[left]))

    def _shed(self, action: Action) -> float:
        """Points an action takes out of hand (a replacement sheds its natural, then the wild)."""
        if isinstance(action, LayMelds):
            return float(sum(points(c, self.values) for _, cs, _ in action.melds for c in cs))
        if isinstance(action, LayOff):
            return float(points(action.card, self.values))
        if isinstance(action, ReplaceWild):
            return points(action.card, self.values) + 0.5
        return 0.0

    def _keep(
        self, card: int, hand: list[int], obs: RummyObservation, left_has_laid: bool
    ) -> float:
        """How much the hand wants to keep ``card``: low values are discarded first."""
        if is_wild(card):
            return 1000.0
        others = [c for c in hand if c != card]
        value = 0.0
        if not obs.laid[obs.seat]:
            value += 30.0 * usefulness(card, others, obs.contract)
        else:
            value += 30.0 * usefulness(card, others, ((SET, 3), (RUN, 3)))
        if left_has_laid and any(layoff_slots(m, card) for m in obs.melds):
            value += 25.0
        return value - points(card, self.values)


def usefulness(card: int, hand: Sequence[int], contract: Contract) -> int:
    """How many naturals in ``hand`` could share a contract meld with ``card``."""
    kinds = {k for k, _ in contract}
    span = max((n for k, n in contract if k == RUN), default=0)
    r, s = rank_of(card), suit_of(card)
    same_rank: set[int] = set()
    near: set[int] = set()
    for c in hand:
        if is_wild(c):
            continue
        rc, sc = rank_of(c), suit_of(c)
        if SET in kinds and rc == r and sc != s:
            same_rank.add(sc)
        if RUN in kinds and sc == s and rc != r and _distance(r, rc) < span:
            near.add(rc)
    return len(same_rank) + len(near)


def _distance(a: int, b: int) -> int:
    gap = abs(a - b)
    if ACE in (a, b):
        low = b if a == ACE else a
        gap = min(gap, abs(low - ACE_LOW))
    return gap
