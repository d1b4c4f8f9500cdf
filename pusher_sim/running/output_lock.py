"""One run at a time on one output: a lock file beside the output while a run writes it.

Every long-running command that writes a file a second run could clobber holds this lock from
its start to its last write: ``experiment`` (the table, its ``OUT.parts`` folder and its plot),
``tournament --out``, ``validate --out``/``--plot`` and ``play --save``. Two experiments writing
the same ``OUT.parts`` folder would mix their chunks, and a ``--force`` would pull the folder
from under the other run; two games saving to one file would each overwrite the other's game.
The first run holds an exclusive ``flock`` on ``OUT.lock`` (which names it: process id, start
time, command line); a second run finds the lock taken and refuses at start in one line naming
the first. The kernel drops the lock when its holder ends, however it ends, so a killed run never
leaves a lock that blocks the next one; its workers close their inherited copy of the file, so
the lock ends with the run, not with its last worker.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from pusher_sim.errors import UserError
from pusher_sim.printable import printable
from pusher_sim.running import provenance
from pusher_sim.running.pool import kept_from_workers

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: runs are not locked there
    fcntl = None  # type: ignore[assignment]

MAX_LOCK_BYTES = 4096


def lock_path(out: Path) -> Path:
    """The lock file of ``out``: beside it, its name and ``.lock``."""
    return out.with_name(out.name + ".lock")


def _holder(fd: int) -> str:
    """Who holds the lock, as its file says (bounded, printed safely)."""
    try:
        raw = os.pread(fd, MAX_LOCK_BYTES, 0)
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError
        return printable(
            f"process {data.get('pid')}, started {data.get('started')}: {data.get('command')}"
        )[:300]
    except (OSError, ValueError):
        return "another process"


@contextlib.contextmanager
def output_lock(out: Path) -> Iterator[None]:
    """Hold the lock on ``out`` for the block, or refuse at once if another run holds it."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    path = lock_path(out)
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError as exc:
            raise UserError(f"cannot lock {path}: {exc.strerror or exc}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = _holder(fd)
            os.close(fd)
            raise UserError(f"{out} is being written by another run ({holder})") from None
        try:
            same = os.fstat(fd).st_ino == os.stat(path).st_ino
        except OSError:
            same = False
        if same:
            break
        os.close(fd)  # the holder removed the file as we opened it: take the new one
    try:
        note = {
            "pid": os.getpid(),
            "started": provenance.now(),
            "command": provenance.command_line(),
        }
        os.ftruncate(fd, 0)
        os.pwrite(fd, json.dumps(note).encode("utf-8"), 0)
        with kept_from_workers(fd):
            yield
    finally:
        with contextlib.suppress(OSError):
            path.unlink()
        os.close(fd)


@contextlib.contextmanager
def output_locks(outputs: Iterable[str | Path | None]) -> Iterator[None]:
    """Hold the locks on every output named (``None`` for an option not given) for the block,
    or refuse at once if another run holds any of them. An output named twice is locked once
    (a second ``flock`` from this process would find the first one's lock taken)."""
    with contextlib.ExitStack() as stack:
        seen: set[Path] = set()
        for out in outputs:
            if out is None or str(out) == "":
                continue
            path = Path(out)
            try:
                key = lock_path(path).resolve()
            except (OSError, RuntimeError, ValueError):  # a link loop, a NUL: locked as given
                key = lock_path(path)
            if key in seen:
                continue
            seen.add(key)
            stack.enter_context(output_lock(path))
        yield
