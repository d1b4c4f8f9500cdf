"""The exact two-player solver and the solved bots: the solver against a brute-force solution
of a tiny variant, the bots' choices where the right one can be worked out by hand, the table
file, and the measured tournament replayed."""

from __future__ import annotations

import json
import runpy
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pusher_sim.errors import CorruptFile
from pusher_sim.tournament.play import Tournament, run
from pusher_sim.turnloop.agents import Agent
from pusher_sim.turnloop.match import Match
from pushover.actions import ROLL, STOP, Roll, Stop
from pushover.bots import ExpectedMovementBot, LookaheadBot, SolvedBot
from pushover.config import PushOverConfig
from pushover.dice import expected_movement_plan, turn_figures
from pushover.game import PushOverGame
from pushover.solved_table import SolvedTable, load_table, read_table
from pushover.solver import (
    Keys,
    as_seat_one,
    ending_chances,
    endings,
    evaluate,
    explore,
    policy_byte,
    solve,
)
from pushover.state import CHANCE, DECIDE, OVER, TERMINAL, PushOverState
from tests.pushover_positions import position

SOLVE: dict[str, Any] = runpy.run_path(
    str(Path(__file__).resolve().parent.parent / "benchmarks" / "solve_pushover.py")
)

TINY = PushOverConfig(
    players=2,
    track_length=6,
    pot_stop=6,
    push_off_stops=(3,),
    chips_to_win_two_players=3,
    die_faces=(1, 2),
    max_dice=2,
    roll_limit=3,
    move_multipliers=(1, 2),
    rollout_advance_to=2,
    bottoms=2,
)
"""Small enough to solve node by node, yet with roll-outs, bare bottoms, push-offs, missed
turns and restarts."""


def choice(bot: Agent, state: PushOverState) -> object:
    return bot.act(state, state.to_move, state.legal_actions(), np.random.default_rng(0))


# -- the solver against brute force ---------------------------------------------------------


def brute_force(config: PushOverConfig, opponent: bool) -> dict[str, float]:
    """Seat 0's winning chance at every node of the game (every die, every choice), by value
    iteration over the game tree the public API unfolds; seat 1 plays the expected-movement bot
    (``opponent``) or minimises. Pots are capped at the target: more cannot matter."""
    game = PushOverGame(config)
    bot = ExpectedMovementBot(game)
    rng = np.random.default_rng(0)

    def tidy(state: PushOverState) -> tuple[str, PushOverState]:
        state.pot = min(state.pot, config.target)
        state.drawn = state.pot + sum(state.columns)
        state.counts = dict.fromkeys(state.counts, 0)
        state.news = ()
        data = state.to_json()
        return json.dumps(data, sort_keys=True), state

    starts = [
        tidy(PushOverGame(replace(config, first_player=f)).new_initial_state()) for f in (0, 1)
    ]
    nodes: dict[str, tuple[str, list[tuple[str, float]]]] = {}
    found = dict(starts)
    todo = list(found)
    while todo:
        key = todo.pop()
        state = found[key]
        who = state.current_player()
        children: list[tuple[str, float]] = []
        if who == TERMINAL:
            kind = "win" if state.winner == 0 else "loss"
        elif who == CHANCE:
            kind = "chance"
            moves = state.chance_outcomes()
        elif who == 0 or not opponent:
            kind = "max" if who == 0 else "min"
            moves = [(a, 1.0) for a in state.legal_actions()]
        else:
            kind = "chance"
            moves = [(bot.act(state, 1, state.legal_actions(), rng), 1.0)]
        if kind in ("max", "min", "chance"):
            for action, p in moves:
                child = state.clone()
                child.apply(action)
                child_key, child = tidy(child)
                if child_key not in found:
                    found[child_key] = child
                    todo.append(child_key)
                children.append((child_key, p))
        nodes[key] = (kind, children)
    values = {k: 1.0 if kind == "win" else 0.0 for k, (kind, _) in nodes.items()}
    for _ in range(100_000):
        change = 0.0
        for key, (kind, children) in nodes.items():
            if kind == "chance":
                new = sum(p * values[c] for c, p in children)
            elif kind == "max":
                new = max(values[c] for c, _ in children)
            elif kind == "min":
                new = min(values[c] for c, _ in children)
            else:
                continue
            change = max(change, abs(new - values[key]))
            values[key] = new
        if change < 1e-14:
            break
    return {"first": values[starts[0][0]], "second": values[starts[1][0]], **values}


def turn_starts(config: PushOverConfig, values: dict[str, float]) -> dict[int, float]:
    """The brute-force values of the nodes where a turn begins, by solver key."""
    game = PushOverGame(config)
    keys = Keys(config)
    out = {}
    for text, value in values.items():
        if text in ("first", "second"):
            continue
        data = json.loads(text)
        if data["phase"] == "decide" and not data["dice"]:
            state = game.state_from_json(data)
            out[keys.of(state)] = value
    return out


@pytest.mark.parametrize("opponent", [True, False], ids=["best-reply", "perfect"])
def test_solver_matches_brute_force_on_a_tiny_variant(opponent: bool) -> None:
    graph = explore(TINY)
    plan = expected_movement_plan(TINY).roll if opponent else None
    solution = solve(TINY, graph, plan)
    truth = brute_force(TINY, opponent)
    assert solution.values[graph.starts[0]] == pytest.approx(truth["first"], abs=1e-10)
    assert solution.values[graph.starts[1]] == pytest.approx(truth["second"], abs=1e-10)
    starts = turn_starts(TINY, truth)
    # The solver lists what any play reaches; the expected-movement bot's games reach less.
    if opponent:
        assert 0 < len(starts) < len(graph.keys)
    else:
        assert len(starts) == len(graph.keys)
    for key, value in starts.items():
        at = int(np.searchsorted(graph.keys, key))
        assert solution.values[at] == pytest.approx(value, abs=1e-10)


def test_tiny_variant_reaches_every_rule_the_solver_must_follow() -> None:
    """Roll-outs, push-offs of full pieces and bare bottoms, re-entries on a free bottom,
    missed turns, restarts and capped pots all happen between the positions listed."""
    graph = explore(TINY)
    keys = Keys(TINY)
    game = PushOverGame(TINY)
    seen: set[str] = set()
    for key in graph.keys.tolist():
        state = keys.position(game, key)
        if state.pot == TINY.target - min(state.columns) > 1:
            seen.add("capped pot")
        for dice, total in endings(TINY):
            after = state.after_move(dice, total) if dice else state.after_roll_out()
            for kind, seat, a, _, _ in after.news:
                seen.add(f"{kind} {'bare' if seat < 0 else 'full'}" if kind == "pushoff" else kind)
                if kind == "enter" and a == 1:
                    seen.add("mount")
    wanted = {"rollout", "pushoff full", "pushoff bare", "mount", "missed", "restart", "pot"}
    assert wanted | {"capped pot"} <= seen


def test_evaluating_the_best_reply_gives_its_solved_value() -> None:
    graph = explore(TINY)
    plan = expected_movement_plan(TINY).roll
    best = solve(TINY, graph, plan)
    assert np.allclose(evaluate(TINY, graph, best.policy, plan), best.values, atol=1e-10)
    same = np.full(len(graph.keys), policy_byte(TINY, plan), dtype=np.uint8)
    plain = evaluate(TINY, graph, same, plan)
    assert (plain[graph.starts[0]] + plain[graph.starts[1]]) / 2 == pytest.approx(0.5)
    assert np.all(plain <= best.values + 1e-12)


def test_perfect_play_evaluated_from_both_seats_gives_the_minimax_values() -> None:
    graph = explore(TINY)
    perfect = solve(TINY, graph, None)
    theirs = as_seat_one(TINY, graph, perfect.policy)
    assert np.allclose(evaluate(TINY, graph, perfect.policy, theirs), perfect.values, atol=1e-10)
    start = (perfect.values[graph.starts[0]] + perfect.values[graph.starts[1]]) / 2
    assert start == pytest.approx(0.5)  # the seats are alike but for who moves first


def test_o2_ending_chances_under_the_expected_plan_match_the_exact_turn_figures() -> None:
    cfg = PushOverConfig(players=2)
    plan = expected_movement_plan(cfg).roll
    chances = ending_chances(cfg, plan)
    assert sum(chances) == pytest.approx(1.0)
    figures = turn_figures(cfg, plan)
    assert chances[0] == pytest.approx(float(figures.roll_out_probability))
    moved = sum(
        p * d_t[1] * cfg.move_multipliers[d_t[0] - 1]
        for d_t, p in zip(endings(cfg)[1:], chances[1:], strict=True)
    )
    assert moved == pytest.approx(float(figures.expected_move))


def test_solver_refuses_what_it_cannot_solve() -> None:
    with pytest.raises(ValueError, match="two-player"):
        Keys(PushOverConfig(players=3))
    with pytest.raises(ValueError, match="too many positions"):
        Keys(PushOverConfig(players=2, track_length=60, pot_stop=60))


def test_keys_read_back_the_position_they_were_made_from() -> None:
    game = PushOverGame(PushOverConfig(players=2))
    keys = Keys(game.config)
    bots = [ExpectedMovementBot(game), ExpectedMovementBot(game)]
    checked = 0
    for seed in range(20):
        state = game.new_initial_state()
        rng = np.random.default_rng(seed)
        while state.phase != OVER:
            if state.phase == DECIDE and not state.dice:
                back = keys.position(game, keys.of(state))
                assert (back.to_move, back.where, back.track) == (
                    state.to_move,
                    state.where,
                    state.track,
                )
                assert (back.free_bottoms, back.columns) == (state.free_bottoms, state.columns)
                assert back.pot == keys.pot(state.pot, state.columns)
                both = np.array([keys.of(state, 0), keys.of(state, 1)], dtype=np.int64)
                assert keys.mirror(both).tolist() == both[::-1].tolist()
                checked += 1
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                seat = state.to_move
                state.apply(bots[seat].act(state, seat, state.legal_actions(), rng))
    assert checked > 500


# -- the solved bots' choices ---------------------------------------------------------------


def test_o10_best_rolls_when_every_second_die_passes_the_pot() -> None:
    # At 12 with 7 chips after a 1: stopping moves to 13; with a second die (2-4 showing) the
    # piece moves 4, 6 or 8 stops, passes the pot stop and wins at once.
    state = position(where=[12, 5], columns=[7, 0], dice=(1,))
    for name in ("best", "perfect"):
        assert choice(SolvedBot(state.game, name), state) == Roll(0)


def test_o3_best_stops_where_the_expected_bot_rolls_into_a_possible_roll_out() -> None:
    # At 14 with 7 chips after a 2: stopping lands on the pot stop and wins. A second die
    # wins on 1 or 2 but rolls out on 3. The expected-movement bot rolls on (it moves 14/3
    # stops on average that way, 2 by stopping).
    state = position(where=[14, 5], columns=[7, 0], dice=(2,))
    assert choice(ExpectedMovementBot(state.game), state) == Roll(0)
    for name in ("best", "perfect"):
        assert choice(SolvedBot(state.game, name), state) == Stop(0)


def test_o10_best_gambles_when_the_opponent_is_about_to_win() -> None:
    # Blue stands on 15 with 7 chips: any move of theirs passes the pot stop and wins, so a
    # stop on 13 wins at most when blue rolls out. A second die showing 1 moves 8 stops past
    # the pot and wins: rolling wins at least a third of the time, more than blue rolls out.
    state = position(where=[10, 15], columns=[7, 7], dice=(3,))
    cfg = state.cfg
    rolls_out = turn_figures(cfg, expected_movement_plan(cfg).roll).roll_out_probability
    assert rolls_out < 1 / 3
    assert choice(ExpectedMovementBot(state.game), state) == Stop(0)
    assert choice(SolvedBot(state.game, "best"), state) == Roll(0)
    assert choice(SolvedBot(state.game, "perfect"), state) == Roll(0)


@pytest.mark.parametrize("name", ["best", "perfect"])
def test_solved_bot_plays_either_seat_alike(name: str) -> None:
    table = load_table()
    mirrored = 0
    for where, dice, columns in (
        ([12, 5], (1,), [7, 0]),
        ([14, 5], (2,), [7, 0]),
        ([10, 15], (3,), [7, 7]),
        ([3, 9], (1, 1), [2, 5]),
        ([8, 2], (2,), [0, 3]),
    ):
        red = position(where=where, columns=columns, dice=dice)
        blue = position(where=where[::-1], columns=columns[::-1], dice=dice, to_move=1)
        bot = SolvedBot(red.game, name)
        as_red, as_blue = choice(bot, red), choice(bot, blue)
        assert (as_red == ROLL[0]) == (as_blue == ROLL[1])
        assert table.choices(red, 0, name) == table.choices(blue, 1, name)
        mirrored += table.choices(red, 0, name) is not None
    assert mirrored == 5


def test_solved_bot_leaves_other_variants_and_unknown_positions_to_lookahead() -> None:
    three = position(where=[3, 9, 12], dice=(1,))
    assert SolvedBot(three.game, "best").table is None
    other = position(where=[12, 5], columns=[3, 0], dice=(1,), chips_to_win_two_players=5)
    assert SolvedBot(other.game, "best").table is None
    two = position(where=[12, 5], columns=[7, 0], dice=(1,))
    empty = SolvedTable(
        two.cfg,
        np.zeros(0, dtype=np.int64),
        {"best": np.zeros(0, np.uint8), "perfect": np.zeros(0, np.uint8)},
    )
    unknown = SolvedBot(two.game, "best", table=empty)
    assert empty.choices(two, 0, "best") is None
    for state, bot in ((three, SolvedBot(three.game, "best")), (two, unknown)):
        assert choice(bot, state) == choice(LookaheadBot(state.game), state)


def test_solved_bot_always_rolls_the_first_die_and_never_changes_the_position() -> None:
    state = position(where=[0, 7], columns=[1, 2])
    before = state.to_json()
    assert choice(SolvedBot(state.game, "best"), state) == ROLL[0]
    state = position(where=[4, 7], columns=[1, 2], dice=(1, 1))
    before = state.to_json()
    assert choice(SolvedBot(state.game, "perfect"), state) in (ROLL[0], STOP[0])
    assert state.to_json() == before


def test_table_file_missing_or_damaged_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(CorruptFile, match="missing"):
        read_table(tmp_path / "absent.npz")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a table")
    with pytest.raises(CorruptFile, match="damaged"):
        read_table(bad)


def test_solve_script_refuses_a_bad_table_path_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert SOLVE["main"](["--check", "--out", str(tmp_path / "none.npz")]) == 2
    assert SOLVE["main"](["--out", str(tmp_path / "no" / "such" / "dir.npz")]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 2 and all(line.startswith("solve_pushover: ") for line in lines)


def test_table_round_trips_through_its_file(tmp_path: Path) -> None:
    table = load_table()
    path = tmp_path / "copy.npz"
    path.write_bytes(table.to_bytes())
    back = read_table(path)
    assert back.config == table.config
    assert np.array_equal(back.keys, table.keys)
    for name, policy in table.policies.items():
        assert np.array_equal(back.policies[name], policy)


def test_shipped_table_is_the_solution_of_the_default_two_player_game() -> None:
    table = load_table()
    assert table.config == PushOverConfig(players=2)
    assert len(table.keys) == 131_405
    mine = Keys(table.config).movers(table.keys)
    assert not mine.any()  # every listed position has the table's seat to move


def test_best_wins_most_of_a_short_duel_against_expected() -> None:
    game = PushOverGame(PushOverConfig(players=2))
    best, expected = SolvedBot(game, "best"), ExpectedMovementBot(game)
    wins = 0
    for i in range(400):
        agents = [best, expected] if i % 2 == 0 else [expected, best]
        wins += Match(game, agents, seed=70_000 + i // 2).run().returns()[i % 2] == 1.0
    assert wins / 400 > 0.72  # exactly 81.1% in expectation; 400 games: sd 2 points


# -- slow: the table rebuilt, the tournament replayed ----------------------------------------


@pytest.mark.slow
def test_shipped_table_and_the_ceiling_are_a_fresh_solution() -> None:
    """The default two-player game solved afresh (about 20 s): the exact figures of
    docs/agents.md, and the shipped table byte for byte."""
    cfg = PushOverConfig(players=2)
    graph = explore(cfg)
    plan = expected_movement_plan(cfg).roll
    best, perfect = solve(cfg, graph, plan), solve(cfg, graph, None)
    first, second = graph.starts
    assert len(graph.keys) == 262_810
    assert best.values[first] == pytest.approx(0.815432, abs=1e-6)
    assert best.values[second] == pytest.approx(0.806562, abs=1e-6)
    against = evaluate(cfg, graph, perfect.policy, plan)
    assert (against[first] + against[second]) / 2 == pytest.approx(0.778106, abs=1e-6)
    table = load_table()
    mine = Keys(cfg).movers(graph.keys) == 0
    assert np.array_equal(table.keys, graph.keys[mine])
    assert np.array_equal(table.policies["best"], best.policy[mine])
    assert np.array_equal(table.policies["perfect"], perfect.policy[mine])


@pytest.mark.slow
def test_best_beats_expected_over_the_measured_20000_game_tournament() -> None:
    """`pusher tournament pushover --bots best,expected --games 20000 --seed 2026` replayed:
    16,326 wins (81.6%, Wilson 95% 81.1-82.2%); the exact expectation is 81.10%."""
    tournament = Tournament("pushover", ("best", "expected"), 20_000, 2026, {"players": 2})
    points = sum(r[2] for r in run(tournament))
    assert points == 16_326


def test_the_docs_count_the_ways_a_turn_ends_as_the_solver_does() -> None:
    """docs/agents.md once said ten ways (nine moves and a roll-out); ``endings`` lists nine:
    the roll-out and eight moves, whose lengths the docs list too."""
    import re

    from pushover.dice import move_length

    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    text = " ".join((Path(__file__).parents[1] / "docs" / "agents.md").read_text().split())
    found = re.search(r"the (\w+) ways the turn can end \((\w+) moves: ([^;]*);", text)
    assert found, "docs/agents.md no longer counts the ways a turn ends"
    cfg = PushOverConfig(players=2)
    ways = endings(cfg)
    assert words.index(found.group(1)) == len(ways)
    assert words.index(found.group(2)) == len(ways) - 1
    lengths = sorted(move_length(cfg, dice, total) for dice, total in ways[1:])
    assert [int(n) for n in re.findall(r"\d+", found.group(3))] == lengths
