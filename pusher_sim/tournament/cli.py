"""The ``pusher tournament`` subcommand: arguments, checks before any game is played, the printed
table and the Parquet file."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pusher_sim import interrupts
from pusher_sim.atomic import atomic_file, check_writable
from pusher_sim.errors import UserError
from pusher_sim.extras import require
from pusher_sim.running import provenance
from pusher_sim.running.output_lock import output_locks
from pusher_sim.tournament.play import (
    FORMATS,
    GAUNTLET,
    ROUND_ROBIN,
    TABLE_COLUMNS,
    BotFailed,
    Result,
    Tournament,
    play,
    ratings,
    table,
)
from pusher_sim.turnloop.registry import GAMES, get_spec

MAX_GAMES = 1_000_000
"""Games per pairing; the plan of every game is held in memory, so it is bounded."""
MAX_WORKERS = 256

EXAMPLE = """examples:
  pusher tournament pushover --bots random,expected,strong --games 1000 --workers 2
  pusher tournament pusher --bots strong,random --games 200 --out out/pusher.parquet
  pusher tournament rummy --bots strong,random --format gauntlet --champion strong \\
      --scheduler tcp://10.0.0.5:8786     (a Dask cluster)
  pusher tournament pusher --bots strong,random --config board_radius=3 --config resolver=scripted
  pusher tournament pushover --bots expected,mypkg.agents:MyAgent --games 1000
      (your own class or factory: it takes the game and returns an agent)
"""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EXAMPLE
    parser.add_argument("game", choices=list(GAMES))
    parser.add_argument(
        "--bots",
        required=True,
        help="comma-separated bot names (two or more); module:attribute names your own class "
        "or factory (it takes the game and returns an agent)",
    )
    parser.add_argument("--format", default=ROUND_ROBIN, help=f"{' or '.join(FORMATS)}")
    parser.add_argument(
        "--champion", help="the bot a gauntlet pits against each other one (default: the first)"
    )
    parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, help="seats (default: the game's fewest)")
    parser.add_argument(
        "--config",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game config value, VALUE read as JSON where it can be (repeatable)",
    )
    parser.add_argument("--workers", type=int, default=1, help="local processes (default 1)")
    parser.add_argument("--scheduler", help="Dask scheduler address: play on that cluster")
    parser.add_argument("--out", help="save the table here (.parquet)")
    parser.add_argument("--json", action="store_true", help="print the table as JSON lines")
    parser.add_argument("--progress", action="store_true", help="show a progress bar")


def tournament_from(args: argparse.Namespace) -> Tournament:
    """The tournament the arguments ask for, every argument checked."""
    if not 1 <= args.games <= MAX_GAMES:
        raise UserError(f"--games must be 1..{MAX_GAMES:,} per pairing, got {args.games}")
    if args.seed < 0:
        raise UserError(f"--seed must not be negative, got {args.seed}")
    if not 1 <= args.workers <= MAX_WORKERS:
        raise UserError(f"--workers must be 1..{MAX_WORKERS}, got {args.workers}")
    if args.scheduler is not None and "://" not in args.scheduler:
        raise UserError(f"--scheduler is an address like tcp://HOST:8786, not {args.scheduler!r}")
    if args.out is not None:
        if Path(args.out).suffix != ".parquet":
            raise UserError(f"--out must name a .parquet file, not {args.out!r}")
        check_writable(args.out)
        require("pyarrow.parquet", "pusher tournament --out")
    bots = tuple(b.strip() for b in args.bots.split(","))
    if any(not b for b in bots):
        raise UserError(f"empty bot name in --bots {args.bots!r}")
    spec = get_spec(args.game)
    config = parse_config(args.config)
    players = args.players if args.players is not None else min(spec.players)
    if players not in spec.players:
        allowed = " or ".join(str(n) for n in spec.players)
        raise UserError(f"{args.game} takes {allowed} players, got {players}")
    config["players"] = players
    tournament = Tournament(
        game=args.game,
        bots=bots,
        games=args.games,
        seed=args.seed,
        config=config,
        format=args.format,
        champion=args.champion,
    )
    tournament.check()
    return tournament


MAX_CONFIG_NUMBER = 10**9
"""Largest magnitude of a --config number: far past any game's own bounds, which then say
what fits, and small enough that no conversion or arithmetic on it can overflow."""


def parse_config(items: Sequence[str]) -> dict[str, Any]:
    """``KEY=VALUE`` options; VALUE is JSON where it parses (bounded: no 5,000-digit numbers,
    no deep nesting), else text. The game's config then checks every value's range."""
    from pusher_sim.errors import CorruptFile
    from pusher_sim.strict_json import first_unreadable, parse

    config: dict[str, Any] = {}
    for item in items:
        key, eq, text = item.partition("=")
        if not eq or not key.strip():
            raise UserError(f"--config takes KEY=VALUE, not {item!r:.80}")
        if key.strip() == "players":
            raise UserError("give the number of seats with --players, not --config")
        try:
            value: Any = parse(text.encode("utf-8", "surrogatepass"), f"--config {key.strip()}")
        except CorruptFile as exc:
            if "not valid JSON" not in str(exc):
                raise
            value = text
        if first_unreadable(value, key.strip()) or _too_big(value):
            raise UserError(
                f"--config {key.strip()}: a number out of range (at most {MAX_CONFIG_NUMBER:,})"
            )
        config[key.strip()] = value
    return config


def _too_big(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return abs(value) > MAX_CONFIG_NUMBER
    if isinstance(value, list):
        return any(_too_big(v) for v in value)
    if isinstance(value, dict):
        return any(_too_big(v) for v in value.values())
    return False


def run(args: argparse.Namespace) -> int:
    tournament = tournament_from(args)
    with output_locks([args.out]):  # a second tournament onto the same file refuses at start
        return run_locked(args, tournament)


def run_locked(args: argparse.Namespace, tournament: Tournament) -> int:
    """The tournament played and its table printed and saved, once ``--out`` is this run's.

    A bot's failure or an interrupt stops it; the games finished by then are kept in ``--out``
    (its provenance says the run stopped, and why) and the stop is told in one line."""
    started_at = provenance.now()
    started = time.perf_counter()
    bar = None
    if args.progress:
        tqdm = require("tqdm", "pusher tournament --progress").tqdm
        total = len(tournament.pairings()) * tournament.games
        bar = tqdm(total=total, desc="tournament", unit="game", leave=False)
    results: list[Result] = []
    stopped: BotFailed | KeyboardInterrupt | None = None
    try:
        with contextlib.ExitStack() as stack:
            pool = None
            if args.scheduler is not None or args.workers > 1:
                from pusher_sim.running.runner import executor_for

                pool = stack.enter_context(executor_for(args.workers, args.scheduler))
            for batch in play(tournament, pool.executor if pool else None):
                results.extend(batch)
                if bar is not None:
                    bar.update(len(batch))
    except (BotFailed, KeyboardInterrupt) as exc:
        stopped = exc
    finally:
        if bar is not None:
            bar.close()
    elapsed = time.perf_counter() - started
    results.sort()
    rows = table(tournament, results)
    if args.out and (results or stopped is None):
        facts = {
            "kind": "tournament",
            "game": tournament.game,
            "bots": list(tournament.bots),
            "format": tournament.format,
            "champion": tournament.champion,
            "games_per_pairing": tournament.games,
            "games_played": len(results),
            "complete": stopped is None,
            "stopped": None if stopped is None else str(stopped) or "interrupted",
            "seed": tournament.seed,
            "config": dict(tournament.config),
            "project_version": provenance.project_version(),
            "git_commit": provenance.git_commit(),
            "workers": args.workers,
            "scheduler": args.scheduler,
            "started": started_at,
            "finished": provenance.now(),
            "seconds": round(elapsed, 3),
            "command": provenance.command_line(),
        }
        write_parquet(rows, args.out, facts)
    if stopped is not None:
        kept = f"; {len(results)} finished games kept in {args.out}" if args.out and results else ""
        if isinstance(stopped, BotFailed):
            raise BotFailed(f"{stopped}{kept}") from None
        print(f"pusher: interrupted{kept}", file=sys.stderr)
        return interrupts.exit_code(stopped)
    if args.json:
        for row in rows:
            print(json.dumps(row, sort_keys=True))
    else:
        print(format_table(tournament, rows))
        print(f"{len(results)} games in {elapsed:.1f} s" + (f" -> {args.out}" if args.out else ""))
    return 0


def write_parquet(rows: Sequence[dict[str, Any]], path: str, facts: dict[str, Any]) -> None:
    """The table as Parquet, written atomically, its provenance (``facts``: what was played,
    the seed, the code's version and commit, when) in the schema metadata as experiments keep
    theirs (:func:`pusher_sim.running.dataset.provenance_of` reads it back)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from pusher_sim.running.dataset import META_KEY

    data = pa.table({c: [row[c] for row in rows] for c in TABLE_COLUMNS})
    data = data.replace_schema_metadata({META_KEY: json.dumps(facts, sort_keys=True).encode()})
    with atomic_file(path) as handle:
        pq.write_table(data, handle)


def format_table(tournament: Tournament, rows: Sequence[dict[str, Any]]) -> str:
    kind = "gauntlet" if tournament.format == GAUNTLET else "round-robin"
    seats = tournament.config.get("players", "?")
    w = max(12, *(len(b) for b in tournament.bots))  # a module:attribute bot is long
    lines = [
        f"{tournament.game}: {kind} of {len(tournament.bots)} bots, {tournament.games} games per "
        f"pairing, {seats} seats, sides alternated, seed {tournament.seed}",
        f"  {'bot':<{w}} {'opponent':<{w}} {'games':>6} {'wins':>6} {'losses':>6} {'draws':>6}"
        f"  {'win rate':>8}  95% interval",
    ]
    for r in rows:
        lines.append(
            f"  {r['bot']:<{w}} {r['opponent']:<{w}} {r['games']:>6} {r['wins']:>6} "
            f"{r['losses']:>6} {r['draws']:>6}  {r['win_rate']:>8.1%}  "
            f"[{r['win_rate_low']:6.1%}, {r['win_rate_high']:6.1%}]"
        )
    lines.append("ratings (Bradley-Terry, Elo scale; one virtual draw per pairing):")
    for bot, rating in ratings(tournament, rows):
        lines.append(f"  {bot:<{w}} {rating:7.0f}")
    return "\n".join(lines)
