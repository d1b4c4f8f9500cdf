"""`pusher validate --out FILE --resume`: a run stopped by Ctrl-C keeps its finished pushes in
FILE and the same command with --resume ends with an uninterrupted run's rows and summary; a
FILE of another run is refused in one line.

No check here reads the clock: the waits are hang guards only."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mujoco")

from pusher_sim.physics import load_config
from pusher_sim.reference import resumable, validate
from pusher_sim.reference.compare import Row
from tests.cli_runner import one_line_error, run
from tests.processes import children, gone_within
from tests.test_reference import a_row, a_side

HANG_GUARD = 300.0
"""Seconds a push may take to appear, or a stopped run to end: only a hang reaches it."""

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

RUN = ["validate", "--pushes", "3", "--no-noise", "--quiet"]


def rows_in(path: Path) -> list[dict[str, Any]]:
    try:
        rows: list[dict[str, Any]] = json.loads(path.read_text())["rows"]
    except (OSError, ValueError, KeyError):
        return []
    return rows


def timeless(data: dict[str, Any]) -> dict[str, Any]:
    """A run's file without what the clock measured (each push's cost), which no two runs
    share."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {
                k: strip(v)
                for k, v in value.items()
                if k not in ("seconds", "seconds_2d", "seconds_3d", "cost_ratio")
            }
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return dict(strip(data))


def test_a_run_stopped_by_ctrl_c_and_resumed_equals_one_never_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run.json"
    argv = [sys.executable, "-m", "pusher_sim.cli", *RUN, "--workers", "2", "--out", str(out)]
    process = subprocess.Popen(argv, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + HANG_GUARD
    while not rows_in(out):
        assert process.poll() is None, "the run ended before it could be interrupted"
        assert time.monotonic() < deadline, "no push written"
        time.sleep(0.02)
    workers = children(process.pid)
    os.killpg(process.pid, signal.SIGINT)  # a terminal sends Ctrl-C to the whole group
    _, err = process.communicate(timeout=HANG_GUARD)
    assert process.returncode == 130, err
    assert gone_within(workers, HANG_GUARD) is not None
    kept = json.loads(out.read_text())
    assert kept["complete"] is False and 1 <= len(kept["rows"]) < 3  # stopped before the end
    assert err.count("\n") == 1 and f"{len(kept['rows'])} of 3 pushes" in err
    assert "--resume" in err
    # Without --resume the unfinished run is not overwritten.
    assert "--resume" in one_line_error(capsys, [*RUN, "--out", str(out)])
    code, _, err = run(capsys, [*RUN, "--workers", "1", "--out", str(out), "--resume"])
    assert code == 0, err
    resumed = json.loads(out.read_text())
    assert resumed["complete"] is True and [r["index"] for r in resumed["rows"]] == [0, 1, 2]
    assert all(r in resumed["rows"] for r in kept["rows"])  # not resolved again
    whole = tmp_path / "whole.json"
    assert run(capsys, [*RUN, "--workers", "1", "--out", str(whole)])[0] == 0
    assert timeless(resumed) == timeless(json.loads(whole.read_text()))


def a_file(path: Path, rows: list[Row], seed: int = 0, first: int = 0, **physics: Any) -> None:
    """An unfinished run's FILE, as ``pusher validate --pushes 3 --no-noise`` writes it."""
    cfg = load_config().with_(**physics) if physics else load_config()
    head = {"seed": seed, "first": first, "identity": resumable.identity(seed, first, cfg, ())}
    resumable.write(str(path), resumable.file_data(head, rows, complete=False))


@pytest.mark.parametrize(
    ("made", "differs"),
    [({"seed": 1}, "seed"), ({"first": 2}, "first"), ({"friction_ball": 0.1}, "physics")],
)
def test_a_file_of_another_run_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], made: dict[str, Any], differs: str
) -> None:
    out = tmp_path / "run.json"
    a_file(out, [], **made)
    before = out.read_text()
    message = one_line_error(capsys, [*RUN, "--out", str(out), "--resume"])
    assert f"its {differs} differ" in message
    assert out.read_text() == before


def test_resume_takes_the_pushes_in_the_file_and_resolves_none_of_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "run.json"
    rows = [a_row(i, a_side(i, 1), {}) for i in range(3)]
    a_file(out, rows)
    monkeypatch.setattr(resumable, "resolve_push", lambda *a: pytest.fail("resolved again"))
    code, text, err = run(capsys, [*RUN, "--out", str(out), "--resume"])
    assert code == 0, err
    data = json.loads(out.read_text())
    assert data["complete"] is True and data["rows"] == json.loads(
        json.dumps([r.as_json() for r in rows])
    )
    assert data["summary"] == json.loads(json.dumps(validate.summary(rows)))
    assert "verdict (issue 32)" in text


def test_resume_refuses_a_file_with_pushes_outside_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run.json"
    a_file(out, [a_row(5, a_side(1, 1), {})])
    assert "holds push 5" in one_line_error(capsys, [*RUN, "--out", str(out), "--resume"])


@pytest.mark.parametrize(
    "argv", [["--resume"], ["--resume", "--rows", "x.json", "--out", "y.json"]]
)
def test_resume_needs_an_out_file_to_continue(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert "--resume" in one_line_error(capsys, [*RUN, *argv])


def test_the_file_says_what_the_run_is() -> None:
    ident = resumable.identity(0, 0, load_config(), validate.CONVERGENCE)
    assert ident["variants"] == ["half_step", "stiff"]
    assert ident["physics"] == json.loads(json.dumps(asdict(load_config())))


def test_an_unfinished_run_is_never_overwritten_without_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, given = tmp_path / "run.json", tmp_path / "given.json"
    a_file(out, [a_row(0, a_side(1, 1), {})])
    before = out.read_text()
    given.write_text(json.dumps({"seed": 0, "rows": [a_row(0, a_side(2, 1), {}).as_json()]}))
    for argv in (["--out", str(out)], ["--rows", str(given), "--out", str(out)]):
        assert "add --resume" in one_line_error(capsys, [*RUN, *argv])
    assert out.read_text() == before
    # A file made from --rows is no run to resume.
    done = tmp_path / "done.json"
    assert (
        run(capsys, ["validate", "--pushes", "1", "--rows", str(given), "--out", str(done)])[0] == 0
    )
    assert "not written by a resumable run" in one_line_error(
        capsys, [*RUN, "--out", str(done), "--resume"]
    )
