"""One test (or a few) per rule of Pusher (docs/rules.md), each from a position drawn as a board.

The board drawings are radius 2 unless said; see ``pusher_helpers`` for its cup colours.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pusher_sim.board import Board, Colour
from pusher_sim.errors import ConfigError, IllegalMove
from pusher_sim.push_resolution import PushSpec
from pusher_sim.pusher import (
    Pass,
    Place,
    Push,
    PusherConfig,
    PusherGame,
    ScriptedResolver,
    parse_position,
)
from pusher_sim.pusher.position import geometry
from pusher_sim.turnloop.state import TERMINAL, InvariantError
from tests.pusher_positions import (
    EMPTY,
    P4_TRIANGLE,
    PAIR_NEEDING_RED,
    RED_SENT_BACK,
    DrawnOutcome,
    make,
)

RED, BLUE = 0, 1
TRI = ((-2, 0), (-2, 1), (-1, 0))


def illegal(state, action, rule: str) -> None:  # type: ignore[no-untyped-def]
    before = state.to_json()
    with pytest.raises(IllegalMove) as err:
        state.apply(action)
    assert err.value.rule == rule, err.value
    assert state.to_json() == before


# -- P1 ------------------------------------------------------------------------------------------


def test_p1_setup_two_or_three_players_with_17_balls_each() -> None:
    for players in (2, 3):
        game = PusherGame(PusherConfig(players=players, resolver="scripted"), ScriptedResolver())
        state = game.new_initial_state()
        assert state.trays == [17] * players
        assert state.balls == {}
        assert state.current_player() == 0
        assert game.colours == (Colour.RED, Colour.BLUE, Colour.YELLOW)[:players]
        assert len(game.board.cells) == 91
    for players in (1, 4):
        with pytest.raises(ConfigError):
            PusherConfig(players=players)


def test_p1_with_two_players_the_third_colour_is_foreign_to_both() -> None:
    state = make(EMPTY)
    yellow_cups = {c for c in state.game.board.cells if state.game.board.colour(c) == Colour.YELLOW}
    legal = {a.cell for a in state.legal_actions() if isinstance(a, Place)}
    assert yellow_cups <= legal
    assert not any(b == Colour.YELLOW for b in state.balls.values())


# -- P2 ------------------------------------------------------------------------------------------


def test_p2_place_one_ball_in_an_empty_cup_of_another_colour() -> None:
    state = make(EMPTY)
    board = state.game.board
    legal = {a.cell for a in state.legal_actions() if isinstance(a, Place)}
    assert legal == {c for c in board.cells if board.colour(c) != Colour.RED}
    assert (0, 0) in legal  # the black cup is foreign to everyone
    state.apply(Place((-2, 0)))
    assert state.balls == {(-2, 0): Colour.RED}
    assert state.trays == [4, 5]
    assert state.current_player() == BLUE


def test_p2_own_colour_or_occupied_cup_is_illegal() -> None:
    state = make(
        """
          . . .
         . . . .
        R . . . .
         . . . .
          . . .
        """,
        to_move=BLUE,
    )
    illegal(state, Place((-2, 0)), "P2")  # occupied
    illegal(state, Place((-2, 0)), "P2")
    illegal(state, Place((1, 0)), "P2")  # a blue cup
    illegal(state, Place((9, 9)), "P2")  # off the board


def test_p2_black_cup_can_be_made_nobodys_by_config() -> None:
    state = make(EMPTY, black_is_foreign=False)
    assert Place((0, 0)) not in state.legal_actions()
    illegal(state, Place((0, 0)), "P2")


# -- P3, P4 --------------------------------------------------------------------------------------


def test_p3_two_balls_in_neighbouring_cups_of_any_colours_are_a_pair() -> None:
    geo = geometry(Board(radius=2))
    apart = make(
        """
          . . .
         . . . .
        R . B . .
         . . . .
          . . .
        """
    )
    mixed = make(
        """
          . . .
         . . . .
        R B . . .
         . . . .
          . . .
        """,
        to_move=BLUE,
    )
    same = make(
        """
          . . .
         . . . .
        R R . . .
         . . . .
          . . .
        """
    )
    assert not geo.has_pair(apart.balls)
    assert geo.has_pair(mixed.balls)
    assert geo.has_pair(same.balls)
    assert apart.duty().rule == "P2"
    assert mixed.duty().rule == "P5"


def test_p4_three_balls_in_mutually_neighbouring_cups_are_a_triangle() -> None:
    geo = geometry(Board(radius=2))
    state = make(P4_TRIANGLE)
    assert geo.ball_triangles(state.balls) == [TRI]
    line = make(
        """
          . . .
         . . . .
        R B R . .
         . . . .
          . . .
        """
    )
    assert geo.ball_triangles(line.balls) == []
    illegal(line, Push(((-2, 0), (-1, 0), (0, 0))), "P4")


def test_p4_board_lists_every_triangle_of_the_hexagon() -> None:
    # 6 * 5^2 unit triangles in a hexagon of 5 edges a side; the lower-left edge ones included.
    board = Board()
    assert len(board.triangles) == 150
    assert ((-5, 0), (-4, -1), (-4, 0)) in board.triangles


# -- P5 ------------------------------------------------------------------------------------------


def test_p5_forced_triangle_while_a_pair_exists() -> None:
    state = make(PAIR_NEEDING_RED, to_move=BLUE)
    # The pair's two completing cups are both red cups, foreign to blue.
    assert state.legal_actions() == [Place((-1, -1)), Place((-2, 1))]
    illegal(state, Place((2, 0)), "P5")
    state.apply(Place((-1, -1)))
    assert geometry(state.game.board).ball_triangles(state.balls) == [((-2, 0), (-1, -1), (-1, 0))]


# -- P6 ------------------------------------------------------------------------------------------


def test_p6_forced_push_while_a_pushable_triangle_exists() -> None:
    state = make(P4_TRIANGLE)
    assert state.legal_actions() == [Push(TRI)]
    illegal(state, Place((2, 0)), "P6")
    illegal(state, Pass(), "P6")


def test_p6_one_push_listed_per_pushable_triangle() -> None:
    state = make(
        """
          . . .
         B . . .
        R B . . .
         B . . .
          . . .
        """
    )
    assert state.legal_actions() == [
        Push(((-2, 0), (-2, 1), (-1, 0))),
        Push(((-2, 0), (-1, -1), (-1, 0))),
    ]


# -- P7 ------------------------------------------------------------------------------------------


def test_p7_skip_when_only_own_colour_completes_triangle() -> None:
    state = make(PAIR_NEEDING_RED, to_move=RED)
    assert state.legal_actions() == [Pass()]
    assert state.duty().rule == "P7"
    illegal(state, Place((2, 0)), "P7")  # a free yellow cup, but the turn is skipped
    illegal(state, Place((-2, 1)), "P2")  # the red cup that would form the triangle
    state.apply(Pass())
    assert state.current_player() == BLUE
    assert state.trays == [4, 4]


def test_p7_skip_can_be_made_free_placement_by_config() -> None:
    state = make(PAIR_NEEDING_RED, to_move=RED, on_own_colour_only="place_freely")
    board = state.game.board
    expected = [
        Place(c) for c in board.cells if c not in state.balls and board.colour(c) != Colour.RED
    ]
    assert state.legal_actions() == expected
    illegal(state, Pass(), "P7")


FULL_RADIUS_1 = """
     R R
    B B R
     R B
"""


def test_p7_no_legal_move_passes_and_all_passing_is_a_draw() -> None:
    # A full board: no empty cup to place in and (P9) nothing can roll, so nothing to push.
    state = make(FULL_RADIUS_1)
    assert state.legal_actions() == [Pass()]
    state.apply(Pass())
    assert state.current_player() == BLUE
    assert state.legal_actions() == [Pass()]
    state.apply(Pass())
    assert state.current_player() == TERMINAL
    assert state.end == "all_passed"
    assert state.returns() == [0.0, 0.0]


def test_p7_all_passing_draw_is_config_and_the_move_cap_still_ends_the_game() -> None:
    state = make(FULL_RADIUS_1, draw_when_all_pass=False, move_cap=5)
    for _ in range(4):
        state.apply(Pass())
        assert not state.is_terminal()
    state.apply(Pass())
    assert state.end == "move_cap"
    assert state.returns() == [0.0, 0.0]


def test_p7_a_pair_without_any_triangle_cup_means_a_full_board() -> None:
    # The decision "no empty cup would form a triangle: place freely" can only meet a full
    # board: any ball next to both another ball and an empty cup leaves a triangle cup open.
    geo = geometry(Board(radius=2))
    cells = list(geo.cells)

    @given(st.sets(st.sampled_from(cells)))
    @settings(max_examples=300, deadline=None)
    def check(occupied: set[tuple[int, int]]) -> None:
        balls = dict.fromkeys(occupied, Colour.RED)
        if geo.has_pair(balls) and not geo.triangle_cups(balls):
            assert len(balls) == len(cells)

    check()


# -- P8 ------------------------------------------------------------------------------------------

AFTER_NO_RETURNS = """
      B . .
     . . R .
    . B . R .
     . . . .
      . . .
"""


def test_p8_push_hands_press_and_flick_to_the_physics_with_a_ball_from_the_tray() -> None:
    drawn = DrawnOutcome(AFTER_NO_RETURNS)
    state = make(P4_TRIANGLE, resolver=drawn, hand="exact")
    assert state.trays == [4, 3]
    push = Push(TRI, (0.001, -0.0005), 1.0, 0.5)
    state.apply(push)
    assert drawn.pushes == [PushSpec(TRI, Colour.RED, (0.001, -0.0005), 1.0, 0.5)]
    _, expected = parse_position(AFTER_NO_RETURNS)
    assert state.balls == expected
    assert state.trays == [3, 3]
    assert state.pushes == 1


def test_p8_press_point_outside_the_triangle_too_hard_a_flick_or_press_is_illegal() -> None:
    state = make(P4_TRIANGLE)
    pitch = state.game.board.pitch
    illegal(state, Push(TRI, (pitch, 0.0)), "P8")
    illegal(state, Push(TRI, (0.0, 0.0), 0.0, 1.01), "P8")
    illegal(state, Push(TRI, (0.0, 0.0), 0.0, -0.1), "P8")
    illegal(state, Push(TRI, (math.nan, 0.0)), "P8")
    illegal(state, Push(TRI, (0.0, 0.0), math.inf, 0.1), "P8")
    for strength in (-1.0, 1.01, math.nan):
        illegal(state, Push(TRI, (0.0, 0.0), 0.0, 0.0, strength), "P8")
    illegal(state, Push(((-2, 1), (-2, 0), (-1, 0))), "P8")  # not sorted
    # A corner of the triangle is inside (edges included); press_region 0 allows the centre only.
    cx, cy = state.game.board.triangle_centre(TRI)
    x, y = state.game.board.position(TRI[0])
    assert state.is_legal(Push(TRI, (x - cx, y - cy), 2.0, 1.0))
    centre_only = make(P4_TRIANGLE, press_region=0.0)
    illegal(centre_only, Push(TRI, (0.0001, 0.0)), "P8")
    assert centre_only.is_legal(Push(TRI))


# -- P9 ------------------------------------------------------------------------------------------


def test_p9_push_only_when_a_ball_of_the_triangle_can_roll_freely() -> None:
    # Free roll needs 2 empty neighbours here: the corner triangle's balls have at most one.
    state = make(
        """
          . . .
         . . . .
        . . B R .
         . R R B
          . . R
        """,
        free_roll_empty_neighbours=2,
    )
    corner = ((1, -1), (2, -2), (2, -1))
    pushes = [a.triangle for a in state.legal_actions() if isinstance(a, Push)]
    assert corner not in pushes
    assert len(pushes) == 3
    illegal(state, Push(corner), "P9")


def test_p9_non_pushable_triangles_do_not_force_a_push() -> None:
    # With one empty neighbour enough, a triangle cannot roll only on a full board.
    state = make(FULL_RADIUS_1)
    assert geometry(state.game.board).ball_triangles(state.balls)
    illegal(state, Push(((-1, 0), (-1, 1), (0, 0))), "P9")
    assert state.duty().kind == "pass"


# -- P10 -----------------------------------------------------------------------------------------


def test_p10_balls_resting_in_their_own_colour_go_back_to_their_trays() -> None:
    after = """
          . R .
         . . . .
        . . B . .
         . B . .
          . . R
    """
    state = make(P4_TRIANGLE, resolver=DrawnOutcome(after))
    state.apply(Push(TRI))
    # Red in (-1,2) (a red cup) and blue in (0,-1) (a blue cup) go home; black keeps its ball.
    assert state.balls == {(0, 0): Colour.BLUE, (2, -2): Colour.RED}
    assert state.trays == [4, 4]
    assert state.last_returned == (((-1, 2), Colour.RED), ((0, -1), Colour.BLUE))
    assert state.returned == 2
    assert state.current_player() == BLUE  # P11(b)


# -- P11 -----------------------------------------------------------------------------------------


def test_p11a_no_own_ball_back_and_a_pushable_triangle_left_pushes_again() -> None:
    after = """
          R . .
         . . . .
        . . . . .
         . . B B
          . . R
    """
    state = make(P4_TRIANGLE, resolver=DrawnOutcome(after))
    state.apply(Push(TRI))
    assert state.current_player() == RED
    assert state.legal_actions() == [Push(((1, -1), (2, -2), (2, -1)))]


def test_p11b_own_ball_back_passes_the_turn() -> None:
    state = make(P4_TRIANGLE, resolver=DrawnOutcome(RED_SENT_BACK))
    state.apply(Push(TRI))
    assert state.trays[RED] == 4
    assert state.current_player() == BLUE


def test_p11c_no_own_ball_back_and_no_pushable_triangle_places_one_then_passes() -> None:
    state = make(P4_TRIANGLE, resolver=DrawnOutcome(AFTER_NO_RETURNS))
    state.apply(Push(TRI))
    assert state.current_player() == RED
    # The pair (0,1)-(1,0) forces a triangle (P5): (1,1) is red, so only the black cup.
    assert state.legal_actions() == [Place((0, 0))]
    state.apply(Place((0, 0)))
    assert state.current_player() == BLUE


# -- P12 -----------------------------------------------------------------------------------------


def test_p12_emptying_the_tray_by_placing_wins_at_once() -> None:
    state = make(
        """
          . . .
         . . . .
        R . . . .
         . . . .
          . . .
        """,
        balls_per_player=2,
    )
    state.apply(Place((2, 0)))
    assert state.is_terminal()
    assert state.winner == RED
    assert state.returns() == [1.0, -1.0]
    with pytest.raises(IllegalMove):
        state.apply(Pass())


def test_p12_emptying_the_tray_by_a_push_wins_at_once() -> None:
    before = """
          . . R
         B . . .
        R B . . .
         . . . .
          . . .
    """
    after = """
          B . R
         . . R .
        . B . R .
         . . . .
          . . .
    """
    state = make(before, resolver=DrawnOutcome(after), balls_per_player=3)
    assert state.trays == [1, 1]
    state.apply(Push(TRI))
    assert state.winner == RED
    assert state.end == "win"


def test_p12_three_players_winner_takes_one_and_the_others_share_the_loss() -> None:
    state = make(EMPTY, players=3, balls_per_player=1)
    state.apply(Place((2, 0)))
    assert state.returns() == [1.0, -0.5, -0.5]


# -- P13 -----------------------------------------------------------------------------------------


def test_p13_scripted_push_keeps_one_ball_per_cup_and_every_ball_on_the_board() -> None:
    board = Board(radius=2)
    resolver = ScriptedResolver()

    @given(
        st.dictionaries(st.sampled_from(board.cells), st.sampled_from(list(Colour)[:3])),
        st.sampled_from(board.triangles),
        st.floats(0, 2 * math.pi),
        st.floats(0, 1),
        st.floats(0, 1),
        st.floats(0, 1),
    )
    @settings(max_examples=300, deadline=None)
    def check(balls, tri, angle, speed, a, b) -> None:  # type: ignore[no-untyped-def]
        for c in tri:
            balls.setdefault(c, Colour.RED)
        if len(balls) == len(board.cells):
            return
        cx, cy = board.triangle_centre(tri)
        w = (min(a, b), abs(a - b), 1 - max(a, b))
        dx = sum(wi * (board.position(c)[0] - cx) for wi, c in zip(w, tri, strict=True))
        dy = sum(wi * (board.position(c)[1] - cy) for wi, c in zip(w, tri, strict=True))
        push = PushSpec(tri, Colour.BLUE, (dx, dy), angle, speed)
        out = resolver.resolve(board, balls, push)
        cells = [c for c, _ in out.balls]
        assert len(set(cells)) == len(cells) == len(balls) + 1
        assert all(c in board for c in cells)
        assert sorted(col for _, col in out.balls) == sorted([*balls.values(), Colour.BLUE])
        assert out == resolver.resolve(board, balls, push)  # the same push, the same result

    check()


def test_p13_an_outcome_that_loses_or_stacks_balls_is_refused() -> None:
    lost = """
          . . .
         . . . .
        . . . . .
         . . . .
          . . R
    """
    state = make(P4_TRIANGLE, resolver=DrawnOutcome(lost))
    before = state.to_json()
    with pytest.raises(InvariantError, match="P13"):
        state.apply(Push(TRI))
    assert state.to_json() == before


# -- the invariant -------------------------------------------------------------------------------


def test_invariant_tray_plus_board_is_17_per_colour() -> None:
    state = make(P4_TRIANGLE)
    state.trays[RED] += 1
    with pytest.raises(InvariantError):
        state.check_invariants()
