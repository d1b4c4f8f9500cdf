"""A bounded process that feeds many saved-game files to the real ``pusher`` entry point.

Run as ``python -m tests.fuzz_worker MEMORY_BYTES SECONDS``. It reads requests on stdin (a
length-prefixed JSON header and the file's bytes), runs ``pusher_sim.cli.main`` in-process on
each, and answers one JSON line per request: exit code, stderr, whether a traceback escaped,
and the time taken. Its address space is capped (``RLIMIT_AS``) and each request has an alarm,
so a file that would eat memory or hang shows up as a failed request, not a stuck test run.
One process serves thousands of files: starting one per file would cost far more than the work.

A request may also lay out a whole folder (issue 21: damaged experiment datasets, spec files,
data folders): ``files`` lists regular files (their bytes follow in the blob, in order),
folders, links and FIFOs under a fresh case folder ``{dir}``; ``env`` sets variables for the
one request; ``stdin`` is ``"eof"`` (a player who has gone) or ``"interrupt"`` (Ctrl-C at the
first prompt); ``digest`` names a table whose data (not its metadata) is hashed into the answer.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import resource
import shutil
import signal
import struct
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import BinaryIO

HEADER = struct.Struct(">II")


class Hang(Exception):
    """A request ran past its alarm."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang()


def serve(ipc_in: BinaryIO, ipc_out: BinaryIO, seconds: float) -> None:
    from pusher_sim.cli import main

    with tempfile.TemporaryDirectory(prefix="pusher-fuzz-") as name:
        _serve_in(Path(name), ipc_in, ipc_out, seconds, main)


def _serve_in(
    folder: Path, ipc_in: BinaryIO, ipc_out: BinaryIO, seconds: float, main: Callable[..., int]
) -> None:
    signal.signal(signal.SIGALRM, _alarm)
    while True:
        head = ipc_in.read(HEADER.size)
        if len(head) < HEADER.size:
            return
        header_len, blob_len = HEADER.unpack(head)
        if header_len == 0:
            usage = resource.getrusage(resource.RUSAGE_SELF)
            kids = resource.getrusage(resource.RUSAGE_CHILDREN)
            done = {
                "peak_kb": usage.ru_maxrss,
                "children_peak_kb": kids.ru_maxrss,
                "cpu_seconds": usage.ru_utime + usage.ru_stime + kids.ru_utime + kids.ru_stime,
            }
            ipc_out.write((json.dumps(done) + "\n").encode())
            ipc_out.flush()
            return
        request = json.loads(ipc_in.read(header_len))
        blob = ipc_in.read(blob_len)
        case = folder / "case"
        _clear(case)
        case.mkdir()
        log = folder / "log.json"
        if "files" in request:
            _lay_out(case, request["files"], blob)
        else:
            log.write_bytes(blob)
        shot = folder / "shot.png"

        names = {"{log}": str(log), "{png}": str(shot), "{dir}": str(case)}
        os.chdir(case)  # a relative path a case writes lands in its own folder
        argv = [_fill(a, names) for a in request["argv"]]
        env = {k: _fill(v, names) for k, v in request.get("env", {}).items()}
        saved_env = {k: os.environ.get(k) for k in env}
        os.environ.update(env)
        _fresh_saves(folder)
        out, err = io.StringIO(), io.StringIO()
        escaped = ""
        started = time.perf_counter()
        # A player who has gone (every prompt meets end of file), or one who presses Ctrl-C.
        sys.stdin = _Interrupting() if request.get("stdin") == "interrupt" else io.StringIO("")
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(argv)
        except SystemExit as exc:  # argparse's own one-line errors
            code = exc.code if isinstance(exc.code, int) else 1
        except BaseException:
            code = -1
            escaped = traceback.format_exc(limit=-8)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            for key, value in saved_env.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
        text = out.getvalue()
        answer = {
            "code": code,
            "stderr": err.getvalue()[:1000],
            "stderr_lines": err.getvalue().count("\n"),
            "stderr_chars": len(err.getvalue()),
            "stdout_controls": sum(1 for c in text if (ord(c) < 32 and c != "\n") or ord(c) == 127),
            "escaped": escaped,
            "seconds": time.perf_counter() - started,
            "shot": shot.exists(),
            "saved": _saved(err.getvalue()),
            "digest": _digest(_fill(request["digest"], names)) if "digest" in request else None,
        }
        shot.unlink(missing_ok=True)
        os.chdir(folder)
        _clear(case)
        ipc_out.write((json.dumps(answer) + "\n").encode())
        ipc_out.flush()


def _fill(text: str, names: dict[str, str]) -> str:
    for name, value in names.items():
        text = text.replace(name, value)
    return text


class _Interrupting(io.StringIO):
    """Standard input of a player who presses Ctrl-C at the first prompt."""

    def readline(self, *args: object) -> str:
        raise KeyboardInterrupt


def _lay_out(case: Path, files: list[dict[str, object]], blob: bytes) -> None:
    """Build a request's folder: regular files (bytes from ``blob`` in order), folders, links
    (``{dir}`` in a target is the case folder) and FIFOs."""
    at = 0
    for entry in files:
        path = case / str(entry["path"])
        path.parent.mkdir(parents=True, exist_ok=True)
        kind = entry["kind"]
        if kind == "bytes":
            size = int(str(entry["size"]))
            path.write_bytes(blob[at : at + size])
            at += size
        elif kind == "dir":
            path.mkdir(exist_ok=True)
        elif kind == "link":
            path.symlink_to(str(entry["target"]).replace("{dir}", str(case)))
        elif kind == "fifo":
            os.mkfifo(path)


def _clear(case: Path) -> None:
    if case.is_symlink() or case.exists():
        for root, dirs, _ in os.walk(case):
            for name in dirs:
                with contextlib.suppress(OSError):
                    os.chmod(os.path.join(root, name), 0o755)
        shutil.rmtree(case, ignore_errors=True)


def _fresh_saves(folder: Path) -> None:
    """Each request checks its data folder anew; a fallback goes inside the worker's folder."""
    from pusher_sim import saves

    getattr(saves, "_chosen", {}).clear()
    tempfile.tempdir = str(folder / "tmp")
    (folder / "tmp").mkdir(exist_ok=True)


def _saved(err: str) -> bool | None:
    """Whether the game an interrupted run says it saved is there (None: it said nothing)."""
    marker = "game saved to "
    if marker not in err:
        return None
    where = err.split(marker, 1)[1].split(" (go on with", 1)[0].strip()
    return Path(where).is_file()


def _digest(path: str) -> str | None:
    """A hash of a Parquet table's data (its provenance metadata left out), or None."""
    if not Path(path).is_file():
        return None
    import pyarrow.parquet as pq

    table = pq.read_table(path).replace_schema_metadata(None)
    return hashlib.sha256(json.dumps(table.to_pydict(), sort_keys=True).encode()).hexdigest()


def run() -> None:
    memory, seconds = int(sys.argv[1]), float(sys.argv[2])
    # The pipe to the test is kept on private descriptors; fds 0 and 1 point at /dev/null so
    # nothing the program under test writes can garble it.
    ipc_in = os.fdopen(os.dup(0), "rb")
    ipc_out = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    serve(ipc_in, ipc_out, seconds)


if __name__ == "__main__":
    run()
