"""Atomic file writes: a reader sees the old file or the new one, never half of either.

Every file the project writes (saves, autosaves, logs, experiment chunks, plots, screenshots)
goes through :func:`atomic_write`: the bytes go to a temporary file in the same folder, are
flushed to disk, and the temporary file is renamed over the target. A write that fails part
way (a full disk, a file-size limit, Ctrl-C) leaves the old file exactly as it was and raises
:class:`~pusher_sim.errors.UserError` naming the path.

A file gets the permissions ``open`` would give it (0666 less the user's umask), so a colleague
can read a result; ``private=True`` keeps it the user's alone (0600) for files holding secrets
(a hosted match's save with its seats' tokens and Push's shuffle, the tokens of held seats).
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from pusher_sim.errors import UserError

PRIVATE_MODE = 0o600
"""A file only its owner may read or write."""
SHARED_MODE = 0o666
"""A file as ``open`` creates it, before the user's umask takes its bits away."""


def _temporary_beside(target: Path, mode: int) -> tuple[int, Path]:
    """Create a new, empty temporary file in ``target``'s folder with ``mode`` (less the umask,
    which the kernel applies as it does for ``open``)."""
    folder = target.parent if str(target.parent) else Path(".")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    while True:
        tmp = folder / f".{target.name}.{secrets.token_hex(6)}.tmp"
        try:
            return os.open(tmp, flags, mode), tmp
        except FileExistsError:
            continue


@contextlib.contextmanager
def atomic_file(
    path: str | Path, durable: bool = True, private: bool = False
) -> Iterator[BinaryIO]:
    """Open a temporary file beside ``path`` for writing; on success it replaces ``path``.

    Use it for writers that want a file object (``pyarrow``, ``matplotlib``, ``pygame``).
    ``durable=False`` skips flushing to the disk: the file is still replaced whole, and a crash
    of the process loses nothing, but a power cut may keep the older file (for a save written
    after every move, where a flush to disk would cost more than the move). ``private=True``:
    the file is 0600 whatever the umask (it holds secrets); otherwise it follows the umask.
    """
    target = Path(path)
    try:
        fd, tmp = _temporary_beside(target, PRIVATE_MODE if private else SHARED_MODE)
    except OSError as exc:
        raise UserError(f"cannot write {target}: {exc.strerror or exc}") from None
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


def atomic_write(
    path: str | Path, data: bytes | str, durable: bool = True, private: bool = False
) -> Path:
    """Write ``data`` (text is UTF-8) to ``path`` atomically and return the path (``durable``
    and ``private``: as :func:`atomic_file`)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    with atomic_file(path, durable, private) as handle:
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
        fd, tmp = _temporary_beside(target, PRIVATE_MODE)
        os.close(fd)
        os.unlink(tmp)
    except OSError as exc:
        raise UserError(f"cannot write {target}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL in the path
        raise UserError(f"cannot write {target!r:.80}: {exc}") from None
    if target.exists() and not os.access(target, os.W_OK):
        raise UserError(f"cannot write {target}: the file is read-only")
