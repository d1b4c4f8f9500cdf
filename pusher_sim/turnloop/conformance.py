"""The generic random-play check that every game must pass.

It plays seeded random games and, at every step, checks what the State API promises: legal
actions unique and each legal, clone equal to the original, a JSON round trip that loses
nothing, observations that are JSON (a spectator's too), invariants, a position rebuilt from a
seat's observation alone (games that hide cards) that shows that seat the same and allows it
the same moves, and a game that ends within its bound.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np

from pusher_sim.turnloop.state import SPECTATOR, Game, InvariantError, State


@dataclass(frozen=True)
class PlayReport:
    steps: int
    returns: tuple[float, ...]


def _roundtrip(game: Game, state: State) -> State:
    return game.state_from_json(json.loads(json.dumps(state.to_json())))


def check_state(game: Game, state: State) -> None:
    """Every promise a single state makes, checked once."""
    state.check_invariants()
    copy = state.clone()
    if copy != state or copy is state:
        raise InvariantError("clone() differs from the original")
    if _roundtrip(game, state) != state:
        raise InvariantError("JSON round trip changed the state")
    for seat in (*range(game.num_players), SPECTATOR):
        seen = json.loads(json.dumps(state.observation(seat).to_json()))
        if game.hides_information:
            _check_seen_by(game, state, seat, seen)
    if state.is_chance() or state.is_terminal():
        return
    legal = state.legal_actions()
    if not legal:
        raise InvariantError(f"player {state.current_player()} to move has no legal action")
    if len(set(legal)) != len(legal):
        raise InvariantError("legal_actions() lists an action twice")
    for action in legal:
        if game.action_codec.decode(json.loads(json.dumps(action.to_json()))) != action:
            raise InvariantError(f"{action} does not survive a JSON round trip")
        state.validate(action)


def _check_seen_by(game: Game, state: State, seat: int, seen: dict[str, object]) -> None:
    """The position ``seat``'s observation describes looks the same to it and allows it the
    same moves as the real one."""
    stand_in = game.state_seen_by(seen)
    stand_in.check_invariants()
    if stand_in.observation(seat).to_json() != seen:
        raise InvariantError(f"seat {seat}'s rebuilt position shows it something else")
    if seat == state.current_player() and stand_in.legal_actions() != state.legal_actions():
        raise InvariantError(f"seat {seat}'s rebuilt position allows it other moves")


def random_play(game: Game, seed: int, every: int = 1) -> PlayReport:
    """Play one seeded random game, checking the state every ``every`` steps and at the end."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if steps > game.max_game_length:
            raise InvariantError(f"game ran past its bound of {game.max_game_length} actions")
        if steps % every == 0:
            check_state(game, state)
        if state.is_chance():
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
        before = state.clone()
        state.apply(action)
        if state == before:
            raise InvariantError(f"{action} changed nothing: the game would stall")
        steps += 1
    check_state(game, state)
    returns = tuple(state.returns())
    if len(returns) != game.num_players or not all(-1.0 <= r <= 1.0 for r in returns):
        raise InvariantError(f"returns {returns} out of bounds")
    return PlayReport(steps, returns)
