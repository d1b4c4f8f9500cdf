"""Which games a tournament plays, playing them on local processes or a Dask cluster, and the
table of results.

Every tournament is a set of head-to-head *pairings* of two bots (round-robin: every pair;
gauntlet: one champion against each other bot). A pairing's games come in twos that share a
seed, with the bots' sides swapped, so each bot plays each side equally often. Each game depends
on the tournament seed, its pairing and its number alone, so the table is the same whoever plays
which game, for any number of workers.

A pairing's games are played in *series* of up to :data:`SERIES_GAMES` consecutive games, each
series by one process, in order: each bot of the pairing is built once at the start of its
series and plays all the series' games (one object for every seat of its side), then is
dropped. A bot that learns or keeps state from game to game therefore lives the same life, and
the table comes out the same, whatever the number of workers (docs/write-a-bot.md).
"""

from __future__ import annotations

import importlib
import itertools
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pusher_sim.errors import UserError
from pusher_sim.tournament.ratings import bradley_terry, elo, paired_interval
from pusher_sim.turnloop.agents import Agent
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import GameSpec, get_spec
from pusher_sim.turnloop.state import Game

ROUND_ROBIN = "round-robin"
GAUNTLET = "gauntlet"
FORMATS = (ROUND_ROBIN, GAUNTLET)

SERIES_GAMES = 100
"""The most games of one pairing played by one set of bots, built for them (even: a pair of
games sharing a seed is never split)."""

Job = tuple[int, int, int, tuple[str, ...], int]
"""(pairing, game number, game seed, the bot of each seat, the side of the pairing's first bot)."""
Result = tuple[int, int, float, int]
"""(pairing, game number, the first bot's points: 1 win, 1/2 draw, 0 loss, actions played)."""


@dataclass(frozen=True)
class Tournament:
    """What to play. ``config`` is the game's config (players included)."""

    game: str
    bots: tuple[str, ...]
    games: int
    seed: int
    config: Mapping[str, Any] = field(default_factory=dict)
    format: str = ROUND_ROBIN
    champion: str | None = None

    def check(self) -> GameSpec:
        """Refuse, in one line, anything that could not be played; return the game's spec."""
        spec = get_spec(self.game)
        if self.format not in FORMATS:
            raise UserError(f"--format must be {' or '.join(FORMATS)}, not {self.format!r}")
        if len(self.bots) < 2:
            raise UserError("a tournament needs at least two bots")
        if len(set(self.bots)) != len(self.bots):
            raise UserError(f"a bot is listed twice in {','.join(self.bots)}")
        factories = {b: bot_factory(spec, b) for b in self.bots}
        if self.champion is not None and self.champion not in self.bots:
            raise UserError(f"the champion {self.champion!r} is not one of the bots")
        if self.champion is not None and self.format != GAUNTLET:
            raise UserError("--champion is for --format gauntlet")
        if self.games < 1:
            raise UserError(f"--games must be at least 1, got {self.games}")
        game = spec.make_game(dict(self.config))
        sides = len(game.teams())
        if sides != 2:
            raise UserError(
                f"tournaments are head-to-head: {self.game} with {game.num_players} seats has "
                f"{sides} sides (use 2 players)"
            )
        for name, factory in factories.items():
            if name not in spec.bots:
                make_bot(name, factory, game)
        return spec

    def pairings(self) -> list[tuple[str, str]]:
        if self.format == GAUNTLET:
            champion = self.champion or self.bots[0]
            return [(champion, b) for b in self.bots if b != champion]
        return list(itertools.combinations(self.bots, 2))

    def series(self, teams: Sequence[Sequence[int]]) -> list[list[Job]]:
        """Every game, in its series: one pairing's games ``SERIES_GAMES`` at a time."""
        grouped: dict[tuple[int, int], list[Job]] = {}
        for job in self.jobs(teams):
            grouped.setdefault((job[0], job[1] // SERIES_GAMES), []).append(job)
        return list(grouped.values())

    def jobs(self, teams: Sequence[Sequence[int]]) -> list[Job]:
        """Every game: game k of a pairing puts its first bot on side k % 2."""
        seats = sum(len(t) for t in teams)
        out: list[Job] = []
        for p, (a, b) in enumerate(self.pairings()):
            for k in range(self.games):
                side_a = teams[k % 2]
                who = tuple(a if s in side_a else b for s in range(seats))
                out.append((p, k, game_seed(self.seed, p, k // 2), who, k % 2))
        return out


def bot_factory(spec: GameSpec, name: str) -> Callable[[Game], Agent]:
    """How to make the bot ``name``: one of the game's own bots, or ``module:attribute``
    naming an importable class or factory that takes the game and returns an agent (an object
    with ``act(state, seat, legal, rng)``, see :class:`pusher_sim.turnloop.agents.Agent`)."""
    if name in spec.bots:
        return spec.bots[name]
    module, colon, attribute = name.partition(":")
    if not colon:
        known = ", ".join(spec.bots)
        raise UserError(
            f"unknown {spec.name} bot {name!r} (choose from {known}, or give module:attribute)"
        )
    if not module or not attribute:
        raise UserError(f"bot {name!r}: give an importable module:attribute, like mypkg.bots:Mine")
    look_in_working_folder()
    try:
        found: Any = importlib.import_module(module)
    except Exception as exc:  # any failure to import is the user's module, told in one line
        raise UserError(
            f"bot {name!r}: cannot import {module!r} ({type(exc).__name__}: {exc})"
        ) from None
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise UserError(f"bot {name!r}: {module!r} has no attribute {attribute!r}")
        found = getattr(found, part)
    if not callable(found):
        kind = type(found).__name__
        article = "an" if kind[:1].lower() in "aeiou" else "a"
        raise UserError(f"bot {name!r} is {article} {kind}, not a class or factory taking the game")
    factory: Callable[[Game], Agent] = found
    return factory


def look_in_working_folder() -> None:
    """Let ``module:attribute`` bots be found in the working folder, as ``python -m`` does (it
    puts the folder first on ``sys.path``); the ``pusher`` script alone would not look there."""
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.insert(0, here)


def make_bot(name: str, factory: Callable[[Game], Agent], game: Game) -> Agent:
    """``factory(game)``, checked to be an agent; a failure is one line naming the bot."""
    try:
        agent = factory(game)
    except (Exception, SystemExit) as exc:  # the user's code: whatever it raises, in one line
        raise UserError(f"bot {name!r} failed to start ({type(exc).__name__}: {exc})") from None
    if not callable(getattr(agent, "act", None)):
        raise UserError(
            f"bot {name!r} made a {type(agent).__name__}, not an agent "
            "(it needs a method act(state, seat, legal, rng))"
        )
    return agent


def game_seed(seed: int, pairing: int, pair: int) -> int:
    """The seed of a pairing's ``pair``-th two games."""
    return int(np.random.SeedSequence([seed, pairing, pair]).generate_state(1)[0])


class BotFailed(UserError):
    """A bot raised, or chose a move the rules refuse, in a tournament's game: the message names
    the bot, the game, its seed and the move, so that the game can be played again."""


@dataclass(frozen=True)
class Played:
    """What a worker hands back for its jobs (plain data, to cross between processes): the
    games finished, in order, and why the next one could not be (a bot's failure), if so."""

    results: list[Result]
    failure: str | None = None


class Referee:
    """Plays one series of a tournament's games in one process: the game made once, each bot
    made at its first game of the series (see the module's docstring)."""

    def __init__(self, name: str, config: dict[str, Any]) -> None:
        self.spec = get_spec(name)
        self.game = self.spec.make_game(config)
        self.teams = self.game.teams()
        self.agents: dict[str, Any] = {}

    def play(self, job: Job) -> Result | str:
        """The game's result, or why a bot failed in it (naming the bot, game, seed and move)."""
        pairing, number, seed, seats, side = job
        for bot in seats:
            if bot not in self.agents:
                self.agents[bot] = make_bot(bot, bot_factory(self.spec, bot), self.game)
        bots = [self.agents[b] for b in seats]
        match = Match(self.game, bots, seed=seed, seat_names=seats, record=False)
        fault = play_out(match)
        mine, theirs = self.teams[side][0], self.teams[1 - side][0]
        if fault is not None:
            seat, what = fault
            return (
                f"bot {seats[seat]!r} {what}, in game {number + 1} of {seats[mine]} v "
                f"{seats[theirs]} (seed {seed}, {self.game.seat_label(seat)} to play move "
                f"{match.moves + 1})"
            )
        returns = match.state.returns()
        ours, others = returns[mine], returns[theirs]
        points = 1.0 if ours > others else 0.0 if ours < others else 0.5
        return (pairing, number, points, match.moves)


def play_series(name: str, config: dict[str, Any], jobs: list[Job]) -> Played:
    """Play one series of games until done or a bot fails; runs in a worker process."""
    referee = Referee(name, config)
    out: list[Result] = []
    for job in jobs:
        result = referee.play(job)
        if isinstance(result, str):
            return Played(out, result)
        out.append(result)
    return Played(out)


def play_out(match: Match) -> tuple[int, str] | None:
    """Play ``match`` to its end; if a bot fails first, its seat and what it did (raised, or
    chose a move the rules refuse). The rules' own errors and the chance node's are raised."""
    for _ in range(match.game.max_game_length):
        state = match.state
        if state.is_terminal():
            break
        seat = state.current_player()
        if seat < 0:
            match.step()
            continue
        try:
            action = match.next_action()
        except (Exception, SystemExit) as exc:  # the bot's code, whatever it raises
            return seat, f"raised {type(exc).__name__}: {exc}"
        try:
            match.step(action)
        except Exception as exc:
            if action in state.legal_actions():
                raise  # the rules failed on a legal move: not the bot's doing
            return seat, f"chose {action!r:.80}, which the rules refuse ({exc})"
    return None


def play(tournament: Tournament, executor: Executor | None = None) -> Iterator[list[Result]]:
    """Every game's result, a batch at a time as each is played (in any order), in this process
    or shared out on ``executor``. If a bot fails, the games finished before it are yielded and
    then :class:`BotFailed` raised."""
    spec = tournament.check()
    config = dict(tournament.config)
    every_series = tournament.series(spec.make_game(config).teams())
    if executor is None:  # game by game, so that an interrupt loses none finished
        for series in every_series:
            referee = Referee(spec.name, config)
            for job in series:
                result = referee.play(job)
                if isinstance(result, str):
                    raise BotFailed(result)
                yield [result]
        return
    futures = [executor.submit(play_series, spec.name, config, s) for s in every_series]
    try:
        for future in as_completed(futures):
            yield from _handed_back(future.result())
    finally:
        for future in futures:
            future.cancel()


def _handed_back(played: Played) -> Iterator[list[Result]]:
    yield played.results
    if played.failure is not None:
        raise BotFailed(played.failure)


def run(
    tournament: Tournament,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[Result]:
    """Every game's result, in job order (see :func:`play`)."""
    results: list[Result] = []
    for batch in play(tournament, executor):
        results.extend(batch)
        if progress is not None:
            progress(len(batch))
    return sorted(results)


# -- the table -------------------------------------------------------------------------------

TABLE_COLUMNS = (
    "game",
    "bot",
    "opponent",
    "games",
    "wins",
    "losses",
    "draws",
    "win_rate",
    "win_rate_low",
    "win_rate_high",
    "score",
    "mean_actions",
    "bot_elo",
    "opponent_elo",
)


def table(tournament: Tournament, results: Sequence[Result]) -> list[dict[str, Any]]:
    """One row per pairing: the first bot's wins, losses and draws against the second, its win
    rate with its 95% interval over the pairs of games (:func:`paired_interval`), its score
    (draws half) and both bots' ratings."""
    pairings = tournament.pairings()
    bots = list(tournament.bots)
    index = {b: i for i, b in enumerate(bots)}
    points = np.zeros((len(bots), len(bots)))
    rows: list[dict[str, Any]] = []
    for p, (a, b) in enumerate(pairings):
        mine = [r for r in results if r[0] == p]
        if not mine:  # a stopped run's pairing that never began
            continue
        wins = sum(1 for r in mine if r[2] == 1.0)
        losses = sum(1 for r in mine if r[2] == 0.0)
        draws = len(mine) - wins - losses
        points[index[a], index[b]] += wins + 0.5 * draws
        points[index[b], index[a]] += losses + 0.5 * draws
        pairs: dict[int, list[int]] = {}
        for r in mine:  # games 2k and 2k + 1 share a seed, the sides swapped
            pairs.setdefault(r[1] // 2, []).append(int(r[2] == 1.0))
        won = list(pairs.values())
        low, high = paired_interval([sum(w) for w in won], [len(w) for w in won])
        rows.append(
            {
                "game": tournament.game,
                "bot": a,
                "opponent": b,
                "games": len(mine),
                "wins": wins,
                "losses": losses,
                "draws": draws,
                "win_rate": wins / len(mine),
                "win_rate_low": low,
                "win_rate_high": high,
                "score": (wins + 0.5 * draws) / len(mine),
                "mean_actions": sum(r[3] for r in mine) / len(mine),
            }
        )
    ratings = elo(bradley_terry(points))
    for row in rows:
        row["bot_elo"] = float(ratings[index[row["bot"]]])
        row["opponent_elo"] = float(ratings[index[row["opponent"]]])
    return rows


def ratings(tournament: Tournament, rows: Sequence[Mapping[str, Any]]) -> list[tuple[str, float]]:
    """Every bot's Elo-scale rating, best first."""
    found: dict[str, float] = {}
    for row in rows:
        found[row["bot"]] = row["bot_elo"]
        found[row["opponent"]] = row["opponent_elo"]
    return sorted(found.items(), key=lambda kv: -kv[1])


def play_tournament(
    game: str,
    bots: Sequence[str],
    games: int = 100,
    seed: int = 1,
    players: int | None = None,
    config: Mapping[str, Any] | None = None,
    format: str = ROUND_ROBIN,
    champion: str | None = None,
    workers: int = 1,
    scheduler: str | None = None,
) -> list[dict[str, Any]]:
    """What ``pusher tournament`` does, from Python: the table's rows (see :data:`TABLE_COLUMNS`).

    ``bots`` are the game's bot names or ``"module:attribute"`` of a class or factory taking the
    game and returning an agent. Anything that cannot be played raises
    :class:`~pusher_sim.errors.UserError` with one line saying why.
    """
    spec = get_spec(game)
    data = dict(config or {})
    data["players"] = players if players is not None else min(spec.players)
    tournament = Tournament(game, tuple(bots), games, seed, data, format, champion)
    tournament.check()
    if workers == 1 and scheduler is None:
        return table(tournament, run(tournament))
    from pusher_sim.running.runner import executor_for

    with executor_for(workers, scheduler) as pool:
        return table(tournament, run(tournament, pool.executor))
