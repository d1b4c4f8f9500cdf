"""Issue 25: hostile peers against a live host change nothing (a seeded fuzz of real frames).

A Push Over match is played twice with the same seeds: once in peace, once while the test sends
the host more than 2,000 hostile frames (oversized, malformed, wrong types, unknown kinds, other
versions, actions out of turn, stale or illegal on a real seat's own connection, forged and
replayed tokens, floods, peers that never speak, more spectators than the cap). The host must
print no traceback, end the match, keep its memory bounded, and write the very same log as in
peace. Issue 34: nothing here waits on the clock; every wait is for a message, the clock only
guards against a hang, so a loaded machine makes the test slower, never wrong.
"""

from __future__ import annotations

import contextlib
import json
import random
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.frames import Frame, Opcode
from websockets.sync.client import ClientConnection, connect

from pusher_sim.net import protocol
from pusher_sim.net.bot_client import decide
from pusher_sim.net.client import Follower, Link
from pusher_sim.net.host_messages import End, Message, News, Refused, Start, Welcome
from pusher_sim.net.joined import make_agent
from tests.hosted import Host, Proc, finish, join

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")

HOST_SEED, BOT_SEED, FUZZ_SEED = 11, 5, 2026
FRAMES = 2000


class PeakMemory:
    """A process's peak resident memory (VmHWM), read until it exits."""

    def __init__(self, pid: int) -> None:
        self.pid, self.mb = pid, 0.0
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _watch(self) -> None:
        while True:
            try:
                text = Path(f"/proc/{self.pid}/status").read_text()
            except OSError:
                return
            for line in text.splitlines():
                if line.startswith("VmHWM:"):
                    self.mb = max(self.mb, int(line.split()[1]) / 1024)
            time.sleep(0.02)


@contextlib.contextmanager
def ws(address: str, **kwargs: Any) -> Iterator[ClientConnection]:
    with connect(
        f"ws://{address}", compression=None, open_timeout=GUARD, proxy=None, **kwargs
    ) as c:
        yield c


GUARD = 120.0
"""Seconds any wait may last before the test calls it a hang: a guard, never a measure."""


class Hostile:
    """Sends hostile frames from many connections and counts every answer the host gave.

    Every wait is for a message (an answer, a welcome, the close of a connection), with
    :data:`GUARD` only as a hang guard: on a loaded machine the test is slower, never wrong.
    """

    def __init__(self, address: str, seed: int, stolen: str) -> None:
        self.address, self.rng, self.stolen = address, random.Random(seed), stolen
        self.sent = 0
        self.codes: dict[str, int] = {}
        self.unanswered = 0
        """Frames a spectator sent that the host never answered (each must be answered)."""
        self.lock = threading.Lock()

    def count(self, code: str) -> None:
        with self.lock:
            self.codes[code] = self.codes.get(code, 0) + 1

    def junk(self) -> str | bytes:
        """One frame of a random hostile kind that leaves the connection open and is answered
        by exactly one error."""
        r = self.rng
        pick = r.randrange(8)
        if pick == 0:
            return bytes(r.randrange(256) for _ in range(r.randrange(1, 64)))
        if pick == 1:
            return '{"v": 2, "kind": "act", "move": ' + "[" * r.randrange(33, 2000)
        if pick == 2:
            return json.dumps({"v": 2, "kind": r.choice(["teleport", "", "ACT", "end", "move"])})
        if pick == 3:
            bad = r.choice(['"3"', "1e999", "NaN", "true", "-1", "99999999999999999999999"])
            return '{"v": 2, "kind": "act", "move": ' + bad + ', "action": {"type": "Stop"}}'
        if pick == 4:
            return json.dumps(
                {"v": 2, "kind": "act", "move": 0, "action": {"type": "Roll", "seat": 0}}
            )
        if pick == 5:
            return json.dumps({"v": 2, "kind": "hello", "role": "play"})
        if pick == 6:
            return '{"v": 2, "kind": "act", "kind": "act"}'
        return json.dumps([1, 2, 3]) if r.random() < 0.5 else '{"v": 2, "kind": "act", "move": 0'

    def answers(self, conn: ClientConnection, wanted: int | None) -> int:
        """Count the errors the host sends on ``conn``: ``wanted`` of them, or (None) all until
        the host closes the connection; how many came."""
        got = 0
        deadline = time.monotonic() + GUARD
        with contextlib.suppress(ConnectionClosed):
            while wanted is None or got < wanted:
                data = json.loads(conn.recv(timeout=max(0.0, deadline - time.monotonic())))
                if data["kind"] == "error":
                    self.count(data["code"])
                    got += 1
        return got

    def watch(self) -> ClientConnection:
        """A spectator's connection, welcomed (it asks again while the spectators are full)."""
        deadline = time.monotonic() + GUARD
        while True:
            conn = connect(f"ws://{self.address}", compression=None, proxy=None, legacy=True)
            conn.send(protocol.hello(protocol.WATCH))
            data = json.loads(conn.recv(timeout=GUARD))
            if data["kind"] == "welcome":
                return conn
            conn.close()
            assert time.monotonic() < deadline, data
            time.sleep(0.05)

    def spectator_junk(self, frames: int, ready: threading.Barrier) -> None:
        conn = self.watch()
        ready.wait(GUARD)
        for _ in range(frames):
            conn.send(self.junk())
            with self.lock:
                self.sent += 1
            time.sleep(0.06)  # under the rate limit: each is answered, none closes
        answered = self.answers(conn, frames)  # one answer each, read as they come
        with self.lock:
            self.unanswered += frames - answered
        conn.close()

    def closing(self, pick: int) -> None:
        """One connection that breaks a bound (``pick``: which) and must be closed: read to
        its close."""
        r = random.Random(pick)
        if pick == 0:  # oversized: the WebSocket layer closes it (1009), no answer
            size = r.randrange(protocol.MAX_PEER_FRAME + 1, 4 * protocol.MAX_PEER_FRAME)
            frames = ["x" * size]
        elif pick == 1:  # forged token
            frames = [protocol.hello(protocol.PLAY, token="A" * protocol.TOKEN_CHARS)]
        elif pick == 2:  # replayed token of a seat held by a live connection
            frames = [protocol.hello(protocol.PLAY, token=self.stolen)]
        elif pick == 3:  # another version
            frames = [json.dumps({"v": 1, "kind": "hello", "role": "watch"})]
        elif pick == 4:  # a flood: 120 frames in one write, as one burst
            frames = [protocol.hello(protocol.WATCH)]
            flood = Frame(Opcode.TEXT, json.dumps({"v": 2, "kind": "nothing"}).encode())
            burst = b"".join(flood.serialize(mask=True, extensions=[]) for _ in range(120))
        else:  # garbage as the first frame
            frames = ["not json at all"]
        with self.lock:
            self.sent += len(frames) + (120 if pick == 4 else 0)
        with (
            contextlib.suppress(ConnectionClosed, OSError, InvalidHandshake),
            ws(self.address, max_size=None) as conn,
        ):
            for frame in frames:
                conn.send(frame)
            if pick == 4:
                assert json.loads(conn.recv(timeout=GUARD))["kind"] == "welcome"
                conn.socket.sendall(burst)
            self.answers(conn, None)

    def crowd(self, cap: int) -> None:
        """Peers that never speak (before or after the WebSocket handshake), and more
        spectators than the cap: the silent are told `timeout` and closed after the hello
        timeout, the extra spectators refused (`full`). Read to the end, by message."""
        port = int(self.address.split(":")[1])
        raw = [socket.create_connection(("127.0.0.1", port)) for _ in range(10)]
        silent = [
            connect(f"ws://{self.address}", compression=None, proxy=None, legacy=True)
            for _ in range(10)
        ]
        watchers = []
        for _ in range(cap + 6):
            conn = connect(f"ws://{self.address}", compression=None, proxy=None, legacy=True)
            conn.send(protocol.hello(protocol.WATCH))
            with self.lock:
                self.sent += 1
            data = json.loads(conn.recv(timeout=GUARD))
            if data["kind"] == "error":
                self.count(data["code"])
                conn.close()
            else:
                watchers.append(conn)
        for conn in silent:  # the host says why it closes a connection that never said hello
            self.answers(conn, None)
            conn.close()
        for sock in raw:
            sock.settimeout(GUARD)
            with contextlib.suppress(OSError):
                assert sock.recv(1024) == b""  # closed by the host, not left open
            sock.close()
        for conn in watchers:
            conn.close()
        gone = self.watch()  # until the host has seen every one of them go
        while json.loads(gone.recv(timeout=GUARD)).get("watchers") != [""]:
            pass
        gone.close()


class FuzzedSeat:
    """Seat 1 played by the test exactly as ``pusher join --bot random --seed BOT_SEED`` plays
    it, with hostile frames on its own connection: out of turn before play starts, and stale,
    illegal and misshapen ones before each of its moves (all answered before its move is)."""

    def __init__(self, address: str, hostile: Hostile | None) -> None:
        self.link = Link(address, protocol.PLAY, 1, None, "fuzzed", 30.0).start()
        self.hostile = hostile
        self.follower: Follower | None = None
        self.end: End | None = None
        self.junk_sent = 0
        self.refused = 0

    def take(self, message: Message) -> None:
        if isinstance(message, Welcome):
            self.follower = Follower(message)
        elif isinstance(message, Start):
            assert self.follower is not None
            self.follower.start(message)
        elif isinstance(message, News):
            assert self.follower is not None
            self.follower.news(message)
        elif isinstance(message, Refused):
            self.refused += 1
            if self.hostile is not None:
                self.hostile.count(message.code)
        elif isinstance(message, End):
            self.end = message

    def before_play(self) -> None:
        """Welcomed while the match waits for seat 0: out-of-turn actions, each refused."""
        while self.follower is None:
            self.take(self.link.inbox.get(timeout=GUARD))
        if self.hostile is None:
            return
        for _ in range(3):
            self.link.send(protocol.act(0, {"type": "Stop", "seat": 1}))
            self.junk_sent += 1
        while self.refused < 3:
            self.take(self.link.inbox.get(timeout=GUARD))

    def play(self) -> None:
        agent = None
        asked = -1
        while self.end is None:
            self.take(self.link.inbox.get(timeout=GUARD))
            follower = self.follower
            assert follower is not None
            agent = agent or make_agent("random", follower.game)
            moves = follower.view.moves
            if follower.my_turn and asked != moves:
                asked = moves
                if self.hostile is not None:
                    for frame in (
                        protocol.act(max(0, moves - 1), {"type": "Stop", "seat": 1}),  # stale
                        protocol.act(moves, {"type": "Die", "value": 4}),  # illegal
                        protocol.act(moves, {"type": "Roll", "seat": 1, "x": 1}),  # wrong shape
                    ):
                        self.link.send(frame)
                        self.junk_sent += 1
                self.link.send(protocol.act(moves, decide(follower, agent, BOT_SEED).to_json()))
        self.link.close()


def play(tmp: Path, fuzz: bool) -> tuple[dict[str, Any], Proc, Hostile | None, float, FuzzedSeat]:
    """One match: seat 1 (the test) joins first, then seat 0 (``pusher join --bot``); in the
    storm, every hostile peer has done its worst while the match is under way, and seat 1
    then plays to the end (a seat may think for as long as it likes)."""
    cap = 40
    host = Host(
        tmp / "host",
        "pushover",
        "--seats",
        "open,open",
        "--seed",
        str(HOST_SEED),
        "--max-connections",
        str(cap),
    )
    memory = PeakMemory(host.popen.pid)
    hostile = None
    if fuzz:
        hostile = Hostile(host.address, FUZZ_SEED, "")
    seat = FuzzedSeat(host.address, hostile)
    seat.before_play()
    bot = join(tmp / "bot", host.address, "--seat", "0", "--bot", "random", "--seed", str(BOT_SEED))
    bot.wait_for("seated as", GUARD)
    if hostile is not None:
        held = json.loads((tmp / "bot" / "saves" / "held-seats.json").read_text())
        hostile.stolen = next(iter(held.values()))[0]["token"]
        hostile.crowd(cap)
        spectators = 24
        ready = threading.Barrier(spectators + 1)
        threads = [
            threading.Thread(target=hostile.spectator_junk, args=(60, ready))
            for _ in range(spectators)
        ]
        for t in threads:
            t.start()
        ready.wait(GUARD)  # every junk spectator is seated before the closing peers come
        for _ in range(5):  # 24 at once: fewer than the cap of peers still saying hello
            closing = [threading.Thread(target=hostile.closing, args=(n % 6,)) for n in range(24)]
            for t in closing:
                t.start()
            for t in closing:
                t.join(GUARD)
                assert not t.is_alive(), "a peer hung"
        for t in threads:
            t.join(GUARD)
            assert not t.is_alive(), "a peer hung"
    seat.play()
    finish(bot, host)
    memory.thread.join(5)
    return host.log(), host, hostile, memory.mb, seat


def test_two_thousand_hostile_frames_change_nothing(tmp_path: Path) -> None:
    calm, _, _, calm_peak, _ = play(tmp_path / "calm", fuzz=False)
    stormy, host, hostile, stormy_peak, seat = play(tmp_path / "stormy", fuzz=True)
    assert hostile is not None
    assert hostile.sent + seat.junk_sent >= FRAMES, (hostile.sent, seat.junk_sent)
    print(f"{hostile.sent + seat.junk_sent} hostile frames; answers {hostile.codes}")
    print(f"host peak resident memory: calm {calm_peak:.0f} MB, under fuzz {stormy_peak:.0f} MB")
    assert stormy == calm  # the match's log is unchanged by any of them
    assert not host.tracebacks and not any("internal error" in line for line in host.out)
    assert seat.refused == seat.junk_sent  # every frame of the seat's own was refused
    for code in (protocol.NOT_YOUR_TURN, protocol.STALE, protocol.ILLEGAL, protocol.WATCHING):
        assert hostile.codes.get(code, 0) > 0, (code, hostile.codes)
    for code in (protocol.BAD_JSON, protocol.UNKNOWN_KIND, protocol.BAD_MESSAGE):
        assert hostile.codes.get(code, 0) > 0, (code, hostile.codes)
    for code in (protocol.BAD_TOKEN, protocol.SEAT_TAKEN, protocol.FLOOD, protocol.BAD_VERSION):
        assert hostile.codes.get(code, 0) == 20, (code, hostile.codes)  # each of its 20 peers
    assert hostile.codes.get(protocol.TIMEOUT) == 10 and hostile.codes.get(protocol.FULL) == 6
    assert hostile.unanswered == 0
    assert stormy_peak < max(2 * calm_peak, calm_peak + 60), (calm_peak, stormy_peak)
