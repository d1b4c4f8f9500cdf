"""Run a job's chunks on local processes or on a Dask cluster, through one code path.

Both are a ``concurrent.futures.Executor``: the project's one process pool
(:mod:`pusher_sim.running.pool`: workers die with this process, a Ctrl-C stops them at once), or the
executor of a ``distributed.Client`` connected to a scheduler. Only a small window of chunks is
in flight at a time, so a billion-push plan costs no memory and a Ctrl-C has little to cancel;
each chunk's rows are handed back as soon as it is done, for the caller to write.
"""

from __future__ import annotations

import itertools
import os
import re
import threading
from collections.abc import Callable, Collection, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from pusher_sim.errors import UserError
from pusher_sim.running.pool import stop_now, worker_pool

TASK_PUSHES = 64
"""Pushes a Dask task holds at least, when there are enough to keep every worker busy: a Dask
task costs about 8 ms of CPU between the client, the scheduler and the worker (measured on the
local cluster of ``benchmarks/bench_scaling.py``), a push about 10 ms, so one task per small
chunk lost a tenth of the work; a local process pool's task costs 0.1 ms and runs one chunk."""
BALANCE = 4
"""Tasks per worker a run is cut into at the least, so that the last ones end close together."""
CONNECT_TIMEOUT = 10.0
"""Seconds to reach a Dask scheduler before giving up."""
MAX_WORKERS = 1024
ADDRESS = re.compile(r"^(?:(?:tcp|tls)://)?(?:\[[0-9A-Fa-f:]+\]|[A-Za-z0-9.-]+):(\d{1,5})$")

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


class ChunkedJob(Protocol[R_co]):
    """Work cut into numbered chunks of ``chunk`` pushes each (small enough to send to a
    worker): an experiment's job, for one."""

    @property
    def chunk(self) -> int: ...

    @property
    def n_chunks(self) -> int: ...

    def run_chunk(self, k: int) -> R_co:
        """The result of chunk ``k``: one task, so a worker's overhead is paid once per chunk."""
        ...


def _cancel(futures: Collection[Future[Any]]) -> None:
    for future in futures:
        future.cancel()


@dataclass
class Pool:
    """An executor, how many tasks it runs at once, and how to stop it at once (given the
    futures still in flight: a cluster cancels them, local workers are killed)."""

    executor: Executor
    workers: int
    stop: Callable[[Collection[Future[Any]]], None] = field(default=_cancel)
    task_pushes: int = 1
    """Pushes a task should hold at least (chunks are grouped to reach it): see
    :data:`TASK_PUSHES`."""


def check_address(address: str) -> str:
    """A Dask scheduler address: ``tcp://HOST:PORT``, ``tls://HOST:PORT`` or ``HOST:PORT``."""
    match = ADDRESS.match(address)
    if not match or not 1 <= int(match.group(1)) <= 65535:
        raise UserError(f"--scheduler {address!r} is not an address like tcp://HOST:PORT")
    return address


def check_workers(workers: int | None) -> int:
    if workers is None:
        return os.cpu_count() or 1
    if not 1 <= workers <= MAX_WORKERS:
        raise UserError(f"--workers must be from 1 to {MAX_WORKERS}, got {workers}")
    return workers


def _connect(address: str, timeout: float) -> Any:
    """A ``distributed.Client``, or a one-line error within about ``timeout`` seconds.

    The client's own timeout does not cover a port that accepts a connection and then never
    speaks Dask, so the attempt runs in a thread that is abandoned when time is up.
    """
    from distributed import Client

    result: dict[str, Any] = {}

    def attempt() -> None:
        try:
            result["client"] = Client(address, timeout=timeout)
        except Exception as exc:  # any failure to connect is reported as one line
            result["error"] = exc

    thread = threading.Thread(target=attempt, daemon=True, name="dask-connect")
    thread.start()
    thread.join(timeout)
    if "client" in result:
        return result["client"]
    why = result.get("error") or f"no Dask answer within {timeout:g} s"
    raise UserError(f"cannot reach the Dask scheduler at {address}: {why}")


@contextmanager
def executor_for(
    workers: int | None, scheduler: str | None, timeout: float = CONNECT_TIMEOUT
) -> Iterator[Pool]:
    """Local processes, or a Dask cluster when given its scheduler address."""
    if scheduler:
        client = _connect(check_address(scheduler), timeout)
        try:
            info = client.scheduler_info()
            threads = sum(int(w.get("nthreads", 1)) for w in info.get("workers", {}).values())
            if threads < 1:
                raise UserError(f"the Dask scheduler at {scheduler} has no workers")
            yield Pool(client.get_executor(), threads, task_pushes=TASK_PUSHES)
        finally:
            client.close()
        return
    n = check_workers(workers)
    with worker_pool(n) as pool:
        yield Pool(pool, n, lambda running: stop_now(pool))


def run_group(job: ChunkedJob[R], chunks: list[int]) -> list[tuple[int, R]]:
    """One task: the result of each of ``chunks``."""
    return [(k, job.run_chunk(k)) for k in chunks]


def run_chunks(
    job: ChunkedJob[R],
    todo: Iterable[int],
    pool: Pool,
    tick: Callable[[], None] = lambda: None,
) -> Generator[tuple[int, R], None, None]:
    """Run chunks ``todo``; yield ``(chunk, result)`` as each finishes, in any order.

    ``tick`` is called at least twice a second (for a progress bar). If the caller stops early
    (an exception, a Ctrl-C), queued chunks are cancelled and local workers are killed.
    """
    pending = iter(todo)
    window = 2 * pool.workers + 2
    group = max(
        1,
        min(
            -(-pool.task_pushes // job.chunk),
            -(-job.n_chunks // (BALANCE * pool.workers)),
        ),
    )
    running: dict[Future[list[tuple[int, R]]], list[int]] = {}
    finished = False
    try:
        while True:
            while len(running) < window:
                ks = list(itertools.islice(pending, group))
                if not ks:
                    break
                running[pool.executor.submit(run_group, job, ks)] = ks
            if not running:
                finished = True
                return
            done, _ = wait(running, timeout=0.5, return_when=FIRST_COMPLETED)
            tick()
            for future in done:
                running.pop(future)
                yield from future.result()
    finally:
        if not finished:
            pool.stop(running)
