"""Looking at processes through Linux's /proc: who a process's children are, and whether they
have gone. A killed process dies when the kernel next schedules it, so "gone" is waited for."""

from __future__ import annotations

import time
from collections.abc import Iterable
from pathlib import Path


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
