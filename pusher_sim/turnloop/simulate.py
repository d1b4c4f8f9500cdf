"""Bots against bots, many games, one summary: what ``pusher simulate`` prints."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from pusher_sim.errors import UserError
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import HUMAN, GameSpec
from pusher_sim.turnloop.state import State


def simulate(
    spec: GameSpec,
    seats: Sequence[str],
    games: int,
    seed: int,
    config: dict[str, Any] | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """Play ``games`` seeded games; game ``i`` uses seed ``seed + i`` so any one can be rerun."""
    if games < 1:
        raise UserError(f"--games must be at least 1, got {games}")
    if HUMAN in seats:
        raise UserError("simulate plays bots only; a 'human' seat cannot be simulated")
    spec.check_seats(seats)
    game = spec.make_game({**(config or {}), "players": len(seats)})
    agents = spec.make_agents(game, seats)
    finals: list[State] = []
    lengths: list[int] = []
    started = time.perf_counter()
    iterator: Any = range(games)
    if progress:
        from tqdm import tqdm

        iterator = tqdm(iterator, desc=f"{spec.name} games", unit="game", leave=False)
    for i in iterator:
        match = Match(game, agents, seed=seed + i, seat_names=list(seats))
        finals.append(match.run())
        lengths.append(match.moves)
    elapsed = time.perf_counter() - started
    return {
        "game": spec.name,
        "seats": list(seats),
        "games": games,
        "seed": seed,
        **outcome_table(finals, game.teams()),
        "mean_actions": sum(lengths) / games,
        **spec.summarise(finals),
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
    }


def outcome_table(finals: Sequence[State], teams: Sequence[Sequence[int]]) -> dict[str, Any]:
    """Win rate per seat (partners share a win), draws, and unfinished games."""
    seats = len(teams) and max(s for team in teams for s in team) + 1
    wins = [0] * seats
    draws = unfinished = 0
    for state in finals:
        if not state.is_terminal():
            unfinished += 1
            continue
        returns = state.returns()
        best = max(returns)
        if best == min(returns):
            draws += 1
            continue
        for seat, r in enumerate(returns):
            if r == best:
                wins[seat] += 1
    n = len(finals)
    return {
        "win_rate": [w / n for w in wins],
        "draw_rate": draws / n,
        "unfinished": unfinished,
    }


def format_summary(summary: dict[str, Any]) -> str:
    """The summary as aligned text lines."""
    lines = [f"{summary['game']}: {summary['games']} games, seed {summary['seed']}"]
    for seat, (name, rate) in enumerate(zip(summary["seats"], summary["win_rate"], strict=True)):
        lines.append(f"  seat {seat} {name:<12} wins {rate:7.2%}")
    for key, value in summary.items():
        if key in {"game", "games", "seed", "seats", "win_rate"}:
            continue
        shown = f"{value:.4g}" if isinstance(value, float) else str(value)
        lines.append(f"  {key.replace('_', ' '):<24} {shown}")
    return "\n".join(lines)
