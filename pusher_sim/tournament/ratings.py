"""Win rates with Wilson score intervals, and Bradley-Terry strengths fitted by the MM algorithm
(Hunter 2004), shown on the Elo scale.

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


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (the 95% one by default)."""
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
