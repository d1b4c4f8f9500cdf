"""Running ``pusher`` in-process for tests: the exit code and what it printed, and the check that
a mistake gets one line and exit 2."""

from __future__ import annotations

import pytest

from pusher_sim.cli import main


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    """Exit code, standard output and standard error of ``pusher argv``."""
    try:
        code = main(argv)
    except SystemExit as exit_info:  # argparse's own mistakes exit instead of returning
        code = int(exit_info.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The error ``pusher argv`` prints, checked to be one line naming the problem, exit 2."""
    code, _, err = run(capsys, argv)
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("pusher"), err
    assert "Traceback" not in err
    return err
