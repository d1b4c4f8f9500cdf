"""The one pool of worker processes: workers that never outlive this process, and a Ctrl-C that
stops them at once.

Every command that shares work out among local processes (``simulate``, ``tournament``,
``experiment``, the search bot, ``bench``) starts its pool here, to behave alike when stopped:

* each worker dies with its parent, however the parent ended: on Linux the kernel is asked
  (``prctl(PR_SET_PDEATHSIG)``) to kill it, and everywhere a thread watches the parent;
* workers close the files kept from them (an output lock ends with the run, not its workers);
* workers ignore Ctrl-C (it belongs to the parent, which decides what to stop) and die on SIGTERM;
* when the parent stops early the pool is stopped at once: queued tasks are cancelled by the
  executor's own thread (cancelled from outside while the pool breaks, that thread dies of
  ``InvalidStateError``), the workers are killed, and a second Ctrl-C ends the process.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

PR_SET_PDEATHSIG = 1
POLL_SECONDS = 0.5
MANAGER_SECONDS = 2.0
"""Longest wait in :func:`stop_now` for the executor's own thread to end (it takes ms)."""

_kept_from_workers: set[int] = set()


@contextlib.contextmanager
def kept_from_workers(fd: int) -> Iterator[None]:
    """Workers started in the block close ``fd`` first thing (a forked worker inherits every
    open file, and with it any ``flock`` held on one)."""
    _kept_from_workers.add(fd)
    try:
        yield
    finally:
        _kept_from_workers.discard(fd)


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
    """Call first thing in a worker: it closes the files kept from workers, dies with process
    ``parent``, ignores Ctrl-C and dies on SIGTERM and SIGHUP (a forked worker would otherwise
    inherit the parent's Python handlers, and a signal raised in a task is only that task's
    error)."""
    for fd in _kept_from_workers:
        with contextlib.suppress(OSError):
            os.close(fd)
    _kept_from_workers.clear()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    die_with_parent()
    if os.getppid() != parent:  # the parent died before the kernel was told to watch it
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), daemon=True, name="lifeline").start()


def start_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool of ``workers`` processes bound to this one (see :func:`bind_to_parent`).

    Stop it with :func:`stop_now` when giving up, or ``shutdown()`` when done; prefer
    :func:`worker_pool`, which does either.
    """
    return ProcessPoolExecutor(
        max_workers=workers, initializer=bind_to_parent, initargs=(os.getpid(),)
    )


def stop_now(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` without waiting for anything: queued tasks dropped, workers killed.

    Queued futures are cancelled by the executor's own thread (``cancel_futures``), never from
    here: a future cancelled here while the killed workers break the pool is one the executor's
    thread then tries to fail, and dies of ``InvalidStateError``.
    """
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            process.kill()
    if isinstance(manager, threading.Thread) and manager.is_alive():
        # The executor's thread closes its wake-up pipe as it ends; at exit Python writes to
        # that pipe, and one closing while the other writes is an "OSError: Bad file
        # descriptor" traceback. It ends within milliseconds of its workers.
        manager.join(MANAGER_SECONDS)


@contextlib.contextmanager
def worker_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` processes for the block; stopped at once if the block fails.

    After a Ctrl-C (or SIGTERM, SIGHUP) a second Ctrl-C ends the process at once: the caller
    may still be saving what it has, but nothing waits on a worker any more.
    """
    pool = start_pool(workers)
    try:
        yield pool
    except BaseException as exc:
        if isinstance(exc, KeyboardInterrupt):
            second_interrupt_ends_at_once()
        stop_now(pool)
        raise
    pool.shutdown(wait=True)


def second_interrupt_ends_at_once() -> None:
    """From now on Ctrl-C kills the process (the first one has been handled)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_DFL)
