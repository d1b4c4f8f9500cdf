"""An experiment's result on disk: chunks as they finish, then one table with its provenance.

While a run is under way its rows live in ``OUT.parts/``, a Parquet dataset of one file per
chunk (``chunk-000000042.parquet``), each written atomically, beside ``run.json`` which names the
run (its plan, physics and positions) so that ``--resume`` continues only the same run. Each
chunk carries its run's identity in its own metadata (the hash of the run's identity, its seed,
the chunk's index and row count, the model version), and ``--resume`` checks every chunk before
any push is made: one that is damaged, misnamed or another run's is set aside into
``OUT.parts/set-aside/`` (kept, never deleted) and computed again, with one line saying so. When
every chunk is in, they are streamed in chunk order into ``OUT`` (Parquet, or CSV with a
``OUT.provenance.json`` sidecar), the provenance goes into the Parquet schema metadata, and the
parts folder is removed. Since chunks are pure functions of the plan, a resumed run writes the
same table, bit for bit, as an uninterrupted one, or refuses. Everything is read by bounded
readers (regular files only, size first, every field typed; see docs/robustness.md).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

from pusher_sim import strict_json
from pusher_sim.atomic import atomic_file, atomic_write, check_writable
from pusher_sim.errors import CorruptFile, UserError

SUFFIXES = (".parquet", ".csv")
META_KEY = b"pusher.provenance"
CHUNK_KEY = b"pusher.chunk"
CHUNK_NAME = re.compile(r"^chunk-(\d{9})\.parquet$")
MAX_RECORD_BYTES = 4_000_000
"""A run record (``run.json``) or a CSV's provenance sidecar larger than this is refused."""
MAX_CHUNK_BYTES = 512_000_000
"""A chunk file larger than this is not one this program wrote (100,000 rows take ~10 MB)."""


def run_hash(identity: dict[str, Any]) -> str:
    """The identity of a run as a short hash: what every one of its chunks carries."""
    text = json.dumps(identity, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def chunk_tag(identity: dict[str, Any], k: int, table: pa.Table) -> dict[str, Any]:
    """What chunk ``k`` of a run says about itself (stored in its Parquet metadata), with a
    digest of its rows, so that a chunk whose data pages were damaged is caught too."""
    rows = json.dumps(table.replace_schema_metadata(None).to_pydict(), sort_keys=True, default=str)
    return {
        "run": run_hash(identity),
        "seed": identity.get("seed"),
        "chunk": k,
        "rows": table.num_rows,
        "model_version": identity.get("model_version"),
        "digest": hashlib.sha256(rows.encode("utf-8")).hexdigest()[:32],
    }


@contextlib.contextmanager
def open_regular(path: Path, max_bytes: int | None = None) -> Iterator[BinaryIO]:
    """A file opened for reading only if it is a regular file (a link is followed only to one),
    no larger than ``max_bytes``: a FIFO, a device or a folder is refused without blocking."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError) as exc:
        raise CorruptFile(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise CorruptFile(f"cannot read {path}: not a regular file")
        if max_bytes is not None and info.st_size > max_bytes:
            raise CorruptFile(f"{path} is {info.st_size:,} bytes, over the {max_bytes:,} allowed")
        os.set_blocking(fd, True)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        yield handle


def read_json_file(path: Path, what: str) -> dict[str, Any]:
    """A small JSON object from a file we may not have written, read under every bound."""
    try:
        data = strict_json.load(path, MAX_RECORD_BYTES)
    except CorruptFile as exc:
        raise CorruptFile(f"{what}: {exc}") from None
    if not isinstance(data, dict):
        raise CorruptFile(f"{what} {path} is not a JSON object")
    return data


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

    @property
    def set_aside(self) -> Path:
        """Where damaged or foreign files of the parts folder are moved (never deleted)."""
        return self.path.with_name(self.path.name + ".set-aside")

    def chunk_path(self, k: int) -> Path:
        return self.parts / f"chunk-{k:09d}.parquet"

    def done(self) -> set[int]:
        """Chunks written so far, by name (a chunk file exists only once complete); see
        :meth:`sort_out` for which of them are sound and this run's."""
        return set(self._chunk_files())

    def _chunk_files(self) -> dict[int, Path]:
        if self.parts.is_symlink() or not self.parts.is_dir():
            return {}
        try:
            names = [p.name for p in self.parts.iterdir()]
        except OSError as exc:
            raise UserError(f"cannot read folder {self.parts}: {exc.strerror or exc}") from None
        found = (CHUNK_NAME.match(name) for name in names)
        return {int(m.group(1)): self.parts / m.group(0) for m in found if m}

    def sort_out(
        self, identity: dict[str, Any], chunk_rows: Callable[[int], int], n_chunks: int
    ) -> tuple[set[int], str | None]:
        """Check every chunk on disk; set aside those that are damaged or not this run's.

        Returns the sound chunks and, when some were set aside, one line saying which, why and
        where they went. Nothing is deleted; if a chunk cannot be moved aside the run refuses.
        """
        good: set[int] = set()
        bad: list[tuple[int, str]] = []
        for k, path in sorted(self._chunk_files().items()):
            problem = self.chunk_problem(path, identity, k, chunk_rows, n_chunks)
            if problem is None:
                good.add(k)
            else:
                bad.append((k, problem))
        if not bad:
            return good, None
        for k, _ in bad:
            self._set_aside(self.chunk_path(k))
        first_k, first_why = bad[0]
        more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
        line = (
            f"set aside {len(bad)} chunk{'s' if len(bad) > 1 else ''} of {self.parts} into "
            f"{self.set_aside} to compute again: chunk {first_k} {first_why}{more}"
        )
        return good, line

    def recover_record(self, identity: dict[str, Any]) -> str | None:
        """On ``--resume``: a run record that is missing or damaged (not one of another run,
        which :meth:`check` refuses) is set aside and written anew for this run, since every
        chunk says itself which run it belongs to. Returns one line saying so, or None."""
        if self.parts.is_symlink() or not self.parts.is_dir():
            return None
        try:
            self.read_record()
            return None
        except UserError as exc:
            why = str(exc).removesuffix(": add --force to start over")
        if self.run_file.exists() or self.run_file.is_symlink():
            self._set_aside(self.run_file)
        self.write_record({"identity": identity, "sessions": []})
        return f"set aside the run record into {self.set_aside} and wrote it anew ({why})"

    def _set_aside(self, path: Path) -> None:
        folder = self.set_aside
        try:
            folder.mkdir(exist_ok=True)
            target = folder / path.name
            n = 2
            while target.exists() or target.is_symlink():
                target = folder / f"{path.name}.{n}"
                n += 1
            os.rename(path, target)
        except OSError as exc:
            raise UserError(
                f"cannot set aside the damaged chunk {path} ({exc.strerror or exc}): move it "
                "away, or add --force to start over"
            ) from None

    @staticmethod
    def chunk_problem(
        path: Path,
        identity: dict[str, Any],
        k: int,
        chunk_rows: Callable[[int], int],
        n_chunks: int,
    ) -> str | None:
        """Why chunk file ``path`` is not chunk ``k`` of this run, or None if it is."""
        if k >= n_chunks:
            return f"is past the plan's {n_chunks} chunks"
        if path.is_symlink():
            return "is a link, not a chunk file"
        try:
            with open_regular(path, MAX_CHUNK_BYTES) as handle:
                table = pq.read_table(handle)
            expected = chunk_tag(identity, k, table)
        except CorruptFile as exc:
            return f"cannot be read ({exc})"
        except (OSError, pa.ArrowException, ValueError) as exc:
            return f"is not a readable Parquet file ({type(exc).__name__})"
        expected["rows"] = chunk_rows(k)
        raw = (table.schema.metadata or {}).get(CHUNK_KEY)
        try:
            tag = json.loads(raw.decode("utf-8")) if raw is not None else None
        except ValueError:
            tag = None
        if not isinstance(tag, dict):
            return "carries no run identity"
        if tag != expected:
            if tag.get("run") != expected["run"]:
                return "belongs to another run"
            if tag.get("digest") != expected["digest"] and tag.get("rows") == table.num_rows:
                return "holds rows that are not the ones written (damaged data)"
            return (
                f"does not match its name or size (it says {tag.get('chunk')!r}, "
                f"{tag.get('rows')!r} rows)"
            )
        if table.num_rows != expected["rows"]:
            return f"holds {table.num_rows} rows, not {expected['rows']}"
        return None

    def make_folder(self) -> Path:
        """The table's folder, created, and the table's path proven writable there."""
        out = check_path(self.path)
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
        except (OSError, ValueError) as exc:
            why = getattr(exc, "strerror", None) or exc
            raise UserError(f"cannot create folder {out.parent}: {why}") from None
        check_writable(out)
        return out

    def check(self, identity: dict[str, Any], resume: bool, force: bool) -> None:
        """Refuse, before any work, a run that may not write here.

        A finished table is never replaced without ``force``; unfinished chunks are continued
        with ``resume`` (only by the same run) or thrown away with ``force``.
        """
        out = self.make_folder()
        if out.exists() and not force:
            raise UserError(f"{out} already exists: add --force to replace it")
        if self.parts.is_symlink():
            raise UserError(
                f"{self.parts} is a link, not this run's chunk folder: move it away first"
            )
        if self.parts.exists() and not self.parts.is_dir():
            raise UserError(f"{self.parts} is in the way: it should be this run's chunk folder")
        if not self.parts.is_dir() or force:
            return
        if not resume:
            raise UserError(
                f"{self.parts} holds an unfinished run: add --resume to continue it or "
                "--force to start over"
            )
        if self.read_record()["identity"] != json.loads(json.dumps(identity)):
            raise UserError(
                f"{self.parts} holds chunks of a different experiment (plan, physics or "
                "positions differ): add --force to start over"
            )

    def complete_for(self, identity: dict[str, Any]) -> bool:
        """Whether the finished table is this run's whole result (for ``--resume``: nothing
        left to do); a finished table of another run is refused in one line."""
        if not self.path.exists() or self.parts.exists():
            return False
        if provenance_of(self.path).get("identity") != json.loads(json.dumps(identity)):
            raise UserError(
                f"{self.path} is the finished result of a different experiment (plan, physics "
                "or positions differ): add --force to replace it"
            )
        return True

    def prepare(self, identity: dict[str, Any], resume: bool, force: bool) -> dict[str, Any]:
        """After :meth:`check`: the run record, continued or new (old chunks gone if forced)."""
        self.check(identity, resume, force)
        if self.parts.is_dir() and not force:
            return self.read_record()
        try:
            if self.parts.is_dir():
                shutil.rmtree(self.parts)
            self.parts.mkdir()
        except OSError as exc:
            raise UserError(f"cannot create folder {self.parts}: {exc.strerror}") from None
        record: dict[str, Any] = {"identity": identity, "sessions": []}
        self.write_record(record)
        return record

    def read_record(self) -> dict[str, Any]:
        """The run record, every field typed; damage is one line saying how to start over."""
        again = "add --force to start over"
        try:
            record = read_json_file(self.run_file, "the run record")
        except CorruptFile as exc:
            raise UserError(f"{exc}: {again}") from None
        identity = record.get("identity")
        if not isinstance(identity, dict):
            raise UserError(f"{self.run_file}: field 'identity' is missing or not a table: {again}")
        for key in ("pushes", "chunk"):
            value = identity.get(key)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise UserError(
                    f"{self.run_file}: field 'identity.{key}' is not a positive whole number: "
                    f"{again}"
                )
        sessions = record.get("sessions")
        if not isinstance(sessions, list) or not all(isinstance(s, dict) for s in sessions):
            raise UserError(f"{self.run_file}: field 'sessions' is not a list of tables: {again}")
        return record

    def write_record(self, record: dict[str, Any]) -> None:
        atomic_write(self.run_file, json.dumps(record, indent=1, sort_keys=True) + "\n")

    def write_chunk(self, k: int, rows: list[dict[str, Any]], identity: dict[str, Any]) -> None:
        """Write chunk ``k`` atomically, tagged with the run it belongs to."""
        table = pa.Table.from_pylist(rows)
        tag = json.dumps(chunk_tag(identity, k, table), sort_keys=True)
        table = table.replace_schema_metadata({CHUNK_KEY: tag.encode("utf-8")})
        with atomic_file(self.chunk_path(k)) as handle:
            pq.write_table(table, handle)

    def chunks(self, n_chunks: int, identity: dict[str, Any]) -> Iterator[pa.Table]:
        """The chunks in order, each checked again to be this run's as it is read."""
        for k in range(n_chunks):
            path = self.chunk_path(k)
            try:
                with open_regular(path, MAX_CHUNK_BYTES) as handle:
                    table = pq.read_table(handle)
            except (OSError, pa.ArrowException, ValueError) as exc:
                raise UserError(f"cannot read chunk {path}: {exc}: add --resume") from None
            tag = (table.schema.metadata or {}).get(CHUNK_KEY, b"")
            try:
                found = json.loads(tag or b"null")
            except ValueError:
                found = None
            if found != chunk_tag(identity, k, table):
                raise UserError(f"{path} changed while the run went on: add --resume")
            yield table.replace_schema_metadata(None)

    def finish(self, n_chunks: int, provenance: dict[str, Any], identity: dict[str, Any]) -> Path:
        """Stream the chunks, in order, into the final table; then drop the parts folder."""
        missing = sorted(set(range(n_chunks)) - self.done())
        if missing:
            raise UserError(f"{self.parts} lacks chunk {missing[0]}: add --resume to finish it")
        text = json.dumps(provenance, sort_keys=True)
        tables = self.chunks(n_chunks, identity)
        first = next(tables)
        schema = first.schema.with_metadata({META_KEY: text.encode("utf-8")})
        everything = _chain(first, tables)
        if self.path.suffix == ".parquet":
            with atomic_file(self.path) as handle:
                _write_parquet(handle, schema, everything)
        else:
            with atomic_file(self.path) as handle:
                _write_csv(handle, first.schema, everything)
            atomic_write(sidecar(self.path), json.dumps(provenance, indent=1, sort_keys=True))
        shutil.rmtree(self.parts, ignore_errors=True)
        return self.path


def _chain(first: pa.Table, rest: Iterator[pa.Table]) -> Iterator[pa.Table]:
    yield first
    yield from rest


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
        with open_regular(src) as handle:
            if src.suffix == ".parquet":
                return pq.read_table(handle, columns=columns)
            options = pacsv.ConvertOptions(include_columns=columns) if columns else None
            return pacsv.read_csv(handle, convert_options=options)
    except CorruptFile:
        raise
    except (OSError, pa.ArrowException, ValueError) as exc:
        raise UserError(f"cannot read table {src}: {exc}") from None


def provenance_of(path: str | Path) -> dict[str, Any]:
    """The provenance a finished table carries (Parquet metadata or the CSV sidecar)."""
    src = check_path(path)
    what = f"the provenance of {src}"
    if src.suffix != ".parquet":
        return read_json_file(sidecar(src), what)
    try:
        with open_regular(src) as handle:
            meta = pq.read_schema(handle).metadata or {}
    except CorruptFile:
        raise
    except (OSError, ValueError, pa.ArrowException) as exc:
        raise UserError(f"cannot read {what}: {exc}") from None
    if META_KEY not in meta:
        raise UserError(f"{src} carries no experiment provenance")
    if len(meta[META_KEY]) > MAX_RECORD_BYTES:
        raise UserError(f"{what} is over {MAX_RECORD_BYTES:,} bytes")
    data = strict_json.parse(meta[META_KEY], what)
    bad = strict_json.first_unreadable(data, "")
    if bad:
        raise UserError(f"{what}: {bad} is not a number")
    if not isinstance(data, dict):
        raise UserError(f"{what} is damaged: not a JSON object")
    return data
