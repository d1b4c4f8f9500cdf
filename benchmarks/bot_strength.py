"""Head-to-head strength of two bots of one game, seats alternated, with a 95% Wilson interval.

Game pair ``k`` is played twice on seed ``seed + k``: once with bot A in the first seat (seats
0 and 2 for Push's teams) and once with the seats swapped, so deals and dice fall alike for
both bots. Each finished game is appended to ``--out`` as one JSON line as soon as it ends, so
a long run that is stopped still reports the count it reached (``--resume`` reads the file
back and plays only the missing games).

Run: ``.venv/bin/python benchmarks/bot_strength.py pusher search greedy --games 200
--workers 2 --out out/search-greedy.jsonl``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from pusher_sim.atomic import atomic_write, check_writable
from pusher_sim.errors import UserError
from pusher_sim.physics.config import MODEL_SETTINGS
from pusher_sim.pusher.hand import HANDS
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import get_spec

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def lineup(a: str, b: str, players: int, a_first: bool) -> list[str]:
    """Seats for one game: A and B alternate around the table, A first or B first."""
    first, second = (a, b) if a_first else (b, a)
    return [first if s % 2 == 0 else second for s in range(players)]


def play_one(game_name: str, config: dict[str, Any], a: str, b: str, index: int, seed: int) -> Any:
    """Game ``index``: seed ``seed + index // 2``, A first on even indices. Returns a record."""
    spec = get_spec(game_name)
    game = spec.make_game(config)
    a_first = index % 2 == 0
    seats = lineup(a, b, game.num_players, a_first)
    game_seed = seed + index // 2
    started = time.process_time()
    match = Match(game, spec.make_agents(game, seats), seed=game_seed, seat_names=seats)
    final = match.run()
    returns = final.returns()
    a_seat = 0 if a_first else 1
    best = max(returns)
    result = 0.5 if best == min(returns) else (1.0 if returns[a_seat] == best else 0.0)
    return {
        "index": index,
        "seed": game_seed,
        "seats": seats,
        "a_result": result,
        "moves": match.moves,
        "cpu_seconds": round(time.process_time() - started, 3),
    }


def summarise(records: list[dict[str, Any]], a: str, b: str) -> str:
    n = len(records)
    wins = sum(1 for r in records if r["a_result"] == 1.0)
    draws = sum(1 for r in records if r["a_result"] == 0.5)
    lo, hi = wilson(wins, n)
    cpu = sum(r["cpu_seconds"] for r in records)
    first = [r for r in records if r["index"] % 2 == 0]
    first_wins = sum(1 for r in first if r["a_result"] == 1.0)
    return (
        f"{a} vs {b}: {n} games, {a} wins {wins} ({wins / max(n, 1):.1%}, 95% Wilson "
        f"{lo:.1%}..{hi:.1%}), draws {draws}; {a} seated first in {len(first)} "
        f"(wins {first_wins}); {cpu / max(n, 1):.2f} CPU s per game"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("a", help="the bot measured")
    parser.add_argument("b", help="its opponent")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--model", default=None, help="Pusher's physics model (the default's)")
    parser.add_argument("--hand", default=None, help="Pusher's hand (the default's; docs P8)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="JSON lines, one per game")
    parser.add_argument("--resume", action="store_true", help="keep the games already in --out")
    args = parser.parse_args(argv)
    try:
        if args.games < 1 or args.workers < 1:
            raise UserError("--games and --workers must be at least 1")
        spec = get_spec(args.game)
        players = args.players or (4 if args.game == "rummy" else 2)
        config: dict[str, Any] = {"players": players}
        if args.model is not None:
            if args.game != "pusher":
                raise UserError("--model is Pusher's physics model: for pusher only")
            if args.model not in MODEL_SETTINGS:
                known = ", ".join(sorted(MODEL_SETTINGS))
                raise UserError(f"--model {args.model!r:.20} is not one this build runs ({known})")
            config["physics_model"] = args.model
        if args.hand is not None:
            if args.game != "pusher":
                raise UserError("--hand is the hand Pusher's pushes are made with: pusher only")
            if args.hand not in HANDS:
                raise UserError(f"--hand {args.hand!r:.20} is none of {', '.join(HANDS)}")
            config["hand"] = args.hand
        spec.check_seats([args.a] * players)
        game = spec.make_game(config)
        spec.make_agents(game, [args.a, args.b])  # unknown names fail before any work
        if args.out is not None:
            check_writable(args.out)
    except UserError as exc:
        print(f"bot_strength: {exc}", file=sys.stderr)
        return 2
    records: list[dict[str, Any]] = []
    if args.resume and args.out is not None and args.out.exists():
        try:
            records = [json.loads(line) for line in args.out.read_text().splitlines() if line]
            done = {int(r["index"]) for r in records}
        except (ValueError, KeyError, TypeError, OSError) as exc:
            print(f"bot_strength: cannot resume from {args.out}: {exc}", file=sys.stderr)
            return 2
    done = {r["index"] for r in records}
    todo = [i for i in range(args.games) if i not in done]

    def save() -> None:
        if args.out is not None:
            text = "".join(json.dumps(r) + "\n" for r in sorted(records, key=lambda r: r["index"]))
            atomic_write(args.out, text.encode())

    jobs = (args.game, config, args.a, args.b)
    if args.workers == 1:
        for i in todo:
            records.append(play_one(*jobs, i, args.seed))
            save()
    else:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            futures = [pool.submit(play_one, *jobs, i, args.seed) for i in todo]
            for future in as_completed(futures):
                records.append(future.result())
                save()
    print(summarise(records, args.a, args.b))
    return 0


if __name__ == "__main__":
    sys.exit(main())
