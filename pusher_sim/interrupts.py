"""Ctrl-C and SIGTERM: both stop the program at once, as a :class:`KeyboardInterrupt`.

SIGTERM raises :class:`Terminated` (a KeyboardInterrupt), so every ``except KeyboardInterrupt``
that saves a game on Ctrl-C saves it on SIGTERM too. An interrupt that lands while a destructor
runs from the garbage collector (pymunk frees its bodies and spaces in ``ffi.gc`` callbacks) is
swallowed by Python with "Exception ignored from callback"; :func:`handled` re-delivers such an
interrupt a moment later, so one Ctrl-C always stops the process.
"""

from __future__ import annotations

import _thread
import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any

REDELIVER_AFTER = 0.02
"""Seconds after a swallowed interrupt at which it is raised again (by then the destructor that
swallowed it has returned)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: stop as for Ctrl-C (saving what there is to save)."""

    signum = signal.SIGTERM


def exit_code(exc: KeyboardInterrupt) -> int:
    """The shell's status for a process stopped by this interrupt: 128 + the signal number."""
    return 128 + int(getattr(exc, "signum", signal.SIGINT))


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise Terminated()


def _redeliver(signum: signal.Signals) -> None:
    _thread.interrupt_main(signum)


@contextlib.contextmanager
def handled() -> Iterator[None]:
    """Within this block SIGTERM raises :class:`Terminated` and no interrupt is swallowed.

    Only the main thread may install signal handlers; elsewhere the block changes nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old_term = signal.getsignal(signal.SIGTERM)
    if old_term is not signal.SIG_IGN:  # a parent that ignores SIGTERM for us is obeyed
        signal.signal(signal.SIGTERM, _on_sigterm)
    old_hook = sys.unraisablehook

    def hook(unraisable: Any) -> None:
        exc_type = unraisable.exc_type
        if isinstance(exc_type, type) and issubclass(exc_type, KeyboardInterrupt):
            signum = signal.SIGTERM if issubclass(exc_type, Terminated) else signal.SIGINT
            timer = threading.Timer(REDELIVER_AFTER, _redeliver, args=(signum,))
            timer.daemon = True
            timer.start()
            return
        old_hook(unraisable)

    sys.unraisablehook = hook
    try:
        yield
    finally:
        sys.unraisablehook = old_hook
        signal.signal(signal.SIGTERM, old_term)
