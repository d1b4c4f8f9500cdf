"""Issue 21, "Nothing lost, second round": one test per numbered item, each of which failed on
the code before the fix (damaged experiment datasets, hostile specs and provenance, command
lines, saved games, signals, data folders, locked outputs, unbounded physics, the executor's
thread)."""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from pusher_sim.experiment.params import parse_grid
from pusher_sim.experiment.plan import Plan
from pusher_sim.experiment.run import Job
from pusher_sim.experiment.runner import executor_for, run_chunks
from pusher_sim.physics import PhysicsConfig
from pusher_sim.turnloop import GameLog
from tests.processes import children, gone_within
from tests.test_robust_cli import child_env, cli, wait_for

LINUX = pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("PUSHER_DATA_DIR", str(folder))
    return folder


# -- 7: signals at random moments ------------------------------------------------------------


def test_7_sighup_in_terminal_play_saves_the_game(tmp_path: Path, data_dir: Path) -> None:
    argv = ["play", "pushover", "--terminal", "--seats", "human,bot", "--seed", "4"]
    proc = subprocess.Popen(
        cli(*argv),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=child_env(data_dir),
    )
    try:
        assert proc.stdin is not None
        wait_for(proc, b"> ")
        proc.stdin.write(b"roll\n")
        proc.stdin.flush()
        wait_for(proc, b"> ")
        proc.send_signal(signal.SIGHUP)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    where = data_dir / "saves" / "autosave-pushover.json"
    assert proc.returncode == 128 + signal.SIGHUP, err.decode()
    assert f"game saved to {where}" in err.decode()
    assert GameLog.load(where).actions[0]["type"] == "Roll"


def _simulation(data_dir: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        cli("simulate", "pushover", "--games", "100000", "--workers", "2", "--yes", "--progress"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=child_env(data_dir),
        start_new_session=True,
    )


def _workers_of(proc: subprocess.Popen[bytes], n: int) -> list[int]:
    deadline = time.monotonic() + 60
    while len(found := children(proc.pid)) < n:
        assert proc.poll() is None and time.monotonic() < deadline, "no workers started"
        time.sleep(0.05)
    return found


@LINUX
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGHUP])
def test_7_simulate_workers_die_with_their_parent(data_dir: Path, sig: signal.Signals) -> None:
    proc = _simulation(data_dir)
    try:
        workers = _workers_of(proc, 2)
        time.sleep(0.3)
        proc.send_signal(sig)
        proc.wait(timeout=20)
        assert gone_within(workers, 5.0) is not None, "a worker outlived simulate"
    finally:
        proc.kill()
        proc.wait()


@LINUX
@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_7_a_second_ctrl_c_ends_a_pooled_run_at_once(data_dir: Path, command: str) -> None:
    if command == "simulate":
        proc = _simulation(data_dir)
    else:
        argv = ["tournament", "pushover", "--bots", "random,expected", "--games", "100000"]
        proc = subprocess.Popen(
            cli(*argv, "--workers", "2"),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=child_env(data_dir),
            start_new_session=True,
        )
    try:
        workers = _workers_of(proc, 2)
        time.sleep(0.5)
        pressed = time.monotonic()
        os.killpg(proc.pid, signal.SIGINT)
        time.sleep(0.05)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGINT)
        out, _ = proc.communicate(timeout=20)
        assert time.monotonic() - pressed < 8.0
        assert proc.returncode in (130, -signal.SIGINT), out.decode()[-500:]
        assert b"Traceback" not in out
        assert gone_within(workers, 5.0) is not None
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


# -- 11: the executor's thread never dies of InvalidStateError ----------------------------------

MANY = Job(Plan(grids=(parse_grid("angle=0:350:36"),), seed=3), PhysicsConfig(), chunk=1)


def test_11_stopping_a_run_early_never_breaks_the_executors_thread() -> None:
    errors: list[str] = []
    previous = threading.excepthook
    threading.excepthook = lambda args: errors.append(repr(args.exc_value))
    try:
        for _ in range(8):  # the race it lost came about once in three runs
            with executor_for(2, None) as pool:
                results = run_chunks(MANY, range(MANY.n_chunks), pool)
                next(results)
                results.close()  # what a Ctrl-C in the loop over results does
            time.sleep(0.3)  # the executor's thread notices its workers are gone
    finally:
        threading.excepthook = previous
    assert errors == []
