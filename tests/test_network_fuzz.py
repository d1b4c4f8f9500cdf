"""Issue 25: hostile peers against a live host change nothing (a seeded fuzz of real frames).

A Push Over match is played twice with the same seeds: once in peace, once while the test sends
the host more than 2,000 hostile frames (oversized, malformed, wrong types, unknown kinds, other
versions, actions out of turn, stale or illegal on a real seat's own connection, forged and
replayed tokens, floods, peers that never speak or never read, more connections than the cap).
The host must print no traceback, end the match, keep its memory bounded, and write the very
same log as in peace.
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
from websockets.sync.client import ClientConnection, connect

from pusher_sim.net import protocol
from pusher_sim.net.bot_client import decide
from pusher_sim.net.client import End, Follower, Link, News, Refused, Welcome
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
    with connect(f"ws://{address}", compression=None, open_timeout=5, proxy=None, **kwargs) as c:
        yield c


class Hostile:
    """Sends hostile frames from many connections; counts what it sent and what came back."""

    def __init__(self, address: str, seed: int, stolen: str) -> None:
        self.address, self.rng, self.stolen = address, random.Random(seed), stolen
        self.sent = 0
        self.codes: dict[str, int] = {}
        self.refused_connections = 0

    def note(self, conn: ClientConnection) -> None:
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            while True:
                frame = conn.recv(timeout=0.001)
                data = json.loads(frame)
                if data["kind"] == "error":
                    self.codes[data["code"]] = self.codes.get(data["code"], 0) + 1

    def junk(self) -> str | bytes:
        """One frame of a random hostile kind that leaves the connection open."""
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

    def spectator_junk(self, frames: int) -> None:
        with ws(self.address) as conn:
            conn.send(protocol.hello(protocol.WATCH))
            for _ in range(frames):
                conn.send(self.junk())
                self.sent += 1
                time.sleep(0.06)  # under the rate limit: each is answered, none closes
            self.note(conn)

    def closing(self) -> None:
        """One connection that breaks a bound and must be closed."""
        r = self.rng
        pick = r.randrange(6)
        try:
            with ws(self.address, max_size=None) as conn:
                if pick == 0:  # oversized
                    conn.send(
                        "x" * r.randrange(protocol.MAX_PEER_FRAME + 1, 4 * protocol.MAX_PEER_FRAME)
                    )
                    self.sent += 1
                elif pick == 1:  # forged token
                    conn.send(protocol.hello(protocol.PLAY, token="A" * protocol.TOKEN_CHARS))
                    self.sent += 1
                elif pick == 2:  # replayed token of a seat held by a live connection
                    conn.send(protocol.hello(protocol.PLAY, token=self.stolen))
                    self.sent += 1
                elif pick == 3:  # another version
                    conn.send(json.dumps({"v": 1, "kind": "hello", "role": "watch"}))
                    self.sent += 1
                elif pick == 4:  # a flood
                    conn.send(protocol.hello(protocol.WATCH))
                    for _ in range(120):
                        conn.send(json.dumps({"v": 2, "kind": "nothing"}))
                        self.sent += 1
                else:  # a second hello, then garbage as the first frame of a new one
                    conn.send("not json at all")
                    self.sent += 1
                deadline = time.monotonic() + 5
                while time.monotonic() < deadline:
                    data = json.loads(conn.recv(timeout=5))
                    if data["kind"] == "error":
                        self.codes[data["code"]] = self.codes.get(data["code"], 0) + 1
        except (ConnectionClosed, TimeoutError, OSError, InvalidHandshake):
            pass

    def crowd(self) -> None:
        """Peers that never speak (before or after the WebSocket handshake), and more
        connections at once than the host's cap of 64: the silent are closed after the
        handshake timeout, the extra refused before theirs."""
        port = int(self.address.split(":")[1])
        raw = [socket.create_connection(("127.0.0.1", port)) for _ in range(10)]
        held: list[ClientConnection] = []
        for _ in range(80):
            try:
                held.append(
                    connect(f"ws://{self.address}", compression=None, proxy=None, legacy=True)
                )
            except InvalidHandshake:
                self.refused_connections += 1
        for conn in held:
            with contextlib.suppress(ConnectionClosed, TimeoutError):
                while True:  # the host says why it closes a connection that never said hello
                    data = json.loads(conn.recv(timeout=8))
                    if data["kind"] == "error":
                        self.codes[data["code"]] = self.codes.get(data["code"], 0) + 1
            conn.close()
        for sock in raw:
            sock.settimeout(8)
            with contextlib.suppress(OSError):
                assert sock.recv(1024) == b""  # closed by the host, not left open
            sock.close()


class FuzzedSeat:
    """Seat 1 played by the test exactly as ``pusher join --bot random --seed BOT_SEED`` plays
    it, with hostile frames on its own connection before each of its moves."""

    def __init__(self, address: str, hostile: Hostile | None) -> None:
        self.link = Link(address, protocol.PLAY, 1, None, "fuzzed", 30.0).start()
        self.hostile = hostile
        self.follower: Follower | None = None
        self.end: End | None = None

    def play(self) -> None:
        agent = None
        asked, last_junk = -1, 0.0
        while True:
            message = self.link.inbox.get(timeout=60)
            if isinstance(message, Welcome):
                self.follower = Follower(message)
                agent = make_agent("random", self.follower.game)
                asked = -1
            elif isinstance(message, News):
                assert self.follower is not None
                self.follower.news(message)
            elif isinstance(message, Refused) and self.hostile is not None:
                codes = self.hostile.codes
                codes[message.code] = codes.get(message.code, 0) + 1
            elif isinstance(message, End):
                self.end = message
                self.link.close()
                return
            follower = self.follower
            if follower is None or agent is None:
                continue
            moves = follower.view.moves
            calm = time.monotonic() - last_junk > 0.15  # this seat stays under the rate limit
            if self.hostile is not None and follower.view.to_move != 1 and calm:
                act = {"type": "Stop", "seat": 1}  # out of turn
                self.link.send(protocol.act(moves, act))
                self.hostile.sent += 1
                last_junk = time.monotonic()
            if follower.my_turn and asked != moves:
                asked = moves
                if self.hostile is not None:
                    # Wait out the rate limit, so every turn of this seat carries its junk
                    # whatever the pace of the match (a fast host left no calm turn at all).
                    time.sleep(max(0.0, 0.15 - (time.monotonic() - last_junk)))
                    last_junk = time.monotonic()
                    for frame in (
                        protocol.act(max(0, moves - 1), {"type": "Stop", "seat": 1}),  # stale
                        protocol.act(moves, {"type": "Die", "value": 4}),  # illegal
                        protocol.act(moves, {"type": "Roll", "seat": 1, "x": 1}),  # wrong shape
                    ):
                        self.link.send(frame)
                        self.hostile.sent += 1
                self.link.send(protocol.act(moves, decide(follower, agent, BOT_SEED).to_json()))


def play(tmp: Path, fuzz: bool) -> tuple[dict[str, Any], Proc, Hostile | None, float]:
    host = Host(tmp / "host", "pushover", "--seats", "open,open", "--seed", str(HOST_SEED))
    memory = PeakMemory(host.popen.pid)
    bot = join(tmp / "bot", host.address, "--seat", "0", "--bot", "random", "--seed", str(BOT_SEED))
    bot.wait_for("seated as")
    hostile = None
    threads = []
    if fuzz:
        held = json.loads((tmp / "bot" / "saves" / "held-seats.json").read_text())
        hostile = Hostile(host.address, FUZZ_SEED, next(iter(held.values()))[0]["token"])
        hostile.crowd()
        for _ in range(24):
            threads.append(threading.Thread(target=hostile.spectator_junk, args=(60,)))
        for _ in range(120):
            threads.append(threading.Thread(target=hostile.closing))
        for t in threads[:24]:
            t.start()
    seat = FuzzedSeat(host.address, hostile)
    player = threading.Thread(target=seat.play)
    player.start()
    for t in threads[24:]:
        t.start()
        time.sleep(0.005)
    for t in [*threads, player]:
        t.join(120)
        assert not t.is_alive(), "a peer hung"
    finish(bot, host)
    assert seat.end is not None
    memory.thread.join(5)
    return host.log(), host, hostile, memory.mb


def test_two_thousand_hostile_frames_change_nothing(tmp_path: Path) -> None:
    calm, _, _, calm_peak = play(tmp_path / "calm", fuzz=False)
    stormy, host, hostile, stormy_peak = play(tmp_path / "stormy", fuzz=True)
    assert hostile is not None and hostile.sent >= FRAMES, hostile.sent
    print(f"{hostile.sent} hostile frames; answers {hostile.codes}; {hostile.refused_connections}")
    print(f"host peak resident memory: calm {calm_peak:.0f} MB, under fuzz {stormy_peak:.0f} MB")
    assert stormy == calm  # the match's log is unchanged by any of them
    assert not host.tracebacks and not any("internal error" in line for line in host.out)
    for code in (protocol.NOT_YOUR_TURN, protocol.STALE, protocol.ILLEGAL, protocol.WATCHING):
        assert hostile.codes.get(code, 0) > 0, (code, hostile.codes)
    for code in (protocol.BAD_JSON, protocol.UNKNOWN_KIND, protocol.BAD_MESSAGE):
        assert hostile.codes.get(code, 0) > 0, (code, hostile.codes)
    for code in (protocol.BAD_TOKEN, protocol.SEAT_TAKEN, protocol.FLOOD, protocol.BAD_VERSION):
        assert hostile.codes.get(code, 0) > 0, (code, hostile.codes)
    assert hostile.codes.get(protocol.TIMEOUT, 0) >= 1 and hostile.refused_connections > 0
    assert stormy_peak < max(2 * calm_peak, calm_peak + 60), (calm_peak, stormy_peak)
