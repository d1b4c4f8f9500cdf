"""Push Over, Push and Pusher as OpenSpiel games: OpenSpiel's random-simulation checks, chance
nodes that are the turn loop's, a short game of OpenSpiel's MCTS, each seat's information state,
and OpenSpiel's exploitability, CFR and TabularPolicy running on them. Skipped only without the
``rl`` extra (``pip install -e .[rl]``), which ``make test`` installs."""

from __future__ import annotations

import importlib
import json
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is not installed: pip install -e '.[rl]' (make test does)"
)

from open_spiel.python import policy  # noqa: E402
from open_spiel.python.algorithms import (  # noqa: E402
    cfr,
    evaluate_bots,
    exploitability,
    mcts,
    outcome_sampling_mccfr,
)

from pusher_sim.envs.openspiel import (  # noqa: E402
    PUSH_OVER,
    PUSH_RUMMY,
    PUSHER,
    ListedChance,
    Position,
    PushOverSpielGame,
    register,
)
from pusher_sim.turnloop.actions import Action  # noqa: E402
from pusher_sim.turnloop.registry import GAMES, get_spec  # noqa: E402
from rummy.cards import NUM_CARDS, face_of  # noqa: E402

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


TINY_PUSH_OVER = {
    "track_length": 4,
    "pot_stop": 4,
    "push_off_stops": [],
    "die_faces": [1, 2],
    "max_dice": 2,
    "roll_limit": 3,
    "move_multipliers": [1, 2],
    "rollout_advance_to": 1,
    "bottoms": 2,
    "chips_to_win_two_players": 1,
    "max_turns": 4,
}
"""A Push Over small enough to walk whole: 4 stops, dice of 1-2, two dice, one chip to win,
four turns (72 information states)."""
SMALL_DEAL = {"hand_sizes": [3], "max_turns_per_deal": 8}
"""One Push deal of three cards a hand and eight turns."""
SPIEL_GAMES = [
    (PUSH_OVER, {"players": 2}),
    (PUSH_OVER, {"players": 2, "config": json.dumps(TINY_PUSH_OVER)}),
    (PUSH_RUMMY, {"deals": 1, "config": json.dumps(SMALL_DEAL)}),
    (PUSHER, {"board_radius": 3, "balls_per_player": 6, "resolver": "scripted"}),
]


def random_play(state: Any, rng: np.random.Generator, steps: int) -> list[Any]:
    """Every state of up to ``steps`` random actions from ``state`` (chance by its odds)."""
    seen = [state.clone()]
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=odds)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        seen.append(state.clone())
    return seen


@pytest.mark.parametrize(("name", "params"), SPIEL_GAMES)
def test_every_game_has_an_information_state_of_the_seats_own_views(
    name: str, params: dict[str, Any]
) -> None:
    """Once refused by every game (so CFR, exploitability and TabularPolicy could not run):
    each seat's information state is its own record, a new entry whenever its view changes,
    ending in its current view; the tensor is that view and the public record after it."""
    game = pyspiel.load_game(name, params)
    kind = game.get_type()
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    size = game.information_state_tensor_size()
    states = random_play(game.new_initial_state(), np.random.default_rng(3), 150)
    for seat in range(game.num_players()):
        strings = []
        for state in states:
            text = state.information_state_string(seat)
            view = state.observation_string(seat)
            assert text.startswith(f"seat {seat}, view ") and text.endswith(f": {view}")
            tensor = state.information_state_tensor(seat)
            assert len(tensor) == size
            view_part = np.array(tensor[: game.observation_tensor_size()])
            assert np.array_equal(view_part, np.array(state.observation_tensor(seat)))
            strings.append(text)
        # a view seen before, after another, is still a new entry: nothing is forgotten
        views = [int(t.split(",")[1].split()[1]) for t in strings]
        assert views == sorted(views) and len(set(strings)) == views[-1]


def test_a_push_seats_information_state_never_shows_another_hand() -> None:
    """Two shuffles that differ only by a card of seat 1's hand swapped with one of seat 2's:
    seat 0 (and seat 3) cannot tell them apart, seats 1 and 2 can."""
    game = pyspiel.load_game(PUSH_RUMMY, {"deals": 1, "config": json.dumps(SMALL_DEAL)})

    def dealt(order: list[int]) -> Any:
        state = game.new_initial_state()
        state.apply_action(0)  # the first dealer
        for card in order:
            state.apply_action(card)
        return state

    first = dealt(list(range(NUM_CARDS)))
    hands = first.position.state.hands
    one, two = next((a, b) for a in hands[1] for b in hands[2] if face_of(a) != face_of(b))
    order = list(range(NUM_CARDS))
    order[one], order[two] = two, one
    second = dealt(order)
    assert two in second.position.state.hands[1] and one in second.position.state.hands[2]
    for state in (first, second):  # the same moves on both
        for _ in range(6):
            state.apply_action(min(state.legal_actions()))
    for seat, same in ((0, True), (1, False), (2, False), (3, True)):
        a, b = first.information_state_string(seat), second.information_state_string(seat)
        assert (a == b) is same, seat
        ta, tb = first.information_state_tensor(seat), second.information_state_tensor(seat)
        assert (list(ta) == list(tb)) is same, seat


def test_openspiel_exploitability_and_cfr_on_a_small_push_over() -> None:
    """OpenSpiel's own exploitability (a best response walked over the whole tree) of the
    uniform policy, and CFR lowering it in a few iterations."""
    game = pyspiel.load_game(PUSH_OVER, {"players": 2, "config": json.dumps(TINY_PUSH_OVER)})
    uniform = policy.TabularPolicy(game)
    assert len(uniform.state_lookup) == 72
    start = exploitability.exploitability(game, uniform)
    assert start == pytest.approx(0.341796875)
    solver = cfr.CFRSolver(game)
    for _ in range(5):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) < start / 4


def test_tabular_policy_over_push_over_lists_each_seats_information_states() -> None:
    game = pyspiel.load_game(PUSH_OVER, {"players": 2, "config": json.dumps(TINY_PUSH_OVER)})
    table = policy.TabularPolicy(game)
    assert table.action_probability_array.shape == (72, game.num_distinct_actions())
    for key, row in table.state_lookup.items():
        seat = int(key.split(",")[0].removeprefix("seat "))
        assert seat in (0, 1)
        assert table.action_probability_array[row].sum() == pytest.approx(1.0)
    state = game.new_initial_state()
    probabilities = table.action_probabilities(state)
    assert sum(probabilities.values()) == pytest.approx(1.0)
    assert set(probabilities) == set(state.legal_actions())


def test_openspiel_cfr_runs_on_a_small_push_deal() -> None:
    """Outcome-sampling MCCFR (one sampled deal and line of play per iteration: a shuffle is
    far too wide to walk) learns regrets at the information states it visits."""
    game = pyspiel.load_game(PUSH_RUMMY, {"deals": 1, "config": json.dumps(SMALL_DEAL)})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    np.random.seed(0)  # the solver samples with numpy's global generator
    with np.errstate(all="raise"):  # no reach probability underflows to a division by zero
        for _ in range(10):
            solver.iteration()
    average = solver.average_policy()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probabilities = average.action_probabilities(state)
    assert sum(probabilities.values()) == pytest.approx(1.0)


def test_register_registers_every_game_whose_entry_names_an_openspiel_game() -> None:
    names = set(pyspiel.registered_names())
    for name in GAMES:
        where = get_spec(name).openspiel
        assert where is not None, name
        module, attr = where.split(":")
        game = getattr(importlib.import_module(module), attr)
        assert game.game_type().short_name in names
