"""The exact contract solver (R4) against the brute-force oracle, and its answers checked."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy.cards import NUM_CARDS
from rummy.config import DEFAULT_CONTRACTS, RUN, SET, Contract
from rummy.contract import solve
from rummy.melds import check_meld
from tests.rummy_oracle import oracle_can_lay
from tests.rummy_positions import Cards

HAND_SIZES = (7, 8, 9, 10, 11)  # a deal's hand plus the drawn card


def concentrated_hand(rng: random.Random, size: int) -> list[int]:
    """A hand drawn from a few suits and ranks plus the wilds, so contracts are often near."""
    suits = rng.sample(range(4), rng.randint(1, 3))
    ranks = rng.sample(range(13), rng.randint(3, 8))
    pool = {d * 52 + s * 13 + r for d in (0, 1) for s in suits for r in ranks}
    pool |= {104, 105, 106, 107} | {d * 52 + s * 13 for d in (0, 1) for s in range(4)}
    if rng.random() < 0.3:
        pool = set(range(NUM_CARDS))
    return rng.sample(sorted(pool), min(size, len(pool)))


def check_plan(hand: list[int], contract: Contract) -> bool:
    plan = solve(hand, contract)
    if plan is not None:
        used = [c for m in plan for c in m.cards]
        assert len(set(used)) == len(used) and set(used) <= set(hand)
        assert sorted((m.kind, len(m.cards)) for m in plan) == sorted(contract)
        for m in plan:
            check_meld(m.kind, m.cards, m.slots)
    assert (plan is not None) == oracle_can_lay(hand, contract), sorted(hand)
    return plan is not None


@pytest.mark.parametrize("deal", range(5))
@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), extra=st.integers(0, 3))
def test_r4_solver_agrees_with_brute_force(deal: int, seed: int, extra: int) -> None:
    hand = concentrated_hand(random.Random(seed), HAND_SIZES[deal] + extra)
    check_plan(hand, DEFAULT_CONTRACTS[deal])


@pytest.mark.slow
@pytest.mark.parametrize("deal", range(5))
def test_r4_solver_agrees_with_brute_force_on_5000_hands_per_deal(deal: int) -> None:
    rng = random.Random(1000 + deal)
    feasible = sum(
        check_plan(
            concentrated_hand(rng, HAND_SIZES[deal] + rng.randint(0, 3)), DEFAULT_CONTRACTS[deal]
        )
        for _ in range(5000)
    )
    assert 500 < feasible < 4500  # both answers well represented


def hand(text: str) -> list[int]:
    return Cards().many(text)


def test_r4_solver_finds_sets_with_wilds_and_refuses_near_misses() -> None:
    assert solve(hand("7C 7D 9S 9H JK 2C KD"), ((SET, 3), (SET, 3))) is not None
    assert solve(hand("7C 7D 9S 9H KD QD 3C"), ((SET, 3), (SET, 3))) is None
    # one joker cannot complete two sets
    assert solve(hand("7C 7D 9S 9H JK QD 3C"), ((SET, 3), (SET, 3))) is None


def test_r4_solver_shares_a_natural_between_a_set_and_a_run_correctly() -> None:
    # the 7H is needed by the run; the set of 7s must take the other two
    plan = solve(hand("7C 7D 7H 5H 6H 8H KS"), ((SET, 3), (RUN, 4)))
    assert plan is None  # 7 cards but the contract needs 7 distinct naturals: 3 + 4 with 7H twice
    plan = solve(hand("7C 7D 7S 7H 5H 6H 8H"), ((SET, 3), (RUN, 4)))
    assert plan is not None
    run = next(m for m in plan if m.kind == RUN)
    assert len(run.cards) == 4


def test_r4_solver_uses_a_two_as_a_natural_in_its_own_place() -> None:
    # A-2-3-4 of hearts with the 2 natural, and a run of spades held with two wilds
    plan = solve(hand("AH 2H 3H 4H 9S JK 2C JS"), ((RUN, 4), (RUN, 4)))
    assert plan is not None
    # only 2s: they can be a set of 2s (natural) but never a run without a natural
    assert solve(hand("2C 2D 2H 5S 5D JK"), ((SET, 3), (SET, 3))) is not None


def test_r4_solver_handles_ace_high_and_low() -> None:
    assert solve(hand("QH KH AH JH 2S 3S 4S 5S"), ((RUN, 4), (RUN, 4))) is not None
    assert solve(hand("KH AH 2H 3H 9C 10C JC QC"), ((RUN, 4), (RUN, 4))) is None  # no wrap
