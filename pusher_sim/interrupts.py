"""Ctrl-C, SIGTERM and SIGHUP: each stops the program at once, as a :class:`KeyboardInterrupt`.

SIGTERM raises :class:`Terminated` and SIGHUP (the terminal was closed) :class:`HungUp`, both
KeyboardInterrupts, so every ``except KeyboardInterrupt`` that saves a game on Ctrl-C saves it
on SIGTERM and SIGHUP too. pymunk frees its spaces, bodies and shapes
in Python ``ffi.gc`` callbacks: an interrupt raised inside one is swallowed ("Exception ignored
from callback") and can leave a body pointing at a freed space, which crashes a later free. So
:func:`handled` never raises inside pymunk's code: the interrupt is raised at the next line
the nearest caller outside pymunk runs (a trace on that one frame), and one Ctrl-C always stops
the process. The process pool's code (``concurrent.futures``, ``multiprocessing``, ``queue``,
``threading``) is treated the same, except a thread blocked waiting on a result: raised inside
it, an interrupt could leave one of the pool's locks taken, and the process hung at exit.
"""

from __future__ import annotations

import _thread
import contextlib
import importlib.util
import inspect
import os
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any

REDELIVER_AFTER = 0.02
"""Seconds after a swallowed interrupt at which it is raised again (by then the destructor that
swallowed it has returned)."""


FRAGILE_PACKAGES = ("pymunk", "concurrent.futures", "multiprocessing")
"""Packages never interrupted inside. pymunk frees its objects in Python destructors; the
process pool's code holds locks and queues that its own threads share, and an interrupt raised
inside it (between taking a lock and the ``with`` that would release it) can leave the
executor's lock taken and the process hung at exit, joining a thread that waits on it for
ever."""
FRAGILE_MODULES = ("queue", "threading")
"""Single-file modules of the standard library that the pool's code runs through, the same."""


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: stop as for Ctrl-C (saving what there is to save)."""

    signum = signal.SIGTERM


class HungUp(Terminated):
    """SIGHUP arrived (the terminal went away): stop as for SIGTERM, saving what there is."""

    signum = signal.SIGHUP


def exit_code(exc: KeyboardInterrupt) -> int:
    """The shell's status for a process stopped by this interrupt: 128 + the signal number."""
    return 128 + int(getattr(exc, "signum", signal.SIGINT))


def _package_dirs(names: tuple[str, ...]) -> tuple[str, ...]:
    """The folders of the installed packages ``names`` (found without importing them)."""
    dirs: list[str] = []
    for name in names:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            dirs += [os.path.join(path, "") for path in spec.submodule_search_locations]
    return tuple(dirs)


def _module_files(names: tuple[str, ...]) -> tuple[str, ...]:
    """The source files of the single-file modules ``names``."""
    files = []
    for name in names:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin and not spec.submodule_search_locations:
            files.append(spec.origin)
    return tuple(files)


_FRAGILE_PATHS = _package_dirs(FRAGILE_PACKAGES) + _module_files(FRAGILE_MODULES)


def _fragile(frame: FrameType) -> bool:
    return bool(_FRAGILE_PATHS) and frame.f_code.co_filename.startswith(_FRAGILE_PATHS)


def _lines_calling(function: Any, call: str) -> frozenset[int]:
    """The line numbers of ``function``'s source that hold ``call``."""
    try:
        lines, first = inspect.getsourcelines(function)
    except (OSError, TypeError):  # pragma: no cover - no source shipped
        return frozenset()
    return frozenset(first + n for n, line in enumerate(lines) if call in line)


_WAIT_LINES = _lines_calling(threading.Condition.wait, "waiter.acquire(")


def _blocked_waiting(frame: FrameType) -> bool:
    """True when ``frame`` is a thread waiting in ``Condition.wait`` (a future's result, an
    event): the interrupt is raised there, as Python always has, since ``Condition.wait``
    restores its lock whatever ends the wait, and deferring it would keep the process waiting
    for a task that may take minutes."""
    return frame.f_code is threading.Condition.wait.__code__ and frame.f_lineno in _WAIT_LINES


def _later(signum: signal.Signals) -> None:
    """Raise ``signum`` again in the main thread :data:`REDELIVER_AFTER` seconds from now."""
    timer = threading.Timer(REDELIVER_AFTER, _thread.interrupt_main, args=(signum,))
    timer.daemon = True
    timer.start()


def _deliver(interrupt: type[KeyboardInterrupt], frame: FrameType | None) -> None:
    """Raise ``interrupt`` now, or, inside fragile code, at the next line run by the caller of
    the outermost fragile frame."""
    stack: list[FrameType] = []
    while frame is not None:
        stack.append(frame)
        frame = frame.f_back
    inside = [n for n, f in enumerate(stack) if _fragile(f)]
    if not inside or _blocked_waiting(stack[0]):
        raise interrupt()
    if inside[-1] + 1 == len(stack):  # nothing of ours below: try again in a moment
        _later(_signal_of(interrupt))
        return
    outside = stack[inside[-1] + 1]
    previous = sys.gettrace()

    def on_event(tracked: FrameType, event: str, arg: object) -> Any:
        if tracked is outside and event in ("line", "return", "exception"):
            tracked.f_trace = None
            sys.settrace(previous)
            raise interrupt()
        return None

    outside.f_trace = on_event
    sys.settrace(lambda frame, event, arg: None)  # tracing on; new frames are not traced


def _signal_of(interrupt: type[KeyboardInterrupt]) -> signal.Signals:
    return signal.Signals(getattr(interrupt, "signum", signal.SIGINT))


_INTERRUPTS: dict[int, type[KeyboardInterrupt]] = {
    signal.SIGINT: KeyboardInterrupt,
    signal.SIGTERM: Terminated,
    signal.SIGHUP: HungUp,
}


def _on_signal(signum: int, frame: FrameType | None) -> None:
    _deliver(_INTERRUPTS.get(signum, KeyboardInterrupt), frame)


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    _deliver(KeyboardInterrupt, frame)


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    _deliver(Terminated, frame)


@contextlib.contextmanager
def handled() -> Iterator[None]:
    """Within this block SIGTERM raises :class:`Terminated`, SIGHUP :class:`HungUp`, and no
    interrupt is swallowed.

    Only the main thread may install signal handlers; elsewhere the block changes nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old_term = signal.getsignal(signal.SIGTERM)
    old_int = signal.getsignal(signal.SIGINT)
    old_hup = signal.getsignal(signal.SIGHUP)
    if old_term is not signal.SIG_IGN:  # a parent that ignores a signal for us is obeyed
        signal.signal(signal.SIGTERM, _on_sigterm)
    if old_hup is not signal.SIG_IGN:  # nohup: the run goes on when the terminal closes
        signal.signal(signal.SIGHUP, _on_signal)
    if old_int is signal.default_int_handler:
        signal.signal(signal.SIGINT, _on_sigint)
    old_hook = sys.unraisablehook

    def hook(unraisable: Any) -> None:
        # A destructor of another package swallowed an interrupt: deliver it again.
        exc_type = unraisable.exc_type
        if isinstance(exc_type, type) and issubclass(exc_type, KeyboardInterrupt):
            _later(_signal_of(exc_type))
            return
        old_hook(unraisable)

    sys.unraisablehook = hook
    try:
        yield
    finally:
        sys.unraisablehook = old_hook
        # A handler changed inside the block is kept: after a first Ctrl-C the pool sets
        # Ctrl-C to end the process at once (pusher_sim.running.pool), and that must outlast
        # the block.
        for signum, ours, old in (
            (signal.SIGTERM, _on_sigterm, old_term),
            (signal.SIGINT, _on_sigint, old_int),
            (signal.SIGHUP, _on_signal, old_hup),
        ):
            if signal.getsignal(signum) is ours:
                signal.signal(signum, old)
