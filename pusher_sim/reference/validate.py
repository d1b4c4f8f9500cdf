"""`pusher validate`'s work: resolve the same pushes in both models and say how they differ.

Per strength band, each quantity a push has (balls moved by role, triangle balls leaving their
cups, balls returned per colour, how far a moved ball travels) in the reference, the 2-D model,
the prediction that nothing moves, and the reference's own variants (its noise: the press point
moved 1 um; its convergence: half the step, twice the stiffness), each with a test against the
reference; how many cups agree; what only the reference does; what each push cost. ``fit``
tunes the 2-D press to the reference.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from pusher_sim.board import Board
from pusher_sim.errors import ConfigError
from pusher_sim.physics import PhysicsConfig
from pusher_sim.reference.cases import Case, Position, case, log_positions
from pusher_sim.reference.compare import (
    COLOURS,
    ROLES,
    Row,
    Side,
    Variant,
    agreeing,
    compare,
    two_d,
)
from pusher_sim.reference.contact import SHIPPED, Numerics
from pusher_sim.reference.stats import histogram, mann_whitney, paired_permutation
from pusher_sim.running.runner import executor_for

BINS = 5
"""Strength bins: [0, 0.2), [0.2, 0.4), ... [0.8, 1]."""

TOP = 6
"""Distributions count 0 to 6 balls, the last bin holding more."""

NOISE = Variant("shift", SHIPPED, 1e-6)
"""The reference's own noise: the same push with the press point moved 1 um."""

CONVERGENCE = (
    Variant("half_step", replace(SHIPPED, time_step=SHIPPED.time_step / 2.0)),
    Variant("stiff", replace(SHIPPED, stiffness=SHIPPED.stiffness * 2.0)),
)
"""The reference at half the time step and at twice the contact stiffness."""


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to resolve pushes (picklable)."""

    board: Board
    seed: int
    positions: tuple[tuple[str, Position], ...]
    two: PhysicsConfig
    three: PhysicsConfig
    variants: tuple[Variant, ...] = (NOISE,)
    numerics: Numerics = SHIPPED

    def case(self, index: int) -> Case:
        return case(self.board, index, self.seed, self.positions, self.two.max_flick_speed)


def resolve_push(job: Job, index: int) -> Row:
    """Push ``index`` of the job's seed in every model (one task of a run)."""
    return compare(job.board, job.case(index), job.two, job.three, job.numerics, job.variants)


def _two_d(job: Job, index: int) -> Side:
    return two_d(job.board, job.case(index), job.two)


def run_parallel(
    func: Callable[[Job, int], Any],
    job: Job,
    indices: Sequence[int],
    workers: int,
    tick: Callable[[], None],
) -> list[Any]:
    """``func(job, i)`` for each of ``indices``, in order, on ``workers`` local processes
    (1: in this one)."""
    if workers == 1:
        out = []
        for i in indices:
            out.append(func(job, i))
            tick()
        return out
    with executor_for(workers, None) as pool:
        futures = [pool.executor.submit(func, job, i) for i in indices]
        results = []
        for f in futures:
            results.append(f.result())
            tick()
        return results


def make_job(
    board: Board,
    seed: int,
    two: PhysicsConfig,
    three: PhysicsConfig,
    variants: Sequence[Variant] = (NOISE,),
) -> Job:
    return Job(board, seed, tuple(log_positions(board)), two, three, tuple(variants))


def validate(
    job: Job, n: int, workers: int, tick: Callable[[], None] = lambda: None, first: int = 0
) -> list[Row]:
    """Pushes ``first`` to ``first + n - 1`` of the job's seed, in every model."""
    return run_parallel(resolve_push, job, range(first, first + n), workers, tick)


def merge_rows(rows: Sequence[Row]) -> list[Row]:
    """Rows read from several runs, one per push in push order: a push run twice (say, once
    with the reference's noise and once with its convergence variants) is one row with every
    variant either run had. Its reference side must be the same in both: the reference is
    deterministic, so a difference means another seed or another build."""
    by_index: dict[int, Row] = {}
    for r in rows:
        seen = by_index.setdefault(r.index, r)
        if seen is r:
            continue
        if replace(seen.three, seconds=0.0) != replace(r.three, seconds=0.0):
            raise ValueError(f"push {r.index} came out differently in two of the files")
        by_index[r.index] = replace(
            seen,
            variants={**seen.variants, **r.variants},
            agree_variants={**seen.agree_variants, **r.agree_variants},
        )
    return [by_index[i] for i in sorted(by_index)]


def bin_of(strength: float) -> int:
    return min(int(strength * BINS), BINS - 1)


def _moved(role: str) -> Callable[[Side], float]:
    return lambda s: float(s.by_role[role])


def _returned(colour: str) -> Callable[[Side], float]:
    return lambda s: float(s.by_colour[colour])


QUANTITIES: dict[str, Callable[[Side], float]] = {
    **{f"moved_{role}": _moved(role) for role in ROLES},
    "left_triangle": lambda s: s.left_triangle / 3.0,
    **{f"returned_{c}": _returned(c) for c in COLOURS},
}
"""Per push and model: balls moved by role, the share of the triangle's balls that left their
cups, balls returned per colour."""


def compare_models(rows: Sequence[Row]) -> dict[str, Any]:
    """For each quantity, each model's mean (and the reference's on the same pushes), a paired
    sign-flip permutation test of its mean against the reference's, and the mean size of its
    per-push difference from the reference; for the distance a moved ball travels (different
    balls in each model: unpaired), each model's mean and median and a Mann-Whitney test; the
    mean cups agreeing
    with the reference. A variant is compared on the pushes that ran it (``pushes`` says how
    many)."""
    models: dict[str, list[tuple[Side, Side]]] = {
        "3d": [(r.three, r.three) for r in rows],
        "2d": [(r.two, r.three) for r in rows],
        "still": [(r.still, r.three) for r in rows],
    }
    agree = {"2d": [r.agree for r in rows], "still": [r.agree_still for r in rows]}
    for r in rows:
        for name, s in r.variants.items():
            models.setdefault(name, []).append((s, r.three))
            agree.setdefault(name, []).append(r.agree_variants[name])
    out: dict[str, Any] = {"pushes": {k: len(v) for k, v in models.items()}}
    for q, get in QUANTITIES.items():
        entry: dict[str, Any] = {}
        for name, pairs in models.items():
            vals = [get(s) for s, _ in pairs]
            base = [get(ref) for _, ref in pairs]
            entry[name] = {"mean": float(np.mean(vals)) if vals else 0.0}
            if name != "3d":
                entry[name]["reference"] = float(np.mean(base)) if base else 0.0
                entry[name]["p"] = paired_permutation(vals, base)
                gaps = np.abs(np.subtract(vals, base))
                entry[name]["gap"] = float(gaps.mean()) if vals else 0.0
        out[q] = entry
    dist: dict[str, Any] = {}
    for name, pairs in models.items():
        if name == "still":
            continue
        vals = [d for s, _ in pairs for d in s.distances]
        ref = [d for _, s in pairs for d in s.distances]
        dist[name] = {
            "mean": float(np.mean(vals)) if vals else 0.0,
            "median": float(np.median(vals)) if vals else 0.0,
            "balls": len(vals),
        }
        if name != "3d":
            dist[name]["p"] = mann_whitney(vals, ref)[1]
    out["distance"] = dist
    out["agree"] = {k: float(np.mean(v)) if v else 0.0 for k, v in agree.items()}
    return out


def summary(rows: Sequence[Row]) -> dict[str, Any]:
    """The run's figures (what the report prints and docs/physics.md quotes)."""
    bins: list[dict[str, Any]] = []
    for b in range(BINS):
        sel = [r for r in rows if bin_of(r.strength) == b]
        entry: dict[str, Any] = {"strength": [b / BINS, (b + 1) / BINS], "pushes": len(sel)}
        if sel:
            entry["agree"] = sum(r.agree for r in sel) / len(sel)
            entry["all_agree"] = sum(r.agree == r.cups for r in sel) / len(sel)
            for what in ("moved", "returned"):
                two = [getattr(r.two, what) for r in sel]
                three = [getattr(r.three, what) for r in sel]
                _, p = mann_whitney(two, three)
                entry[what] = {
                    "2d": sum(two) / len(two),
                    "3d": sum(three) / len(three),
                    "2d_hist": histogram(two, TOP),
                    "3d_hist": histogram(three, TOP),
                    "p": p,
                }
            entry["models"] = compare_models(sel)
        bins.append(entry)
    n = max(len(rows), 1)
    seconds2 = sum(r.two.seconds for r in rows)
    seconds3 = sum(r.three.seconds for r in rows)
    return {
        "pushes": len(rows),
        "agree": sum(r.agree for r in rows) / n,
        "all_agree": sum(r.agree == r.cups for r in rows) / n,
        "models": compare_models(rows),
        "bins": bins,
        "flew": sum(r.flew > 0 for r in rows) / n,
        "jumped": sum(r.jumped > 0 for r in rows) / n,
        "land": sum(r.land > 0 for r in rows) / n,
        "on_ball": sum(r.on_ball > 0 for r in rows) / n,
        "off": sum(r.off > 0 for r in rows) / n,
        "settled_2d": sum(r.two.settled for r in rows) / n,
        "settled_3d": sum(r.three.settled for r in rows) / n,
        "seconds_2d": seconds2 / n,
        "seconds_3d": seconds3 / n,
        "cost_ratio": seconds3 / seconds2 if seconds2 > 0 else float("inf"),
    }


def table_rows(rows: Sequence[Row]) -> list[dict[str, Any]]:
    """One row per push and model: the push (index, source, strength, flick speed), the model
    ("3d", "2d", "still", or a variant's name), balls moved by role, triangle balls that left
    their cups, balls returned per colour, the moved balls' mean distance (m), cups agreeing
    with the reference, settled."""
    out: list[dict[str, Any]] = []
    for r in rows:
        sides = {"3d": (r.three, r.cups), "2d": (r.two, r.agree), "still": (r.still, r.agree_still)}
        sides.update({k: (v, r.agree_variants[k]) for k, v in r.variants.items()})
        for name, (s, agree) in sides.items():
            out.append(
                {
                    "index": r.index,
                    "source": r.source,
                    "strength": r.strength,
                    "flick_speed": r.speed,
                    "model": name,
                    "moved": s.moved,
                    **{f"moved_{k}": v for k, v in s.by_role.items()},
                    "left_triangle": s.left_triangle,
                    "returned": s.returned,
                    **{f"returned_{k}": v for k, v in s.by_colour.items()},
                    "distance_mean": float(np.mean(s.distances)) if s.distances else 0.0,
                    "cups_agreeing": agree,
                    "settled": s.settled,
                }
            )
    return out


def write_table(rows: Sequence[Row], path: str) -> None:
    """:func:`table_rows` into ``path`` (Parquet or CSV by its suffix), atomically."""
    import pyarrow as pa
    import pyarrow.csv as pacsv
    import pyarrow.parquet as pq

    from pusher_sim.atomic import atomic_file

    table = pa.Table.from_pylist(table_rows(rows))
    with atomic_file(path) as handle:
        if path.endswith(".csv"):
            pacsv.write_csv(table, handle)
        else:
            pq.write_table(table, handle)


HEADLINE = ("left_triangle", "moved_pressed", "moved_triangle", "moved_ring", "moved_rest")


def _models_table(m: dict[str, Any], label: str) -> list[str]:
    """One block of the report: each headline quantity's mean per model, p against the
    reference and the mean per-push gap to it."""
    names = [k for k in m["agree"] if k != "2d"]
    others = ["2d", *names]
    pushes = m["pushes"]
    head = f"{label:<16}{'3d':>7}" + "".join(f"{f'{k} ({pushes[k]})':>24}" for k in others)
    lines = [head]
    for q in (*HEADLINE, "returned_red", "returned_blue", "returned_yellow"):
        e = m[q]
        cells = "".join(
            f"{e[k]['mean']:>8.2f} p={e[k]['p']:<6.2g} |d|={e[k]['gap']:<4.2f}" for k in others
        )
        lines.append(f"{q:<16}{e['3d']['mean']:>7.2f}{cells}")
    d = m["distance"]
    cells = "".join(
        f"{1000 * d[k]['mean']:>8.1f} p={d[k]['p']:<6.2g}{'':>9}" if k in d else f"{'-':>24}"
        for k in others
    )
    lines.append(f"{'distance mm':<16}{1000 * d['3d']['mean']:>7.1f}{cells}")
    agree = "".join(f"{m['agree'][k]:>24.1f}" for k in others)
    lines.append(f"{'cups agreeing':<16}{'91':>7}{agree}")
    return lines


def report(s: dict[str, Any]) -> str:
    """The figures as text."""
    legend = {
        "3d": "the reference",
        "2d": "the 2-D model",
        "still": "nothing moves",
        "shift": "the reference with the press point moved 1 um",
        "half_step": "the reference at half its time step",
        "stiff": "the reference at twice its stiffness",
    }
    present = ["3d", *s["models"]["agree"]]
    legend.update({k: f"the 2-D model {k[3:]}" for k in present if k.startswith("2d_")})
    lines = [
        f"{s['pushes']} pushes in every model ("
        + "; ".join(f"{k}: {legend[k]}" for k in present if k in legend)
        + "; p: paired sign-flip test against the reference, Mann-Whitney for distance; "
        "|d|: mean per-push gap to the reference)",
        *_models_table(s["models"], "all pushes"),
    ]
    for b in s["bins"]:
        if b["pushes"]:
            lo, hi = b["strength"]
            lines += ["", *_models_table(b["models"], f"{lo:.1f}-{hi:.1f} ({b['pushes']})")]
    lines += [
        "",
        f"3-D only: a ball in the air in {100 * s['flew']:.1f}% of pushes, one jumped a cup in "
        f"{100 * s['jumped']:.1f}%, ended on the land in {100 * s['land']:.1f}%, on another ball "
        f"in {100 * s['on_ball']:.1f}%, off the board in {100 * s['off']:.1f}%",
        f"settled (every ball at rest before the time cap): 2-D {100 * s['settled_2d']:.1f}%, "
        f"3-D {100 * s['settled_3d']:.1f}%",
        f"cost per push: 2-D {1000 * s['seconds_2d']:.1f} ms, 3-D {1000 * s['seconds_3d']:.0f} ms "
        f"({s['cost_ratio']:.0f} times the 2-D)",
    ]
    return "\n".join(lines)


# -- calibration ------------------------------------------------------------------------------

FREE = ("press_speed", "gentle_press")
"""Model 7's press constants nobody measured (docs/physics.md calls them choices)."""

FREE_FINGER = ("gentle_finger_speed", "finger_speed")
"""Model 8's: how fast the finger goes down at the gentlest and the hardest press."""

LIMITS = {
    "press_speed": (0.05, 2.0),
    "gentle_press": (0.0, 1.0),
    "gentle_finger_speed": (0.0, 2.0),
    "finger_speed": (0.0, 3.0),
}
STEPS = {"press_speed": 0.1, "gentle_press": 0.1, "gentle_finger_speed": 0.1, "finger_speed": 0.2}


def free(cfg: PhysicsConfig) -> tuple[str, str]:
    """The press constants ``fit`` tunes for the config's model."""
    return FREE_FINGER if cfg.press_makes_room else FREE


def distance(rows3: Sequence[Row], sides2: Sequence[Side]) -> float:
    """How far the 2-D model's outcome statistics are from the reference's: over the strength
    bins, the squared relative differences of the balls moved by role and of the balls
    returned."""
    total = 0.0
    for b in range(BINS):
        pairs = [(r, s) for r, s in zip(rows3, sides2, strict=True) if bin_of(r.strength) == b]
        for role in ROLES:
            two = sum(s.by_role[role] for _, s in pairs)
            three = sum(r.three.by_role[role] for r, _ in pairs)
            total += (two / three - 1.0) ** 2 if three else 0.0
        two = sum(s.returned for _, s in pairs)
        three = sum(r.three.returned for r, _ in pairs)
        total += (two / three - 1.0) ** 2 if three else 0.0
    return total


def fit(
    job: Job,
    rows: Sequence[Row],
    workers: int,
    say: Callable[[str], None],
    rounds: int = 3,
) -> tuple[PhysicsConfig, float, float]:
    """Coordinate search over the model's :func:`free` constants (steps halving each round) for
    the 2-D config whose statistics are nearest the reference's on ``rows``' pushes. Returns the
    best config and the distance before and after."""
    best_cfg = job.two
    names = free(best_cfg)
    best = distance(rows, two_d_sides(job, rows, workers))
    before = best
    say(f"fit: start {press_values(best_cfg)} distance {best:.4f}")
    steps = {name: STEPS[name] for name in names}
    for _ in range(rounds):
        for name in names:
            for sign in (1.0, -1.0):
                while True:
                    low, high = LIMITS[name]
                    value = getattr(best_cfg, name) + sign * steps[name]
                    if not low <= value <= high:
                        break
                    try:
                        cfg = best_cfg.with_(**{name: round(value, 4)})
                    except ConfigError:
                        break  # beyond what the 2-D model's time step allows
                    d = distance(rows, two_d_sides(replace(job, two=cfg), rows, workers))
                    say(f"fit: {press_values(cfg)} distance {d:.4f}")
                    if d >= best:
                        break
                    best, best_cfg = d, cfg
        steps = {k: v / 2.0 for k, v in steps.items()}
    return best_cfg, before, best


def two_d_sides(job: Job, rows: Sequence[Row], workers: int) -> list[Side]:
    """The 2-D side of ``rows``' pushes under the job's 2-D config (resolved again)."""
    return run_parallel(_two_d, job, [r.index for r in rows], workers, _quiet)


def with_two_d(job: Job, rows: Sequence[Row], workers: int) -> list[Row]:
    """``rows`` with their 2-D side resolved again under the job's config (and its cups
    agreeing with the reference counted again): a fit judged on pushes it was not fitted on,
    another model judged on the same reference run."""
    sides = two_d_sides(job, rows, workers)
    return [
        replace(r, two=s, agree=agreeing(job.board, s, r.three))
        for r, s in zip(rows, sides, strict=True)
    ]


def with_models(
    job: Job, rows: Sequence[Row], models: Sequence[tuple[str, PhysicsConfig]], workers: int
) -> list[Row]:
    """``rows`` with more 2-D models beside their 2-D side: each push resolved again under
    each named config and kept as a variant of that name (``2d_N`` for model N), so the report
    sets them side by side with the reference's own variants, on the same pushes."""
    out = list(rows)
    for name, cfg in models:
        sides = two_d_sides(replace(job, two=cfg), out, workers)
        out = [
            replace(
                r,
                variants={**r.variants, name: s},
                agree_variants={**r.agree_variants, name: agreeing(job.board, s, r.three)},
            )
            for r, s in zip(out, sides, strict=True)
        ]
    return out


def model_name(model: str) -> str:
    """The variant name :func:`with_models` gives 2-D model ``model``."""
    return f"2d_{model}"


def _quiet() -> None:
    pass


def press_values(cfg: PhysicsConfig) -> str:
    """The fitted press parameters of ``cfg`` as one line (``name = value, ...``)."""
    return ", ".join(f"{k} = {getattr(cfg, k):g}" for k in free(cfg))
