"""Stopping an experiment: SIGKILL loses only the chunks in flight and --resume makes the same
table; no worker outlives its parent; one Ctrl-C stops at once, keeping finished chunks.

No check here reads the clock: "at once" is the run stopping before its last chunk, and the
waits below are hang guards only (a loaded machine must not fail them)."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pusher_sim.cli import main
from pusher_sim.running.dataset import Output, read_table
from pusher_sim.running.output_lock import output_lock
from pusher_sim.running.pool import worker_pool
from tests.processes import children, gone_within

HANG_GUARD = 120.0
"""Seconds a stopped run and its workers may take to end: only a hang reaches it."""

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

PR_GET_PDEATHSIG = 2
SWEEP = ["--grid", "angle=0:330:24", "--grid", "speed=0.2:1.2:5", "--chunk", "2", "--quiet"]


def start(out: Path, workers: int) -> subprocess.Popen[str]:
    argv = [sys.executable, "-m", "pusher_sim.cli", "experiment", *SWEEP]
    argv += ["--workers", str(workers), "--out", str(out)]
    return subprocess.Popen(argv, stderr=subprocess.PIPE, text=True, start_new_session=True)


def wait_for_chunks(out: Path, n: int, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while len(Output(out).done()) < n:
        assert process.poll() is None, "the run ended before it could be interrupted"
        assert time.monotonic() < deadline, "no chunks written in a minute"
        time.sleep(0.02)


def test_sigkill_leaves_no_worker_and_resume_gives_the_same_table(tmp_path: Path) -> None:
    out = tmp_path / "run.parquet"
    process = start(out, workers=2)
    wait_for_chunks(out, 3, process)
    workers = children(process.pid)
    assert len(workers) == 2
    process.send_signal(signal.SIGKILL)
    process.wait(HANG_GUARD)
    assert gone_within(workers, HANG_GUARD) is not None  # the kernel kills them: see below
    done = Output(out).done()
    assert 3 <= len(done) < 60 and not out.exists()
    assert main(["experiment", *SWEEP, "--workers", "2", "--out", str(out), "--resume"]) == 0
    whole = tmp_path / "whole.parquet"
    assert main(["experiment", *SWEEP, "--workers", "1", "--out", str(whole)]) == 0
    assert read_table(out).equals(read_table(whole))


def test_a_second_ctrl_c_ends_it_at_once(tmp_path: Path) -> None:
    out = tmp_path / "run.parquet"
    process = start(out, workers=2)
    wait_for_chunks(out, 2, process)
    workers = children(process.pid)
    os.killpg(process.pid, signal.SIGINT)
    time.sleep(0.05)
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGINT)
    process.communicate(timeout=HANG_GUARD)  # it once deadlocked here
    assert process.returncode in (130, -signal.SIGINT)
    # The kernel kills them as their parent exits; each dies when next scheduled.
    assert gone_within(workers, HANG_GUARD) is not None
    assert 2 <= len(Output(out).done()) < 60  # stopped, not run to its end


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_one_ctrl_c_stops_keeps_chunks_and_says_how_to_resume(tmp_path: Path, how: str) -> None:
    out = tmp_path / "run.parquet"
    process = start(out, workers=2)
    wait_for_chunks(out, 2, process)
    workers = children(process.pid)
    if how == "ctrl-c":
        os.killpg(process.pid, signal.SIGINT)  # a terminal sends Ctrl-C to the whole group
    else:
        process.terminate()
    _, err = process.communicate(timeout=HANG_GUARD)
    assert process.returncode == 130
    assert "--resume" in err and err.count("\n") == 1
    assert gone_within(workers, HANG_GUARD) is not None
    kept = Output(out).done()
    assert 2 <= len(kept) < 60 and f"{len(kept)} of 60 chunks" in err  # stopped before the end


def lock_files_open_here(out: Path) -> list[str]:
    """Which of this process's open files are ``out``'s lock (read in a pool worker)."""
    lock = str(out.with_name(out.name + ".lock"))
    fds = Path("/proc/self/fd")
    return [str(fd) for fd in fds.iterdir() if os.path.realpath(fd) == lock]


def test_workers_never_hold_the_output_lock(tmp_path: Path) -> None:
    # A forked worker inherited the lock's file, so the lock outlived a killed run until its
    # last worker had quite finished dying: a --resume straight after a SIGKILL was refused.
    out = tmp_path / "run.parquet"
    with output_lock(out), worker_pool(1) as pool:
        assert pool.submit(lock_files_open_here, out).result(HANG_GUARD) == []


def kernel_kills_this_with_its_parent() -> int:
    """The signal the kernel sends this process when its parent dies (0: none), read in a pool
    worker: ``prctl(PR_GET_PDEATHSIG)``."""
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    found = ctypes.c_int(0)
    assert libc.prctl(PR_GET_PDEATHSIG, ctypes.byref(found), 0, 0, 0) == 0
    return found.value


def test_the_kernel_kills_a_worker_when_its_parent_dies() -> None:
    # Told so, the kernel kills a worker the moment its parent dies, in the middle of a chunk:
    # asked of the worker itself rather than timed (a worker left to finish its chunk, or to
    # notice its parent gone half a second later, would also be gone in the end).
    with worker_pool(1) as pool:
        assert pool.submit(kernel_kills_this_with_its_parent).result(HANG_GUARD) == signal.SIGKILL


def test_a_worker_killed_from_outside_stops_the_run_in_one_line(tmp_path: Path) -> None:
    # A SIGTERM to the whole group as the pool started killed a worker before the parent had
    # stopped the pool: a BrokenProcessPool traceback (signal fuzz). The out-of-memory killer
    # does the same. The run stops as if interrupted, its chunks kept for --resume.
    out = tmp_path / "run.parquet"
    process = start(out, workers=2)
    wait_for_chunks(out, 2, process)
    os.kill(children(process.pid)[0], signal.SIGKILL)
    _, err = process.communicate(timeout=HANG_GUARD)
    assert process.returncode == 130, err
    assert "--resume" in err and err.count("\n") == 1, err
    assert main(["experiment", *SWEEP, "--workers", "2", "--out", str(out), "--resume"]) == 0
    whole = tmp_path / "whole.parquet"
    assert main(["experiment", *SWEEP, "--workers", "1", "--out", str(whole)]) == 0
    assert read_table(out).equals(read_table(whole))
