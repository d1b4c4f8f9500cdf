"""A real Dask cluster: a ``dask scheduler`` and two ``dask worker`` processes over TCP on
127.0.0.1. A sweep through ``--scheduler`` gives the local table, and so does one that loses a
worker (SIGKILL) half-way: its tasks run again on the other."""

from __future__ import annotations

import time
from pathlib import Path

from pusher_sim.cli import main
from pusher_sim.experiment.params import parse_grid
from pusher_sim.experiment.plan import Plan
from pusher_sim.experiment.run import Job
from pusher_sim.physics import PhysicsConfig
from pusher_sim.running.dataset import read_table
from pusher_sim.running.localcluster import dask_processes
from pusher_sim.running.runner import executor_for, run_chunks

STALL_GUARD = 300.0
"""Seconds from the killed worker to the last chunk beyond which its tasks count as stalled."""
SWEEP = ["--grid", "angle=0:300:6", "--grid", "speed=0.3,0.9", "--chunk", "2", "--quiet"]


def test_cluster_gives_the_local_table_and_survives_a_killed_worker(tmp_path: Path) -> None:
    local = tmp_path / "local.parquet"
    assert main(["experiment", *SWEEP, "--workers", "1", "--out", str(local)]) == 0
    job = Job(
        Plan(grids=(parse_grid("angle=0:345:24"), parse_grid("speed=0.4")), seed=2),
        PhysicsConfig(),
        chunk=1,
    )
    with dask_processes(2, tmp_path / "cluster") as cluster:
        assert cluster.address.startswith("tcp://127.0.0.1:")
        remote = tmp_path / "remote.parquet"
        argv = ["experiment", *SWEEP, "--scheduler", cluster.address, "--out", str(remote)]
        assert main(argv) == 0
        assert read_table(remote).equals(read_table(local))

        with executor_for(None, cluster.address) as pool:
            assert pool.workers == 2
            rows: dict[int, list[dict[str, object]]] = {}
            for k, chunk in run_chunks(job, range(job.n_chunks), pool):
                rows[k] = chunk
                if len(rows) == 2:
                    cluster.kill_worker(0)
                    killed = time.monotonic()
            rescheduled_in = time.monotonic() - killed
        assert cluster.workers[0].poll() is not None and cluster.workers[1].poll() is None
    assert sorted(rows) == list(range(job.n_chunks))
    assert [rows[k] for k in sorted(rows)] == [job.run_chunk(k) for k in range(job.n_chunks)]
    # Only a stall reaches this (the lost tasks waiting on a dead worker): a slow machine takes
    # seconds. It bounds the rescheduling alone, not the cluster's start or the runs around it.
    assert rescheduled_in < STALL_GUARD
