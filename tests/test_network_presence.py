"""Issue 34, protocol 2 on real sockets: the version check, who is at the table (seats,
watchers, notes), the start of play, the chat, names a peer cannot abuse, the spectators' cap
and the Origin check. Every answer is awaited by its kind, never by the clock."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from pusher_sim.net import protocol
from tests.hosted import Host, Peer

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="kills processes by group")


@pytest.fixture
def host(tmp_path: Path) -> Host:
    started = Host(tmp_path / "host", "pushover", "--seats", "open,open", "--seed", "3")
    yield started
    started.kill()


def test_a_client_of_another_version_is_refused_in_one_line(host: Host) -> None:
    old = Peer(host.address)
    old.send({"v": 1, "kind": "hello", "role": "play"})
    error = old.next("error")
    assert error["code"] == protocol.BAD_VERSION
    assert error["message"] == "this host speaks protocol 2, the client 1: update the client"
    assert old.closed() == 1008
    Peer(host.address, role="play").next("welcome", seat=0)  # the seat is still open


def test_the_seats_say_who_is_there_and_play_starts_with_each_seats_legal_actions(
    host: Host,
) -> None:
    ann = Peer(host.address, role="play", name="Ann")
    welcome = ann.next("welcome")
    assert welcome["you"] == {"seat": 0, "name": "Ann", "role": "play"}
    assert welcome["moves"] == 0 and welcome["chat"] == [] and "addresses" not in welcome
    assert welcome["view"]["seat_names"] == ["open", "open"]
    seats = ann.next("seats")
    assert seats["note"] == "red (Ann) joined" and seats["waiting"] == 1
    assert not seats["started"] and seats["watchers"] == []
    assert seats["seats"] == [
        {"seat": 0, "kind": "person", "name": "Ann", "taken": True, "present": True, "bot": False},
        {"seat": 1, "kind": "open", "name": None, "taken": False, "present": False, "bot": False},
    ]
    wes = Peer(host.address, role="watch", name="Wes")
    assert wes.next("welcome")["you"] == {"seat": -3, "name": "", "role": "watch"}
    assert ann.next("seats", note="Wes is watching")["watchers"] == ["Wes"]
    bob = Peer(host.address, role="play")
    assert bob.next("welcome")["seat"] == 1
    for peer, seat in ((ann, 0), (bob, 1), (wes, -3)):
        seats = peer.next("seats", note="blue joined")
        assert seats["started"] and seats["waiting"] == 0
        start = peer.next("start")
        assert start["moves"] == 0
        assert bool(start["legal"]) == (start["to_move"] == seat), (seat, start)
    bob.close()
    left = ann.next("seats", note="blue left")
    assert left["seats"][1]["present"] is False and left["seats"][1]["taken"] is True
    wes.close()
    assert ann.next("seats", note="Wes stopped watching")["watchers"] == []


def test_chat_reaches_everyone_as_plain_text_within_its_rate(host: Host) -> None:
    ann = Peer(host.address, role="play", name="Ann")
    ann.next("welcome")
    wes = Peer(host.address, role="watch", name="W\x1b[31mes\n")
    wes.next("welcome")
    ann.send({"v": 2, "kind": "chat", "text": " hi\x1b[2J\u202ethere\r\n"})
    for peer in (ann, wes):
        line = peer.next("chat")
        assert line == {
            "v": 2,
            "kind": "chat",
            "n": 1,
            "seat": 0,
            "name": "Ann",
            "text": "hi[2Jthere",
        }
    wes.send({"v": 2, "kind": "chat", "text": "hello"})
    assert ann.next("chat", n=2)["seat"] == -3 and ann.got[-1]["name"] == "W[31mes"
    for text in ("", "\x07\x08", "x" * (protocol.MAX_CHAT + 1)):
        ann.send({"v": 2, "kind": "chat", "text": text})
        assert ann.next("error")["code"] == protocol.BAD_MESSAGE
    for n in range(30):  # fewer than the flood's burst of 40; far more than chat's 5
        ann.send({"v": 2, "kind": "chat", "text": f"line {n}"})
    answers = [_chat_or_error(ann) for _ in range(30)]
    assert protocol.CHAT_RATE in answers and "chat" in answers
    ann.send({"v": 2, "kind": "act", "move": 0, "action": {"type": "Stop", "seat": 0}})
    assert ann.next("error")["code"] == protocol.NOT_YOUR_TURN  # the connection stayed
    assert "\x1b" not in "".join(host.out) and not any(line.startswith("es") for line in host.out)


def _chat_or_error(peer: Peer) -> str:
    """The next answer to one of ``peer``'s chat lines: "chat" (its own line come back) or the
    error's code."""
    while True:
        data = json.loads(peer.conn.recv(timeout=60))
        peer.got.append(data)
        if data["kind"] == "chat" and data["seat"] == 0:
            return "chat"
        if data["kind"] == "error":
            return str(data["code"])


def test_a_welcome_repeats_the_last_fifty_chat_lines(host: Host) -> None:
    talkers = [Peer(host.address, role="watch", name=f"w{n}") for n in range(11)]
    for peer in talkers:
        peer.next("welcome")
    for n, peer in enumerate(talkers):
        for k in range(5):  # each within its burst
            peer.send({"v": 2, "kind": "chat", "text": f"{n}.{k}"})
    last = talkers[-1]
    last.next("chat", n=55)
    late = Peer(host.address, role="watch").next("welcome")
    assert [line["n"] for line in late["chat"]] == list(range(6, 56))
    assert late["chat"][-1] == {"n": 55, "seat": -3, "name": "w10", "text": "10.4"}


def test_a_name_that_is_no_text_is_refused_before_any_seat_is_taken(host: Host) -> None:
    bad = Peer(host.address)
    bad.send('{"v": 2, "kind": "hello", "role": "play", "name": "\\ud800"}')
    assert bad.next("error")["code"] == protocol.BAD_MESSAGE
    assert bad.closed() == 1008
    forger = Peer(host.address, role="play", name="Eve\npusher host: over")
    assert forger.next("welcome")["seat"] == 0  # the surrogate's hello took no seat
    assert forger.got[-1]["you"]["name"] == "Evepusher host: over"
    host.wait_for("Evepusher host")
    assert not any(line.startswith("pusher host: over") for line in host.out)


def test_a_binary_frame_is_refused_and_the_connection_stays(host: Host) -> None:
    peer = Peer(host.address, role="watch")
    peer.next("welcome")
    peer.send(b'{"v": 2, "kind": "chat", "text": "hi"}')
    assert peer.next("error")["code"] == protocol.BAD_MESSAGE
    peer.send({"v": 2, "kind": "chat", "text": "hi"})
    assert peer.next("chat")["text"] == "hi"


def test_spectators_are_capped_apart_and_a_token_always_gets_back_in(tmp_path: Path) -> None:
    host = Host(tmp_path / "host", "pushover", "--seats", "open,open", "--max-connections", "3")
    try:
        ann = Peer(host.address, role="play")
        token = ann.next("welcome")["token"]
        watchers = [Peer(host.address, role="watch") for _ in range(3)]
        for peer in watchers:
            peer.next("welcome")
        extra = Peer(host.address, role="watch")
        assert extra.next("error")["code"] == protocol.FULL and extra.closed() == 1008
        ann.close()
        back = Peer(host.address, role="play", token=token)
        assert back.next("welcome")["seat"] == 0
        bob = Peer(host.address, role="play")  # a new player too: the seats are not spectators
        assert bob.next("welcome")["seat"] == 1
    finally:
        host.kill()


def test_only_the_hosts_own_page_may_connect_from_a_browser(host: Host) -> None:
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://{host.address}", origin="http://evil.example", proxy=None)  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    body = json.loads(refused.value.response.body)
    assert body["kind"] == "error" and body["code"] == protocol.ORIGIN
    for origin in (f"http://{host.address}", None):
        with connect(f"ws://{host.address}", origin=origin, proxy=None) as ok:  # type: ignore[arg-type]
            ok.send(protocol.hello(protocol.WATCH))
            assert json.loads(ok.recv(timeout=60))["kind"] == "welcome"
