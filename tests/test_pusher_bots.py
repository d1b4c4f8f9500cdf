"""Pusher's bots play legal moves, the greedy one keeps the best push it tried, and the spec's
summary counts pushes, returns and unsettled pushes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import numpy as np
import pytest

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.push_resolution import PushOutcome, PushSpec
from pusher_sim.pusher import Push
from pusher_sim.pusher.bots import GreedyPusherBot, RandomPusherBot, random_push
from pusher_sim.pusher.memo import RememberingResolver
from pusher_sim.pusher.search_bot import SearchPusherBot
from pusher_sim.pusher.spec import SPEC, make_game, summarise
from pusher_sim.turnloop import Match
from pusher_sim.turnloop.simulate import simulate
from tests.pusher_positions import P4_TRIANGLE, DrawnOutcome, make

TRI = ((-2, 0), (-2, 1), (-1, 0))


def test_random_pushes_are_legal_and_fill_in_press_point_and_flick() -> None:
    state = make(P4_TRIANGLE, press_region=0.6)
    seen = set()
    for seed in range(300):
        push = random_push(state.game, TRI, np.random.default_rng(seed))
        state.validate(push)
        seen.add((push.offset != (0.0, 0.0), push.speed > 0))
    assert seen == {(True, True)}


@pytest.mark.parametrize("players", [2, 3])
def test_random_bot_games_with_flicks_keep_the_invariants(players: int) -> None:
    options = {"players": players, "resolver": "scripted", "board_radius": 3}
    game = make_game({**options, "balls_per_player": 8})
    flicked = 0
    for seed in range(10):
        match = Match(game, [RandomPusherBot()] * players, seed=seed)
        while not match.state.is_terminal():
            action = match.step()  # Match.step validates every action
            match.state.check_invariants()
            flicked += isinstance(action, Push) and action.speed > 0
    assert flicked > 20


class FlickDecides:
    """A resolver where a hard flick (0.5 m/s or more) sends a blue ball home and anything
    softer sends red's own ball home; the other balls land in foreign cups."""

    max_flick_speed = 1.0

    def resolve(
        self, board: Board, balls: dict[Cell, Colour], push: PushSpec, *, record: bool = False
    ) -> PushOutcome:
        if push.speed >= 0.5:
            rest = {(-2, 2): RED, (2, -2): RED, (0, -1): BLUE, (2, 0): BLUE}
        else:
            rest = {(-1, 2): RED, (2, -2): RED, (-2, 2): BLUE, (2, 0): BLUE}
        return PushOutcome(tuple(sorted(rest.items())), True, 0.0, 0)


RED, BLUE = Colour.RED, Colour.BLUE


def test_greedy_bot_keeps_the_push_that_sends_the_others_home() -> None:
    state = make(P4_TRIANGLE, resolver=FlickDecides())
    assert GreedyPusherBot.try_push(state, Push(TRI)).own_back == 1
    bot = GreedyPusherBot(tries=20)
    for seed in range(10):
        push = bot.act(state, 0, state.legal_actions(), np.random.default_rng(seed))
        assert isinstance(push, Push)
        state.validate(push)
        assert push.speed >= 0.5
        score = GreedyPusherBot.try_push(state, push)
        assert (score.own_back, score.others_back) == (0, 1)


class StrengthDecides:
    """A resolver where only the gentlest press keeps red's own ball out of its home cup;
    it records the strengths it was asked to resolve."""

    max_flick_speed = 1.0

    def __init__(self) -> None:
        self.strengths: list[float] = []

    def resolve(
        self, board: Board, balls: Mapping[Cell, Colour], push: PushSpec, *, record: bool = False
    ) -> PushOutcome:
        self.strengths.append(push.strength)
        return FlickDecides().resolve(
            board, dict(balls), replace(push, speed=float(push.strength == 0.0))
        )


def test_greedy_bot_chooses_how_hard_to_press() -> None:
    resolver = StrengthDecides()
    state = make(P4_TRIANGLE, resolver=resolver)
    push = GreedyPusherBot(tries=3).act(state, 0, state.legal_actions(), np.random.default_rng(0))
    # It tries the strengths in turn and stops at the gentle press, the first that pays.
    assert resolver.strengths == [0.5, 0.0]
    assert isinstance(push, Push) and push.strength == 0.0


def test_greedy_bot_prefers_no_own_ball_back() -> None:
    good = """
          . . .
         . . R .
        . B . R .
         . . . .
          . . B
    """
    state = make(P4_TRIANGLE, resolver=DrawnOutcome(good))
    push = GreedyPusherBot(tries=3).act(state, 0, state.legal_actions(), np.random.default_rng(1))
    score = GreedyPusherBot.try_push(state, push)
    assert score.own_back == 0 and score.others_back == 1
    assert score.good_enough


def test_greedy_bot_beats_random_with_scripted_pushes() -> None:
    result = simulate(SPEC, ["greedy", "random"], 40, seed=1, config={"resolver": "scripted"})
    assert result["win_rate"][0] >= 0.9
    assert result["unfinished"] == 0
    assert result["mean_pushes_per_game"] > 0
    assert 0 < result["mean_balls_returned_per_push"] < 4


def test_summarise_counts_pushes_returns_and_unsettled_pushes() -> None:
    unsettled = DrawnOutcome(
        """
          . R .
         . . . .
        . B . . .
         . B . .
          . . R
        """,
        settled=False,
    )
    state = make(P4_TRIANGLE, resolver=unsettled)
    state.apply(Push(TRI))
    other = make(P4_TRIANGLE)
    figures = summarise([state, other])
    assert figures["mean_pushes_per_game"] == 0.5
    assert figures["mean_balls_returned_per_push"] == 2.0
    assert figures["unsettled_pushes"] == 1.0


def test_remembering_resolver_answers_a_repeated_push_from_memory() -> None:
    drawn = DrawnOutcome(
        """
          . R .
         . . . .
        . B . . .
         . B . .
          . . R
        """
    )
    memo = RememberingResolver(drawn, size=2)
    board = Board(radius=2)
    balls = {(-2, 0): Colour.RED, (-2, 1): Colour.BLUE, (-1, 0): Colour.BLUE}
    specs = [PushSpec(TRI, Colour.RED, speed=s) for s in (0.1, 0.2, 0.3)]
    first = memo.resolve(board, balls, specs[0])
    assert memo.resolve(board, balls, specs[0]) is first
    assert len(drawn.pushes) == 1
    memo.resolve(board, balls, specs[1])
    memo.resolve(board, balls, specs[2])  # forgets specs[0]
    memo.resolve(board, balls, specs[0])
    assert len(drawn.pushes) == 4
    assert memo.max_flick_speed == drawn.max_flick_speed


def test_bots_are_registered_with_the_bot_alias() -> None:
    assert set(SPEC.bots) == {"random", "greedy", "quick", "strong", "blind", "bot"}
    game = make_game({"resolver": "scripted"})
    assert isinstance(SPEC.bots["greedy"](game), GreedyPusherBot)
    assert isinstance(SPEC.bots["bot"](game), SearchPusherBot)
    assert isinstance(SPEC.bots["strong"](game), SearchPusherBot)


def test_the_searching_bots_value_pushes_by_the_tables_hand_and_blind_by_none() -> None:
    """Issue 33: ``strong`` and ``quick`` judge a push by what the table's hand makes of it;
    ``blind`` (a comparison) and every bot at an exact table judge the push aimed."""
    for hand in ("ordinary", "shaky"):
        game = make_game({"resolver": "scripted", "hand": hand})
        for name in ("strong", "quick", "bot"):
            bot = SPEC.bots[name](game)
            assert isinstance(bot, SearchPusherBot) and bot.settings.hand == game.config.hand
        blind = SPEC.bots["blind"](game)
        assert isinstance(blind, SearchPusherBot) and blind.settings.hand is None
    exact = SPEC.bots["strong"](make_game({"resolver": "scripted", "hand": "exact"}))
    assert isinstance(exact, SearchPusherBot) and exact.settings.hand is None
    with pytest.raises(ValueError):
        GreedyPusherBot(tries=0)
