"""Issue 32's verdict in `pusher validate` (pusher_sim/reference/verdict.py), on small made-up
pushes: each point can come out met and not met, resolved and not."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

pytest.importorskip("mujoco")

from pusher_sim.reference import validate, verdict
from pusher_sim.reference.compare import Row, Side

LABELS = {"2d": "model 9", "2d_8": "model 8"}


def side(triangle: int, red: int = 0) -> Side:
    roles = {"pressed": 0, "triangle": triangle, "ring": 0, "rest": 0}
    colours = {"red": red, "blue": 0, "yellow": 0}
    return Side(triangle, red, True, 1.0, roles, triangle, colours, (0.01,) * triangle, {})


def rows_of(
    three: Sequence[int],
    nine: Sequence[int],
    eight: Sequence[int],
    others: dict[str, Sequence[int]] | None = None,
    agree: tuple[int, int, int] = (85, 85, 85),
) -> list[Row]:
    """Pushes (all of strength 0.5: one band) whose triangle balls moved are ``three`` in the
    reference, ``nine`` in the 2-D model, ``eight`` in model 8 beside it, and ``others`` in
    the reference's variants; cups agreeing for model 9, model 8 and "nothing moves"."""
    rows = []
    for i, (t, n, e) in enumerate(zip(three, nine, eight, strict=True)):
        variants = {"2d_8": side(e)} | {k: side(v[i]) for k, v in (others or {}).items()}
        agreeing = dict.fromkeys(variants, 91) | {"2d_8": agree[1]}
        rows.append(
            Row(
                i,
                "random",
                0.5,
                0.5,
                agree[0],
                91,
                side(n),
                side(t),
                0,
                0,
                0,
                0,
                0,
                side(0),
                agree[2],
                variants,
                agreeing,
            )
        )
    return rows


def judged(rows: list[Row]) -> dict[str, Any]:
    return verdict.verdict(rows, validate.summary(rows), LABELS)


THREE = [2, 3] * 5
"""The reference moves 2.5 triangle balls a push (5% of it: 0.125)."""


def test_a_figure_within_five_percent_is_met_and_one_beyond_it_is_not() -> None:
    v = judged(rows_of(THREE, THREE, [0] * 10))
    tri = v["figures"]["moved_triangle"]
    assert tri["bound"] == pytest.approx(0.125)
    assert tri["models"]["2d"] | {"met": True, "resolved": True} == tri["models"]["2d"]
    assert tri["models"]["2d_8"]["met"] is False and tri["models"]["2d_8"]["resolved"] is True
    text = verdict.report(v)
    assert "triangle balls moved" in text and "not met" in text


def test_a_gap_that_the_pushes_scatter_across_the_bound_is_unresolved() -> None:
    # Mean gap 0.1 (< 0.125) but the pushes scatter by a whole ball.
    nine = [t + d for t, d in zip(THREE, [1, -1] * 4 + [1, 0], strict=True)]
    tri = judged(rows_of(THREE, nine, THREE))["figures"]["moved_triangle"]
    assert tri["models"]["2d"]["met"] is True and tri["models"]["2d"]["resolved"] is False
    assert "met (unresolved)" in verdict._said(tri["models"]["2d"])
    # Mean gap 0.2 (> 0.125), as scattered: not met, and unresolved too.
    nine = [t + d for t, d in zip(THREE, [1, -1] * 4 + [1, 1], strict=True)]
    tri = judged(rows_of(THREE, nine, THREE))["figures"]["moved_triangle"]
    assert tri["models"]["2d"]["met"] is False and tri["models"]["2d"]["resolved"] is False


def test_the_variants_spread_widens_the_bound_where_it_is_wider() -> None:
    # The reference at half its step moves 0.5 more a push: model 9's +0.4 (16%) is within.
    nine = [t + (i < 4) for i, t in enumerate(THREE)]  # +0.4
    half_step = [t + (i % 2) for i, t in enumerate(THREE)]  # +0.5
    v = judged(rows_of(THREE, nine, [0] * 10))
    assert v["figures"]["moved_triangle"]["models"]["2d"]["met"] is False
    v = judged(rows_of(THREE, nine, [0] * 10, {"half_step": half_step}))
    tri = v["figures"]["moved_triangle"]
    assert tri["bound"] == pytest.approx(0.5) and tri["variants"] == [3.0, 3.0]
    assert tri["models"]["2d"]["met"] is True


def test_band_point_fails_where_both_models_are_separated_and_holds_where_only_the_other() -> None:
    # Ten pushes a difference of one ball each way: p = 2/1024 (about 0.002) < 0.01.
    off = [t - 1 for t in THREE]
    both = judged(rows_of(THREE, off, off))["bands"]["against"]["2d_8"]
    assert both["separated_both"] >= 1 and both["met"] is False and both["resolved"] is True
    fixed = judged(rows_of(THREE, THREE, off))["bands"]["against"]["2d_8"]
    assert fixed["separated_other"] >= 1 and fixed["separated_both"] == 0
    assert fixed["met"] is True and fixed["resolved"] is True
    # Where model 8 is separated by no test, the point judges nothing: unresolved.
    none = judged(rows_of(THREE, off, THREE))["bands"]["against"]["2d_8"]
    assert none["separated_other"] == 0 and none["met"] is True and none["resolved"] is False
    text = verdict.report(judged(rows_of(THREE, off, off)))
    assert "model 9 separated where model 8 is" in text and "moved_triangle: model 9 p=" in text


def test_cups_point_is_met_with_fewer_cups_disagreeing_than_nothing_moves() -> None:
    fewer = judged(rows_of(THREE, THREE, THREE, agree=(88, 80, 85)))["cups"]
    assert fewer["still"] == 6.0
    nine, eight = fewer["models"]["2d"], fewer["models"]["2d_8"]
    assert nine["mean"] == 3.0 and nine["met"] is True and nine["resolved"] is True
    assert eight["mean"] == 11.0 and eight["met"] is False and eight["resolved"] is True


def test_without_a_second_model_or_variants_the_verdict_still_reads() -> None:
    rows = [
        Row(i, "random", 0.5, 0.5, 85, 91, side(2), side(t), 0, 0, 0, 0, 0, side(0), 85, {}, {})
        for i, t in enumerate(THREE)
    ]
    v = verdict.verdict(rows, validate.summary(rows), {"2d": "model 9"})
    assert v["figures"]["moved_triangle"]["variants"] is None
    assert v["bands"]["against"] == {}
    assert "model 9" in verdict.report(v)
    one = verdict.verdict(rows[:1], validate.summary(rows[:1]), {"2d": "model 9"})
    assert one["cups"]["models"]["2d"]["resolved"] is False  # one push tells nothing
