"""Every game's prompt lists the commands that are legal now, and only those.

Random play visits each kind of decision; at every one, a command is named in the prompt exactly
when the state lists an action of its kind.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

from pusher_sim.pusher.actions import Pass, Place, Push
from pusher_sim.turnloop import get_spec
from pushover.actions import Roll, Stop
from rummy.actions import Discard, DrawStock, LayMelds, LayOff, PushDraw, ReplaceWild, TakeDiscard

COMMANDS: dict[str, dict[str, type]] = {
    "pusher": {"push": Push, "cup": Place, "pass": Pass},
    "rummy": {
        "take": TakeDiscard,
        "push": PushDraw,
        "draw": DrawStock,
        "meld": LayMelds,
        "lay": LayOff,
        "replace": ReplaceWild,
        "discard": Discard,
    },
    "pushover": {"roll": Roll, "stop": Stop},
}

UNREACHED = {"draw"}
"""Push's stock draw is legal only with an empty discard pile or stock, which play does not
reach: every turn ends with a discard, so the pile holds a card at every draw, and the stock's
size stays odd, so a push of its last card ends the deal. test_rummy_text sets those up."""

CASES: list[tuple[str, dict[str, Any], int]] = [
    ("pusher", {"players": 3, "resolver": "scripted", "board_radius": 2, "balls_per_player": 5}, 8),
    ("rummy", {"deals": 2}, 2),
    ("pushover", {"players": 3}, 3),
]


@pytest.mark.parametrize(("name", "config", "games"), CASES, ids=[c[0] for c in CASES])
def test_prompt_lists_exactly_the_legal_kinds_of_command(
    name: str, config: dict[str, Any], games: int
) -> None:
    spec = get_spec(name)
    game = spec.make_game(config)
    ui = spec.text_ui(game)
    seen: set[str] = set()
    for seed in range(games):
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(rng))
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            words = set(re.findall(r"[a-z]+", ui.prompt(state, seat).lower()))
            kinds = {type(a) for a in legal}
            for word, kind in COMMANDS[name].items():
                assert (word in words) == (kind in kinds), (ui.prompt(state, seat), legal[:5])
                if word in words:
                    seen.add(word)
            state.apply(legal[int(rng.integers(len(legal)))])
    assert seen == set(COMMANDS[name]) - UNREACHED, f"play never met {set(COMMANDS[name]) - seen}"
