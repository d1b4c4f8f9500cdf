"""`pusher validate`'s work: resolve the same pushes in both models and say how they differ.

Per push, how many cups agree; per strength bin, the mean and distribution of balls moved and
returned in each model with a Mann-Whitney test between them; how often the reference does what
the 2-D model cannot (a ball in the air, jumping a cup, resting on the land or on another ball,
leaving the board); what each push cost in each model. ``fit`` tunes the 2-D press to the reference.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pusher_sim.board import Board
from pusher_sim.errors import ConfigError
from pusher_sim.physics import PhysicsConfig
from pusher_sim.reference.cases import Case, Position, case, log_positions
from pusher_sim.reference.compare import Row, Side, compare, two_d
from pusher_sim.reference.stats import histogram, mann_whitney
from pusher_sim.running.runner import executor_for

BINS = 5
"""Strength bins: [0, 0.2), [0.2, 0.4), ... [0.8, 1]."""

TOP = 6
"""Distributions count 0 to 6 balls, the last bin holding more."""


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to resolve pushes (picklable)."""

    board: Board
    seed: int
    positions: tuple[tuple[str, Position], ...]
    two: PhysicsConfig
    three: PhysicsConfig

    def case(self, index: int) -> Case:
        return case(self.board, index, self.seed, self.positions, self.two.max_flick_speed)


def _compare(job: Job, index: int) -> Row:
    return compare(job.board, job.case(index), job.two, job.three)


def _two_d(job: Job, index: int) -> Side:
    return two_d(job.board, job.case(index), job.two)[0]


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


def make_job(board: Board, seed: int, two: PhysicsConfig, three: PhysicsConfig) -> Job:
    return Job(board, seed, tuple(log_positions(board)), two, three)


def validate(
    job: Job, n: int, workers: int, tick: Callable[[], None] = lambda: None, first: int = 0
) -> list[Row]:
    """Pushes ``first`` to ``first + n - 1`` of the job's seed, in both models."""
    return run_parallel(_compare, job, range(first, first + n), workers, tick)


def bin_of(strength: float) -> int:
    return min(int(strength * BINS), BINS - 1)


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
        bins.append(entry)
    n = max(len(rows), 1)
    seconds2 = sum(r.two.seconds for r in rows)
    seconds3 = sum(r.three.seconds for r in rows)
    return {
        "pushes": len(rows),
        "agree": sum(r.agree for r in rows) / n,
        "all_agree": sum(r.agree == r.cups for r in rows) / n,
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


def report(s: dict[str, Any]) -> str:
    """The figures as text."""
    lines = [
        f"{s['pushes']} pushes in both models: on average {s['agree']:.1f} of 91 cups agree; "
        f"all 91 agree in {100 * s['all_agree']:.0f}%",
        "strength   pushes  cups agree  moved 2d/3d (p)       returned 2d/3d (p)",
    ]
    for b in s["bins"]:
        lo, hi = b["strength"]
        if not b["pushes"]:
            lines.append(f"{lo:.1f}-{hi:.1f}   {0:6d}")
            continue
        m, r = b["moved"], b["returned"]
        lines.append(
            f"{lo:.1f}-{hi:.1f}   {b['pushes']:6d}  {b['agree']:10.1f}  "
            f"{m['2d']:.2f}/{m['3d']:.2f} (p={m['p']:.2g})".ljust(60)
            + f"{r['2d']:.2f}/{r['3d']:.2f} (p={r['p']:.2g})"
        )
    for b in s["bins"]:
        if b["pushes"]:
            lo, hi = b["strength"]
            lines.append(
                f"  moved {lo:.1f}-{hi:.1f}: 2d {b['moved']['2d_hist']} 3d {b['moved']['3d_hist']}"
                f"; returned: 2d {b['returned']['2d_hist']} 3d {b['returned']['3d_hist']}"
            )
    lines += [
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
"""The 2-D model's constants nobody measured (docs/physics.md calls them choices)."""

LIMITS = {"press_speed": (0.05, 2.0), "gentle_press": (0.0, 1.0)}


def distance(rows3: Sequence[Row], sides2: Sequence[Side]) -> float:
    """How far the 2-D model's outcome statistics are from the reference's: over the strength
    bins, the squared differences of the mean balls moved and returned."""
    total = 0.0
    for b in range(BINS):
        pairs = [(r, s) for r, s in zip(rows3, sides2, strict=True) if bin_of(r.strength) == b]
        if not pairs:
            continue
        for what in ("moved", "returned"):
            two = sum(getattr(s, what) for _, s in pairs) / len(pairs)
            three = sum(getattr(r.three, what) for r, _ in pairs) / len(pairs)
            total += (two - three) ** 2
    return total


def fit(
    job: Job,
    rows: Sequence[Row],
    workers: int,
    say: Callable[[str], None],
    rounds: int = 3,
) -> tuple[PhysicsConfig, float, float]:
    """Coordinate search over :data:`FREE` (steps halving each round) for the 2-D config whose
    statistics are nearest the reference's on ``rows``' pushes. Returns the best config and the
    distance before and after."""
    best_cfg = job.two
    best = distance(rows, [r.two for r in rows])
    before = best
    say(f"fit: start {_values(best_cfg)} distance {best:.4f}")
    steps = {"press_speed": 0.1, "gentle_press": 0.1}
    for _ in range(rounds):
        for name in FREE:
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
                    sides = run_parallel(
                        _two_d, replace(job, two=cfg), [r.index for r in rows], workers, _quiet
                    )
                    d = distance(rows, sides)
                    say(f"fit: {_values(cfg)} distance {d:.4f}")
                    if d >= best:
                        break
                    best, best_cfg = d, cfg
        steps = {k: v / 2.0 for k, v in steps.items()}
    return best_cfg, before, best


def _quiet() -> None:
    pass


def _values(cfg: PhysicsConfig) -> str:
    return ", ".join(f"{k} = {getattr(cfg, k):g}" for k in FREE)
