"""Looking at processes through Linux's /proc: who a process's children are, and whether they
have gone. A killed process dies when the kernel next schedules it, so "gone" is waited for."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def children(pid: int) -> list[int]:
    """Processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie has finished: it only waits to be reaped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def gone_within(pids: Iterable[int], seconds: float) -> float | None:
    """Seconds until every process in ``pids`` has ended; None if one outlives ``seconds``."""
    pids = list(pids)
    started = time.monotonic()
    while any(alive(pid) for pid in pids):
        if time.monotonic() - started > seconds:
            return None
        time.sleep(0.005)
    return time.monotonic() - started


# A fresh, small interpreter forks the command and reports its peak: a child's ru_maxrss starts
# at its parent's resident size at fork (Linux keeps it across exec), so a command forked by a
# pytest worker that had grown to 218 MB read as 218 MB however little it used itself.
_MEASURE = """\
import os, resource, sys
cap = int(sys.argv[1])
pid = os.fork()
if pid == 0:
    if cap:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.execv(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss, usage.ru_utime + usage.ru_stime)
"""


@dataclass(frozen=True)
class Measured:
    """How a command run by :func:`run_measured` ended and what it cost: its exit code, its own
    peak resident memory in MB, the CPU seconds it used (user and system: a bound on work that
    a loaded machine does not inflate, as it does wall time) and its stderr."""

    code: int
    peak_mb: float
    cpu_seconds: float
    err: str


def run_measured(argv: list[str], seconds: float, cap_bytes: int = 0, **popen: Any) -> Measured:
    """Run ``argv`` (its first item a path) with its address space capped at ``cap_bytes``
    (0: none), and measure it. A run past ``seconds`` of wall time is killed and fails the test:
    a hang guard, so give it room for a loaded machine."""
    proc = subprocess.Popen(
        [sys.executable, "-c", _MEASURE, str(cap_bytes), *argv],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        **popen,
    )
    try:
        out, err = proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise AssertionError(f"ran past {seconds} s") from None
    code, peak_kb, cpu = out.split()
    return Measured(int(code), int(peak_kb) / 1024, float(cpu), err.decode(errors="replace"))
