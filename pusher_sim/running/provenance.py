"""What produced a result: the facts a table carries so that it can be trusted or re-made.

The project's version, the git commit of the code when it runs from a checkout, the physics
model version, the time, and the command line. Everything here is read, never guessed: a fact
that cannot be found is recorded as ``None``.
"""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from importlib import metadata
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2]


def project_version() -> str | None:
    try:
        return metadata.version("pusher")
    except metadata.PackageNotFoundError:
        return None


def git_commit() -> str | None:
    """The checkout's commit, with ``+dirty`` when tracked files differ from it; None outside
    a git checkout."""
    if not (SOURCE / ".git").exists():
        return None
    try:
        head = subprocess.run(
            ["git", "-C", str(SOURCE), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(SOURCE), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return head + ("+dirty" if dirty else "")


def now() -> str:
    """The current UTC time, ISO 8601 to the second."""
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def command_line() -> str:
    return " ".join(["pusher", *sys.argv[1:]])
