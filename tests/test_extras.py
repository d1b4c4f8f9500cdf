"""Playing needs only the core dependencies; a command that needs an extra says which, in one
line (issue 19, item 4)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pusher_sim.extras import EXTRA_OF, missing

ROOT = Path(__file__).resolve().parents[1]

BLOCK_EXTRAS = """
import sys
from pusher_sim.extras import EXTRA_OF
for name in EXTRA_OF:
    sys.modules[name] = None  # importing it raises ImportError, as when it is not installed
from pusher_sim.cli import main
raise SystemExit(main(sys.argv[1:]))
"""


def without_extras(*args: str, tmp: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["PYTHONPATH"] = str(ROOT)
    env["PUSHER_DATA_DIR"] = str(tmp)
    return subprocess.run(
        [sys.executable, "-c", BLOCK_EXTRAS, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_the_message_names_the_extra() -> None:
    words = missing(ImportError("no", name="pyarrow.compute"), "pusher experiment")
    assert words == (
        "pusher experiment needs the 'research' extra (pyarrow is missing):"
        " pip install -e '.[research]'"
    )
    assert "\n" not in words
    assert EXTRA_OF["pyspiel"] == "rl"


def test_playing_needs_no_extra(tmp_path: Path) -> None:
    shot = tmp_path / "board.png"
    for args in (
        ("play", "--screenshot", str(shot)),
        ("play", "rummy", "--screenshot", str(shot)),
        ("play", "pushover", "--screenshot", str(shot)),
        ("rules", "pusher", "P7"),
        ("simulate", "pushover", "--games", "2", "--seed", "1"),
    ):
        done = without_extras(*args, tmp=tmp_path)
        assert done.returncode == 0, (args, done.stderr)


@pytest.mark.parametrize(
    ("args", "extra"),
    [
        (("experiment",), "research"),
        (("simulate", "pushover", "--games", "2", "--progress"), "research"),
        (("tournament", "pushover", "--bots", "random,random", "--out", "t.parquet"), "research"),
    ],
)
def test_a_command_lacking_an_extra_says_which_in_one_line(
    args: tuple[str, ...], extra: str, tmp_path: Path
) -> None:
    done = without_extras(*args, tmp=tmp_path)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and f"'{extra}' extra" in lines[0], done.stderr
    assert "Traceback" not in done.stderr
