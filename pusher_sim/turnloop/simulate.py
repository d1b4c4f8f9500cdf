"""Bots against bots, many games, one summary: what ``pusher simulate`` prints."""

from __future__ import annotations

import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from pusher_sim.errors import UserError
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import HUMAN, GameSpec, get_spec
from pusher_sim.turnloop.state import State


def simulate(
    spec: GameSpec,
    seats: Sequence[str],
    games: int,
    seed: int,
    config: dict[str, Any] | None = None,
    progress: bool = False,
    workers: int = 1,
) -> dict[str, Any]:
    """Play ``games`` seeded games; game ``i`` uses seed ``seed + i`` so any one can be rerun.

    With ``workers > 1`` the games are shared out among processes; each game depends on its
    seed alone, so the summary is the same for any number of workers.
    """
    if games < 1:
        raise UserError(f"--games must be at least 1, got {games}")
    if workers < 1:
        raise UserError(f"--workers must be at least 1, got {workers}")
    if HUMAN in seats:
        raise UserError("simulate plays bots only; a 'human' seat cannot be simulated")
    spec.check_seats(seats)
    game_config = {**(config or {}), "players": len(seats)}
    game = spec.make_game(game_config)
    spec.make_agents(game, seats)  # refuse unknown bot names before any work starts
    started = time.perf_counter()
    bar = _progress_bar(spec.name, games) if progress else None
    chunk = max(1, min(50, games // (workers * 8)))
    seeds = [
        list(range(seed + i, min(seed + i + chunk, seed + games))) for i in range(0, games, chunk)
    ]
    results: list[list[tuple[dict[str, Any], int]]] = [[] for _ in seeds]
    if workers == 1:
        for n, part in enumerate(seeds):
            results[n] = play_games(spec.name, game_config, list(seats), part)
            if bar is not None:
                bar.update(len(part))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {
                pool.submit(play_games, spec.name, game_config, list(seats), part): n
                for n, part in enumerate(seeds)
            }
            for future in as_completed(futures):
                results[futures[future]] = future.result()
                if bar is not None:
                    bar.update(len(seeds[futures[future]]))
    if bar is not None:
        bar.close()
    elapsed = time.perf_counter() - started
    finals = [game.state_from_json(data) for part in results for data, _ in part]
    lengths = [moves for part in results for _, moves in part]
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


def play_games(
    name: str, config: dict[str, Any], seats: list[str], seeds: list[int]
) -> list[tuple[dict[str, Any], int]]:
    """Play one seeded game per seed; return each final state (as JSON) and its length.

    Runs in a worker process, so it takes and returns plain data only.
    """
    spec = get_spec(name)
    game = spec.make_game(config)
    agents = spec.make_agents(game, seats)
    out = []
    for seed in seeds:
        match = Match(game, agents, seed=seed, seat_names=seats)
        final = match.run()
        out.append((final.to_json(), match.moves))
    return out


def _progress_bar(name: str, total: int) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, desc=f"{name} games", unit="game", leave=False)


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
