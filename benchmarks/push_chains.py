"""Chains of pushes: how long Pusher games between two bots last and how many pushes in a row
one seat makes (P11a: a push that brings none of the pusher's balls back is followed by another).

Game ``k`` is played on seed ``seed + k``, the first bot in the first seat on even ``k`` and
the seats swapped on odd ``k`` (two bots of one kind would otherwise play each game twice). A
*chain* is a run of pushes by one seat with no other action between them. Prints the mean and
longest game, the CPU a game took, the longest chain, the chains longer than 8, the histogram
of chain lengths and the share of pushes pressed under 10% strength; the same seeds give the same
figures (but the CPU) for any number of workers. ``--hand`` is the table's hand (docs/rules.md
P8; the default hand unless named).

Run: ``.venv/bin/python benchmarks/push_chains.py strong strong --games 20 --model 8
--workers 2`` (add ``--hand exact`` for the game before the hand, ``blind blind`` seats for a
bot that values pushes as if made exactly). ``--out FILE`` writes each game as a JSON line as
soon as it ends; ``--resume`` plays only the games the file lacks, so a stopped run still
reports the games it reached.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from pusher_sim.atomic import atomic_write, check_writable
from pusher_sim.errors import UserError
from pusher_sim.physics.config import MODEL_SETTINGS
from pusher_sim.physics.version import MODEL_VERSION
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.hand import DEFAULT_HAND, HANDS
from pusher_sim.pusher.state import PusherState
from pusher_sim.tournament.ratings import wilson
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import get_spec

SOFT = 0.1
"""Pushes pressed under this strength count as soft."""
LONG_CHAIN = 8
"""Chains longer than this are counted: issue 33 asks for none under the default hand."""


@dataclass(frozen=True)
class Game:
    """What one game came to: its length in actions and each push as (seat, strength)."""

    seed: int
    seats: tuple[str, ...]
    actions: int
    pushes: tuple[tuple[int, float], ...]
    chains: tuple[int, ...]
    cpu: float
    """CPU seconds the game took in its process."""
    winner: int | None = None
    """The winning seat, None for a draw."""
    forced: tuple[int, ...] = ()
    """Each seat's turns with a single legal cup because P5 forced it to complete a triangle
    (the forcing loop of docs/agents.md: the other seat keeps such a pair)."""


def chains_of(movers: Sequence[tuple[int, bool]]) -> list[int]:
    """The lengths of the runs of pushes by one seat, from each action's (seat, is a push)."""
    runs: list[int] = []
    current, seat = 0, None
    for mover, pushed in movers:
        if pushed and mover == seat and current:
            current += 1
            continue
        if current:
            runs.append(current)
        current, seat = (1, mover) if pushed else (0, None)
    if current:
        runs.append(current)
    return runs


def play(a: str, b: str, index: int, seed: int, model: str, hand: str) -> Game:
    """Game ``index``: bot ``a`` first on even indices, on seed ``seed + index``."""
    started = time.process_time()
    spec = get_spec("pusher")
    game = spec.make_game({"physics_model": model, "hand": hand})
    seats = [a, b] if index % 2 == 0 else [b, a]
    game_seed = seed + index
    match = Match(game, spec.make_agents(game, seats), seed=game_seed, seat_names=seats)
    movers: list[tuple[int, bool]] = []
    pushes: list[tuple[int, float]] = []
    forced = [0, 0]
    for _ in range(game.max_game_length):
        state = match.state
        if not isinstance(state, PusherState) or state.is_terminal():
            break
        mover = state.current_player()
        duty = state.duty()
        if duty.kind == "place" and duty.rule == "P5" and len(duty.cups) == 1:
            forced[mover] += 1
        action = match.step()
        is_push = isinstance(action, Push)
        movers.append((mover, is_push))
        if isinstance(action, Push):
            pushes.append((mover, float(action.strength)))
    cpu = time.process_time() - started
    end = match.state
    winner = end.winner if isinstance(end, PusherState) else None
    chains = tuple(chains_of(movers))
    return Game(
        game_seed, tuple(seats), match.moves, tuple(pushes), chains, cpu, winner, tuple(forced)
    )


def _play(job: tuple[str, str, int, int, str, str]) -> Game:
    return play(*job)


def summary(games: Sequence[Game], a: str = "") -> dict[str, Any]:
    """The figures the script prints; ``a`` is the first bot (whose wins are counted)."""
    chains = [c for g in games for c in g.chains]
    strengths = [s for g in games for _, s in g.pushes]
    lengths = [g.actions for g in games]
    return {
        "games": len(games),
        "mean_length": sum(lengths) / max(len(lengths), 1),
        "longest_game": max(lengths, default=0),
        "pushes": len(strengths),
        "cpu_per_game": sum(g.cpu for g in games) / max(len(games), 1),
        "longest_chain": max(chains, default=0),
        "chains": len(chains),
        "chains_over_8": sum(c > LONG_CHAIN for c in chains),
        "histogram": dict(sorted(Counter(chains).items())),
        "pushes_in_chains_over_4": sum(c - 4 for c in chains if c > 4),
        "soft_share": sum(s < SOFT for s in strengths) / max(len(strengths), 1),
        "a_wins": sum(g.winner is not None and g.seats[g.winner] == a for g in games),
        "draws": sum(g.winner is None for g in games),
        "forced_on_loser": sum(g.forced[1 - g.winner] for g in games if g.winner is not None),
        "forced_on_winner": sum(g.forced[g.winner] for g in games if g.winner is not None),
        "decided_by_forcing": sum(
            g.forced[1 - g.winner] > g.forced[g.winner] for g in games if g.winner is not None
        ),
    }


def report(s: dict[str, Any], a: str, b: str, model: str, hand: str) -> str:
    hist = ", ".join(f"{k}: {v}" for k, v in s["histogram"].items())
    low, high = wilson(s["a_wins"], s["games"])
    return "\n".join(
        [
            f"{a} vs {b}, physics model {model}, hand {hand}: {s['games']} games, "
            f"{s['mean_length']:.1f} actions on average (longest {s['longest_game']}), "
            f"{s['pushes']} pushes, {s['cpu_per_game']:.1f} CPU-s a game",
            f"longest chain of pushes by one seat: {s['longest_chain']}; chains longer than "
            f"{LONG_CHAIN}: {s['chains_over_8']} of {s['chains']}; pushes fifth or later in a "
            f"chain: {s['pushes_in_chains_over_4']}",
            f"chains (length: how many): {hist}",
            f"pushes under {SOFT:.0%} strength: {s['soft_share']:.1%}",
            f"{a} won {s['a_wins']} of {s['games']} ({s['a_wins'] / max(s['games'], 1):.1%}, "
            f"95% {low:.1%}-{high:.1%}), {s['draws']} drawn",
            f"turns with one legal cup forced by P5: {s['forced_on_loser']} on the losers, "
            f"{s['forced_on_winner']} on the winners; the loser was forced more often in "
            f"{s['decided_by_forcing']} of {s['games'] - s['draws']} decided games",
        ]
    )


def _resumed(path: Path) -> dict[int, Game]:
    """The games a ``--out`` file already holds, by seed (none if it does not exist)."""
    if not path.exists():
        return {}
    try:
        rows = [json.loads(line) for line in path.read_text().splitlines() if line]
        games = [
            Game(
                int(r["seed"]),
                tuple(r["seats"]),
                int(r["actions"]),
                tuple((int(s), float(x)) for s, x in r["pushes"]),
                tuple(int(c) for c in r["chains"]),
                float(r["cpu"]),
                None if r["winner"] is None else int(r["winner"]),
                tuple(int(f) for f in r["forced"]),
            )
            for r in rows
        ]
    except (ValueError, KeyError, TypeError, OSError) as exc:
        raise UserError(f"cannot resume from {path}: {exc}") from None
    return {g.seed: g for g in games}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="the first bot (e.g. strong)")
    parser.add_argument("b", help="the second bot")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--model", default=MODEL_VERSION, help=f"physics model ({MODEL_VERSION})")
    parser.add_argument("--hand", default=DEFAULT_HAND, help=f"one of {', '.join(HANDS)}")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="JSON lines, one per game")
    parser.add_argument("--resume", action="store_true", help="keep the games already in --out")
    args = parser.parse_args(argv)
    try:
        if args.games < 1 or args.workers < 1:
            raise UserError("--games and --workers must be at least 1")
        if args.model not in MODEL_SETTINGS:
            known = ", ".join(sorted(MODEL_SETTINGS))
            raise UserError(f"--model {args.model!r:.20} is not one this build can run ({known})")
        if args.hand not in HANDS:
            raise UserError(f"--hand {args.hand!r:.20} is none of {', '.join(HANDS)}")
        spec = get_spec("pusher")
        spec.make_agents(spec.make_game({}), [args.a, args.b])  # unknown names fail here
        if args.out is not None:
            check_writable(args.out)
        games = _resumed(args.out) if args.resume and args.out is not None else {}
    except UserError as exc:
        print(f"push_chains: {exc}", file=sys.stderr)
        return 2
    jobs = [
        (args.a, args.b, i, args.seed, args.model, args.hand)
        for i in range(args.games)
        if args.seed + i not in games
    ]

    def keep(game: Game) -> None:
        games[game.seed] = game
        if args.out is not None:
            lines = "".join(json.dumps(asdict(g)) + "\n" for _, g in sorted(games.items()))
            atomic_write(args.out, lines.encode())

    if args.workers == 1:
        for job in jobs:
            keep(_play(job))
    else:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            for game in pool.map(_play, jobs):
                keep(game)
    played = [games[args.seed + i] for i in range(args.games) if args.seed + i in games]
    print(report(summary(played, args.a), args.a, args.b, args.model, args.hand))
    return 0


if __name__ == "__main__":
    sys.exit(main())
