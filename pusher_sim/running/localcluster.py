"""A real Dask cluster on this machine: ``dask scheduler`` and ``dask worker`` processes.

Unlike ``distributed.LocalCluster``, the scheduler and each worker are separate programs that
talk over TCP on 127.0.0.1, as on a real cluster, so that what is tested and benchmarked is the
path a cluster run takes. Ports are chosen by the system; the scheduler tells its address
through a scheduler file.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pusher_sim.errors import UserError
from pusher_sim.running.pool import die_with_parent


@dataclass
class DaskProcesses:
    """A running scheduler and its workers; ``address`` is what ``--scheduler`` takes."""

    address: str
    scheduler: subprocess.Popen[bytes]
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def kill_worker(self, i: int) -> None:
        """SIGKILL worker ``i``, as a crashed machine would vanish."""
        self.workers[i].send_signal(signal.SIGKILL)
        self.workers[i].wait(10)


def _dask() -> list[str]:
    beside = Path(sys.executable).with_name("dask")
    return [str(beside)] if beside.exists() else [sys.executable, "-m", "dask"]


def _wait_for(path: Path, deadline: float, process: subprocess.Popen[bytes]) -> str:
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise UserError(f"the Dask scheduler exited at once (status {process.returncode})")
        with contextlib.suppress(OSError, ValueError, KeyError):
            address = json.loads(path.read_text())["address"]
            if isinstance(address, str):
                return address
        time.sleep(0.1)
    raise UserError("the Dask scheduler did not start in time")


def _connected(address: str, n: int, deadline: float) -> None:
    from distributed import Client

    with Client(address, timeout=max(1.0, deadline - time.monotonic())) as client:
        client.wait_for_workers(n, timeout=max(1.0, deadline - time.monotonic()))


BATCH_CONFIG = {
    "DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED": "False",
    "DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL": "1s",
    "DASK_DISTRIBUTED__ADMIN__SYSTEM_MONITOR__INTERVAL": "2s",
}
"""Dask settings of a cluster for batch work, as docs/experiments.md advises: no statistical
profiler sampling the running task's stack 100 times a second, and the event loops' health
checks every second rather than every 20 ms. Measured on this cluster (``bench_scaling.py``),
with chunks grouped into tasks (:data:`pusher_sim.running.runner.TASK_PUSHES`) they cut Dask's
CPU per push from 1.3x the process pool's to 1.0-1.1x."""


def _start(argv: list[str], folder: Path) -> subprocess.Popen[bytes]:
    """A cluster process that dies with this one, even if this one is SIGKILLed."""
    return subprocess.Popen(
        argv,
        cwd=folder,
        env={**os.environ, **BATCH_CONFIG},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=die_with_parent,
    )


@contextlib.contextmanager
def dask_processes(n_workers: int, folder: Path, timeout: float = 60.0) -> Iterator[DaskProcesses]:
    """Start a scheduler and ``n_workers`` one-thread workers (no nannies); stop them after."""
    folder.mkdir(parents=True, exist_ok=True)
    info = folder / "scheduler.json"
    info.unlink(missing_ok=True)
    scheduler = _start(
        [
            *_dask(),
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--no-dashboard",
            "--scheduler-file",
            str(info),
        ],
        folder,
    )
    cluster = DaskProcesses("", scheduler)
    try:
        deadline = time.monotonic() + timeout
        cluster.address = _wait_for(info, deadline, scheduler)
        for _ in range(n_workers):
            cluster.workers.append(
                _start(
                    [
                        *_dask(),
                        "worker",
                        cluster.address,
                        "--host",
                        "127.0.0.1",
                        "--nthreads",
                        "1",
                        "--no-nanny",
                        "--no-dashboard",
                    ],
                    folder,
                )
            )
        _connected(cluster.address, n_workers, deadline)
        yield cluster
    finally:
        for process in [*cluster.workers, scheduler]:
            if process.poll() is None:
                process.terminate()
        for process in [*cluster.workers, scheduler]:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
