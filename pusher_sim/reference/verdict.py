"""Issue 32's judged points for each 2-D model of a validation run, met or not, and whether the
run's pushes are enough to tell (docs/physics.md, *Model 9*, says how each is judged).

From the means and paired tests :func:`pusher_sim.reference.validate.summary` already holds,
and the per-push differences: *overall*, each headline figure's mean within 5% of the
reference's, or within its variants' spread where that is wider; *by strength band*, no paired
test separating the model from the reference at p < 0.01 where it separates the other model
(model 8 beside model 9); *per push*, fewer cups disagreeing than "nothing moves". A verdict is
*resolved* when a paired sign-flip test puts the model on its side of the bound at p < 0.05;
the band point, when the other model is separated by some test.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from pusher_sim.reference.compare import Row, Side
from pusher_sim.reference.stats import paired_permutation
from pusher_sim.reference.validate import QUANTITIES

FIGURES = {
    "moved_triangle": "triangle balls moved",
    "left_triangle": "triangle share out",
    "moved_ring": "ring moved",
    "moved_rest": "rest moved",
    "moved_pressed": "pressed ball out",
    "returned_red": "returned red",
    "returned_blue": "returned blue",
    "returned_yellow": "returned yellow",
}
"""The figures judged overall, with what the verdict calls them."""

TOLERANCE = 0.05
"""Relative distance from the reference's mean a figure may keep."""
SEPARATED = 0.01
"""A paired test below this p separates a model from the reference."""
RESOLVED = 0.05
"""A verdict is resolved when a paired test puts it on its side of its bound below this p."""


def two_d_models(models: Mapping[str, Any]) -> list[str]:
    """The 2-D models of a summary's ``models``: ``2d`` and each ``2d_N`` beside it."""
    return ["2d", *(k for k in models["agree"] if k.startswith("2d_"))]


def reference_variants(models: Mapping[str, Any]) -> list[str]:
    """The reference's own variants in a summary's ``models`` (noise and convergence)."""
    return [k for k in models["agree"] if k not in ("2d", "still") and not k.startswith("2d_")]


def side_of(row: Row, name: str) -> Side:
    return row.two if name == "2d" else row.variants[name]


def within(diffs: Sequence[float], bound: float) -> dict[str, Any]:
    """Whether the mean of the per-push differences ``diffs`` is within ``bound``, and whether
    that is resolved: a paired sign-flip test puts it on that side of the bound (both bounds
    when within) at p < :data:`RESOLVED`; ``p_bound`` is that test's p."""
    gap = float(np.mean(diffs)) if len(diffs) else 0.0
    met = abs(gap) <= bound
    edges = [bound, -bound] if met else [bound if gap > 0 else -bound]
    p = max(paired_permutation(diffs, [e] * len(diffs)) for e in edges)
    return {"met": met, "resolved": p < RESOLVED, "p_bound": p}


def figure(rows: Sequence[Row], models: Mapping[str, Any], q: str) -> dict[str, Any]:
    """One overall figure: the reference's mean, its variants' range and largest gap, the bound
    a model must keep, and each 2-D model's mean and verdict."""
    e = models[q]
    get: Callable[[Side], float] = QUANTITIES[q]
    ref = float(e["3d"]["mean"])
    variants = reference_variants(models)
    spread = max((abs(e[v]["mean"] - e[v]["reference"]) for v in variants), default=0.0)
    bound = max(TOLERANCE * abs(ref), spread)
    judged: dict[str, Any] = {}
    for name in two_d_models(models):
        diffs = [get(side_of(r, name)) - get(r.three) for r in rows]
        gap = float(e[name]["mean"]) - ref
        judged[name] = {"mean": e[name]["mean"], "gap": gap, "p": e[name]["p"]}
        judged[name].update(within(diffs, bound))
    means = [e[v]["mean"] for v in variants]
    return {
        "reference": ref,
        "variants": [min(means), max(means)] if means else None,
        "spread": spread,
        "bound": bound,
        "models": judged,
    }


def bands(summary: Mapping[str, Any]) -> dict[str, Any]:
    """By strength band, each paired test's p per 2-D model; and for the first model against
    each other one, the tests that separate both (the point is met when there are none) out of
    those that separate the other."""
    names = two_d_models(summary["models"])
    tests = []
    for b in summary["bins"]:
        if not b["pushes"]:
            continue
        for q in QUANTITIES:
            ps = {n: b["models"][q][n]["p"] for n in names}
            tests.append({"strength": b["strength"], "pushes": b["pushes"], "quantity": q, "p": ps})
    against: dict[str, Any] = {}
    for other in names[1:]:
        theirs = [t for t in tests if t["p"][other] < SEPARATED]
        both = [t for t in theirs if t["p"]["2d"] < SEPARATED]
        against[other] = {
            "separated_other": len(theirs),
            "separated_both": len(both),
            "met": not both,
            "resolved": bool(theirs),
        }
    return {"tests": tests, "against": against}


def cups(rows: Sequence[Row], models: Mapping[str, Any]) -> dict[str, Any]:
    """Cups disagreeing with the reference per push: "nothing moves"'s mean, and each 2-D
    model's, its paired difference from "nothing moves" and verdict (fewer is met)."""
    still = [r.cups - r.agree_still for r in rows]
    out: dict[str, Any] = {"still": float(np.mean(still)) if rows else 0.0, "models": {}}
    for name in two_d_models(models):
        agree = [r.agree if name == "2d" else r.agree_variants[name] for r in rows]
        mine = [r.cups - a for r, a in zip(rows, agree, strict=True)]
        p = paired_permutation(mine, still)
        gap = float(np.mean(mine) - np.mean(still)) if rows else 0.0
        out["models"][name] = {
            "mean": float(np.mean(mine)) if mine else 0.0,
            "gap": gap,
            "p": p,
            "met": gap < 0.0,
            "resolved": p < RESOLVED,
        }
    return out


def verdict(
    rows: Sequence[Row], summary: Mapping[str, Any], labels: Mapping[str, str]
) -> dict[str, Any]:
    """The three points for each 2-D model of ``summary`` (made from ``rows``); ``labels``
    names the models (``2d`` -> ``model 9``)."""
    models = summary["models"]
    names = two_d_models(models)
    return {
        "labels": {n: labels.get(n, n) for n in names},
        "figures": {q: figure(rows, models, q) for q in FIGURES},
        "bands": bands(summary),
        "cups": cups(rows, models),
    }


def _said(entry: Mapping[str, Any]) -> str:
    word = "met" if entry["met"] else "not met"
    return word if entry["resolved"] else f"{word} (unresolved)"


def report(v: Mapping[str, Any]) -> str:
    """The verdict as text: one line per figure, the band tests that separate a model, the
    band point, and the cups."""
    labels = v["labels"]
    names = list(labels)
    lines = [
        "verdict (issue 32): within 5% of the reference or its variants' spread, whichever is "
        "wider; unresolved: a paired test cannot tell at p < 0.05 which side of it the model is",
        f"{'figure':<22}{'reference':>10}{'variants':>14}{'bound':>8}"
        + "".join(f"{labels[n]:>39}" for n in names),
    ]
    for q, what in FIGURES.items():
        f = v["figures"][q]
        span = "{:.3f}-{:.3f}".format(*f["variants"]) if f["variants"] else "-"
        cells = ""
        for n in names:
            m = f["models"][n]
            pct = f"{100.0 * m['gap'] / f['reference']:+6.1f}%" if f["reference"] else "    - "
            cells += f"{m['mean']:>9.3f} {pct} {_said(m):>21}"
        lines.append(f"{what:<22}{f['reference']:>10.3f}{span:>14}{f['bound']:>8.3f}{cells}")
    lines.append(
        f"by strength band, the paired tests separating a model (p < {SEPARATED:g}; every p: "
        "the tables above):"
    )
    for t in v["bands"]["tests"]:
        if any(p < SEPARATED for p in t["p"].values()):
            lo, hi = t["strength"]
            ps = ", ".join(f"{labels[n]} p={t['p'][n]:.2g}" for n in names)
            lines.append(f"  {lo:.1f}-{hi:.1f} ({t['pushes']} pushes) {t['quantity']}: {ps}")
    for other, a in v["bands"]["against"].items():
        lines.append(
            f"  {labels['2d']} separated where {labels[other]} is: {a['separated_both']} of "
            f"{a['separated_other']} tests: {_said(a)}"
        )
    c = v["cups"]
    cells = "; ".join(
        f"{labels[n]} {m['mean']:.2f} ({m['gap']:+.2f}, p={m['p']:.2g}) {_said(m)}"
        for n, m in c["models"].items()
    )
    lines.append(f"cups disagreeing per push: nothing moves {c['still']:.2f}; {cells}")
    return "\n".join(lines)
