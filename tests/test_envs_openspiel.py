"""Push Over and Push as OpenSpiel games: OpenSpiel's random-simulation checks, chance nodes
that are the turn loop's, and a short game of OpenSpiel's MCTS. Skipped only without the ``rl``
extra (``pip install -e .[rl]``), which ``make test`` installs."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is not installed: pip install -e '.[rl]' (make test does)"
)

from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

from pusher_sim.envs.openspiel import (  # noqa: E402
    PUSH_OVER,
    PUSH_RUMMY,
    ListedChance,
    Position,
    PushOverSpielGame,
    register,
)
from pusher_sim.turnloop.actions import Action  # noqa: E402
from pusher_sim.turnloop.registry import GAMES, get_spec  # noqa: E402
from rummy.cards import NUM_CARDS  # noqa: E402

register()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_push_over_passes_openspiel_random_sim_test(players: int) -> None:
    game = pyspiel.load_game(PUSH_OVER, {"players": players})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_push_rummy_passes_openspiel_random_sim_test() -> None:
    game = pyspiel.load_game(PUSH_RUMMY, {"deals": 1})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_push_over_chance_node_is_the_die() -> None:
    game = pyspiel.load_game(PUSH_OVER, {"players": 2})
    state = game.new_initial_state()
    state.apply_action(0)  # roll
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [0, 1, 2]
    assert [p for _, p in outcomes] == pytest.approx([1 / 3] * 3)
    state.apply_action(2)
    assert state.position.state.dice == (3,)


class LastFirst(ListedChance):
    """A game's own chance numbering: the turn loop's outcomes, last first."""

    def outcomes(self, position: Position) -> list[tuple[int, float]]:
        listed = super().outcomes(position)
        return [(len(listed) - 1 - k, p) for k, p in listed]

    def action(self, position: Position, outcome: int) -> Action | None:
        return super().action(position, len(position.state.chance_outcomes()) - 1 - outcome)


def test_a_game_numbers_its_own_chance_nodes_through_its_hook() -> None:
    game = PushOverSpielGame({"players": 2})
    game.chance = LastFirst()
    state = game.new_initial_state()
    state.apply_action(0)  # roll
    assert sorted(a for a, _ in state.chance_outcomes()) == [0, 1, 2]
    state.apply_action(2)
    assert state.position.state.dice == (1,)


def test_push_rummy_shuffle_is_108_draws_then_the_turn_loops_shuffle() -> None:
    game = pyspiel.load_game(PUSH_RUMMY, {"deals": 1})
    state = game.new_initial_state()
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([0.25] * 4)
    state.apply_action(1)  # seat 1 deals first
    order = list(np.random.default_rng(0).permutation(NUM_CARDS))
    for k, card in enumerate(order):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == NUM_CARDS - k
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(int(card))
    assert not state.is_chance_node()
    inner = state.position.state
    assert inner.dealer == 1
    dealt = sorted(c for hand in inner.hands for c in hand) + inner.stock + inner.discard
    assert sorted(dealt) == list(range(NUM_CARDS))
    copy = state.clone()  # OpenSpiel's clone copies the position, not a reference to it
    copy.apply_action(copy.legal_actions()[0])
    assert copy.position.state.to_json() != inner.to_json()
    assert state.history() == copy.history()[:-1]


def test_openspiel_mcts_plays_a_game_of_push_over_under_openspiels_evaluator() -> None:
    game = pyspiel.load_game(PUSH_OVER, {"players": 2})
    rng = np.random.RandomState(7)
    bots = [
        mcts.MCTSBot(game, 2.0, 4, mcts.RandomRolloutEvaluator(1, rng), random_state=rng),
        pyspiel.make_uniform_random_bot(1, 7),
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) == [-1.0, 1.0]


def test_observation_tensor_is_the_seats_own_view() -> None:
    game = pyspiel.load_game(PUSH_RUMMY, {"deals": 1})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    tensors = [np.array(state.observation_tensor(p)) for p in range(4)]
    assert all(t.shape == tensors[0].shape for t in tensors)
    assert not np.array_equal(tensors[0], tensors[1])  # each sees their own hand
    assert "hand" in state.observation_string(0)


def test_a_card_drawn_twice_is_refused_and_the_shuffle_goes_on() -> None:
    game = pyspiel.load_game(PUSH_RUMMY, {"deals": 1})
    state = game.new_initial_state()
    state.apply_action(0)
    state.apply_action(5)
    with pytest.raises(Exception, match="cannot be drawn"):
        state.apply_action(5)
    assert state.position.drawn == [5] and state.history() == [0, 5]
    assert len(state.chance_outcomes()) == NUM_CARDS - 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_push_over_game_type_says_zero_sum_exactly_when_its_returns_are(players: int) -> None:
    """Issue 20 (5): two-player Push Over was declared general-sum. Its returns sum to 0 in
    every finished game; with more players a win sums to 2 - players and a draw to 0."""
    game = pyspiel.load_game(PUSH_OVER, {"players": players})
    utility = game.get_type().utility
    sums = set()
    rng = np.random.default_rng(players)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        sums.add(sum(state.returns()))
    if players == 2:
        assert utility == pyspiel.GameType.Utility.ZERO_SUM and game.utility_sum() == 0.0
        assert sums == {0.0}
    else:
        assert utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert sums == {2.0 - players}  # and a draw would sum to 0: not constant either


@pytest.mark.parametrize(("name", "params"), [(PUSH_RUMMY, {"deals": 1}), (PUSH_OVER, {})])
def test_no_information_state_is_declared_and_none_is_made_up(
    name: str, params: dict[str, int]
) -> None:
    """Issue 20 (5): Push declared no information state, yet ``information_state_tensor``
    answered with the current observation, which forgets what the seat saw before."""
    game = pyspiel.load_game(name, params)
    kind = game.get_type()
    assert not kind.provides_information_state_tensor
    assert not kind.provides_information_state_string
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(ValueError, match="provides no information state"):
        state.information_state_tensor(0)
    with pytest.raises(ValueError, match="provides no information state"):
        state.information_state_string(0)
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()


def test_register_registers_every_game_whose_entry_names_an_openspiel_game() -> None:
    names = set(pyspiel.registered_names())
    for name in GAMES:
        where = get_spec(name).openspiel
        assert where is not None, name
        module, attr = where.split(":")
        game = getattr(importlib.import_module(module), attr)
        assert game.game_type().short_name in names
