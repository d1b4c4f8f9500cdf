"""Scaling benchmark: experiment pushes per second on 1 and 2 local workers and on a real
Dask cluster (a scheduler and two one-thread workers over TCP on 127.0.0.1), in one run.

Targets, as ratios measured in the same run: 2 workers >= 1.8x one worker; the Dask cluster
>= 0.9x the process pool at the same worker count. Every executor is warmed up (workers
started, modules imported) before it is timed, and the three are timed in alternating rounds
(median of each), so that load from elsewhere on a shared machine hits them alike. On a machine
so loaded that wall time says little, the CPU time of every process a run takes (this one, the
pool's workers; the Dask scheduler and workers) gives pushes per CPU-second, which load from
elsewhere does not change: Dask's cost per push against the pool's is printed too.

Run: ``.venv/bin/python benchmarks/bench_scaling.py [--pushes N] [--rounds R] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from pusher_sim.experiment.params import parse_grid
from pusher_sim.experiment.plan import Plan
from pusher_sim.experiment.run import Job
from pusher_sim.physics import PhysicsConfig
from pusher_sim.running.localcluster import dask_processes
from pusher_sim.running.runner import Pool, executor_for, run_chunks


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time used so far by the processes ``pids``."""
    import psutil  # a dependency of distributed

    total = 0.0
    for pid in pids:
        times = psutil.Process(pid).cpu_times()
        total += times.user + times.system
    return total


def rate(job: Job, pool: Pool, pids: list[int]) -> tuple[float, float]:
    """Pushes per second over the whole job, and pushes per CPU-second of ``pids``."""
    started = time.perf_counter()
    cpu = cpu_seconds(pids)
    done = sum(len(rows) for _, rows in run_chunks(job, range(job.n_chunks), pool))
    return done / (time.perf_counter() - started), done / (cpu_seconds(pids) - cpu)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pushes", type=int, default=240, help="pushes per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (median)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    grids = (parse_grid("angle=0:330:12"), parse_grid("speed=0.2:1.2:5"))
    job = Job(Plan(grids, repeats=max(1, args.pushes // 60), seed=1), PhysicsConfig(), chunk=8)
    samples: dict[str, list[float]] = {"pool_1": [], "pool_2": [], "dask_2": []}
    per_cpu: dict[str, list[float]] = {"pool_1": [], "pool_2": [], "dask_2": []}
    with (
        tempfile.TemporaryDirectory() as folder,
        dask_processes(2, Path(folder)) as cluster,
        executor_for(1, None) as one,
        executor_for(2, None) as two,
        executor_for(None, cluster.address) as dask,
    ):
        pools = {"pool_1": one, "pool_2": two, "dask_2": dask}
        for pool in pools.values():  # warm up: start workers, import the model
            list(run_chunks(job, range(pool.workers), pool))
        me = os.getpid()
        pids = {
            "pool_1": [me, *one.executor._processes],  # type: ignore[attr-defined]
            "pool_2": [me, *two.executor._processes],  # type: ignore[attr-defined]
            "dask_2": [me, cluster.scheduler.pid, *(w.pid for w in cluster.workers)],
        }
        for _ in range(args.rounds):  # alternate, so that load from elsewhere hits all alike
            for name, pool in pools.items():
                wall, cpu = rate(job, pool, pids[name])
                samples[name].append(wall)
                per_cpu[name].append(cpu)
    rates = {name: statistics.median(values) for name, values in samples.items()}
    cpu_rates = {name: statistics.median(values) for name, values in per_cpu.items()}
    result = {
        "pushes": job.plan.size,
        "pushes_per_second": {k: round(v, 1) for k, v in rates.items()},
        "two_workers_over_one": round(rates["pool_2"] / rates["pool_1"], 2),
        "dask_over_pool": round(rates["dask_2"] / rates["pool_2"], 2),
        "pushes_per_cpu_second": {k: round(v, 1) for k, v in cpu_rates.items()},
        "dask_over_pool_per_cpu": round(cpu_rates["dask_2"] / cpu_rates["pool_2"], 2),
    }
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(
            f"{result['pushes']} pushes each: 1 worker {rates['pool_1']:.0f}/s, 2 workers "
            f"{rates['pool_2']:.0f}/s, Dask (2 workers) {rates['dask_2']:.0f}/s\n"
            f"2 workers / 1: {result['two_workers_over_one']}x (target >= 1.8); "
            f"Dask / pool: {result['dask_over_pool']}x (target >= 0.9)\n"
            f"pushes per CPU-second of every process a run takes (load elsewhere aside): pool "
            f"{cpu_rates['pool_2']:.0f}, Dask {cpu_rates['dask_2']:.0f}: Dask / pool "
            f"{result['dask_over_pool_per_cpu']}x"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
