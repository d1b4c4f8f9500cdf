"""Issue 21, "Nothing lost, second round": one test per numbered item, each of which failed on
the code before the fix (damaged experiment datasets, hostile specs and provenance, command
lines, saved games, signals, data folders, locked outputs, unbounded physics, the executor's
thread)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import queue
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import astuple
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pusher_sim import interrupts, saves
from pusher_sim.cli import main
from pusher_sim.experiment.params import parse_grid
from pusher_sim.experiment.plan import Plan
from pusher_sim.experiment.run import Job
from pusher_sim.physics import PhysicsConfig
from pusher_sim.running import dataset
from pusher_sim.running.dataset import read_table
from pusher_sim.running.output_lock import output_locks
from pusher_sim.running.pool import start_pool, stop_now
from pusher_sim.running.runner import executor_for, run_chunks
from pusher_sim.turnloop import GameLog
from tests import saved_logs
from tests.processes import Measured, children, gone_within, run_measured
from tests.stand_ins import record_work
from tests.test_robust_cli import child_env, cli

ROOT = Path(__file__).resolve().parents[1]

LINUX = pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
HANG_GUARD = 120.0
"""Seconds a wait may last before it counts as a hang: a loaded machine never reaches it. No test
here checks by the wall clock how long something took (work is bounded by CPU time instead)."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("PUSHER_DATA_DIR", str(folder))
    return folder


# -- 7: signals at random moments ------------------------------------------------------------


def test_7_sighup_with_the_window_open_saves_the_game(tmp_path: Path) -> None:
    save = tmp_path / "kept.json"
    before = signal.getsignal(signal.SIGHUP)

    def hang_up() -> None:
        deadline = time.monotonic() + HANG_GUARD
        # until the window has taken the signal (the command line takes it first)
        while signal.getsignal(signal.SIGHUP) in (before, getattr(interrupts, "_on_signal", 0)):
            if time.monotonic() > deadline:
                return
            time.sleep(0.05)
        time.sleep(0.3)
        os.kill(os.getpid(), signal.SIGHUP)

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    threading.Thread(target=hang_up, daemon=True).start()
    code, _, err = run_cli(["play", "--seats", "human,human", "--seed", "5", "--save", str(save)])
    assert code == 128 + signal.SIGHUP, err
    assert f"interrupted (SIGHUP); game saved to {save}" in err
    assert GameLog.load(save).seed == 5


def _mapped(pid: int, library: str) -> bool:
    try:
        return library in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


@LINUX
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_7_a_signal_while_the_program_imports_is_one_line(
    data_dir: Path, sig: signal.Signals
) -> None:
    # Found by the signal fuzz: a Ctrl-C in the first half second (numpy, pymunk importing)
    # was a KeyboardInterrupt traceback from inside some library's import.
    proc = subprocess.Popen(
        cli("simulate", "pushover", "--games", "100000", "--yes"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=child_env(data_dir),
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + HANG_GUARD
        while not _mapped(proc.pid, "_multiarray_umath"):  # numpy is being imported
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.001)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=HANG_GUARD)
    finally:
        proc.kill()
        proc.wait()
    text = err.decode(errors="replace")
    assert text == "pusher: interrupted\n", text
    assert proc.returncode == 128 + sig


def test_7_an_interrupt_is_never_raised_inside_the_pools_locks() -> None:
    # The signal fuzz hung a tournament at exit: a Ctrl-C raised inside queue.Queue.put (as
    # Condition.__exit__ began) left the queue's lock taken, and the executor's thread, which
    # the exiting process joins, waited on it for ever. The interrupt is now raised at the next
    # line of the caller outside the pool's code, after put has let go of its lock.
    box: queue.Queue[int] = queue.Queue()
    put = box._put  # type: ignore[attr-defined]

    def signal_inside_put(item: int) -> None:
        interrupts._on_sigint(signal.SIGINT, sys._getframe(1))  # the frame of Queue.put
        put(item)

    box._put = signal_inside_put  # type: ignore[attr-defined]
    reached = []
    with interrupts.handled(), pytest.raises(KeyboardInterrupt):
        box.put(1)
        reached.append("the line after put")
    assert box.qsize() == 1 and not reached
    assert box.mutex.acquire(blocking=False), "the queue's lock was left taken"
    box.mutex.release()


def test_7_an_interrupt_while_waiting_for_a_result_is_raised_at_once() -> None:
    never: Future[int] = Future()
    timer = threading.Timer(0.2, os.kill, args=(os.getpid(), signal.SIGINT))
    # Raised in the wait, not deferred past it: a deferred one would let the wait run out, a
    # TimeoutError, not a KeyboardInterrupt (the timeout is only a hang guard).
    with interrupts.handled(), pytest.raises(KeyboardInterrupt):
        timer.start()
        never.result(timeout=HANG_GUARD)
    assert not never.done()


def test_7_a_stopped_pool_leaves_no_executor_thread_to_race_the_exit() -> None:
    # At exit Python writes to the executor's wake-up pipe while the executor's own thread,
    # ending, closes it: "OSError: Bad file descriptor" after a Ctrl-C (signal fuzz, 1 in 200).
    pool = start_pool(2)
    for _ in range(20):
        pool.submit(time.sleep, 0.2)
    manager = pool._executor_manager_thread  # type: ignore[attr-defined]
    stop_now(pool)
    assert not manager.is_alive()


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
        proc.wait(timeout=HANG_GUARD)
        assert gone_within(workers, HANG_GUARD) is not None, "a worker outlived simulate"
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
        os.killpg(proc.pid, signal.SIGINT)
        time.sleep(0.05)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGINT)
        out, _ = proc.communicate(timeout=HANG_GUARD)  # 100,000 games: only a hang is that long
        assert proc.returncode in (130, -signal.SIGINT), out.decode()[-500:]
        assert b"Traceback" not in out
        assert gone_within(workers, HANG_GUARD) is not None
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


# -- the experiment used by items 1, 2, 3, 9 and 10: four chunks of one push each ---------------

SWEEP = ["experiment", "--grid", "angle=0,90,180,270", "--grid", "speed=0.5", "--chunk", "1"]
SWEEP += ["--workers", "1", "--quiet"]
N_CHUNKS = 4


class Hang(Exception):
    """A command ran past its alarm."""


@contextlib.contextmanager
def alarm(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in this (main) thread after ``seconds``: a hang fails, not stalls."""

    def ring(signum: int, frame: object) -> None:
        raise Hang()

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_cli(argv: list[str], seconds: float = HANG_GUARD) -> tuple[int, str, str]:
    """``pusher argv`` in this process: exit code, stdout, stderr; a traceback is a failure."""
    out, err = io.StringIO(), io.StringIO()
    with alarm(seconds), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    return code, out.getvalue(), err.getvalue()


def keep_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished run keeps its chunk folder (to be copied and damaged)."""
    monkeypatch.setattr(dataset.shutil, "rmtree", lambda *a, **k: None)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A finished table and a complete chunk folder of this run (seed 1) and of another run of
    the same schema (seed 5)."""
    folder = tmp_path_factory.mktemp("runs")
    found: dict[str, Path] = {}
    with pytest.MonkeyPatch.context() as patch:
        keep_parts(patch)
        for seed in ("1", "5"):
            out = folder / f"seed{seed}.parquet"
            code, _, err = run_cli([*SWEEP, "--seed", seed, "--out", str(out)])
            assert code == 0, err
            found[seed] = out
    return found


def parts_copy(runs: dict[str, Path], tmp_path: Path, seed: str = "1") -> Path:
    """A fresh output path whose .parts folder is a complete copy of run ``seed``'s."""
    out = tmp_path / "t.parquet"
    shutil.copytree(runs[seed].with_name(runs[seed].name + ".parts"), tmp_path / "t.parquet.parts")
    return out


def resume(out: Path) -> tuple[int, str, str]:
    return run_cli([*SWEEP, "--seed", "1", "--out", str(out), "--resume"])


def same_or_refused(result: tuple[int, str, str], out: Path, reference: Path) -> str:
    """The property of issue 21: the resumed table is the uninterrupted one, or the command
    refused in one line (and wrote no table); never a traceback, never a different table."""
    code, _, err = result
    assert "Traceback" not in err, err
    if code == 0:
        assert read_table(out).equals(read_table(reference)), "a resumed table differs"
        return "same"
    assert code == 2, err
    lines = err.splitlines()
    assert lines and all(line.startswith("pusher: ") for line in lines), err
    assert len(lines) <= 3 and not out.exists(), err
    return "refused"


# -- 1: a chunk of another run is never taken as this run's ------------------------------------


def test_1_a_foreign_chunk_is_set_aside_and_recomputed(
    runs: dict[str, Path], tmp_path: Path
) -> None:
    out = parts_copy(runs, tmp_path)
    foreign = runs["5"].with_name(runs["5"].name + ".parts") / "chunk-000000002.parquet"
    shutil.copy(foreign, out.with_name(out.name + ".parts") / foreign.name)
    code, _, err = resume(out)
    assert code == 0, err
    assert read_table(out).equals(read_table(runs["1"]))
    assert err.count("\n") == 1 and "set aside 1 chunk" in err and "another run" in err
    kept = list((tmp_path / "t.parquet.set-aside").iterdir())
    assert [p.read_bytes() for p in kept] == [foreign.read_bytes()]  # kept, never deleted


def test_1_a_chunk_whose_rows_were_changed_under_its_tag_is_set_aside(
    runs: dict[str, Path], tmp_path: Path
) -> None:
    # Found by the slow fuzz run: bytes damaged inside a data page left a readable chunk with
    # its run's tag intact, and the resumed table differed. The tag now carries the rows' digest.
    out = parts_copy(runs, tmp_path)
    chunk = out.with_name(out.name + ".parts") / "chunk-000000002.parquet"
    table = pq.read_table(chunk)
    changed = table.set_column(
        table.schema.get_field_index("angle"),
        "angle",
        pa.array([v + 1.0 for v in table.column("angle").to_pylist()]),
    )
    pq.write_table(changed.replace_schema_metadata(table.schema.metadata), chunk)
    code, _, err = resume(out)
    assert code == 0, err
    assert read_table(out).equals(read_table(runs["1"]))
    assert "set aside 1 chunk" in err and "damaged data" in err


# -- 2: damaged chunks and run records ---------------------------------------------------------


def _other_schema(path: Path) -> None:
    pq.write_table(pa.table({"x": [1, 2]}), path)


def _fifo(path: Path) -> None:
    path.unlink(missing_ok=True)
    os.mkfifo(path)


def _link(target: str) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        path.unlink(missing_ok=True)
        path.symlink_to(target)

    return make


def _as_folder(path: Path) -> None:
    path.unlink(missing_ok=True)
    path.mkdir()
    (path / "inside").write_text("x")


CHUNK_DAMAGE: dict[str, Callable[[Path], None]] = {
    "truncated": lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]),
    "empty": lambda p: p.write_bytes(b""),
    "garbage": lambda p: p.write_bytes(os.urandom(3000)),
    "other schema": _other_schema,
    "a folder": _as_folder,
    "a link to /dev/zero": _link("/dev/zero"),
    "a FIFO": _fifo,
}


@pytest.mark.parametrize("damage", sorted(CHUNK_DAMAGE))
def test_2_a_damaged_chunk_is_set_aside_and_recomputed(
    runs: dict[str, Path], tmp_path: Path, damage: str
) -> None:
    out = parts_copy(runs, tmp_path)
    CHUNK_DAMAGE[damage](tmp_path / "t.parquet.parts" / "chunk-000000001.parquet")
    code, _, err = resume(out)
    assert code == 0, err
    assert read_table(out).equals(read_table(runs["1"]))
    assert err.count("\n") == 1 and "set aside 1 chunk" in err, err


def test_2_an_extra_chunk_past_the_plan_is_set_aside(runs: dict[str, Path], tmp_path: Path) -> None:
    out = parts_copy(runs, tmp_path)
    parts = tmp_path / "t.parquet.parts"
    shutil.copy(parts / "chunk-000000000.parquet", parts / "chunk-000000007.parquet")
    code, _, err = resume(out)
    assert code == 0 and "past the plan" in err, err
    assert read_table(out).equals(read_table(runs["1"]))


RECORD_DAMAGE: dict[str, Callable[[Path], None]] = {
    "no identity": lambda p: p.write_text('{"sessions": []}'),
    "chunk 0": lambda p: p.write_text(
        json.dumps({**json.loads(p.read_text()), "identity": {"pushes": 4, "chunk": 0}})
    ),
    "sessions a number": lambda p: p.write_text(
        json.dumps({**json.loads(p.read_text()), "sessions": 3})
    ),
    "a list": lambda p: p.write_text("[]"),
    "a link to /dev/zero": _link("/dev/zero"),
    "a FIFO": _fifo,
    "deep": lambda p: p.write_text("[" * 100_000),
}


@pytest.mark.parametrize("damage", sorted(RECORD_DAMAGE))
def test_2_a_damaged_run_record_is_set_aside_and_written_anew(
    runs: dict[str, Path], tmp_path: Path, damage: str
) -> None:
    out = parts_copy(runs, tmp_path)
    RECORD_DAMAGE[damage](tmp_path / "t.parquet.parts" / "run.json")
    code, _, err = resume(out)
    assert code == 0 and err.count("\n") == 1 and "set aside the run record" in err, err
    assert read_table(out).equals(read_table(runs["1"]))
    assert (tmp_path / "t.parquet.set-aside" / "run.json").is_symlink() or (
        tmp_path / "t.parquet.set-aside" / "run.json"
    ).exists()


@pytest.mark.parametrize("damage", sorted(RECORD_DAMAGE))
def test_3_info_on_a_damaged_run_record_is_one_line(
    runs: dict[str, Path], tmp_path: Path, damage: str
) -> None:
    parts_copy(runs, tmp_path)
    RECORD_DAMAGE[damage](tmp_path / "t.parquet.parts" / "run.json")
    code, _, err = run_cli(["experiment", "info", str(tmp_path / "t.parquet.parts")])
    assert code == 2 and err.count("\n") == 1 and "run.json" in err, err
    assert "Traceback" not in err


def test_2_the_chunks_of_another_run_with_its_record_are_refused(
    runs: dict[str, Path], tmp_path: Path
) -> None:
    out = parts_copy(runs, tmp_path, seed="5")
    code, _, err = resume(out)
    assert code == 2 and err.count("\n") == 1 and "different experiment" in err, err


def test_2_force_onto_a_linked_parts_folder_deletes_nothing(
    runs: dict[str, Path], tmp_path: Path
) -> None:
    elsewhere = tmp_path / "precious"
    elsewhere.mkdir()
    (elsewhere / "thesis.tex").write_text("years of work")
    (tmp_path / "t.parquet.parts").symlink_to(elsewhere)
    code, _, err = run_cli([*SWEEP, "--out", str(tmp_path / "t.parquet"), "--force"])
    assert code == 2 and err.count("\n") == 1 and "link" in err, err
    assert (elsewhere / "thesis.tex").read_text() == "years of work"


# -- 3: experiment info trusts nothing it reads -------------------------------------------------


@pytest.fixture(scope="module")
def csv_table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("csv") / "t.csv"
    code, _, err = run_cli([*SWEEP, "--out", str(out)])
    assert code == 0, err
    return out


@pytest.mark.parametrize(
    "change",
    [
        {"physics_config": [1, 2]},
        {"physics_config": "fast"},
        {"sessions": 7},
        {"pushes": {"a": 1}},
        {"command": "\x1b[2J\x1b]0;owned\x07pusher experiment"},
        {"spec": "seed = 1\n\x1b[31mred\x9b2J"},
    ],
)
def test_3_info_prints_damaged_provenance_safely(
    csv_table: Path, tmp_path: Path, change: dict[str, Any]
) -> None:
    table = tmp_path / "t.csv"
    shutil.copy(csv_table, table)
    prov = json.loads(dataset.sidecar(csv_table).read_text())
    dataset.sidecar(table).write_text(json.dumps({**prov, **change}))
    code, out, err = run_cli(["experiment", "info", str(table)])
    assert code == 0 and not err, err
    assert "\x1b" not in out and "\x9b" not in out and "\x07" not in out
    assert "pushes" in out


@pytest.mark.parametrize("sidecar", ["/dev/zero", "fifo", "folder"])
def test_3_info_refuses_a_sidecar_that_is_not_a_file(
    csv_table: Path, tmp_path: Path, sidecar: str
) -> None:
    table = tmp_path / "t.csv"
    shutil.copy(csv_table, table)
    side = dataset.sidecar(table)
    if sidecar == "fifo":
        os.mkfifo(side)
    elif sidecar == "folder":
        side.mkdir()
    else:
        side.symlink_to(sidecar)
    code, _, err = run_cli(["experiment", "info", str(table)])
    assert code == 2 and err.count("\n") == 1 and "provenance" in err, err


# -- 4: spec files ------------------------------------------------------------------------------

SPECS = {
    "deep arrays": "[grid]\nangle = " + "[" * 5000 + "]" * 5000 + "\n",
    "deep inline tables": "x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n",
    "unclosed deep arrays": "[grid]\nangle = " + "[" * 5000 + "\n",
    "NUL in a path": 'config = "a\\u0000b.toml"\n',
    "NUL in the output": '[output]\nout = "a\\u0000b.parquet"\n',
    "a 300-character name": '[output]\nout = "' + "n" * 300 + '.parquet"\n',
    "a newline in the output": '[output]\nout = "a\\nb.parquet"\n',
    "a dotted key": "a" + ".a" * 20 + " = 1\n",
}


@pytest.mark.parametrize("name", sorted(SPECS))
def test_4_a_hostile_spec_is_one_line(tmp_path: Path, name: str) -> None:
    spec = tmp_path / "s.toml"
    spec.write_text(SPECS[name])
    code, _, err = run_cli(["experiment", "run", str(spec), "--quiet"])
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert not any(tmp_path.glob("*.parquet*"))


@pytest.mark.parametrize(
    "path", ["a\x00b.toml", "n" * 300 + ".toml", "", "-", "d/" * 3000 + "s.toml"]
)
def test_4_a_hostile_spec_path_is_one_line(path: str) -> None:
    code, _, err = run_cli(["experiment", "run", path, "--quiet"])
    assert code == 2 and err.count("\n") == 1, err


def test_4_a_deeply_dotted_key_costs_no_memory(tmp_path: Path) -> None:
    spec = tmp_path / "s.toml"
    spec.write_text("a" + ".a" * 300_000 + " = 1\n")
    code, peak_mb, _, err = astuple(run_bounded(["experiment", "run", str(spec), "--quiet"]))
    assert code == 2 and err.count("\n") == 1, err
    assert peak_mb < 500, f"{peak_mb} MB"


def run_bounded(argv: list[str], cap_mb: int = 3072) -> Measured:
    """``pusher argv`` in a child process, its address space capped at ``cap_mb`` (an
    allocation past it is a MemoryError, which would show as a traceback), measured; a hang
    past :data:`HANG_GUARD` fails the test. BLAS keeps to one
    thread: the cap measures the command, not the buffers a many-core machine's BLAS reserves
    per thread at import."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"}
    env |= {"SDL_AUDIODRIVER": "dummy", "OPENBLAS_NUM_THREADS": "1"}
    return run_measured(cli(*argv), HANG_GUARD, cap_mb * 2**20, env=env, cwd=ROOT)


def test_a_measured_peak_is_the_commands_own() -> None:
    # A command forked straight from a pytest worker that had grown to 218 MB measured 218 MB:
    # Linux starts a child's peak at its parent's resident size. The memory bounds below would
    # then measure the test run, not the command.
    ballast = bytearray(300 * 2**20)
    ballast[:: resource.getpagesize()] = b"\1" * len(ballast[:: resource.getpagesize()])
    code, peak_mb, _, _ = astuple(run_measured([sys.executable, "-c", "pass"], HANG_GUARD))
    assert code == 0 and peak_mb < 100, f"{peak_mb:.0f} MB"
    del ballast


# -- 5: saved games that made the reader backtrack or eat memory -------------------------------


def _log_with_string(tmp_path: Path, body: str) -> Path:
    text = json.dumps(saved_logs.pushover_log())
    head = text.split('"seats": [')[0] + '"seats": ["'
    path = tmp_path / "log.json"
    path.write_text(head + body)  # unterminated, as a truncated download would be
    return path


HOSTILE_STRINGS = {
    "80 KB of escaped quotes": '\\"' * 40_000,  # 35 s before the first fix
    "15 MB unterminated string": "x[" * 7_500_000,  # 1.8 GB before the first fix
    "15 MB of small strings": '"[", ' * 3_000_000,  # re.sub held 3 million matches at once
    "15 MB of escaped quotes": '\\"' * 7_500_000,
}
READERS = {
    "replay": ["replay", "LOG"],
    "play --load": ["play", "--load", "LOG", "--terminal"],
    "play --screenshot": ["play", "--load", "LOG", "--screenshot", "SHOT"],
}
MEMORY_CAP_MB = 500
"""Address space a reader of a hostile saved game may take (an allocation past it would be a
MemoryError traceback)."""
MEMORY_RESIDENT_MB = 200


@LINUX
@pytest.mark.parametrize("reader", sorted(READERS))
@pytest.mark.parametrize("body", sorted(HOSTILE_STRINGS))
def test_5_a_hostile_saved_game_is_one_line_in_bounded_time_and_memory(
    tmp_path: Path, reader: str, body: str
) -> None:
    log = _log_with_string(tmp_path, HOSTILE_STRINGS[body])
    shot = tmp_path / "shot.png"
    argv = [{"LOG": str(log), "SHOT": str(shot)}.get(a, a) for a in READERS[reader]]
    code, peak_mb, cpu_seconds, err = astuple(run_bounded(argv, cap_mb=MEMORY_CAP_MB))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert f"pusher: {log} " in err, err  # not valid JSON, or nested too deep
    # Work, not wall time: measured ~1.3 s of CPU, most of it the imports (35 s before the fix).
    assert cpu_seconds < 10.0, f"{cpu_seconds:.1f} s of CPU"
    # Resident at most: the imports alone take 84 MB, the 15 MB files 137 MB (259 MB before).
    assert peak_mb < MEMORY_RESIDENT_MB, f"{peak_mb:.0f} MB"
    assert not shot.exists()


# -- 6: command lines ---------------------------------------------------------------------------


@pytest.fixture
def work_done(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What of the commands' real work was started (each replaced by a stand-in that records
    it and stops there): a game in the terminal or the window, games simulated, a tournament,
    an experiment's pushes (its estimate's included)."""
    from pusher_sim import cli as cli_module
    from pusher_sim.experiment import cli as experiment_cli
    from pusher_sim.tournament import cli as tournament_cli
    from pusher_sim.ui.shell import app

    return record_work(
        monkeypatch,
        [
            (cli_module, "play_in_terminal", "a terminal game"),
            (app, "run", "a game in the window"),
            (cli_module, "simulate", "the simulation"),
            (tournament_cli, "run_locked", "the tournament"),
            (experiment_cli, "run_point", "an experiment's push"),
            (experiment_cli, "run_chunks", "the experiment"),
        ],
    )


@pytest.fixture
def gone(monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal player who has gone: input meets end of file."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))


@pytest.mark.parametrize(
    "argv",
    [
        [
            "tournament",
            "pushover",
            "--bots",
            "random,expected",
            "--config",
            "track_length=" + "9" * 5000,
        ],
        ["tournament", "pushover", "--bots", "random,expected", "--config", "track_length=1e400"],
        ["tournament", "pushover", "--bots", "random,expected", "--config", "x=" + "[" * 5000],
        ["play", "pushover", "--seats", "bot,bot", "--save", "-"],
        ["play", "pushover", "--seats", "bot,bot", "--save", ""],
        ["play", "--load", ""],
        ["replay", "-"],
        ["play", "pushover", "--terminal", "--seats", "bot,bot", "--pace", "nan"],
        ["play", "pushover", "--terminal", "--seats", "bot,bot", "--size", "garbage"],
        ["play", "pushover", "--seats", "bot,bot", "--save", "/dev/full"],
        ["play", "pushover", "--seats", "bot,bot", "--save", "/proc/nope.json"],
        ["play", "pushover", "--seats", "bot,bot", "--save", "a\x00b.json"],
        ["play", "--screenshot", "/dev/null/x.png"],
        ["experiment", "--grid", "angle=0", "--out", "/proc/nope.parquet", "--quiet"],
    ],
)
def test_6_a_hostile_command_line_is_one_line_before_any_work(
    gone: None, work_done: list[str], argv: list[str]
) -> None:
    code, out, err = run_cli(argv)
    assert code == 2 and err.count("\n") == 1 and err.startswith("pusher"), (code, out, err)
    assert work_done == []


# -- 8: an unusable data folder -----------------------------------------------------------------


class HangsUp(io.StringIO):
    """A terminal whose player presses Ctrl-C at the first prompt."""

    def readline(self, *args: Any) -> str:
        raise KeyboardInterrupt


def _unusable(kind: str, tmp_path: Path) -> str:
    if kind == "a file":
        (tmp_path / "f").write_text("")
        return str(tmp_path / "f")
    if kind == "a link loop":
        (tmp_path / "loop").symlink_to(tmp_path / "loop")
        return str(tmp_path / "loop")
    if kind == "a newline":
        (tmp_path / "a\nb").write_text("")
        return str(tmp_path / "a\nb")
    if kind == "very long":
        return str(tmp_path / ("x" * 5000))
    return {"/dev/null": "/dev/null", "/proc": "/proc"}[kind]


@pytest.mark.parametrize(
    "kind", ["a file", "a link loop", "a newline", "very long", "/dev/null", "/proc"]
)
def test_8_ctrl_c_with_an_unusable_data_folder_saves_to_the_stated_fallback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    monkeypatch.setenv("PUSHER_DATA_DIR", _unusable(kind, tmp_path))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(saves, "_chosen", {}, raising=False)
    monkeypatch.setattr("sys.stdin", HangsUp())
    argv = ["play", "pushover", "--terminal", "--seats", "human,bot", "--seed", "3"]
    code, _, err = run_cli(argv)
    fallback = tmp_path / "tmp" / f"pusher-{os.getuid()}" / "saves"
    assert code == 130, err
    lines = err.splitlines()
    assert len(lines) == 2 and "Traceback" not in err, err
    assert f"saves go to {fallback}" in lines[0]
    assert f"game saved to {fallback / 'autosave-pushover.json'}" in lines[1]
    assert GameLog.load(fallback / "autosave-pushover.json").seed == 3


# -- 9: two runs on one output; a full disk ----------------------------------------------------


@LINUX
def test_9_a_second_run_on_the_same_output_refuses_naming_the_first(tmp_path: Path) -> None:
    out = tmp_path / "big.parquet"
    argv = ["experiment", "--grid", "angle=0:359:400", "--chunk", "1", "--workers", "1"]
    first = subprocess.Popen(
        cli(*argv, "--quiet", "--yes", "--out", str(out)),
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        start_new_session=True,
    )
    try:
        parts = tmp_path / "big.parquet.parts"
        deadline = time.monotonic() + 60
        while not list(parts.glob("chunk-*")) if parts.is_dir() else True:
            assert first.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        code, _, err = run_cli([*argv, "--quiet", "--yes", "--out", str(out), "--force"])
        assert code == 2 and err.count("\n") == 1, err
        assert "being written by another run" in err and f"process {first.pid}" in err
        assert first.poll() is None, "the first run was disturbed"
    finally:
        first.send_signal(signal.SIGINT)
        first.wait(HANG_GUARD)
    assert list(parts.glob("chunk-*"))  # the first run's chunks are all there


# Every long-running writer takes the same lock: a first run holds it, a second run onto the
# same file refuses at start in one line naming the first, and the first goes on undisturbed.
# (command, the file both name, the first run's arguments, the second run's arguments)
LOCKED_WRITERS = {
    "tournament --out": (
        "t.parquet",
        ["tournament", "pushover", "--bots", "random,expected", "--games", "100000"],
        ["tournament", "pushover", "--bots", "random,expected", "--games", "2"],
        "--out",
    ),
    "validate --out": (
        "v.json",
        ["validate", "--pushes", "100000", "--quiet"],
        ["validate", "--pushes", "1", "--quiet"],
        "--out",
    ),
    "validate --plot": (
        "v.png",
        ["validate", "--pushes", "100000", "--quiet"],
        ["validate", "--pushes", "1", "--quiet"],
        "--plot",
    ),
    "experiment --plot": (
        "map.png",
        ["experiment", "--grid", "angle=0:359:4000", "--chunk", "1", "--workers", "1", "--yes"],
        ["experiment", "--grid", "angle=0:90:2", "--chunk", "1", "--workers", "1", "--yes"],
        "--plot",
    ),
    "play --save (terminal)": (
        "game.json",
        ["play", "pushover", "--terminal", "--seats", "human,human", "--seed", "4"],
        ["play", "pushover", "--terminal", "--seats", "random,random", "--seed", "5"],
        "--save",
    ),
    "play --save (window)": (
        "game.json",
        ["play", "pusher", "--seats", "human,human", "--seed", "4"],
        ["play", "pusher", "--seats", "human,human", "--seed", "5"],
        "--save",
    ),
}


def _lock_taken(path: Path, first: subprocess.Popen[bytes], seconds: float = 60) -> None:
    lock = path.with_name(path.name + ".lock")
    deadline = time.monotonic() + seconds
    while not lock.exists():
        assert first.poll() is None, "the first run ended before a second could start"
        assert time.monotonic() < deadline, f"the first run took no lock on {path.name}"
        time.sleep(0.05)


@LINUX
@pytest.mark.parametrize("command", sorted(LOCKED_WRITERS))
def test_9_a_second_writer_of_the_same_file_refuses_naming_the_first(
    tmp_path: Path, data_dir: Path, command: str
) -> None:
    name, first_argv, second_argv, option = LOCKED_WRITERS[command]
    target = tmp_path / name
    outs = ["--out", str(tmp_path / "a.parquet")] if command == "experiment --plot" else []
    env = {**child_env(data_dir), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    first = subprocess.Popen(
        cli(*first_argv, *outs, option, str(target)),
        stdin=subprocess.PIPE,  # a terminal game waits for its player's move
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,
    )
    try:
        _lock_taken(target, first)
        outs = ["--out", str(tmp_path / "b.parquet")] if command == "experiment --plot" else []
        second = subprocess.run(
            cli(*second_argv, *outs, option, str(target)),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
        err = second.stderr
        assert second.returncode == 2 and err.count("\n") == 1, err
        assert f"{target} is being written by another run (process {first.pid}" in err, err
        assert first.poll() is None, "the first run was disturbed"
        if command.startswith("play"):
            first.send_signal(signal.SIGTERM)  # the first game is saved as ever, not the second's
            first.wait(HANG_GUARD)
            assert GameLog.load(target).seed == 4
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(first.pid, signal.SIGKILL)
        first.wait(HANG_GUARD)


def test_9_an_output_named_twice_by_one_run_is_locked_once(tmp_path: Path) -> None:
    out = tmp_path / "same.json"
    with output_locks([out, None, str(out), tmp_path / "." / "same.json"]):
        assert out.with_name("same.json.lock").exists()
    assert not out.with_name("same.json.lock").exists()


def test_9_a_screenshot_onto_a_full_disk_is_one_line(tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"

    def small_files() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))

    done = subprocess.run(
        cli("play", "--screenshot", str(shot), "--size", "800x600"),
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy"},
        cwd=ROOT,
        preexec_fn=small_files,
        timeout=120,
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr and not shot.exists()


# -- 10: physics values within bounds that together never end; checks before work ----------------


@pytest.mark.parametrize("where", ["spec", "grid", "bench"])
def test_10_a_push_of_too_many_steps_is_refused_up_front(tmp_path: Path, where: str) -> None:
    if where == "bench":
        config = tmp_path / "p.toml"
        config.write_text("time_step = 1e-5\nmax_sim_time = 3600.0\n")
        argv = ["bench", "--config", str(config), "--seconds", "1"]
    elif where == "spec":
        spec = tmp_path / "s.toml"
        spec.write_text("[physics]\ntime_step = 1e-5\nmax_sim_time = 3600.0\n")
        argv = ["experiment", "run", str(spec), "--out", str(tmp_path / "o.parquet")]
    else:
        argv = ["experiment", "--grid", "time_step=1e-5,0.002", "--grid", "max_sim_time=1,3600"]
        argv += ["--out", str(tmp_path / "o.parquet")]
    code, _, _, err = astuple(run_bounded([*argv, *([] if where == "bench" else ["--quiet"])]))
    assert code == 2 and err.count("\n") == 1 and "steps per push" in err, err


def test_10_every_chunk_is_checked_before_any_is_computed(
    runs: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pusher_sim.experiment import cli as experiment_cli

    out = parts_copy(runs, tmp_path)
    parts = tmp_path / "t.parquet.parts"
    (parts / "chunk-000000000.parquet").unlink()  # to compute
    (parts / "chunk-000000003.parquet").write_bytes(b"damaged")  # found at the end, before
    seen: list[bool] = []
    real = experiment_cli.run_all

    def spy(*args: Any, **kwargs: Any) -> bool:
        seen.append((tmp_path / "t.parquet.set-aside" / "chunk-000000003.parquet").exists())
        return bool(real(*args, **kwargs))

    monkeypatch.setattr(experiment_cli, "run_all", spy)
    code, _, err = resume(out)
    assert code == 0, err
    assert seen == [True]
    assert read_table(out).equals(read_table(runs["1"]))


# -- the property: a resumed table equals the uninterrupted one, or the command refuses ----------

DAMAGE_KINDS = ["keep", "delete", "foreign", *sorted(CHUNK_DAMAGE)]
RECORD_KINDS = ["keep", "keep", "keep", *sorted(RECORD_DAMAGE), "garbage", "other run"]


def damage_parts(data: st.DataObject, runs: dict[str, Path], tmp_path: Path) -> Path:
    out = parts_copy(runs, tmp_path)
    parts = tmp_path / "t.parquet.parts"
    other = runs["5"].with_name(runs["5"].name + ".parts")
    for k in range(N_CHUNKS):
        kind = data.draw(st.sampled_from(DAMAGE_KINDS), label=f"chunk {k}")
        chunk = parts / f"chunk-{k:09d}.parquet"
        if kind == "delete":
            chunk.unlink()
        elif kind == "foreign":
            shutil.copy(other / chunk.name, chunk)
        elif kind != "keep":
            CHUNK_DAMAGE[kind](chunk)
    if data.draw(st.booleans(), label="extra chunk"):
        shutil.copy(other / "chunk-000000000.parquet", parts / "chunk-000000009.parquet")
    record = data.draw(st.sampled_from(RECORD_KINDS), label="run.json")
    if record == "garbage":
        (parts / "run.json").write_bytes(os.urandom(200))
    elif record == "other run":
        shutil.copy(other / "run.json", parts / "run.json")
    elif record != "keep":
        RECORD_DAMAGE[record](parts / "run.json")
    return out


def check_resume_property(runs: dict[str, Path], examples: int) -> dict[str, int]:
    outcomes: dict[str, int] = {}

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def resumed(data: st.DataObject) -> None:
        with tempfile.TemporaryDirectory(prefix="pusher-resume-") as name:
            folder = Path(name)
            out = damage_parts(data, runs, folder)
            outcome = same_or_refused(resume(out), out, runs["1"])
            outcomes[outcome] = outcomes.get(outcome, 0) + 1

    resumed()
    return outcomes


def test_a_resumed_table_equals_the_uninterrupted_one_or_the_command_refuses(
    runs: dict[str, Path],
) -> None:
    outcomes = check_resume_property(runs, 30)
    assert outcomes.get("same", 0) >= 10, outcomes


@pytest.mark.slow
def test_the_resume_property_over_many_damaged_folders(runs: dict[str, Path]) -> None:
    outcomes = check_resume_property(runs, 400)
    print(f"resume property: {outcomes}")
    assert outcomes.get("same", 0) >= 100, outcomes


def test_11_queued_futures_are_cancelled_only_by_the_executors_own_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The cause of the race above, checked without waiting for it: a queued future cancelled
    # from this thread while the killed workers break the pool is one the executor's thread
    # then tries to fail (InvalidStateError). Stopping leaves cancelling to that thread.
    from concurrent.futures import Future

    callers: list[str] = []
    real = Future.cancel

    def cancel(self: Future[Any]) -> bool:
        callers.append(threading.current_thread().name)
        return real(self)

    monkeypatch.setattr(Future, "cancel", cancel)
    with executor_for(2, None) as pool:
        results = run_chunks(MANY, range(MANY.n_chunks), pool)
        next(results)
        results.close()
    assert threading.main_thread().name not in callers
