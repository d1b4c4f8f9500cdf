"""What the discrete Pusher's push grid costs the strong bot: over ``--positions`` positions
where a push is due (the physics, the default board), the strong bot's searched push against
(a) the best push of the grid by the bot's own evaluation (``push_value``) and (b) its own push
rounded to the nearest grid push. Losses are in ``push_value`` units (a ball sent home is
about 1) and in balls sent home (P10: the others' balls less one's own).

    PYTHONPATH=. python benchmarks/push_grid.py --positions 30 --grids default,coarse

Positions come from random play (random placements and pushes) from ``--seed``; the same seed
gives the same figures.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass

import numpy as np

from pusher_sim.envs.pusher_grid import DEFAULT_GRID, PusherGridCodec, PushGrid, toward_corners
from pusher_sim.pusher.actions import Push
from pusher_sim.pusher.bots import RandomPusherBot
from pusher_sim.pusher.search_bot import SearchPusherBot, push_value
from pusher_sim.pusher.spec import make_game
from pusher_sim.pusher.state import PusherGame, PusherState

GRIDS = {
    "default": DEFAULT_GRID,
    "coarse": PushGrid(
        press_points=toward_corners(0.5)[:1],
        strengths=(0.0, 1.0),
        directions=6,
        speeds=(1.0,),
        first_angle=math.pi / 6.0,
    ),
    "fine": PushGrid(
        press_points=toward_corners(0.6),
        strengths=(0.0, 0.5, 1.0),
        directions=12,
        speeds=(1.0 / 3.0, 2.0 / 3.0, 1.0),
    ),
}


@dataclass(frozen=True)
class Scored:
    value: float
    balls: int


def score(st: PusherState, push: Push) -> Scored:
    game = st.game
    outcome = game.resolver.resolve(game.board, dict(st.balls), push.spec(st.colour))
    tray = st.trays[st.to_move]
    colour_of = game.geo.colour
    balls = 0
    for cell, col in outcome.balls:
        if colour_of[cell] == col:
            balls += -1 if col == st.colour else 1
    return Scored(push_value(game, outcome, st.colour, tray), balls)


def positions(game: PusherGame, count: int, seed: int) -> list[PusherState]:
    """``count`` positions where a push is due, from random play; each game gives one, taken
    at a push drawn among its first pushes."""
    rng = np.random.default_rng(seed)
    bot = RandomPusherBot()
    out: list[PusherState] = []
    while len(out) < count:
        st = game.new_initial_state()
        wait = int(rng.integers(6))
        while not st.is_terminal():
            if st.duty().kind == "push":
                if wait == 0:
                    out.append(st.clone())
                    break
                wait -= 1
            st.apply(bot.act(st, st.to_move, st.legal_actions(), rng))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--grids", default="default", help=f"of {', '.join(GRIDS)}")
    args = parser.parse_args()
    names = args.grids.split(",")
    for name in names:
        if name not in GRIDS:
            parser.error(f"unknown grid {name!r} (choose from {', '.join(GRIDS)})")
    game = make_game({})
    codecs = {n: PusherGridCodec(game, GRIDS[n]) for n in names}
    bot = SearchPusherBot()
    rng = np.random.default_rng(args.seed)
    loss: dict[str, list[tuple[float, int, float, int]]] = {n: [] for n in names}
    start = time.process_time()
    for st in positions(game, args.positions, args.seed):
        triangles = list(st.duty().triangles)
        push, _ = bot.best_push(st, triangles, bot.settings.budget, rng)
        mine = score(st, push)
        for n, codec in codecs.items():
            grid = [
                score(st, codec.grid_push(t, k))
                for t in triangles
                for k in range(codec.grid.per_triangle)
            ]
            best = max(grid, key=lambda s: s.value)
            key = codec.nearest(push)
            rounded = score(st, codec.action(st, key))  # type: ignore[arg-type]
            loss[n].append(
                (
                    mine.value - best.value,
                    mine.balls - best.balls,
                    mine.value - rounded.value,
                    mine.balls - rounded.balls,
                )
            )
    spent = time.process_time() - start
    print(f"{args.positions} positions (default board, physics), seed {args.seed}, {spent:.0f} s")
    print(
        "grid       pushes/tri  best-of-grid loss: value  balls  worse  |  rounded loss: "
        "value  balls"
    )
    for n in names:
        rows = np.array(loss[n])
        worse = float(np.mean(rows[:, 0] > 1e-9))
        print(
            f"{n:10} {codecs[n].grid.per_triangle:10d}  "
            f"{rows[:, 0].mean():+23.3f} {rows[:, 1].mean():+6.2f} {worse:6.0%}  |  "
            f"{rows[:, 2].mean():+19.3f} {rows[:, 3].mean():+6.2f}"
        )


if __name__ == "__main__":
    main()
