"""A worker process that never outlives the process that started it.

On Linux the kernel is asked (``prctl(PR_SET_PDEATHSIG)``) to kill the worker the moment its
parent dies, whatever killed the parent, SIGKILL included. Elsewhere, and as a second line, a
daemon thread checks twice a second that the parent is still the one that started the worker.
Workers also ignore SIGINT: a Ctrl-C belongs to the parent, which decides what to stop.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
POLL_SECONDS = 0.5


def die_with_parent() -> None:
    """Ask the kernel (Linux) to SIGKILL this process when its parent dies; elsewhere nothing."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
        pass


def _watch(parent: int) -> None:
    while True:
        if os.getppid() != parent:
            os._exit(1)
        time.sleep(POLL_SECONDS)


def bind_to_parent(parent: int) -> None:
    """Call first thing in a worker: it dies with process ``parent``, ignores Ctrl-C and dies
    on SIGTERM (a forked worker would otherwise inherit the parent's Python handler, and a
    SIGTERM raised in a task is only that task's error)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent()
    if os.getppid() != parent:  # the parent died before the kernel was told to watch it
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), daemon=True, name="lifeline").start()
