"""The two-sample test and the summaries of a validation run, in numpy alone."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np


def mann_whitney(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Mann-Whitney U of ``a`` against ``b`` and its two-sided p-value (normal approximation
    with the tie correction and a continuity correction; 1.0 when either sample is empty or
    every value is tied)."""
    x = np.asarray(a, dtype=float)
    y = np.asarray(b, dtype=float)
    n1, n2 = len(x), len(y)
    if n1 == 0 or n2 == 0:
        return 0.0, 1.0
    both = np.concatenate([x, y])
    ranks = _ranks(both)
    u = float(ranks[:n1].sum() - n1 * (n1 + 1) / 2.0)
    _, ties = np.unique(both, return_counts=True)
    n = n1 + n2
    var = n1 * n2 / 12.0 * ((n + 1) - float((ties**3 - ties).sum()) / (n * (n - 1)))
    if var <= 0.0:
        return u, 1.0
    z = (abs(u - n1 * n2 / 2.0) - 0.5) / math.sqrt(var)
    return u, min(1.0, math.erfc(max(z, 0.0) / math.sqrt(2.0)))


def _ranks(values: np.ndarray) -> np.ndarray:
    """Ranks from 1, ties sharing their mean rank."""
    order = np.argsort(values, kind="mergesort")
    ranks = np.empty(len(values), dtype=float)
    ranks[order] = np.arange(1, len(values) + 1, dtype=float)
    uniq, inverse = np.unique(values, return_inverse=True)
    sums = np.zeros(len(uniq))
    np.add.at(sums, inverse, ranks)
    count = np.bincount(inverse)
    return np.asarray(sums[inverse] / count[inverse])


def histogram(values: Sequence[int], top: int) -> list[int]:
    """How many values are 0, 1, ..., ``top`` (the last bin holds everything above)."""
    out = [0] * (top + 1)
    for v in values:
        out[min(int(v), top)] += 1
    return out


def paired_permutation(
    a: Sequence[float], b: Sequence[float], rounds: int = 2000, seed: int = 0
) -> float:
    """Two-sided p-value that paired samples ``a`` and ``b`` (the same pushes in two models)
    have the same mean: under that, each push's difference is as likely negative as positive,
    so the observed mean difference is ranked among ``rounds`` means with the differences'
    signs flipped at random (seeded). 1.0 when every difference is zero."""
    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    if len(d) == 0 or not d.any():
        return 1.0
    observed = abs(float(d.mean()))
    signs = np.random.default_rng(seed).choice((-1.0, 1.0), size=(rounds, len(d)))
    flipped = np.abs((signs * d).mean(axis=1))
    return float((1 + int((flipped >= observed - 1e-12).sum())) / (rounds + 1))
