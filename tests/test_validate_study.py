"""Issue 32's convergence study (`make slow`): 300 pushes the fit was not made on (seed 0 from
push 1000), each in the reference, its noise and its two convergence variants, then model 9
with model 8 beside it judged on them. It costs hours, so it runs into a file in the user's
data folder and a later run goes on from where an interrupted one stopped (--resume)."""

from __future__ import annotations

import json
import os

import pytest

pytest.importorskip("mujoco")

from pusher_sim.saves import data_dir
from tests.cli_runner import run

PUSHES = 300
FIRST = 1000
"""Past the fit's pushes (0-199): held out."""


@pytest.mark.slow
def test_the_300_push_convergence_study_completes_in_every_variant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = data_dir() / "validate"
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / f"study-seed0-{FIRST}-{PUSHES}.json"
    argv = ["validate", "--seed", "0", "--first", str(FIRST), "--pushes", str(PUSHES)]
    workers = str(os.cpu_count() or 1)
    code, _, err = run(
        capsys, [*argv, "--convergence", "--out", str(out), "--resume", "--workers", workers]
    )
    assert code == 0, err
    data = json.loads(out.read_text())
    assert data["complete"] is True and len(data["rows"]) == PUSHES
    every = {"3d", "2d", "still", "shift", "half_step", "stiff"}
    assert data["summary"]["models"]["pushes"] == dict.fromkeys(every, PUSHES)
    judge = [*argv, "--rows", str(out), "--physics-model", "9", "--also-model", "8"]
    code, text, err = run(capsys, [*judge, "--workers", workers, "--quiet"])
    assert code == 0, err
    assert "verdict (issue 32)" in text and "model 9 separated where model 8 is" in text
