"""The search bot plays legal moves, is a function of its seed, spends exactly its trial budget,
finds the push that pays, and places looking at the push it forces on the next player (P5, P6)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import pytest

from pusher_sim.board import Board, Cell, Colour
from pusher_sim.errors import ConfigError
from pusher_sim.push_resolution import PushOutcome, PushSpec
from pusher_sim.pusher import Place, Push
from pusher_sim.pusher.hand import HANDS, Hand
from pusher_sim.pusher.search_bot import (
    WIN,
    SearchPusherBot,
    SearchSettings,
    push_value,
)
from pusher_sim.pusher.spec import SPEC, make_game
from pusher_sim.turnloop import Match
from pusher_sim.turnloop.simulate import simulate
from tests.pusher_positions import EMPTY, P4_TRIANGLE, make
from tests.test_pusher_bots import FlickDecides

RED, BLUE = Colour.RED, Colour.BLUE


@dataclass
class Counting:
    """Wraps FlickDecides and counts resolves."""

    inner: FlickDecides = field(default_factory=FlickDecides)
    calls: int = 0
    max_flick_speed: float = 1.0

    def resolve(
        self, board: Board, balls: Mapping[Cell, Colour], push: PushSpec, *, record: bool = False
    ) -> PushOutcome:
        self.calls += 1
        return self.inner.resolve(board, dict(balls), push)


def _small_game() -> dict[str, object]:
    return {"players": 2, "resolver": "scripted", "board_radius": 3, "balls_per_player": 8}


@pytest.mark.parametrize("players", [2, 3])
def test_search_bot_plays_only_legal_moves_and_keeps_the_invariants(players: int) -> None:
    game = make_game({**_small_game(), "players": players})
    bot = SearchPusherBot(SearchSettings.at_budget(8))
    for seed in range(3):
        match = Match(game, [bot] * players, seed=seed)
        while not match.state.is_terminal():
            match.step()  # Match.step validates every action
            match.state.check_invariants()
        assert match.state.end is not None


def test_search_bot_is_a_function_of_its_seed() -> None:
    game = make_game(_small_game())

    def play(seed: int) -> list[object]:
        bots = [SearchPusherBot(SearchSettings.at_budget(6)) for _ in range(2)]
        match = Match(game, bots, seed=seed)
        while len(match.log.actions) < 80 and not match.state.is_terminal():
            match.step()
        return match.log.actions

    assert play(4) == play(4)
    assert play(4) != play(5)


@pytest.mark.parametrize("budget", [1, 5, 12, 48])
def test_search_bot_spends_exactly_its_push_budget(budget: int) -> None:
    counting = Counting()
    state = make(P4_TRIANGLE, resolver=counting)
    bot = SearchPusherBot(SearchSettings(budget=budget))
    push = bot.act(state, 0, state.legal_actions(), np.random.default_rng(0))
    state.validate(push)
    assert counting.calls == bot.trials == budget


def test_search_bot_finds_the_flick_that_sends_the_others_home() -> None:
    state = make(P4_TRIANGLE, resolver=FlickDecides())
    for seed in range(5):
        bot = SearchPusherBot(SearchSettings(budget=12))
        push = bot.act(state, 0, state.legal_actions(), np.random.default_rng(seed))
        assert isinstance(push, Push)
        state.validate(push)
        assert push.speed >= 0.5  # the soft flicks send red's own ball home
        assert 0.0 <= push.strength <= 1.0


def test_push_value_weighs_own_and_others_balls_and_the_win() -> None:
    state = make(P4_TRIANGLE)
    game = state.game
    hard = FlickDecides().resolve(game.board, state.balls, PushSpec(P4_TRIANGLE_TRI, RED, speed=1))
    soft = FlickDecides().resolve(game.board, state.balls, PushSpec(P4_TRIANGLE_TRI, RED))
    assert push_value(game, hard, RED, tray=5) > push_value(game, soft, RED, tray=5)
    assert push_value(game, hard, RED, tray=1) == WIN  # P12: the tray is empty, none came back
    assert push_value(game, soft, RED, tray=1) < WIN  # own ball back: no win


P4_TRIANGLE_TRI = ((-2, 0), (-2, 1), (-1, 0))

# Blue balls at (-1,0) and (0,0) are a pair; red must form a triangle (P5) with (0,-1) or
# (-1,1), and blue must then push it (P6). The resolver sends blue's ball home (P10) when the
# pushed triangle holds the trap cup, and lets it rest in a foreign cup otherwise.
PAIR = {(-1, 0): BLUE, (0, 0): BLUE}


@dataclass
class TrapCup:
    trap: Cell
    max_flick_speed: float = 1.0

    def resolve(
        self, board: Board, balls: Mapping[Cell, Colour], push: PushSpec, *, record: bool = False
    ) -> PushOutcome:
        rest = dict(balls)
        rest[(1, 0) if self.trap in push.triangle else (2, 0)] = push.colour  # blue | yellow cup
        return PushOutcome(tuple(sorted(rest.items())), True, 0.0, 0)


@pytest.mark.parametrize("trap", [(0, -1), (-1, 1)])
def test_p5_search_bot_forms_the_triangle_whose_push_hurts_the_next_player(trap: Cell) -> None:
    state = make(EMPTY, resolver=TrapCup(trap))
    state = state.game.position(PAIR, to_move=0)
    assert state.duty().rule == "P5"
    assert set(state.duty().cups) == {(0, -1), (-1, 1)}
    bot = SearchPusherBot(SearchSettings(budget=4, look_trials=2))
    choice = bot.act(state, 0, state.legal_actions(), np.random.default_rng(0))
    assert choice == Place(trap)
    assert bot.trials == 2 * 2  # each of the two placements: two tries of blue's push


@dataclass
class CentreOnly:
    """A resolver where a press within 1 um of the triangle's centre sends a blue ball home;
    elsewhere a flick of 0.5 m/s or more brings nothing back and anything softer sends red's own
    ball home. The centred push pays most, but only to the micron."""

    max_flick_speed: float = 1.0

    def resolve(
        self, board: Board, balls: Mapping[Cell, Colour], push: PushSpec, *, record: bool = False
    ) -> PushOutcome:
        if max(abs(push.offset[0]), abs(push.offset[1])) < 1e-6:
            rest = {(-2, 2): RED, (2, -2): RED, (0, -1): BLUE, (2, 0): BLUE}
        elif push.speed >= 0.5:
            rest = {(-2, 2): RED, (2, -2): RED, (1, -1): BLUE, (2, 0): BLUE}
        else:
            rest = {(-1, 2): RED, (2, -2): RED, (-2, 2): BLUE, (2, 0): BLUE}
        return PushOutcome(tuple(sorted(rest.items())), True, 0.0, 0)


def _centred(push: Push) -> bool:
    return max(abs(push.offset[0]), abs(push.offset[1])) < 1e-6


@pytest.mark.parametrize("shaken_search", [True, False])
def test_search_bot_values_a_push_as_its_hand_makes_it(shaken_search: bool) -> None:
    """A push that pays only to the micron is no push a hand can make: the bot with a hand
    takes the hard flick that is safe anywhere (also when only its re-draws are shaken);
    resolving exactly (the default), it takes the centred push."""
    state = make(P4_TRIANGLE, resolver=CentreOnly())
    for seed in range(5):
        legal = state.legal_actions()
        exact = SearchPusherBot(SearchSettings())
        chosen = exact.act(state, 0, legal, np.random.default_rng(seed))
        assert isinstance(chosen, Push) and _centred(chosen)
        bot = SearchPusherBot(SearchSettings(hand=HANDS["ordinary"], shaken_search=shaken_search))
        chosen = bot.act(state, 0, legal, np.random.default_rng(seed))
        assert isinstance(chosen, Push) and not _centred(chosen)
        assert chosen.speed >= 0.5
        assert bot.trials == 48  # 36 searched, then the best 4 tried 3 times more each


def test_search_settings_split_the_budget_only_when_a_hand_shakes() -> None:
    shaking = SearchSettings(hand=HANDS["ordinary"])
    assert shaking.split(48) == (36, 12)
    assert shaking.split(23) == (23, 0)  # too few to search and re-draw
    assert SearchSettings().split(48) == (48, 0)
    assert SearchSettings(hand=HANDS["exact"]).split(48) == (48, 0)
    with pytest.raises(ConfigError):
        Hand("mine", 0.5, -0.1, 3.0, 5.0)
    with pytest.raises(ValueError):
        SearchSettings(steady_draws=-1)


def test_search_settings_refuse_an_empty_search() -> None:
    with pytest.raises(ValueError):
        SearchSettings(budget=0)
    with pytest.raises(ValueError):
        SearchSettings(workers=0)
    assert SearchSettings.at_budget(48).look_trials == 6


@pytest.mark.parametrize(("budget", "hand"), [(9, None), (24, HANDS["ordinary"])])
def test_search_bot_with_worker_processes_chooses_as_in_process(
    budget: int, hand: Hand | None
) -> None:
    state = make(P4_TRIANGLE, resolver=FlickDecides())
    alone = SearchPusherBot(SearchSettings(budget=budget, hand=hand))
    shared = SearchPusherBot(SearchSettings(budget=budget, workers=2, hand=hand))
    try:
        for seed in range(2):
            rng_a, rng_b = np.random.default_rng(seed), np.random.default_rng(seed)
            legal = state.legal_actions()
            assert alone.act(state, 0, legal, rng_a) == shared.act(state, 0, legal, rng_b)
    finally:
        shared.close()


@pytest.mark.slow
@pytest.mark.parametrize(("opponent", "at_least"), [("random", 0.9), ("greedy", 0.65)])
def test_search_bot_with_the_physics_beats(opponent: str, at_least: float) -> None:
    """The first 40 games of ``benchmarks/bot_strength.py pusher strong OPPONENT --seed 1``
    (about 10 CPU seconds a game); the README gives the longer runs."""
    game = make_game({"players": 2})
    games = 40
    wins = 0
    for i in range(games):
        seats = ["strong", opponent] if i % 2 == 0 else [opponent, "strong"]
        match = Match(game, SPEC.make_agents(game, seats), seed=1 + i // 2)
        wins += match.run().returns()[i % 2] == 1.0
    assert wins / games >= at_least


def test_quick_search_bot_beats_random_with_scripted_pushes() -> None:
    result = simulate(SPEC, ["quick", "random"], 8, seed=1, config={"resolver": "scripted"})
    assert result["win_rate"][0] >= 0.9
    assert result["unfinished"] == 0
