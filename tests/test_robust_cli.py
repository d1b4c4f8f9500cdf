"""Issue 14 on the command line: every argument checked up front, no game lost to Ctrl-C, SIGTERM
or a failed write, and one Ctrl-C always stops the process."""

from __future__ import annotations

import io
import os
import resource
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from pusher_sim import atomic, benchmarking, interrupts
from pusher_sim import cli as cli_module
from pusher_sim.turnloop import GameLog, get_spec, replay
from pusher_sim.turnloop import simulate as simulate_module
from tests import saved_logs
from tests.cli_runner import one_line_error, run
from tests.stand_ins import record_work

ROOT = Path(__file__).resolve().parents[1]
HANG_GUARD = 120.0
"""Seconds a signalled process may take to end: only a hang reaches it, never a slow machine."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("PUSHER_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def no_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal player who has gone: input() meets end of file, as with ``</dev/null``."""

    monkeypatch.setattr("sys.stdin", io.StringIO(""))


@pytest.fixture
def work_done(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What of the commands' real work was started: a game played, games simulated, a bench
    measured (each replaced by a stand-in that records it and stops there)."""
    measures = ("step_rates", "push_cost", "pushes_with_workers")
    return record_work(
        monkeypatch,
        [
            (cli_module, "_play", "the game"),
            (cli_module, "simulate", "the simulation"),
            *((benchmarking, m, f"bench's {m}") for m in measures),
        ],
    )


# -- arguments (issue 14, items 5 and 6) -------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["simulate", "pushover", "--workers", str(10**30)], "--workers"),
        (["simulate", "pushover", "--workers", "0"], "--workers"),
        (["simulate", "pushover", "--games", str(10**30)], "at most 100,000"),
        (["simulate", "pushover", "--seed", str(2**64)], "--seed"),
        (["bench", "--workers", "0"], "--workers"),
        (["bench", "--workers", "1,-2"], "--workers"),
        (["bench", "--workers", str(10**30)], "--workers"),
        (["bench", "--seconds", "nan"], "finite"),
        (["bench", "--seconds", "inf"], "finite"),
        (["bench", "--seconds", "0"], "--seconds"),
        (["bench", "--seconds", "-1"], "--seconds"),
        (["bench", "--seconds", "1e9"], "--seconds"),
        (["bench", "--config", "/dev/zero"], "not a regular file"),
        (["play", "--screenshot", "/nonexistent-dir/x.png"], "does not exist"),
        (["play", "--screenshot", "x.png", "--terminal"], "--terminal"),
        (["play", "--screenshot", "x.txt"], ".png"),
        (["play", "pushover", "--save", "/nonexistent-dir/t.json"], "does not exist"),
        (["play", "pushover", "--seed", "-3"], "--seed"),
    ],
)
def test_a_bad_argument_is_one_line_before_any_work(
    capsys: pytest.CaptureFixture[str], work_done: list[str], argv: list[str], says: str
) -> None:
    assert says in one_line_error(capsys, argv)
    assert work_done == []


def test_a_save_path_that_cannot_be_written_is_refused_before_the_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, no_input: None, work_done: list[str]
) -> None:
    argv = ["play", "pushover", "--seats", "bot,bot", "--save", str(tmp_path)]
    assert "is a folder" in one_line_error(capsys, argv)
    assert work_done == []  # refused, not played to the end first


@pytest.mark.parametrize("make", [saved_logs.pushover_log, saved_logs.rummy_log])
def test_the_screenshot_of_a_card_or_dice_game_writes_its_png(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make: Any
) -> None:
    """Exit 0 means a file was written (it used to mean nothing for a non-Pusher log)."""
    log = saved_logs.write(tmp_path / "log.json", make())
    png = tmp_path / "x.png"
    code, _, err = run(capsys, ["play", "--load", str(log), "--screenshot", str(png)])
    assert code == 0, err
    assert png.read_bytes().startswith(b"\x89PNG")


def test_loading_another_game_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = saved_logs.write(tmp_path / "rummy.json", saved_logs.rummy_log())
    err = one_line_error(capsys, ["play", "pushover", "--load", str(log)])
    assert "is a rummy game, not pushover" in err


def test_loading_with_another_seat_count_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = saved_logs.write(tmp_path / "p.json", saved_logs.pushover_log())  # 3 seats
    err = one_line_error(capsys, ["play", "--load", str(log), "--seats", "human,bot"])
    assert "3-seat game; --seats names 2" in err


def test_loading_with_as_many_seats_swaps_people_and_bots(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, no_input: None
) -> None:
    log = saved_logs.write(tmp_path / "p.json", saved_logs.pushover_log())
    save = tmp_path / "out.json"
    code, _, err = run(
        capsys,
        ["play", "--terminal", "--load", str(log), "--seats", "bot,bot,human", "--save", str(save)],
    )
    assert code == 0, err
    assert GameLog.load(save).seats == ["bot", "bot", "human"]


def test_a_long_simulation_says_how_long_and_needs_yes_without_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(simulate_module, "LONG_RUN_SECONDS", 0.0)
    monkeypatch.setattr(simulate_module, "CALIBRATE_SECONDS", 0.0)
    monkeypatch.setattr("sys.stdin.isatty", lambda: False, raising=False)
    argv = ["simulate", "pushover", "--games", "20", "--seats", "random,random"]
    err = one_line_error(capsys, argv)
    assert "this run will take about" in err and "--yes" in err
    code, out, _ = run(capsys, [*argv, "--yes"])
    assert code == 0 and "20 games" in out


def test_simulate_hands_out_seeds_as_it_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A big run starts its first game at once: no list of every seed is built beforehand."""
    played: list[int] = []

    def stop_after_first(name: str, config: Any, seats: Any, seeds: list[int]) -> Any:
        played.extend(seeds)
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate_module, "play_games", stop_after_first)
    spec = get_spec("pushover")
    with pytest.raises(KeyboardInterrupt):
        simulate_module.simulate(spec, ["random", "random"], simulate_module.MAX_GAMES, 1)
    assert played == [1]


# -- saves are atomic (issue 14, item 2) -------------------------------------------------------


def test_a_failed_save_leaves_the_previous_save_loadable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.json"
    first = GameLog.from_json(saved_logs.pushover_log(10))
    first.save(path)
    longer = GameLog.from_json(saved_logs.pushover_log(40))
    real_fsync = os.fsync

    def dying_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", dying_fsync)
    with pytest.raises(atomic.UserError, match="previous file is unchanged"):
        longer.save(path)
    monkeypatch.setattr(atomic.os, "fsync", real_fsync)
    assert GameLog.load(path) == first
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]  # no temporary file left


def cli(*argv: str) -> list[str]:
    return [sys.executable, "-m", "pusher_sim.cli", *argv]


def child_env(data: Path) -> dict[str, str]:
    return {**os.environ, "PUSHER_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}


def test_a_save_killed_by_the_file_size_limit_keeps_the_old_file(
    tmp_path: Path, data_dir: Path
) -> None:
    """``cp rummy.json g.json; (ulimit -f 16; pusher play rummy --load g.json --save g.json)``"""
    path = tmp_path / "g.json"
    GameLog.from_json(saved_logs.rummy_log(120)).save(path)
    before = path.read_bytes()
    limit = len(before) // 2

    def limit_file_size() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    done = subprocess.run(
        cli("play", "rummy", "--terminal", "--load", str(path), "--save", str(path)),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=child_env(data_dir),
        preexec_fn=limit_file_size,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "previous file is unchanged" in done.stderr
    assert path.read_bytes() == before
    GameLog.load(path)


# -- Ctrl-C and SIGTERM save the terminal game (issue 14, item 1) ----------------------------


def wait_for(proc: subprocess.Popen[bytes], marker: bytes, seconds: float = 60.0) -> bytes:
    assert proc.stdout is not None
    seen = b""
    deadline = time.monotonic() + seconds
    while marker not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"no {marker!r} in {seen[-300:]!r}"
        ready, _, _ = select.select([proc.stdout], [], [], left)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            assert chunk, f"the process ended: {seen[-300:]!r}"
            seen += chunk
    return seen


@pytest.mark.parametrize(
    ("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)]
)
@pytest.mark.parametrize("given_save", [True, False])
def test_an_interrupted_terminal_game_is_saved(
    tmp_path: Path, data_dir: Path, sig: signal.Signals, code: int, given_save: bool
) -> None:
    save = tmp_path / "t.json"
    argv = ["play", "pushover", "--terminal", "--seats", "human,bot", "--seed", "4"]
    proc = subprocess.Popen(
        cli(*argv, *(["--save", str(save)] if given_save else [])),
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
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=HANG_GUARD)
    finally:
        proc.kill()
    where = save if given_save else data_dir / "saves" / "autosave-pushover.json"
    text = err.decode()
    assert proc.returncode == code, text
    assert text.count("\n") == 1 and f"game saved to {where}" in text, text
    log = GameLog.load(where)
    assert log.actions and log.actions[0]["type"] == "Roll"
    replay(get_spec("pushover").make_game(log.config), log)


# -- one Ctrl-C always stops the process (issue 14, item 6) ------------------------------------

CHURN = """
import sys, pymunk
from pusher_sim import interrupts
with interrupts.handled():
    try:
        print("ready", flush=True)
        while True:  # most of the time goes to freeing spaces in pymunk's ffi.gc callbacks
            space = pymunk.Space()
            for _ in range(100):
                body = pymunk.Body(1, 1)
                space.add(body, pymunk.Circle(body, 1))
            space.step(0.01)
            del space
    except KeyboardInterrupt:
        sys.exit(130)
"""


@pytest.mark.parametrize("after", [0.3, 0.45, 0.6])
def test_one_ctrl_c_stops_a_process_busy_freeing_pymunk_spaces(
    tmp_path: Path, data_dir: Path, after: float
) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", CHURN],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=child_env(data_dir),
    )
    try:
        wait_for(proc, b"ready")
        time.sleep(after)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=HANG_GUARD)
    finally:
        proc.kill()
    assert proc.returncode == 130, err.decode()[-500:]
    assert b"Exception ignored" not in err


def _function_inside_pymunk() -> Any:
    """A function whose code lives in pymunk's folder, as pymunk's destructors do: it passes
    its own frame to a signal handler, then returns 1."""
    import pymunk

    where = os.path.join(os.path.dirname(pymunk.__file__), "space.py")
    source = "def inside(handler, signum):\n    handler(signum, sys._getframe())\n    return 1\n"
    names: dict[str, Any] = {"sys": sys}
    exec(compile(source, where, "exec"), names)
    return names["inside"]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupt_inside_pymunk_is_raised_at_the_next_line_of_ours(signum: int) -> None:
    # Raised inside pymunk's ffi.gc destructors, an interrupt left a body pointing at a freed
    # space, and a later free crashed the process (SIGSEGV, seen once in the suite).
    inside = _function_inside_pymunk()
    returned = []
    with interrupts.handled():
        handler = signal.getsignal(signum)
        with pytest.raises(KeyboardInterrupt) as caught:
            returned.append(inside(handler, signum))  # pymunk's code runs to its end ...
            time.sleep(2.0)  # ... and the interrupt comes as our next line starts
    assert returned == [1]
    assert "inside" not in [entry.frame.code.name for entry in caught.traceback]
    assert interrupts.exit_code(caught.value) == 128 + signum
    assert sys.gettrace() is None


def test_one_ctrl_c_stops_a_pusher_simulation(tmp_path: Path, data_dir: Path) -> None:
    proc = subprocess.Popen(
        cli("simulate", "pusher", "--games", "50", "--progress", "--yes"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=child_env(data_dir),
    )
    try:
        wait_for(proc, b"pusher games")  # the progress bar: games are being played
        time.sleep(1.0)
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=HANG_GUARD)
    finally:
        proc.kill()
    assert proc.returncode == 130, out.decode()[-500:]
    assert b"pusher: interrupted" in out and b"Traceback" not in out


def test_a_log_is_never_saved_with_nan(tmp_path: Path) -> None:
    log = GameLog.from_json(saved_logs.pushover_log())
    log.config["track_length"] = float("nan")
    with pytest.raises(ValueError):
        log.save(tmp_path / "a.json")
    assert not (tmp_path / "a.json").exists()


@pytest.mark.parametrize(
    ("make", "argv"),
    [
        (saved_logs.pushover_log, ["--terminal"]),  # 3 seats; without "players" the config has 4
        (saved_logs.pusher_scripted_log, ["--screenshot", "x.png"]),  # 2 seats, then 3 players
    ],
)
def test_a_log_whose_seats_disagree_with_its_config_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make: Any, argv: list[str]
) -> None:
    data = make()
    if data["game"] == "pushover":
        del data["config"]["players"]
    else:
        data["config"]["players"] = 3
        del data["config"]["colours"]
    log = saved_logs.write(tmp_path / "log.json", data)
    argv = [a.replace("x.png", str(tmp_path / "x.png")) for a in argv]
    err = one_line_error(capsys, ["play", "--load", str(log), *argv])
    assert "seats, but its" in err
