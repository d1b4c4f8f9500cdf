"""Run a plan's points on all local cores or on a Dask cluster, through one code path.

Both are a ``concurrent.futures.Executor``: a ``ProcessPoolExecutor`` here, or the executor of a
``distributed.Client`` connected to a scheduler. Points go out in chunks and the rows come back
in plan order, so the table is the same whoever ran which chunk.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager

from pusher_sim.board import Board
from pusher_sim.errors import UserError
from pusher_sim.experiment.plan import Point
from pusher_sim.experiment.run import Row, run_chunk
from pusher_sim.physics import PhysicsConfig


@contextmanager
def executor_for(workers: int | None, scheduler: str | None) -> Iterator[Executor]:
    """Local processes, or a Dask cluster when given its scheduler address."""
    if scheduler:
        try:
            from distributed import Client
        except ImportError:  # pragma: no cover - distributed is a pinned dependency
            raise UserError("--scheduler needs the 'distributed' package") from None
        try:
            client = Client(scheduler, timeout=10)
        except OSError as exc:
            raise UserError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        try:
            yield client.get_executor()
        finally:
            client.close()
    else:
        with ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
            yield pool


def run_points(
    points: list[Point],
    base: PhysicsConfig,
    board: Board,
    executor: Executor,
    chunk: int = 8,
    progress: bool = True,
) -> list[Row]:
    """Every point's row, in the order of ``points``."""
    chunks = [points[i : i + chunk] for i in range(0, len(points), chunk)]
    futures: dict[Future[list[Row]], int] = {
        executor.submit(run_chunk, c, base, board): i for i, c in enumerate(chunks)
    }
    results: list[list[Row]] = [[] for _ in chunks]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(points), unit="push", desc="experiment")
    try:
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            if bar is not None:
                bar.update(len(results[futures[future]]))
    finally:
        if bar is not None:
            bar.close()
    return [row for rows in results for row in rows]
