"""The Pusher bots' ladder: a ``pusher tournament`` round robin under a hand (docs/rules.md P8),
Bradley-Terry ratings on the Elo scale with 95% intervals, one line a bot, weakest first.

The intervals are a parametric bootstrap: every pairing's score redrawn as a binomial of its
games at its observed rate (with the one virtual draw the fit adds), the ratings refitted, the
2.5th and 97.5th percentiles kept; seeded, so a run prints the same. The lines, with the
command that made them, are what the start screen shows under the bots' names
(``pusher_sim/pusher/ladder.py``).

Run: ``.venv/bin/python benchmarks/bot_ladder.py --bots random,greedy,quick,strong --games 20
--model 8`` (``--hand exact`` for the game before the hand).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pusher_sim.errors import UserError
from pusher_sim.pusher.hand import DEFAULT_HAND, HANDS
from pusher_sim.tournament.play import play_tournament
from pusher_sim.tournament.ratings import bradley_terry, elo

RESAMPLES = 400


def scores(bots: Sequence[str], rows: Sequence[Mapping[str, Any]]) -> tuple[np.ndarray, np.ndarray]:
    """Each bot's points against each other (a draw half) and the games each pair played."""
    index = {b: i for i, b in enumerate(bots)}
    points = np.zeros((len(bots), len(bots)))
    games = np.zeros((len(bots), len(bots)))
    for r in rows:
        i, j = index[r["bot"]], index[r["opponent"]]
        points[i, j] += r["wins"] + 0.5 * r["draws"]
        points[j, i] += r["losses"] + 0.5 * r["draws"]
        games[i, j] += r["games"]
        games[j, i] += r["games"]
    return points, games


def ladder(
    bots: Sequence[str], rows: Sequence[Mapping[str, Any]], seed: int = 0
) -> list[tuple[str, float, float, float]]:
    """(bot, rating, low, high) for every bot, weakest first."""
    points, games = scores(bots, rows)
    rating = elo(bradley_terry(points))
    rng = np.random.default_rng(seed)
    rate = np.divide(points + 0.5, games + 1.0, out=np.zeros_like(points), where=games > 0)
    draws = []
    upper = np.triu(games, k=1)
    for _ in range(RESAMPLES):
        won = rng.binomial(upper.astype(int), np.triu(rate, k=1)).astype(float)
        resampled = won + (upper - won).T
        draws.append(elo(bradley_terry(resampled)))
    low, high = np.percentile(np.array(draws), [2.5, 97.5], axis=0)
    order = np.argsort(rating)
    return [(bots[i], float(rating[i]), float(low[i]), float(high[i])) for i in order]


def line(bot: str, rating: float, low: float, high: float) -> str:
    return f"{bot}: rated {rating:.0f} ({low:.0f}-{high:.0f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="random,greedy,quick,strong")
    parser.add_argument("--games", type=int, default=20, help="games per pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hand", default=DEFAULT_HAND, help=f"one of {', '.join(HANDS)}")
    parser.add_argument("--model", default=None, help="physics model (the default's)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    bots = [b for b in args.bots.split(",") if b]
    config: dict[str, Any] = {"hand": args.hand}
    if args.model is not None:
        config["physics_model"] = args.model
    try:
        if args.hand not in HANDS:
            raise UserError(f"--hand {args.hand!r:.20} is none of {', '.join(HANDS)}")
        rows = play_tournament(
            "pusher", bots, args.games, args.seed, config=config, workers=args.workers
        )
    except UserError as exc:
        print(f"bot_ladder: {exc}", file=sys.stderr)
        return 2
    print(
        f"pusher bots, hand {args.hand}, {args.games} games a pairing, seed {args.seed}: "
        "Bradley-Terry ratings (Elo scale, 95% bootstrap interval), weakest first"
    )
    for r in rows:
        print(f"  {r['bot']} v {r['opponent']}: {r['wins']}-{r['losses']}-{r['draws']}")
    for entry in ladder(bots, rows):
        print(line(*entry))
    return 0


if __name__ == "__main__":
    sys.exit(main())
