"""Atomic file writes: a reader sees the old file or the new one, never half of either.

Every file the project writes (saves, autosaves, logs, experiment chunks, plots, screenshots)
goes through :func:`atomic_write`: the bytes go to a temporary file in the same folder, are
flushed to disk, and the temporary file is renamed over the target. A write that fails part
way (a full disk, a file-size limit, Ctrl-C) leaves the old file exactly as it was and raises
:class:`~pusher_sim.errors.UserError` naming the path.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from pusher_sim.errors import UserError


@contextlib.contextmanager
def atomic_file(path: str | Path, durable: bool = True) -> Iterator[BinaryIO]:
    """Open a temporary file beside ``path`` for writing; on success it replaces ``path``.

    Use it for writers that want a file object (``pyarrow``, ``matplotlib``, ``pygame``).
    ``durable=False`` skips flushing to the disk: the file is still replaced whole, and a crash
    of the process loses nothing, but a power cut may keep the older file (for a save written
    after every move, where a flush to disk would cost more than the move).
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise UserError(f"cannot write {target}: {exc.strerror or exc}") from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        raise UserError(
            f"could not write {target} ({exc.strerror or exc}); any previous file is unchanged"
        ) from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


def atomic_write(path: str | Path, data: bytes | str, durable: bool = True) -> Path:
    """Write ``data`` (text is UTF-8) to ``path`` atomically and return the path (``durable``:
    as :func:`atomic_file`)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    with atomic_file(path, durable) as handle:
        handle.write(raw)
    return Path(path)


def atomic_write_with(path: str | Path, write: Callable[[BinaryIO], object]) -> Path:
    """Let ``write(handle)`` fill ``path`` atomically (for libraries that take a file object)."""
    with atomic_file(path) as handle:
        write(handle)
    return Path(path)


def check_writable(path: str | Path) -> None:
    """Fail now, in one line, if ``path`` could not be written later (before any work is done).

    Proven, not guessed: the temporary file a write will use is created in the target's folder
    and removed again (``os.access`` says yes to root for a folder like ``/proc`` where nothing
    can be created). A target that exists must be a regular file: a device such as
    ``/dev/full`` or a FIFO would take the write and lose it, and is never replaced.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        if target.is_dir():
            raise UserError(f"{target} is a folder, not a file")
        if target.exists() and not target.is_file():
            raise UserError(f"cannot write {target}: it is not a regular file")
        if not folder.is_dir():
            raise UserError(f"cannot write {target}: folder {folder} does not exist")
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(tmp_name)
    except OSError as exc:
        raise UserError(f"cannot write {target}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL in the path
        raise UserError(f"cannot write {target!r:.80}: {exc}") from None
    if target.exists() and not os.access(target, os.W_OK):
        raise UserError(f"cannot write {target}: the file is read-only")
