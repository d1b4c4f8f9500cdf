"""The program's first half second: a signal that arrives while Python imports is held, not a
traceback.

``pusher`` spends about half a second importing numpy, pymunk and the rest before ``main`` runs,
and a ``KeyboardInterrupt`` raised inside a library's import prints that library's traceback. So
the command's module calls :func:`hold` first thing when it is the program being run (never when
a test or a script imports it): SIGINT, SIGTERM and SIGHUP are only noted until :func:`release`,
which ``main`` calls before anything else and which puts the handlers back. Nothing has started
by then, so a noted signal ends the program at once, in one line, with the shell's status for
that signal.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from types import FrameType

Handler = Callable[[int, FrameType | None], object] | int | None
"""What ``signal.getsignal`` returns (``typing`` is not imported here: it alone takes 15 ms
of the moments this module guards)."""

HELD = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
PROGRAM_NAMES = ("pusher",)
"""Names of the installed command (``sys.argv[0]``'s last part)."""

_previous: dict[int, Handler] = {}
_noted: list[int] = []


def is_program(module_name: str) -> bool:
    """True when the module named ``module_name`` is being imported to run as the program:
    ``python -m pusher_sim.cli`` (``__main__``) or the installed ``pusher`` command."""
    return module_name == "__main__" or os.path.basename(sys.argv[0]) in PROGRAM_NAMES


def _note(signum: int, _frame: FrameType | None) -> None:
    _noted.append(signum)


def hold() -> None:
    """Note SIGINT, SIGTERM and SIGHUP instead of acting on them, until :func:`release`.

    A signal the parent set to be ignored (``nohup``) stays ignored.
    """
    for sig in HELD:
        previous = signal.getsignal(sig)
        if previous is not signal.SIG_IGN:
            _previous[sig] = previous
            signal.signal(sig, _note)


def release() -> int | None:
    """Put back the handlers :func:`hold` replaced; the first signal noted meanwhile, if any."""
    for sig, previous in _previous.items():
        signal.signal(sig, previous)
    _previous.clear()
    return _noted[0] if _noted else None
