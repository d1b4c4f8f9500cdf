"""Real processes on 127.0.0.1 for the network tests: a ``pusher host`` and its joiners.

Each process gets its own data folder (as if on its own machine). Output is read on a thread, so
a test waits for a line with a deadline instead of blocking on a pipe.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pusher_sim.errors import CorruptFile
from pusher_sim.net.hostfile import load_hosted
from pusher_sim.net.server import Server

ROOT = Path(__file__).resolve().parents[1]
SMALL_PUSHER = ["--set", "board_radius=3", "--set", "balls_per_player=8"]
"""A Pusher board small enough for a whole game with bots in a few seconds (17 moves, pushes)."""


def env_for(data: Path, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "PUSHER_DATA_DIR": str(data),
        "PYTHONPATH": str(ROOT),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        **extra,
    }


class Proc:
    """A ``pusher`` process whose stdout and stderr are collected line by line."""

    def __init__(self, argv: list[str], data: Path) -> None:
        data.mkdir(parents=True, exist_ok=True)
        self.data = data
        self.argv = argv
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "pusher_sim.cli", *argv],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env_for(data),
            start_new_session=True,
        )
        self.out: list[str] = []
        self.err: list[str] = []
        self._lines: queue.Queue[str] = queue.Queue()
        for stream, into in ((self.popen.stdout, self.out), (self.popen.stderr, self.err)):
            threading.Thread(target=self._read, args=(stream, into), daemon=True).start()

    def _read(self, stream: Any, into: list[str]) -> None:
        for line in stream:
            into.append(line.rstrip("\n"))
            self._lines.put(line)

    def wait_for(self, pattern: str, seconds: float = 120.0) -> re.Match[str]:
        """The first output line matching ``pattern`` (seen already or to come)."""
        deadline = time.monotonic() + seconds
        regex = re.compile(pattern)
        while True:
            for line in [*self.out, *self.err]:
                found = regex.search(line)
                if found:
                    return found
            if time.monotonic() > deadline or (
                self.popen.poll() is not None and self._lines.empty()
            ):
                raise AssertionError(f"no {pattern!r} in {self.argv}: {self.out} {self.err}")
            with contextlib.suppress(queue.Empty):
                self._lines.get(timeout=0.05)

    def wait(self, seconds: float = 180.0) -> int:
        try:
            code = self.popen.wait(seconds)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(
                f"{self.argv} still ran after {seconds} s: {self.out} {self.err}"
            ) from None
        time.sleep(0.05)  # the reader threads take the last lines
        return code

    def kill(self, sig: int = signal.SIGKILL) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, sig)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.popen.wait(10)

    @property
    def tracebacks(self) -> list[str]:
        return [line for line in [*self.out, *self.err] if "Traceback" in line]


class Host(Proc):
    """``pusher host GAME ...`` on 127.0.0.1, started and listening."""

    def __init__(self, data: Path, game: str, *argv: str, port: int | None = 0) -> None:
        """``port`` None: no ``--port`` (a ``--load`` serves on the saved match's port)."""
        where = [] if port is None else ["--port", str(port)]
        super().__init__(["host", game, *where, *argv], data)
        self.game = game
        self.port = int(self.wait_for(r"pusher join 127\.0\.0\.1:(\d+)").group(1))
        self.address = f"127.0.0.1:{self.port}"
        self.save_path = data / "saves" / f"hosted-{game}.json"

    def log(self) -> dict[str, Any]:
        """The match as the host's save holds it (the save and its journal of moves)."""
        return load_hosted(self.save_path).log.to_json()

    def wait_moves(self, moves: int, seconds: float = 120.0) -> int:
        """Wait until the host's save holds at least ``moves`` moves; how many it holds."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError, ValueError, KeyError, CorruptFile):
                held = len(self.log()["actions"])
                if held >= moves:
                    return held
            time.sleep(0.005)
        raise AssertionError(f"the host never reached move {moves}: {self.out} {self.err}")


def join(data: Path, address: str, *argv: str) -> Proc:
    return Proc(["join", address, *argv], data)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def finish(*procs: Proc, seconds: float = 300.0) -> None:
    """Wait for every process to end well; on failure, none is left running."""
    try:
        for proc in procs:
            code = proc.wait(seconds)
            assert code == 0, (proc.argv, code, proc.out, proc.err)
            assert not proc.tracebacks, proc.tracebacks
    finally:
        for proc in procs:
            if proc.popen.poll() is None:
                proc.kill()


class Peer:
    """A raw WebSocket peer of a host, for the protocol tests: it sends frames and waits for
    the host's answers by their kind, never by the clock (the deadline is only a hang guard)."""

    def __init__(self, address: str, **hello: Any) -> None:
        from websockets.sync.client import connect

        self.conn = connect(
            f"ws://{address}", compression=None, open_timeout=30, proxy=None, legacy=True
        )
        self.got: list[dict[str, Any]] = []
        if hello:
            self.send({"v": 2, "kind": "hello", **hello})

    def send(self, message: dict[str, Any] | str | bytes) -> None:
        self.conn.send(json.dumps(message) if isinstance(message, dict) else message)

    def next(self, kind: str, seconds: float = 120.0, **fields: Any) -> dict[str, Any]:
        """The next message of ``kind`` (and with ``fields``), reading past the others."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {kind} {fields} in {seconds} s: {self.got[-5:]}")
            data = json.loads(self.conn.recv(timeout=left))
            self.got.append(data)
            if data["kind"] == kind and all(data.get(k) == v for k, v in fields.items()):
                return data

    def closed(self, seconds: float = 120.0) -> int | None:
        """Read to the end of the connection; the close code the host sent."""
        from websockets.exceptions import ConnectionClosed

        deadline = time.monotonic() + seconds
        try:
            while time.monotonic() < deadline:
                self.got.append(json.loads(self.conn.recv(timeout=deadline - time.monotonic())))
        except ConnectionClosed as exc:
            return exc.rcvd.code if exc.rcvd is not None else None
        raise AssertionError(f"still open after {seconds} s: {self.got[-5:]}")

    def close(self) -> None:
        self.conn.close()


@contextlib.contextmanager
def served(server: Server) -> Iterator[str]:
    """A :class:`~pusher_sim.net.server.Server` listening on 127.0.0.1 in this process (on a
    thread of its own), for a test that sets limits or a terminal no command line offers;
    yields its address and stops it after."""
    ports: queue.Queue[int] = queue.Queue()
    loop = asyncio.new_event_loop()

    async def serve() -> None:
        ports.put(await server.start("127.0.0.1", 0))
        await server.run()
        await asyncio.sleep(0.1)  # the tasks it cancelled finish

    thread = threading.Thread(target=loop.run_until_complete, args=(serve(),), daemon=True)
    thread.start()
    try:
        yield f"127.0.0.1:{ports.get(timeout=120)}"
    finally:
        loop.call_soon_threadsafe(server.ended.set)
        thread.join(30)
        loop.close()
