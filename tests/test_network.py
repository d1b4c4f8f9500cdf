"""Issue 25: play across machines, with real processes on 127.0.0.1.

A ``pusher host`` process holds each match; ``pusher join`` processes (headless bots here, the
windows in test_network_window.py) play it. Every match ends with the host's log written by
every joiner that may know it, and every message a Push seat received is checked to hold only
what that seat may know (tests/seat_secrets.py).
"""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from pusher_sim.net import protocol
from pusher_sim.net.client import Follower, Link
from pusher_sim.net.host_messages import News, Refused, Start, Welcome
from pusher_sim.turnloop.log import GameLog, replay
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.turnloop.seat_view import SeatMirror, SeatView
from rummy.cards import card_str
from tests.hosted import SMALL_PUSHER, Host, Proc, finish, free_port, join
from tests.seat_secrets import check_messages, positions

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="kills processes by group")


def replays(log: dict[str, object]) -> None:
    parsed = GameLog.from_json(log)
    assert replay(get_spec(parsed.game).make_game(parsed.config), parsed).is_terminal()


def players(tmp: Path, host: Host, seats: int, *extra: str) -> list[tuple[int, Proc]]:
    """Two joined windows (SDL's dummy driver; a bot plays in each) and joined headless bots
    for the other ``seats``, each recording every message it gets and saving the match."""
    joined = []
    for seat in range(seats):
        window = ("--show", "--speed", "60") if seat < 2 else ()
        bot = "random" if seat % 2 else "strong"
        argv = ("--seat", str(seat), "--bot", bot, *window, *extra)
        files = ("--transcript", str(tmp / f"t{seat}.jsonl"), "--save", str(tmp / f"s{seat}.json"))
        joined.append((seat, join(tmp / f"j{seat}", host.address, *argv, *files)))
    return joined


def test_a_push_over_match_with_joined_windows_ends_with_the_hosts_log(tmp_path: Path) -> None:
    host = Host(tmp_path / "host", "pushover", "--seats", "open,open,open", "--seed", "3")
    joined = players(tmp_path, host, 3)
    finish(*(p for _, p in joined), host)
    log = host.log()
    replays(log)
    for seat, _ in joined:
        assert json.loads((tmp_path / f"s{seat}.json").read_text()) == log


def test_a_small_pusher_game_with_joined_windows_ends_with_the_hosts_log(tmp_path: Path) -> None:
    host = Host(
        tmp_path / "host", "pusher", "--seats", "open,open,open", "--seed", "5", *SMALL_PUSHER
    )
    joined = players(tmp_path, host, 3)
    finish(*(p for _, p in joined), host)
    log = host.log()
    assert [x["type"] for x in log["actions"]].count("Push") >= 3
    replays(log)
    for seat, _ in joined:
        assert json.loads((tmp_path / f"s{seat}.json").read_text()) == log
        news = [json.loads(line) for line in (tmp_path / f"t{seat}.jsonl").read_text().splitlines()]
        paths = [
            m["path"] for m in news if m["kind"] == "move" and m["seen"]["action"]["type"] == "Push"
        ]
        assert paths and all(p is not None and p["frames"] for p in paths)  # pushes played back


def test_no_push_seat_is_ever_told_a_card_it_may_not_see(tmp_path: Path) -> None:
    """One deal of Push: two joined windows, a joined bot and a host bot. Every message each
    joiner received is what its seat may know, and each joiner's record is what the host's log
    shows that seat."""
    host = Host(
        tmp_path / "host",
        "rummy",
        "--seats",
        "open,open,open,bot",
        "--set",
        "deals=1",
        "--seed",
        "8",
    )
    joined = players(tmp_path, host, 3)
    finish(*(p for _, p in joined), host)
    log = GameLog.from_json(host.log())
    game = get_spec("rummy").make_game(log.config)
    assert replay(game, log).is_terminal()
    for seat, _ in joined:
        lines = (tmp_path / f"t{seat}.jsonl").read_text().splitlines()
        assert check_messages(lines, log, seat) == len(lines) > len(log.actions)
        saved = json.loads((tmp_path / f"s{seat}.json").read_text())
        view = SeatView.from_json(saved["view"])
        mirror = SeatMirror(game, seat)
        mirror.follow(view)  # the seat's record replays
        assert mirror.state.is_terminal() and view.moves == len(log.actions)


def test_a_joined_bot_killed_mid_game_comes_back_to_its_seat_and_finishes(tmp_path: Path) -> None:
    host = Host(tmp_path / "host", "pushover", "--seats", "open,open", "--seed", "4")
    red = ("--seat", "0", "--bot", "random", "--save", str(tmp_path / "a.json"))
    a = join(tmp_path / "a", host.address, *red)
    b = join(tmp_path / "b", host.address, "--seat", "1", "--bot", "strong")
    host.wait_moves(10)
    a.kill(signal.SIGKILL)
    moves_then = len(host.log()["actions"])
    again = join(tmp_path / "a", host.address, *red)
    again.wait_for("seated as red")
    finish(again, b, host)
    log = host.log()
    assert len(log["actions"]) > moves_then
    assert json.loads((tmp_path / "a.json").read_text()) == log
    assert any(line.endswith("red (random) is back") for line in host.out), host.out
    replays(log)


def test_a_host_killed_mid_game_goes_on_with_load_and_the_joiners_come_back(tmp_path: Path) -> None:
    port = free_port()
    args = ("--seats", "open,open", "--seed", "6")
    host = Host(tmp_path / "host", "pushover", *args, port=port)
    a = join(tmp_path / "a", host.address, "--bot", "random", "--save", str(tmp_path / "a.json"))
    b = join(tmp_path / "b", host.address, "--bot", "strong", "--save", str(tmp_path / "b.json"))
    host.wait_moves(10)
    host.kill(signal.SIGKILL)
    before = host.log()
    assert len(before["actions"]) > 0
    again = Host(tmp_path / "host", "pushover", "--load", port=port)
    finish(a, b, again)
    log = again.log()
    assert log["actions"][: len(before["actions"])] == before["actions"]  # type: ignore[index]
    assert json.loads((tmp_path / "a.json").read_text()) == log
    assert json.loads((tmp_path / "b.json").read_text()) == log
    replays(log)


def test_a_seat_left_empty_is_played_by_a_bot_and_everyone_is_told(tmp_path: Path) -> None:
    host = Host(
        tmp_path / "host", "pushover", "--seats", "open,open", "--seed", "2", "--abandon-after", "1"
    )
    a = join(tmp_path / "a", host.address, "--seat", "0", "--bot", "random")
    b = join(
        tmp_path / "b",
        host.address,
        "--seat",
        "1",
        "--bot",
        "strong",
        "--save",
        str(tmp_path / "b.json"),
    )
    host.wait_moves(4)
    a.kill(signal.SIGKILL)
    finish(b, host)
    assert any("red" in line and "played by a bot" in line for line in host.out)
    assert any("played by a bot" in line for line in b.out)
    assert json.loads((tmp_path / "b.json").read_text()) == host.log()


def test_a_push_window_joining_a_match_under_way_follows_it(tmp_path: Path) -> None:
    """Issue 34, item 1: a Push window that joined after the first shuffle (a seat coming back
    after a drop, a spectator) exited at once with "unknown action type 'hidden'"; now the
    returning window plays its seat to the end and the spectator follows without a word."""
    host = Host(
        tmp_path / "host", "rummy", "--seats", "open,random,open,random", "--set", "deals=1"
    )
    window = ("--bot", "random", "--show", "--speed", "60")
    red = ("--seat", "0", *window, "--save", str(tmp_path / "red.json"))
    first = join(tmp_path / "red", host.address, *red)
    green = join(tmp_path / "green", host.address, "--seat", "2", *window)
    host.wait_moves(8)
    first.kill(signal.SIGKILL)
    again = join(tmp_path / "red", host.address, *red)
    watcher = join(tmp_path / "watch", host.address, "--watch", "--speed", "60")
    host.wait_for("a spectator is watching")
    try:
        finish(again, green, host)
        assert watcher.popen.poll() is None, (watcher.out, watcher.err)
    finally:
        watcher.kill()
    assert not watcher.tracebacks and not any("unknown action" in e for e in watcher.err)
    assert any("is back" in line for line in host.out)
    saved = SeatView.from_json(json.loads((tmp_path / "red.json").read_text())["view"])
    assert saved.moves == len(host.log()["actions"])


def test_load_serves_on_the_saved_port_and_says_so_on_ctrl_c(tmp_path: Path) -> None:
    """Issue 34, item 9: ``--load`` without ``--port`` served on the default port, so the
    joiners never came back; and the Ctrl-C hint left the port out."""
    port = free_port()
    host = Host(tmp_path / "host", "pushover", "--seats", "open,open", port=port)
    host.kill(signal.SIGKILL)
    again = Host(tmp_path / "host", "pushover", "--load", port=None)
    assert again.port == port
    again.kill(signal.SIGINT)
    hint = again.wait_for(r"go on with: pusher host --load (\S+) --port (\d+)")
    assert int(hint.group(2)) == port and Path(hint.group(1)) == again.save_path


def test_two_joiners_from_one_machine_take_two_seats(tmp_path: Path) -> None:
    """Issue 34, item 9: the second ``pusher join`` from the same data folder took the first's
    kept token and was refused ("that seat is held by a live connection")."""
    host = Host(tmp_path / "host", "pushover", "--seats", "open,open", "--seed", "5")
    first = join(tmp_path / "here", host.address, "--bot", "random")
    first.wait_for("seated as red")
    second = join(tmp_path / "here", host.address, "--bot", "strong")
    second.wait_for("seated as blue")
    finish(first, second, host)
    replays(host.log())


def test_a_push_refusal_says_nothing_the_seat_may_not_know(tmp_path: Path) -> None:
    """Issue 34, item 2: discarding a card one does not hold answered "5C is in seat 2's hand",
    locating every card. At its first turn, after its draw, seat 0 discards each card it cannot
    see; the refusals must be the same text whoever holds the card or whether the stock does
    (the card's own name aside), so a refusal tells nothing of the hidden deal."""
    host = Host(
        tmp_path / "host", "rummy", "--seats", "open,random,random,random", "--set", "deals=1"
    )
    link = Link(host.address, "play", 0, retry_for=0.0).start()
    follower = None
    probes: list[int] = []
    answers: list[str] = []
    try:
        while len(answers) < len(probes) or not probes:
            message = link.inbox.get(timeout=120)
            if isinstance(message, Welcome):
                follower = Follower(message)
            elif isinstance(message, Start) and follower is not None:
                follower.start(message)
            elif isinstance(message, News) and follower is not None:
                follower.news(message)
            elif isinstance(message, Refused):
                answers.append(message.message)
            if follower is None or not follower.my_turn or probes:
                continue
            seen = follower.view.observation
            if seen["phase"] == "draw":
                link.send(protocol.act(follower.view.moves, dict(follower.view.legal[0])))
                continue
            moves = follower.view.moves
            probes = [c for c in range(108) if c not in seen["hand"] and c != seen["discard_top"]]
            for card in probes:
                link.send(protocol.act(moves, {"type": "Discard", "card": card}))
    finally:
        link.close()
        host.kill()
    log = GameLog.from_json(host.log())
    state = positions(log)[follower.view.moves if follower is not None else 0]
    held = {c: s for s in (1, 2, 3) for c in state.hands[s]}  # type: ignore[attr-defined]
    assert any(c in held for c in probes) and any(c not in held for c in probes)
    said = {text.replace(card_str(card), "?") for card, text in zip(probes, answers, strict=True)}
    assert len(said) == 1, sorted(said)[:4]
