"""Issue 25, in one process: the protocol's reader, the hosted match's checks and tokens, the
push path's codec, and the message checker of tests/seat_secrets.py catching a host that says
too much."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pusher_sim.board import Colour
from pusher_sim.errors import CorruptFile
from pusher_sim.net import protocol
from pusher_sim.net.client import Follower
from pusher_sim.net.host_messages import Welcome, read_host
from pusher_sim.net.hostfile import load_hosted
from pusher_sim.net.protocol import Act, Hello, ProtocolError, read_peer
from pusher_sim.net.table import HostedMatch
from pusher_sim.printable import printable
from pusher_sim.push_resolution import PushPath
from pusher_sim.pusher.push_path import path_from_json, path_to_json
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.turnloop.seat_view import SPECTATOR, SeenMove
from tests.seat_secrets import check_messages


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.binary(max_size=300), st.text(max_size=300)))
def test_any_frame_is_a_message_or_one_protocol_error(frame: bytes | str) -> None:
    try:
        assert isinstance(read_peer(frame), Hello | Act)
    except ProtocolError as exc:
        assert exc.code and str(exc)


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("x" * (protocol.MAX_PEER_FRAME + 1), protocol.TOO_BIG),
        ("{", protocol.BAD_JSON),
        ("[" * 40 + "]" * 40, protocol.BAD_JSON),
        ('{"v": 2, "kind": "act", "move": 1e999, "action": {"type": "Stop"}}', protocol.BAD_JSON),
        ('{"v": 2, "v": 2, "kind": "act"}', protocol.BAD_JSON),
        ('{"v": 1, "kind": "hello", "role": "watch"}', protocol.BAD_VERSION),
        ('{"v": true, "kind": "hello", "role": "watch"}', protocol.BAD_VERSION),
        ('{"v": 2, "kind": "teleport"}', protocol.UNKNOWN_KIND),
        ('{"v": 2, "kind": "act", "move": "3", "action": {"type": "Stop"}}', protocol.BAD_MESSAGE),
        ('{"v": 2, "kind": "act", "move": 3, "action": []}', protocol.BAD_MESSAGE),
        ('{"v": 2, "kind": "hello", "role": "play", "extra": 1}', protocol.BAD_MESSAGE),
        ("[1, 2]", protocol.BAD_MESSAGE),
    ],
)
def test_each_bad_frame_is_named(frame: str, code: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        read_peer(frame)
    assert caught.value.code == code


def pushover_table(tmp_path: Path) -> HostedMatch:
    spec = get_spec("pushover")
    game = spec.make_game({"players": 2})
    match = Match(game, [None, None], seed=3, seat_names=["human", "human"])
    return HostedMatch.new(spec, match, ["open", "open"], tmp_path / "hosted.json")


def test_tokens_hold_seats_and_nothing_else_takes_them(tmp_path: Path) -> None:
    table = pushover_table(tmp_path)
    alice, bob = object(), object()
    seat, token = table.claim(Hello("play"), alice, 0.0)
    assert seat == 0 and token is not None and table.claim(Hello("play"), bob, 0.0)[0] == 1
    with pytest.raises(ProtocolError) as forged:
        table.claim(Hello("play", token="A" * 43), object(), 0.0)
    assert forged.value.code == protocol.BAD_TOKEN
    with pytest.raises(ProtocolError) as replayed:  # the holder is still connected
        table.claim(Hello("play", token=token), object(), 0.0)
    assert replayed.value.code == protocol.SEAT_TAKEN
    with pytest.raises(ProtocolError) as full:
        table.claim(Hello("play"), object(), 0.0)
    assert full.value.code == protocol.NO_SEAT
    assert table.leave(0, alice, 1.0)
    assert table.claim(Hello("play", token=token), object(), 2.0) == (0, token)
    assert table.claim(Hello("watch"), object(), 0.0) == (SPECTATOR, None)
    saved = (tmp_path / "hosted.json").read_text()
    assert token not in saved  # only its hash is kept
    saved = load_hosted(tmp_path / "hosted.json")
    assert saved.kinds == ["open", "open"] and all(saved.tokens) and saved.log.game == "pushover"


def test_no_refused_action_changes_the_match(tmp_path: Path) -> None:
    table = pushover_table(tmp_path)
    table.claim(Hello("play"), object(), 0.0)
    table.claim(Hello("play"), object(), 0.0)
    while table.automatic():
        table.play(table.next_action())
    before = json.dumps(table.match.log.to_json())
    mover = table.match.state.current_player()
    other = 1 - mover
    cases = [
        (other, Act(table.moves, {"type": "Stop", "seat": other}), protocol.NOT_YOUR_TURN),
        (mover, Act(table.moves + 1, {"type": "Stop", "seat": mover}), protocol.STALE),
        (mover, Act(table.moves, {"type": "Die", "value": 4}), protocol.ILLEGAL),
        (mover, Act(table.moves, {"type": "Roll", "seat": mover, "x": 1}), protocol.BAD_MESSAGE),
        (SPECTATOR, Act(table.moves, {"type": "Stop", "seat": mover}), protocol.WATCHING),
    ]
    for seat, act, code in cases:
        with pytest.raises(ProtocolError) as caught:
            table.check(seat, act)
        assert caught.value.code == code
    assert json.dumps(table.match.log.to_json()) == before


def test_a_push_path_survives_the_wire_and_a_bad_one_is_refused() -> None:
    path = PushPath(
        (Colour.RED, Colour.BLUE), ((0, 0), (1, 0)), 1 / 60, (((0.0, 0.0, 0.0), (0.01, 0.0, 0.0)),)
    )
    back = path_from_json(json.loads(json.dumps(path_to_json(path))))
    assert back == path
    bad = path_to_json(path)
    bad["frames"] = [[[0.0, 0.0, 0.0]]]  # one ball in a frame of two
    with pytest.raises(CorruptFile):
        path_from_json(bad)


def test_a_client_reads_a_path_only_through_its_games_entry(tmp_path: Path) -> None:
    """The network code knows no game: a path the host sends is read by the game's
    ``GameSpec.playback`` (Pusher's), and refused where the game or the move has none."""
    for game_name, players in (("pushover", 2), ("pusher", 2)):
        spec = get_spec(game_name)
        game = spec.make_game(
            {"players": players, "resolver": "scripted"}
            if game_name == "pusher"
            else {"players": players}
        )
        match = Match(game, [None] * players, seed=3, seat_names=["human"] * players)
        table = HostedMatch.new(spec, match, ["open"] * players, tmp_path / f"{game_name}.json")
        welcome = read_host(table.welcome(SPECTATOR, None))
        assert isinstance(welcome, Welcome)
        follower = Follower(welcome)
        placed = SeenMove(0, {"type": "place"}, None)
        assert follower.played_back(placed, None) is None
        with pytest.raises(CorruptFile):
            follower.played_back(placed, {"frames": []})


def test_the_checker_catches_a_host_that_sends_the_full_state(tmp_path: Path) -> None:
    """The negative control of tests/test_network.py's leak test: the same messages with the
    state instead of the observation, or with the shuffle's order, fail the check."""
    spec = get_spec("rummy")
    game = spec.make_game({"players": 4, "deals": 1})
    match = Match(game, [spec.bots["random"](game) for _ in range(4)], seed=2)
    for _ in range(12):
        match.step()
    log = match.log
    from pusher_sim.turnloop.seat_view import seen_move
    from tests.seat_secrets import positions

    states = positions(log)
    honest, leaky, shuffled = [], [], []
    for n in range(1, len(log.actions) + 1):
        state = states[n]
        seen = seen_move(game, log.actions[n - 1], log.movers[n - 1], log.outcome(n - 1))
        legal = [a.to_json() for a in state.legal_actions()] if state.current_player() == 0 else []
        fields = dict(
            number=n,
            seen=seen.to_json(),
            to_move=state.current_player(),
            observation=state.observation(0).to_json(),
            legal=legal,
            path=None,
        )
        honest.append(protocol.encode("move", **fields))
        leaky.append(protocol.encode("move", **{**fields, "observation": state.to_json()}))
        shown = {**fields, "seen": {**seen.to_json(), "action": log.actions[n - 1]}}
        shuffled.append(protocol.encode("move", **shown))
    assert check_messages(honest, log, 0) == len(honest)
    for lines in (leaky, shuffled):
        with pytest.raises(AssertionError):
            check_messages(lines, log, 0)


def test_the_start_screens_forms_check_what_they_are_given(tmp_path: Path) -> None:
    """Join: a URL that is not ws:// is one line, nothing opened. Host: one seat is this
    window's (choosing another moves it), and hosting without one is refused."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from pusher_sim.ui.shell.config import AppConfig
    from pusher_sim.ui.shell.network_forms import HostForm, JoinForm

    pygame.font.init()

    class Shown:
        def __init__(self) -> None:
            self.modes: list[object] = []

        def show(self, mode: object) -> None:
            self.modes.append(mode)

        def quit(self) -> None: ...

        def home(self) -> None: ...

    host = Shown()
    join = JoinForm(host, AppConfig(sound=False), None)  # type: ignore[arg-type]
    join.address = "http://example.org"
    join.go()
    assert "ws://" in join.message and not host.modes
    form = HostForm(host, AppConfig(sound=False), None, "pushover")  # type: ignore[arg-type]
    assert form.seats == ["human", "open"]
    form.change("seat1", -1)  # open -> human: the window's seat moves there
    assert form.seats == ["open", "human"]
    form.change("seat1", 1)  # human -> open: nobody's
    form.go()
    assert form.message == "one seat must be yours (you)" and not host.modes


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(exclude_categories=()), max_size=80))  # lone surrogates too
def test_a_name_or_chat_line_is_plain_text_or_refused(text: str) -> None:
    """Issue 34: whatever a peer sends as a name (or a chat line), the host keeps it only as
    one line of text with no control character, no lone surrogate and within its length; else
    it refuses the message (bad-message) and keeps nothing."""
    frame = json.dumps({"v": 2, "kind": "hello", "role": "watch", "name": text})
    try:
        hello = read_peer(frame)
    except ProtocolError as exc:
        assert exc.code == protocol.BAD_MESSAGE
        return
    assert isinstance(hello, Hello) and len(hello.name) <= protocol.MAX_NAME
    assert hello.name == printable(hello.name)  # nothing left to escape
    assert not any("\ud800" <= c <= "\udfff" for c in hello.name)
