"""Balls moved by role (reference/roles.py) and model 8's fit on them (reference/validate.py)."""

from __future__ import annotations

from pusher_sim.board import Board
from pusher_sim.physics.config import config_for_model
from pusher_sim.reference import validate
from pusher_sim.reference.compare import Row, Side
from pusher_sim.reference.roles import Roles, moved_by_role

BOARD = Board()
TRI = ((0, 0), (1, 0), (0, 1))


def test_each_ball_is_counted_in_its_role() -> None:
    ring, far = (-1, 0), (3, -3)
    starts = [*TRI, ring, far]
    # (0, 0) stays; (1, 0) goes elsewhere; (0, 1) stays in its cup's place but not in a cup
    # (the 3-D land); the ring ball moves, the far one stays; the pressed ball takes (0, 0)...
    ends = [(0, 0), (2, 0), (0, 1), (-2, 0), far, (1, 0)]
    in_cup = [True, True, False, True, True, True]
    assert moved_by_role(BOARD, TRI, starts, ends, in_cup) == Roles(0, 2, 1, 0)
    # ... or ends outside the triangle, or in no cup.
    assert moved_by_role(BOARD, TRI, starts, [*ends[:-1], (4, -4)], in_cup).pressed == 1
    assert moved_by_role(BOARD, TRI, starts, ends, [*in_cup[:-1], False]).pressed == 1


def side(roles: Roles) -> Side:
    return Side(
        moved=roles.triangle + roles.ring + roles.rest,
        returned=2,
        settled=True,
        seconds=0.0,
        roles=roles,
    )


def test_the_fit_compares_roles_when_the_rows_have_them() -> None:
    three = side(Roles(1, 3, 1, 2))
    rows = [Row(0, "random", 0.1, 0.0, 91, 91, three, three, 0, 0, 0, 0, 0)]
    assert validate.distance(rows, [three]) == 0.0
    # A third of the triangle's balls moved: (1/3 - 1)^2; the rest alike.
    off = side(Roles(1, 1, 1, 2))
    assert validate.distance(rows, [off]) == (1 / 3 - 1) ** 2
    assert validate.free(config_for_model("8")) == ("gentle_finger_speed", "finger_speed")
    assert validate.free(config_for_model("7")) == ("press_speed", "gentle_press")
    assert Row.from_json(rows[0].as_json()) == rows[0]
