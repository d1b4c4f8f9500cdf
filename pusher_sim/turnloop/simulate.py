"""Bots against bots, many games, one summary: what ``pusher simulate`` prints."""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future
from typing import Any

from pusher_sim.errors import UserError
from pusher_sim.extras import require
from pusher_sim.running.pool import worker_pool
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import HUMAN, GameSpec, get_spec
from pusher_sim.turnloop.state import State

MAX_GAMES = 100_000
"""Most games one run plays: every final position is kept for the summary (a few kB each)."""
LONG_RUN_SECONDS = 3600.0
"""A run expected to take longer than this asks before it goes on (see ``confirm``)."""
CALIBRATE_SECONDS = 1.0
"""Games are first played one by one for this long, to time them."""

GameResult = tuple[dict[str, Any], int]


def simulate(
    spec: GameSpec,
    seats: Sequence[str],
    games: int,
    seed: int,
    config: dict[str, Any] | None = None,
    progress: bool = False,
    workers: int = 1,
    confirm: Callable[[float], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` seeded games; game ``i`` uses seed ``seed + i`` so any one can be rerun.

    With ``workers > 1`` the games are shared out among processes; each game depends on its
    seed alone, so the summary is the same for any number of workers. The first games are timed;
    if the whole run looks like taking over :data:`LONG_RUN_SECONDS`, ``confirm(seconds)`` is
    called with the expected time, and may raise to stop the run. Seeds are handed out as the
    games go, so a large ``games`` costs nothing before it is played.
    """
    if not 1 <= games <= MAX_GAMES:
        raise UserError(f"--games must be 1 to {MAX_GAMES:,}, got {games:,}")
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
    finals: list[State] = []
    lengths: list[int] = []

    def take(part: list[GameResult]) -> None:
        for data, moves in part:
            finals.append(game.state_from_json(data))
            lengths.append(moves)
        if bar is not None:
            bar.update(len(part))

    end = seed + games
    first = seed
    while first < end and (first == seed or time.perf_counter() - started < CALIBRATE_SECONDS):
        take(play_games(spec.name, game_config, list(seats), [first]))
        first += 1
    if confirm is not None and first < end:
        per_game = (time.perf_counter() - started) / (first - seed)
        expected = per_game * (end - first) / min(workers, os.cpu_count() or 1)
        if expected > LONG_RUN_SECONDS:
            confirm(expected)
    chunk = max(1, min(50, games // (workers * 8)))
    parts = (list(range(s, min(s + chunk, end))) for s in range(first, end, chunk))
    if workers == 1:
        for part in parts:
            take(play_games(spec.name, game_config, list(seats), part))
    else:
        # Ctrl-C or a failed game: the pool drops the games in flight and kills its workers.
        with worker_pool(workers) as pool:
            for result in _in_order(pool, spec.name, game_config, list(seats), parts, workers):
                take(result)
    if bar is not None:
        bar.close()
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


def _in_order(
    pool: Executor,
    name: str,
    config: dict[str, Any],
    seats: list[str],
    parts: Iterator[list[int]],
    workers: int,
) -> Iterator[list[GameResult]]:
    """Each part's results, in seed order, with a few parts per worker in flight at a time."""
    pending: deque[Future[list[GameResult]]] = deque()
    for part in parts:
        pending.append(pool.submit(play_games, name, config, seats, part))
        if len(pending) >= 4 * workers:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


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
    tqdm = require("tqdm", "--progress").tqdm
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
