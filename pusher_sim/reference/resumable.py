"""A validation run resolved into its ``--out`` file push by push, so that a run stopped part way
(Ctrl-C, SIGTERM, a crash) is continued by the same command with ``--resume``.

The file is rewritten whole and atomically after every finished push (a push costs seconds of
reference time, a write milliseconds), marked ``"complete": false`` until the summary is in it.
What makes its pushes what they are (the seed, the first push, the reference's variants, the
2-D physics) is its ``identity``: a resumed run must have the same, so the pushes of two runs
are never mixed. The pushes are deterministic and the file holds them in push order whatever
order the workers finished them in, so a resumed run's rows, and the summary made from them,
are an uninterrupted run's, bit for bit but for the seconds each push cost.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from pusher_sim.atomic import atomic_write
from pusher_sim.errors import UserError
from pusher_sim.physics import PhysicsConfig
from pusher_sim.reference.compare import Row, Variant
from pusher_sim.reference.validate import Job, resolve_push
from pusher_sim.running.runner import executor_for, run_chunks


def identity(
    seed: int, first: int, cfg: PhysicsConfig, variants: Sequence[Variant]
) -> dict[str, Any]:
    """What a resumed run must share with the run it continues (as JSON would read it back)."""
    found = {
        "seed": seed,
        "first": first,
        "variants": [v.name for v in variants],
        "physics": asdict(cfg),
    }
    loaded: dict[str, Any] = json.loads(json.dumps(found))
    return loaded


def file_data(head: Mapping[str, Any], rows: Sequence[Row], complete: bool) -> dict[str, Any]:
    """The ``--out`` file's content: ``head`` (the run's options), whether the run is complete,
    and its pushes in push order."""
    ordered = sorted(rows, key=lambda r: r.index)
    return {**head, "complete": complete, "rows": [r.as_json() for r in ordered]}


def write(path: str, data: Mapping[str, Any]) -> None:
    atomic_write(path, json.dumps(data, indent=1) + "\n")


def done_before(
    path: str, ident: Mapping[str, Any], first: int, pushes: int, resume: bool
) -> list[Row]:
    """The pushes ``path`` already holds, for ``--resume`` (none when it does not exist).

    Without ``resume`` an unfinished run's file is refused rather than overwritten (it may hold
    hours of pushes); a finished one is replaced as before. With it, a file of another run, or
    one holding pushes outside ``first``..``first + pushes - 1``, is refused in one line.
    """
    target = Path(path)
    if not target.exists():
        return []
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = None
    if not resume:
        if isinstance(data, dict) and data.get("complete") is False:
            raise UserError(
                f"{path} holds an unfinished run: add --resume to continue it (or remove the "
                "file to start over)"
            )
        return []
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
        raise UserError(f"--resume: {path} is not a pusher validate --out file")
    theirs = data.get("identity")
    if not isinstance(theirs, dict):
        raise UserError(f"--resume: {path} was not written by a resumable run")
    differ = [k for k in ident if theirs.get(k) != ident[k]]
    if differ:
        raise UserError(
            f"--resume: {path} holds the pushes of another run (its {', '.join(differ)} "
            "differ): give the options it was made with, or another --out"
        )
    try:
        rows = [Row.from_json(r) for r in data["rows"]]
    except (KeyError, TypeError, ValueError, AttributeError):
        raise UserError(f"--resume: {path} is not a pusher validate --out file") from None
    outside = [r.index for r in rows if not first <= r.index < first + pushes]
    if outside:
        raise UserError(
            f"--resume: {path} holds push {outside[0]}, outside --first {first} --pushes {pushes}"
        )
    return rows


@dataclass(frozen=True)
class Pushes:
    """Some of a job's pushes as the project's runner takes work: chunk ``k`` is the one push
    ``indices[k]`` (a push costs seconds, so a task of one loses nothing)."""

    job: Job
    indices: tuple[int, ...]
    chunk: int = 1

    @property
    def n_chunks(self) -> int:
        return len(self.indices)

    def run_chunk(self, k: int) -> Row:
        return resolve_push(self.job, self.indices[k])


def resolve_into(
    path: str,
    head: Mapping[str, Any],
    job: Job,
    todo: Sequence[int],
    rows: dict[int, Row],
    workers: int,
    tick: Callable[[], None],
) -> None:
    """Resolve pushes ``todo`` into ``rows`` (by index, beside those already there) on
    ``workers`` processes, rewriting ``path`` after each; an interrupt leaves every finished
    push in both."""

    def keep(row: Row) -> None:
        rows[row.index] = row
        write(path, file_data(head, list(rows.values()), complete=False))
        tick()

    if not todo:
        return
    if workers == 1:
        for index in todo:
            keep(resolve_push(job, index))
        return
    with executor_for(workers, None) as pool:
        for _, row in run_chunks(Pushes(job, tuple(todo)), range(len(todo)), pool):
            keep(row)
