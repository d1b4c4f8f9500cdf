"""What the tournament driver costs: a tournament's games against a bare loop over the same
bots, the same seeds and the same sides, timed in alternating rounds in one run.

The bare loop is the least any driver can do: a fresh state, the chance node's and each bot's
choice from a generator seeded as the tournament seeds it (none for a bot that declares it
never draws from one), ``apply``, until the game ends. The
tournament plays through :func:`pusher_sim.tournament.play.run` in this process (one worker),
which adds the match's log, the checks that name a failing bot and the table's bookkeeping.
Prints both in games per CPU-second and their ratio (target: the tournament within 1.5x of the
bare loop), with the machine's load average beside them.

    PYTHONPATH=. python benchmarks/bench_tournament.py --games 2000 --rounds 3
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from pusher_sim.tournament.play import Tournament, run
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.turnloop.state import CHANCE

TARGET = 1.5
UNUSED = np.random.default_rng(0)


def bare_loop(tournament: Tournament) -> float:
    """The tournament's games played by the bare loop; the first bot's points."""
    spec = get_spec(tournament.game)
    game = spec.make_game(dict(tournament.config))
    agents = {b: spec.bots[b](game) for b in tournament.bots}
    for agent in agents.values():
        agent.uses_rng = getattr(agent, "uses_rng", True)
    points = 0.0
    for _, _, seed, seats, side in tournament.jobs(game.teams()):
        bots = [agents[b] for b in seats]
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                action = state.sample_chance(np.random.default_rng([seed, moves, 0]))
            else:  # a bot that never draws from its generator is not given a seeded one
                bot = bots[seat]
                rng = np.random.default_rng([seed, moves, seat + 1]) if bot.uses_rng else UNUSED
                action = bot.act(state, seat, state.legal_actions(), rng)
            state.apply(action)
            moves += 1
        returns = state.returns()
        mine, theirs = returns[game.teams()[side][0]], returns[game.teams()[1 - side][0]]
        points += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return points


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="pushover")
    parser.add_argument("--bots", default="best,expected")
    parser.add_argument("--games", type=int, default=2000, help="games per round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    bare = driven = 0.0
    games = 0
    for r in range(args.rounds):
        t = Tournament(args.game, tuple(args.bots.split(",")), args.games, r, {"players": 2})
        c = time.process_time()
        points = bare_loop(t)
        bare += time.process_time() - c
        c = time.process_time()
        results = run(t)
        driven += time.process_time() - c
        assert sum(x[2] for x in results) == points, "the two loops played different games"
        games += len(results)
    ratio = driven / bare
    print(f"{args.game} {args.bots}: {games} games in {args.rounds} rounds, one process")
    print(
        f"bare loop {games / bare:.0f} games per CPU-second, tournament {games / driven:.0f}: "
        f"ratio {ratio:.2f} (target <= {TARGET}); load average {os.getloadavg()[0]:.2f} on "
        f"{os.cpu_count()} CPUs"
    )


if __name__ == "__main__":
    main()
