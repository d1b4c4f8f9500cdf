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
from pusher_sim.net.client import Link
from pusher_sim.net.host_addresses import join_addresses
from pusher_sim.net.host_messages import Closed, Refused, Welcome
from pusher_sim.net.server import Limits, Server
from pusher_sim.net.table import HostedMatch
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import get_spec
from tests.hosted import Host, Peer, served

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
    assert host.out[0].startswith("pusher host: hosting Push Over on ws://")  # its title


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
        data = json.loads(peer.conn.recv(timeout=120))
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
            assert json.loads(ok.recv(timeout=120))["kind"] == "welcome"


def test_a_client_paces_itself_below_the_flood_limit(host: Host) -> None:
    """Issue 34, item 5: ``pusher join --bot`` sent as fast as it decided and was closed for
    flooding; every message a client sends now leaves a pause after the last, so more than the
    host's burst in a row is all answered."""
    link = Link(host.address, protocol.WATCH, retry_for=0.0).start()
    try:
        assert isinstance(link.inbox.get(timeout=120), Welcome)
        for _ in range(45):  # the host's burst is 40
            assert link.send(protocol.act(0, {"type": "Stop", "seat": 0}))
        codes = []
        while len(codes) < 45:
            message = link.inbox.get(timeout=120)
            assert not isinstance(message, Closed), message
            if isinstance(message, Refused):
                assert message.code == protocol.WATCHING, message  # never flood
                codes.append(message.code)
    finally:
        link.close()


def test_a_greeting_that_fails_after_the_seat_was_taken_gives_the_seat_back(
    tmp_path: Path,
) -> None:
    """Issue 34, item 3: a greeting that failed after the seat was taken (printing the name
    raised) left the seat held by a dead connection for ever. A host whose terminal fails once,
    at the first arrival, gives that seat back: the next joiner takes it."""
    spec = get_spec("pushover")
    game = spec.make_game({"players": 2})
    match = Match(game, [None, None], seed=3, seat_names=["open", "open"])
    table = HostedMatch.new(spec, match, ["open", "open"], tmp_path / "hosted.json")
    broke: list[str] = []

    def say(line: str) -> None:
        if "joined" in line and not broke:
            broke.append(line)
            raise RuntimeError("the terminal broke")

    with served(Server(table, say=say)) as address:
        first = Peer(address, role="play", seat=0, name="Ann")
        assert first.closed() is not None and "welcome" not in [m["kind"] for m in first.got]
        second = Peer(address, role="play", seat=0, name="Bob")
        assert second.next("welcome")["you"] == {"seat": 0, "name": "Bob", "role": "play"}
        assert broke == ["red (Ann) joined"] and table.seats[0].name == "Bob"


def test_connections_still_saying_hello_are_capped_before_the_handshake() -> None:
    """More connections that have not said hello than the cap: the next is refused with HTTP
    503 before its handshake (a hello timeout longer than the test, so nothing races it), and
    a seated player, who counts against no cap, still got in."""
    spec = get_spec("pushover")
    game = spec.make_game({"players": 2})
    table = HostedMatch.new(spec, Match(game, [None, None], seed=1), ["open", "open"], None)
    limits = Limits(connections=3, hello_timeout=3600.0)
    with served(Server(table, limits, say=lambda line: None)) as address:
        seated = Peer(address, role="play")
        seated.next("welcome")
        silent = [Peer(address) for _ in range(3)]
        with pytest.raises(InvalidStatus) as refused:
            Peer(address)
        assert refused.value.response.status_code == 503
        for peer in [seated, *silent]:
            peer.close()


def test_a_seat_still_held_by_a_dropped_connection_is_asked_for_again(host: Host) -> None:
    """Right after a drop the host may not yet have seen the old connection close, and answers
    `seat-taken`: the client asks again (the documented retry) and takes its seat once the old
    connection is gone, instead of giving up at the first answer."""
    old = Peer(host.address, role="play")
    token = old.next("welcome")["token"]
    link = Link(host.address, protocol.PLAY, None, token, retry_for=600.0).start()
    try:
        refused = link.inbox.get(timeout=120)
        assert isinstance(refused, Refused) and refused.code == protocol.SEAT_TAKEN
        old.close()
        welcome = link.inbox.get(timeout=120)
        assert isinstance(welcome, Welcome) and welcome.seat == 0
    finally:
        link.close()


def test_a_seat_notice_names_the_seat_without_its_number() -> None:
    """Issue 34: notices read "Blue (seat 1) (Bob) left", counting seats from 0 unlike the
    Host and Join forms; a seat is named by its colour and its player only."""
    spec = get_spec("pusher")
    game = spec.make_game({"players": 2})
    table = HostedMatch.new(spec, Match(game, [None, None], seed=1), ["open", "open"], None)
    table.seats[1].name = "Bob"
    assert table.who(1) == "blue (Bob)" and table.who(0) == "red"


def test_a_host_on_every_address_prints_each_address_to_join(tmp_path: Path) -> None:
    """Issue 34: bound to 0.0.0.0 the host's terminal gave one address (the hostname's, often
    127.0.0.1) while its window listed the LAN's first: it prints every address the window
    lists, each with its page."""
    host = Host(tmp_path / "host", "pushover", "--seats", "open,open", "--bind", "0.0.0.0")
    try:
        host.wait_for(r"to play in a browser: http://127\.0\.0\.1:\d+/ \(this machine only\)")
        for address in join_addresses("0.0.0.0", host.port):
            assert f"pusher host: to join: pusher join {address}" in host.out, host.out
            assert f"to play in a browser: http://{address.split(' ')[0]}/" in "\n".join(host.out)
    finally:
        host.kill()
