"""An experiment's result on disk: chunks as they finish, then one table with its provenance.

While a run is under way its rows live in ``OUT.parts/``, a Parquet dataset of one file per
chunk (``chunk-000000042.parquet``), each written atomically, beside ``run.json`` which names the
run (its plan, physics and positions) so that ``--resume`` continues only the same run. When
every chunk is in, they are streamed in chunk order into ``OUT`` (Parquet, or CSV with a
``OUT.provenance.json`` sidecar), the provenance goes into the Parquet schema metadata, and the
parts folder is removed. Since chunks are pure functions of the plan, a resumed run writes the
same table, bit for bit, as an uninterrupted one.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

from pusher_sim.atomic import atomic_file, atomic_write, check_writable
from pusher_sim.errors import UserError
from pusher_sim.experiment.run import Row

SUFFIXES = (".parquet", ".csv")
META_KEY = b"pusher.provenance"
CHUNK_NAME = re.compile(r"^chunk-(\d{9})\.parquet$")


def check_path(path: str | Path) -> Path:
    out = Path(path)
    if out.suffix not in SUFFIXES:
        raise UserError(f"table {out} must end in .parquet or .csv")
    return out


def sidecar(path: Path) -> Path:
    return path.with_name(path.name + ".provenance.json")


@dataclass(frozen=True)
class Output:
    """Where one run writes: the final table and the folder of its chunks."""

    path: Path

    @property
    def parts(self) -> Path:
        return self.path.with_name(self.path.name + ".parts")

    @property
    def run_file(self) -> Path:
        return self.parts / "run.json"

    def chunk_path(self, k: int) -> Path:
        return self.parts / f"chunk-{k:09d}.parquet"

    def done(self) -> set[int]:
        """Chunks already written (a chunk file exists only once complete)."""
        if not self.parts.is_dir():
            return set()
        found = (CHUNK_NAME.match(p.name) for p in self.parts.iterdir())
        return {int(m.group(1)) for m in found if m}

    def check(self, identity: dict[str, Any], resume: bool, force: bool) -> None:
        """Refuse, before any work, a run that may not write here.

        A finished table is never replaced without ``force``; unfinished chunks are continued
        with ``resume`` (only by the same run) or thrown away with ``force``.
        """
        out = check_path(self.path)
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(f"cannot create folder {out.parent}: {exc.strerror}") from None
        check_writable(out)
        if out.exists() and not force:
            if resume and not self.parts.exists():
                raise UserError(f"{out} is already complete: add --force to run it again")
            raise UserError(f"{out} already exists: add --force to replace it")
        if self.parts.exists() and not self.parts.is_dir():
            raise UserError(f"{self.parts} is in the way: it should be this run's chunk folder")
        if not self.parts.is_dir() or force:
            return
        if not resume:
            raise UserError(
                f"{self.parts} holds an unfinished run: add --resume to continue it or "
                "--force to start over"
            )
        if self.read_record().get("identity") != json.loads(json.dumps(identity)):
            raise UserError(
                f"{self.parts} holds chunks of a different experiment (plan, physics or "
                "positions differ): add --force to start over"
            )

    def prepare(self, identity: dict[str, Any], resume: bool, force: bool) -> dict[str, Any]:
        """After :meth:`check`: the run record, continued or new (old chunks gone if forced)."""
        self.check(identity, resume, force)
        if self.parts.is_dir() and not force:
            return self.read_record()
        if self.parts.is_dir():
            shutil.rmtree(self.parts)
        try:
            self.parts.mkdir()
        except OSError as exc:
            raise UserError(f"cannot create folder {self.parts}: {exc.strerror}") from None
        record: dict[str, Any] = {"identity": identity, "sessions": []}
        self.write_record(record)
        return record

    def read_record(self) -> dict[str, Any]:
        try:
            record = json.loads(self.run_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise UserError(
                f"{self.run_file} is missing or damaged: add --force to start over"
            ) from None
        if not isinstance(record, dict) or not isinstance(record.get("sessions"), list):
            raise UserError(f"{self.run_file} is damaged: add --force to start over")
        return record

    def write_record(self, record: dict[str, Any]) -> None:
        atomic_write(self.run_file, json.dumps(record, indent=1, sort_keys=True) + "\n")

    def write_chunk(self, k: int, rows: list[Row]) -> None:
        table = pa.Table.from_pylist(rows)
        with atomic_file(self.chunk_path(k)) as handle:
            pq.write_table(table, handle)

    def chunks(self, n_chunks: int) -> Iterator[pa.Table]:
        for k in range(n_chunks):
            yield pq.read_table(self.chunk_path(k))

    def finish(self, n_chunks: int, provenance: dict[str, Any]) -> Path:
        """Stream the chunks, in order, into the final table; then drop the parts folder."""
        missing = sorted(set(range(n_chunks)) - self.done())
        if missing:
            raise UserError(f"{self.parts} lacks chunk {missing[0]}: add --resume to finish it")
        text = json.dumps(provenance, sort_keys=True)
        first = pq.read_schema(self.chunk_path(0))
        schema = first.with_metadata({META_KEY: text.encode("utf-8")})
        if self.path.suffix == ".parquet":
            with atomic_file(self.path) as handle:
                _write_parquet(handle, schema, self.chunks(n_chunks))
        else:
            with atomic_file(self.path) as handle:
                _write_csv(handle, first, self.chunks(n_chunks))
            atomic_write(sidecar(self.path), json.dumps(provenance, indent=1, sort_keys=True))
        shutil.rmtree(self.parts, ignore_errors=True)
        return self.path


def _write_parquet(handle: BinaryIO, schema: pa.Schema, tables: Iterator[pa.Table]) -> None:
    with pq.ParquetWriter(handle, schema) as writer:
        for table in tables:
            writer.write_table(table.cast(schema))


def _write_csv(handle: BinaryIO, schema: pa.Schema, tables: Iterator[pa.Table]) -> None:
    with pacsv.CSVWriter(handle, schema) as writer:
        for table in tables:
            writer.write_table(table.cast(schema))


def read_table(path: str | Path, columns: list[str] | None = None) -> pa.Table:
    """A finished table, or only some of its columns (a big table need not fit in memory)."""
    src = check_path(path)
    try:
        if src.suffix == ".parquet":
            return pq.read_table(src, columns=columns)
        options = pacsv.ConvertOptions(include_columns=columns) if columns else None
        return pacsv.read_csv(src, convert_options=options)
    except (OSError, pa.ArrowException) as exc:
        raise UserError(f"cannot read table {src}: {exc}") from None


def provenance_of(path: str | Path) -> dict[str, Any]:
    """The provenance a finished table carries (Parquet metadata or the CSV sidecar)."""
    src = check_path(path)
    try:
        if src.suffix == ".parquet":
            meta = pq.read_schema(src).metadata or {}
            if META_KEY not in meta:
                raise UserError(f"{src} carries no experiment provenance")
            data = json.loads(meta[META_KEY].decode("utf-8"))
        else:
            data = json.loads(sidecar(src).read_text(encoding="utf-8"))
    except (OSError, ValueError, pa.ArrowException) as exc:
        raise UserError(f"cannot read the provenance of {src}: {exc}") from None
    if not isinstance(data, dict):
        raise UserError(f"the provenance of {src} is damaged")
    return data
