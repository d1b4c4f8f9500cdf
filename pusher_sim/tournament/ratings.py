"""Win rates with Wilson score intervals over pairs of games, and Bradley-Terry strengths fitted
by the MM algorithm (Hunter 2004), shown on the Elo scale.

A tournament's games come in pairs (one seed, the sides swapped), and the two games of a pair
are correlated, so the pair is the independent unit: :func:`paired_interval` is the Wilson
interval at the effective number of games the pairs' own spread shows (docs/agents.md).

Bradley-Terry says bot i beats bot j with probability p_i / (p_i + p_j). Each MM step sets
p_i = W_i / sum_j n_ij / (p_i + p_j) (W_i: i's score, a draw counting half; n_ij: games between
i and j), which climbs the likelihood to its maximum. A bot that won every game has no finite
maximum, so by default each pairing also counts one virtual drawn game, a weak pull towards
equal strength that leaves large samples alone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""
ELO_BASE = 1500.0
ELO_SCALE = 400.0 / math.log(10.0)
"""Elo points per unit of log-strength: a 400-point gap is 10:1 odds."""


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (the 95% one by default); ``trials``
    may be an effective, fractional number."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # At 0 or all successes an end is exactly 0 or 1; rounding must not print 0.9999999999999999.
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def paired_interval(
    wins: Sequence[float], games: Sequence[int], z: float = Z95
) -> tuple[float, float]:
    """The 95% interval of a win rate from games played in pairs: ``wins[i]`` of ``games[i]``
    (2, or 1 for an odd game out) in pair i.

    The variance of the rate is estimated from the pairs (each pair's share of wins, 0, 1/2 or
    1, about the overall rate: the cluster, or sandwich, estimate), and the Wilson interval is
    taken at the number of independent games that variance is worth (Kish's effective sample
    size, as Korn and Graubard 1998 do for survey proportions). Pairs that always split (two
    identical bots mirroring each other) have no spread: the interval is the rate itself. All
    wins or none show no spread either, yet say nothing of the correlation: then each pair
    counts as one game, the cautious end (two games of a pair are never worth less).
    """
    pairs = len(wins)
    total = float(sum(games))
    if pairs == 0 or total <= 0:
        return (0.0, 1.0)
    won = float(sum(wins))
    rate = won / total
    if won in (0.0, total):
        return wilson(won * pairs / total, pairs, z)
    if pairs == 1:
        return wilson(won, total, z)
    spread = sum((w - n * rate) ** 2 for w, n in zip(wins, games, strict=True))
    variance = pairs / (pairs - 1) * spread / (total * total)
    if variance <= 1e-15 * rate * (1 - rate) / total:  # every pair the same share: no noise
        return (rate, rate)
    effective = rate * (1 - rate) / variance
    return wilson(rate * effective, effective, z)


def bradley_terry(
    scores: np.ndarray,
    prior_draws: float = 1.0,
    tolerance: float = 1e-12,
    max_steps: int = 100_000,
) -> np.ndarray:
    """Strengths from ``scores[i, j]`` (i's points against j: a win 1, a draw 1/2), normalised to
    a geometric mean of 1. ``prior_draws`` virtual drawn games are added to every pairing that
    played at all."""
    w = np.asarray(scores, dtype=float)
    if w.ndim != 2 or w.shape[0] != w.shape[1] or np.any(w < 0):
        raise ValueError("scores must be a square matrix of non-negative points")
    games = w + w.T
    played = games > 0
    w = w + 0.5 * prior_draws * played
    games = w + w.T
    won = w.sum(axis=1)
    p: np.ndarray = np.ones(len(w))
    for _ in range(max_steps):
        denom = (games / (p[:, None] + p[None, :])).sum(axis=1)
        new = np.where(denom > 0, won / np.where(denom > 0, denom, 1.0), p)
        new = np.where(new > 0, new, 1e-300)  # a bot with no points, when there is no prior
        new = np.asarray(new / np.exp(np.mean(np.log(new))), dtype=float)
        if np.max(np.abs(np.log(new) - np.log(p))) < tolerance:
            return new
        p = new
    return p


def elo(strengths: Sequence[float] | np.ndarray) -> np.ndarray:
    """Bradley-Terry strengths on the Elo scale, the geometric mean at 1500."""
    logs = np.log(np.asarray(strengths, dtype=float))
    return np.asarray(ELO_BASE + ELO_SCALE * (logs - logs.mean()), dtype=float)
