"""Push Over rules O1-O10 (docs/rules.md), one or more tests per rule, from set-up
positions. Seats are 0..3; stops 1..16; pot stop 16; push-off stops 6 and 11."""

from __future__ import annotations

import pytest

from pusher_sim.errors import IllegalMove
from pusher_sim.turnloop.state import CHANCE, TERMINAL
from pushover.actions import Die, Roll, Stop
from pushover.config import PushOverConfig
from pushover.game import PushOverGame
from pushover.state import BARE, EMPTY, OUT, WAITING
from tests.pushover_positions import START, position, turn

# -- O1 ---------------------------------------------------------------------------------------


def test_o1_setup_one_chip_in_pot_first_player_enters_at_start() -> None:
    state = PushOverGame(PushOverConfig(players=3)).new_initial_state()
    assert state.pot == 1 and state.drawn == 1 and state.columns == [0, 0, 0]
    assert state.where == [START, WAITING, WAITING]  # only the first player is at START
    assert state.current_player() == 0
    assert all(p == EMPTY for p in state.track)
    turn(state, 2)
    assert state.where == [2, START, WAITING]  # the next player to the left enters now


def test_o1_first_player_is_config_and_play_goes_left() -> None:
    state = PushOverGame(PushOverConfig(players=4, first_player=2)).new_initial_state()
    order = []
    for _ in range(5):
        order.append(state.current_player())
        turn(state, 1)
    assert order == [2, 3, 0, 1, 2]


# -- O2 ---------------------------------------------------------------------------------------


def test_o2_one_die_moves_the_total() -> None:
    state = turn(position(where=[2, 9]), 3)
    assert state.where[0] == 5 and state.current_player() == 1  # moving ends the turn


def test_o2_two_dice_move_twice_the_total() -> None:
    state = turn(position(where=[2, 15]), 1, 2)
    assert state.where[0] == 2 + 2 * 3


def test_o2_three_dice_move_three_times_the_total_without_a_stop() -> None:
    state = position(where=[1, 15])
    turn(state, 1, 1, 2, stop=False)
    assert state.where[0] == 1 + 3 * 4  # forced: no fourth die, no stop needed
    assert state.current_player() == 1 and state.dice == ()


def test_o2_player_decides_after_each_die() -> None:
    state = position(where=[1, 15])
    state.apply(Roll(0))
    assert state.current_player() == CHANCE
    assert [a for a, _ in state.chance_outcomes()] == [Die(1), Die(2), Die(3)]
    assert all(p == pytest.approx(1 / 3) for _, p in state.chance_outcomes())
    state.apply(Die(2))
    assert state.current_player() == 0
    assert state.legal_actions() == [Roll(0), Stop(0)]


def test_o2_stop_before_any_roll_is_illegal_and_changes_nothing() -> None:
    state = position(where=[1, 15])
    assert state.legal_actions() == [Roll(0)]
    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        state.apply(Stop(0))
    assert info.value.rule == "O2"
    assert state.to_json() == before


def test_o2_total_of_exactly_the_limit_moves() -> None:
    state = turn(position(where=[7, 15]), 3, 1)
    assert state.where[0] == 7 + 8 and state.pot == 1


# -- O3 ---------------------------------------------------------------------------------------


def test_o3_rollout_over_4_top_leaves_bottom_stays_chip_to_pot() -> None:
    state = position(where=[9, 14], pot=2)
    turn(state, 3, 2)
    assert state.where[0] == OUT
    assert state.track[9] == BARE
    assert state.pot == 3 and state.drawn == 3
    assert state.current_player() == 1  # the turn ended at once


@pytest.mark.parametrize("stop", [START, 1, 2, 3, 4])
def test_o3_rollout_on_stops_1_to_4_moves_bottom_to_5(stop: int) -> None:
    state = position(where=[stop, 14])
    turn(state, 2, 3)
    assert state.where[0] == OUT
    assert state.bare_stops() == (5,)


def test_o3_rollout_advance_pushes_what_stands_ahead() -> None:
    # Seat 0 rolls out on 2; seat 1 stands on 3 and a bare bottom on 5. The bottom's way to 5
    # pushes seat 1 along to 6 and the bare bottom from 5 to 6: both are push-offs.
    state = position(where=[2, 3, 14], bare=[5], free=0, spare_bottoms_free=True)
    turn(state, 3, 3)
    assert state.bare_stops() == (5,)
    assert ("pushoff", 1, 6, 0, 0) in state.news  # pushed from 5 onto 6: off the board
    assert state.where[1] == START  # and straight back in, since seat 1 moves next
    assert state.free_bottoms == 1  # the bare bottom that stood on 5 fell off too


def test_o3_rollout_advance_is_config() -> None:
    state = position(where=[3, 14], rollout_advance_to=1)
    turn(state, 3, 3)
    assert state.bare_stops() == (3,)


# -- O4 ---------------------------------------------------------------------------------------


def test_o4_mover_pushes_a_chain_as_one() -> None:
    state = position(where=[1, 2, 14], bare=[3], free=0, spare_bottoms_free=True)
    turn(state, 2)
    assert state.where[0] == 3
    assert state.where[1] == 4 and state.track[5] == BARE  # directly ahead, in order


def test_o4_pushed_piece_reaching_a_push_off_stop_falls_off() -> None:
    state = position(where=[3, 4, 14], bare=[5], free=0, spare_bottoms_free=True)
    turn(state, 1)
    assert state.where[0] == 4
    assert state.where[1] == 5
    assert state.free_bottoms == 1 and state.bare_stops() == ()


def test_o4_mover_never_falls_off() -> None:
    state = turn(position(where=[4, 14]), 2)
    assert state.where[0] == 6  # a push-off stop, but the mover stays


def test_o4_a_piece_on_a_push_off_stop_pushed_onward_stays() -> None:
    state = turn(position(where=[5, 6, 14]), 1)
    assert state.where == [6, 7, 14]


def test_o4_a_pushed_piece_passing_a_push_off_stop_falls_at_it() -> None:
    state = turn(position(where=[8, 1, 9]), 1, 2)  # moves 6: pushes seat 2 from 9 past 11
    assert state.where[0] == 14 and state.where[2] == WAITING
    assert ("pushoff", 2, 11, 0, 0) in state.news


def test_o4_push_off_stops_are_config() -> None:
    state = turn(position(where=[3, 4, 14], push_off_stops=(9,)), 2)
    assert state.where[:2] == [5, 6]


# -- O5 ---------------------------------------------------------------------------------------


def test_o5_full_piece_pushed_off_re_enters_at_start_on_its_next_turn() -> None:
    state = turn(position(where=[4, 9, 5]), 1)
    assert state.where[2] == WAITING
    turn(state, 1)
    assert state.current_player() == 2 and state.where[2] == START  # its turn: enters
    turn(state, 3)
    assert state.where[2] == 3


def test_o5_bare_bottom_pushed_off_becomes_free() -> None:
    state = turn(position(where=[OUT, 9, 14], bare=[10], free=0, to_move=1), 1)
    assert state.free_bottoms == 1 and state.bare_stops() == ()


# -- O6 ---------------------------------------------------------------------------------------


def test_o6_rolled_out_player_mounts_a_free_bottom_and_enters_at_start() -> None:
    state = turn(position(where=[9, OUT, 14], free=1), 2)
    assert state.current_player() == 1
    assert state.where[1] == START and state.free_bottoms == 0
    turn(state, 3)
    assert state.where[1] == 3


def test_o6_without_a_free_bottom_the_turn_is_missed() -> None:
    state = turn(position(where=[9, OUT, 14], bare=[12], free=0), 2)
    assert state.current_player() == 2  # seat 1 passed over automatically
    assert state.where[1] == OUT
    assert state.counts["missed"] == 1 and state.counts["turns"] == 2
    assert ("missed", 1, 0, 0, 0) in state.news


def test_o6_a_freed_bottom_is_mounted_by_the_next_rolled_out_player() -> None:
    state = turn(position(where=[4, OUT, 14], bare=[5], free=0), 1)  # pushes 5 onto 6
    assert state.current_player() == 1 and state.where[1] == START


# -- O7 ---------------------------------------------------------------------------------------


def test_o7_mover_passing_the_pot_stop_takes_the_pot() -> None:
    state = turn(position(where=[14, 5], pot=4, columns=[1, 2]), 1, 2)  # 14 + 6 -> 4
    assert state.where[0] == 4
    assert state.columns == [5, 2] and state.pot == 1 and state.drawn == 8


def test_o7_mover_landing_on_the_pot_stop_takes_the_pot() -> None:
    state = turn(position(where=[13, 5], pot=3), 3)
    assert state.where[0] == 16 and state.columns == [3, 0] and state.pot == 1


def test_o7_leaving_the_pot_stop_takes_nothing() -> None:
    state = turn(position(where=[16, 5], pot=3), 3)
    assert state.where[0] == 3 and state.columns == [0, 0] and state.pot == 3


def test_o7_a_pushed_piece_crossing_the_pot_stop_takes_nothing() -> None:
    state = turn(position(where=[14, 15], pot=3), 1)
    assert state.where == [15, 16] and state.columns == [0, 0] and state.pot == 3


def test_o7_pot_stop_is_config() -> None:
    state = turn(position(where=[2, 12], pot=2, pot_stop=4), 3)
    assert state.columns == [2, 0]


# -- O8 ---------------------------------------------------------------------------------------


def test_o8_chips_enter_the_pot_only_at_start_rollout_and_emptying() -> None:
    state = PushOverGame(PushOverConfig(players=2)).new_initial_state()
    assert state.drawn == 1  # start
    turn(state, 2)  # an ordinary move: no chip
    assert state.drawn == 1
    turn(state, 3, 3)  # roll-out: one chip
    assert (state.pot, state.drawn) == (2, 2)
    state = turn(position(where=[15, 5], pot=2), 1)  # emptying: one chip back in
    assert (state.pot, state.columns, state.drawn) == (1, [2, 0], 3)


# -- O9 ---------------------------------------------------------------------------------------


def test_o9_everyone_out_clears_bottoms_and_all_begin_again_at_start() -> None:
    state = position(where=[OUT, 9, OUT], bare=[3, 12], free=0, to_move=1, pot=2)
    turn(state, 3, 2)
    assert state.counts["restarts"] == 1
    assert state.bare_stops() == ()
    assert state.current_player() == 2
    assert state.where == [WAITING, WAITING, START]
    assert state.pot == 3  # the roll-out's chip stays


def test_o9_not_while_a_full_piece_waits_to_re_enter() -> None:
    state = position(where=[WAITING, 9, OUT], bare=[3], free=0, to_move=1)
    turn(state, 3, 2)
    assert state.counts["restarts"] == 0
    assert state.bare_stops() == (3, 9)


# -- O10 --------------------------------------------------------------------------------------


def test_o10_two_players_win_at_once_with_8_chips() -> None:
    state = turn(position(where=[14, 9], columns=[7, 5]), 1, 2)
    assert state.current_player() == TERMINAL
    assert state.columns[0] == 8 and state.winner == 0
    assert state.returns() == [1.0, -1.0]
    assert state.where[0] == 16  # at once: the move ends on the pot stop


def test_o10_three_or_four_players_need_10_chips() -> None:
    state = turn(position(where=[14, 9, 3], columns=[8, 5, 0]), 1, 2)
    assert state.current_player() == 1 and state.columns[0] == 9
    state = turn(position(where=[14, 9, 3], columns=[8, 5, 0], pot=2), 1, 2)
    assert state.current_player() == TERMINAL and state.winner == 0


def test_o10_chips_to_win_are_config() -> None:
    state = turn(position(where=[14, 9], columns=[2, 0], chips_to_win_two_players=3), 1, 2)
    assert state.winner == 0


def test_turn_limit_ends_in_a_draw() -> None:
    state = PushOverGame(PushOverConfig(players=2, max_turns=3)).new_initial_state()
    for _ in range(3):
        turn(state, 1)
    assert state.current_player() == TERMINAL and state.winner == -1
    assert state.returns() == [0.0, 0.0]


def test_o4_a_long_chain_loses_a_piece_at_the_push_off_each_step() -> None:
    state = turn(position(where=[1, 2, 3, 4]), 3)
    assert sorted(s for s, p in enumerate(state.track) if p != EMPTY) == [4, 5]
    assert state.where == [4, 5, WAITING, WAITING]
