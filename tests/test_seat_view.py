"""A seat's view of a match: what a table draws from and what a network host may send.

A view must carry nothing its seat may not see (for Push: no other hand, no stock order, no
seed), survive JSON, and let a :class:`SeatMirror` follow the match move by move: the real
position for games that hide nothing, and for Push a position that shows the seat the same and
allows it the same moves.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from pusher_sim.errors import CorruptFile
from pusher_sim.turnloop import get_spec
from pusher_sim.turnloop.agents import RandomAgent
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.seat_view import SPECTATOR, SeatMirror, SeatView, seat_view
from rummy.game import RummyGame
from rummy.state import RummyState

SMALL_PUSHER = {"players": 2, "resolver": "scripted", "board_radius": 2, "balls_per_player": 6}
GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("pusher", SMALL_PUSHER, 60),
    ("pushover", {"players": 2}, 120),
    ("rummy", {"deals": 1}, 120),
]


def _match(name: str, config: dict[str, Any], seed: int) -> Match:
    game = get_spec(name).make_game(config)
    return Match(game, [RandomAgent() for _ in range(game.num_players)], seed=seed)


def _wire(view: SeatView) -> SeatView:
    return SeatView.from_json(json.loads(json.dumps(view.to_json())))


@pytest.mark.parametrize(("name", "config", "steps"), GAMES, ids=[g[0] for g in GAMES])
def test_every_seat_follows_the_match_through_its_views(
    name: str, config: dict[str, Any], steps: int
) -> None:
    match = _match(name, config, seed=3)
    seats = (*range(match.game.num_players), SPECTATOR)
    mirrors = {seat: SeatMirror(match.game, seat) for seat in seats}
    for _ in range(steps):
        if match.state.is_terminal():
            break
        match.step()
        for seat, mirror in mirrors.items():
            view = _wire(seat_view(match, seat))
            assert len(mirror.follow(view)) == 1
            if not match.game.hides_information:
                assert mirror.state == match.state
            elif seat == match.state.current_player():
                legal = [a.to_json() for a in mirror.state.legal_actions()]
                assert legal == list(view.legal)
    assert match.moves > 10


def _hidden_cards_permuted(state: RummyState, seat: int, seed: int) -> RummyState:
    """The same position but for which hidden card lies where (other hands, stock, pile)."""
    other = state.clone()
    zones = [h for s, h in enumerate(other.hands) if s != seat] + [other.stock]
    zones.append(other.discard[:-1])
    cards = [c for zone in zones for c in zone]
    np.random.default_rng(seed).shuffle(cards)
    it = iter(cards)
    for s in range(4):
        if s != seat:
            other.hands[s] = [next(it) for _ in other.hands[s]]
    other.stock = [next(it) for _ in other.stock]
    other.discard = [next(it) for _ in other.discard[:-1]] + other.discard[-1:]
    return other


def test_a_push_view_does_not_depend_on_any_hidden_card() -> None:
    """A leak would show as a view that changes when only hidden cards move."""
    match = _match("rummy", {"deals": 1}, seed=11)
    for _ in range(40):
        match.step()
    state = match.state
    assert isinstance(state, RummyState)
    for seat in (0, 1, SPECTATOR):
        for trial in range(5):
            other = _hidden_cards_permuted(state, seat, trial)
            assert other.to_json() != state.to_json()
            assert other.observation(seat).to_json() == state.observation(seat).to_json()


def test_a_view_holds_no_seed_and_no_shuffle() -> None:
    match = _match("rummy", {"deals": 1}, seed=424242)
    for _ in range(5):
        match.step()
    text = json.dumps(seat_view(match, 0).to_json())
    assert "424242" not in text and "Shuffle" not in text
    assert seat_view(match, SPECTATOR).observation["hand"] == []


def test_a_mirror_refuses_a_view_that_rewrites_history_and_keeps_its_position() -> None:
    match = _match("pushover", {"players": 2}, seed=5)
    mirror = SeatMirror(match.game, 0)
    for _ in range(6):
        match.step()
    mirror.follow(seat_view(match, 0))
    before = mirror.state.clone()
    view = seat_view(match, 0).to_json()
    view["history"][0]["action"] = view["history"][1]["action"]
    with pytest.raises(CorruptFile):
        mirror.follow(SeatView.from_json(view))
    match.step()
    forged = seat_view(match, 0).to_json()
    forged["observation"] = dict(forged["observation"], pot=99)
    with pytest.raises(CorruptFile):
        mirror.follow(SeatView.from_json(forged))
    assert mirror.state == before and mirror.moves == 6


BROKEN_VIEWS: dict[str, Any] = {
    "not an object": lambda good: [],
    "fields missing": lambda good: {"game": good["game"]},
    "a mover that is no seat": lambda good: dict(
        good, history=[{"mover": "x", "action": None, "outcome": None}]
    ),
    "a seat out of range": lambda good: dict(good, seat=99),
    "a legal action that is no object": lambda good: dict(good, legal=[1]),
    "an extra field": lambda good: dict(good, seed=1),
}


@pytest.mark.parametrize("broken", BROKEN_VIEWS.values(), ids=BROKEN_VIEWS)
def test_a_malformed_view_is_refused(broken: Any) -> None:
    match = _match("rummy", {"deals": 1}, seed=1)
    match.step()
    with pytest.raises(CorruptFile):
        SeatView.from_json(broken(seat_view(match, 0).to_json()))


def test_a_rummy_observation_is_read_back_strictly() -> None:
    game = RummyGame()
    match = Match(game, [RandomAgent() for _ in range(4)], seed=2)
    for _ in range(30):
        match.step()
    data = match.state.observation(2).to_json()
    assert game.state_seen_by(json.loads(json.dumps(data))).observation(2).to_json() == data
    with pytest.raises(CorruptFile):
        game.state_seen_by(dict(data, hand=["AS"]))
