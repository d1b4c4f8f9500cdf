"""R11 and R12: what a deal costs each partnership, and who wins the match."""

from __future__ import annotations

from collections.abc import Sequence

from rummy.cards import points

TEAMS = ((0, 2), (1, 3))
"""Partners sit opposite (seats 0 and 2 against 1 and 3)."""


def team_of(seat: int) -> int:
    return seat % 2


def hand_points(hand: Sequence[int], values: tuple[int, int, int, int]) -> int:
    return sum(points(c, values) for c in hand)


def deal_scores(
    hands: Sequence[Sequence[int]], went_out: int, values: tuple[int, int, int, int]
) -> tuple[int, int]:
    """R11: the team of a player who went out scores nothing; otherwise each team its hands."""
    scores = [sum(hand_points(hands[s], values) for s in team) for team in TEAMS]
    if went_out >= 0:
        scores[team_of(went_out)] = 0
    return scores[0], scores[1]


def match_returns(totals: Sequence[int]) -> list[float]:
    """R12: the lower total wins (+1 to both partners, -1 to the others); equal totals tie."""
    a, b = totals
    team_result = (0.0, 0.0) if a == b else (1.0, -1.0) if a < b else (-1.0, 1.0)
    return [team_result[team_of(seat)] for seat in range(4)]
