"""Chunks grouped into tasks: a Dask task costs milliseconds of CPU, so the runner gives each
task enough pushes (while keeping every worker busy); a process pool's task stays one chunk.
Either way every chunk comes back once, with the rows it has alone."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from pusher_sim.experiment.params import parse_grid
from pusher_sim.experiment.plan import Plan
from pusher_sim.experiment.run import Job
from pusher_sim.physics import PhysicsConfig
from pusher_sim.running.runner import BALANCE, Pool, run_chunks

JOB = Job(Plan(grids=(parse_grid("angle=0:330:12"),), seed=3), PhysicsConfig(), chunk=1)


class Counting(ThreadPoolExecutor):
    """Counts the tasks it is given."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.tasks: list[int] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.tasks.append(len(args[1]))
        return super().submit(fn, *args, **kwargs)


def test_a_dask_task_holds_several_chunks_and_every_chunk_comes_back_once() -> None:
    alone = {k: JOB.run_chunk(k) for k in range(JOB.n_chunks)}
    with Counting() as executor:
        got = dict(run_chunks(JOB, range(JOB.n_chunks), Pool(executor, 1, task_pushes=64)))
    assert got == alone
    # 12 one-push chunks for one worker: BALANCE tasks of 3, not 12 tasks of 1
    assert executor.tasks == [JOB.n_chunks // BALANCE] * BALANCE


def test_a_process_pool_task_is_one_chunk() -> None:
    with Counting() as executor:
        got = dict(run_chunks(JOB, [3, 5], Pool(executor, 1)))
    assert sorted(got) == [3, 5] and executor.tasks == [1, 1]
