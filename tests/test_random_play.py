"""The one generic random-play test every game registers into (docs/design.md, "One turn loop").

Each row is a game and config; each seed plays a whole random game through
:func:`pusher_sim.turnloop.conformance.random_play`, which checks legal actions, clone, JSON
round trip, observations and invariants at every step, and that the game ends in its bound.
"""

from __future__ import annotations

from typing import Any

import pytest

from pusher_sim.turnloop import get_spec
from pusher_sim.turnloop.conformance import random_play

# (game, config, seeds, check every n-th step). Keep the suite's total time in mind.
CASES: list[tuple[str, dict[str, Any], int, int]] = [
    # Pusher: 2,050 games with scripted pushes, mostly on small boards (the full board's random
    # games run ~1,500 actions), plus 155 with the pymunk physics, full board included. Every
    # non-default decision has a row. About 60 s on one core.
    (
        "pusher",
        {"players": 2, "resolver": "scripted", "board_radius": 2, "balls_per_player": 6},
        300,
        2,
    ),
    (
        "pusher",
        {"players": 3, "resolver": "scripted", "board_radius": 3, "balls_per_player": 6},
        1000,
        1,
    ),
    (
        "pusher",
        {"players": 2, "resolver": "scripted", "board_radius": 3, "balls_per_player": 6},
        300,
        2,
    ),
    (
        "pusher",
        {
            "players": 2,
            "resolver": "scripted",
            "board_radius": 3,
            "balls_per_player": 6,
            "black_is_foreign": False,
            "on_own_colour_only": "place_freely",
            "when_no_triangle_cup": "pass",
            "free_roll_empty_neighbours": 2,
            "draw_when_all_pass": False,
            "press_region": 0.5,
            "move_cap": 300,
        },
        400,
        1,
    ),
    ("pusher", {"players": 2, "resolver": "scripted"}, 30, 10),
    ("pusher", {"players": 3, "resolver": "scripted"}, 20, 10),
    ("pusher", {"players": 3, "board_radius": 2, "balls_per_player": 4}, 100, 3),
    ("pusher", {"players": 2, "board_radius": 3, "balls_per_player": 6, "move_cap": 200}, 50, 5),
    ("pusher", {"players": 3, "move_cap": 100}, 5, 5),
    # Push Over: ~2,600 whole games, every 4th position checked (about 35 s on one core).
    ("pushover", {"players": 2}, 800, 4),
    ("pushover", {"players": 3}, 600, 4),
    ("pushover", {"players": 4}, 800, 4),
    ("pushover", {"players": 3, "spare_bottoms_free": True, "push_off_stops": [4, 9, 13]}, 400, 4),
    # Push (rummy): ~2,300 deals - each deal type alone, whole 5-deal matches, and every
    # non-default decision - checking every 7th (or 5th) position (about 60 s on one core).
    ("rummy", {"players": 4, "deals": 1}, 500, 7),
    (
        "rummy",
        {"players": 4, "deals": 1, "hand_sizes": [7], "contracts": [[["set", 3], ["run", 4]]]},
        350,
        7,
    ),
    (
        "rummy",
        {"players": 4, "deals": 1, "hand_sizes": [8], "contracts": [[["run", 4], ["run", 4]]]},
        350,
        7,
    ),
    (
        "rummy",
        {"players": 4, "deals": 1, "hand_sizes": [9], "contracts": [[["set", 3]] * 3]},
        350,
        7,
    ),
    (
        "rummy",
        {"players": 4, "deals": 1, "hand_sizes": [10], "contracts": [[["run", 5]] * 2]},
        350,
        7,
    ),
    ("rummy", {"players": 4}, 40, 5),
    (
        "rummy",
        {
            "players": 4,
            "deals": 2,
            "stock_out": "at_turn",
            "push_min_stock": 2,
            "bury_wild_upcard": False,
            "may_discard_taken_card": False,
            "layoff_after_contract_same_turn": False,
            "max_turns_per_deal": 40,
        },
        100,
        5,
    ),
]


@pytest.mark.parametrize(("name", "config", "seeds", "every"), CASES, ids=lambda v: str(v))
def test_random_play(name: str, config: dict[str, Any], seeds: int, every: int) -> None:
    game = get_spec(name).make_game(config)
    for seed in range(seeds):
        report = random_play(game, seed, every=every)
        assert report.steps > 0
