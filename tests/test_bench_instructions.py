"""benchmarks/bench_instructions.py: the counted work runs, bad counts are refused in one line,
and (slow, with valgrind) the figures come out."""

from __future__ import annotations

import runpy
import shutil
from pathlib import Path
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_instructions.py"
MOD: dict[str, Any] = runpy.run_path(str(SCRIPT))


def test_counted_work_runs_for_pushes_floor_and_model() -> None:
    for kind in ("push", "floor", "model"):
        for model in ("6", "7", "8", "9"):
            assert MOD["main"](["--work", kind, "1", "run", model]) == 0


def test_counted_runs_start_one_blas_thread_so_the_counts_repeat() -> None:
    env = MOD["counting_env"]()
    assert env["OPENBLAS_NUM_THREADS"] == "1" and env["OMP_NUM_THREADS"] == "1"


def test_counts_below_one_are_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert MOD["main"](["--pushes", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "at least 1" in err


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_instruction_figures_are_printed(capsys: pytest.CaptureFixture[str]) -> None:
    assert MOD["main"](["--pushes", "1", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "model/floor at 51 balls by instructions" in out
    assert "steps of the 51-ball floor" in out
