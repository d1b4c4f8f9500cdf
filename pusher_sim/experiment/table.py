"""Experiment tables on disk: Parquet (pyarrow) or CSV, chosen by the file's suffix."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

from pusher_sim.errors import UserError
from pusher_sim.experiment.run import Row

SUFFIXES = (".parquet", ".csv")


def check_path(path: str | Path) -> Path:
    out = Path(path)
    if out.suffix not in SUFFIXES:
        raise UserError(f"table {out} must end in .parquet or .csv")
    return out


def write_table(rows: list[Row], path: str | Path) -> Path:
    out = check_path(path)
    table = pa.Table.from_pylist(rows)
    out.parent.mkdir(parents=True, exist_ok=True)
    if out.suffix == ".parquet":
        pq.write_table(table, out)
    else:
        pacsv.write_csv(table, out)
    return out


def read_table(path: str | Path) -> list[Row]:
    src = check_path(path)
    table = pq.read_table(src) if src.suffix == ".parquet" else pacsv.read_csv(src)
    rows: list[Row] = table.to_pylist()
    return rows
