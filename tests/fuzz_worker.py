"""A bounded process that feeds many saved-game files to the real ``pusher`` entry point.

Run as ``python -m tests.fuzz_worker MEMORY_BYTES SECONDS``. It reads requests on stdin (a
length-prefixed JSON header and the file's bytes), runs ``pusher_sim.cli.main`` in-process on
each, and answers one JSON line per request: exit code, stderr, whether a traceback escaped,
and the time taken. Its address space is capped (``RLIMIT_AS``) and each request has an alarm,
so a file that would eat memory or hang shows up as a failed request, not a stuck test run.
One process serves thousands of files: starting one per file would cost far more than the work.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
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
            done = {"peak_kb": usage.ru_maxrss, "cpu_seconds": usage.ru_utime + usage.ru_stime}
            ipc_out.write((json.dumps(done) + "\n").encode())
            ipc_out.flush()
            return
        request = json.loads(ipc_in.read(header_len))
        log = folder / "log.json"
        log.write_bytes(ipc_in.read(blob_len))
        shot = folder / "shot.png"
        argv = [a.replace("{log}", str(log)).replace("{png}", str(shot)) for a in request["argv"]]
        out, err = io.StringIO(), io.StringIO()
        escaped = ""
        started = time.perf_counter()
        sys.stdin = io.StringIO("")  # a player who has gone: every prompt meets end of file
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
        answer = {
            "code": code,
            "stderr": err.getvalue()[:1000],
            "stderr_lines": err.getvalue().count("\n"),
            "stderr_chars": len(err.getvalue()),
            "escaped": escaped,
            "seconds": time.perf_counter() - started,
            "shot": shot.exists(),
        }
        shot.unlink(missing_ok=True)
        ipc_out.write((json.dumps(answer) + "\n").encode())
        ipc_out.flush()


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
