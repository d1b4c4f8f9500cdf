"""Frame times and idle CPU share of the window's tables (targets: idle < 5% of a core, p95
frame < 8 ms at 1100x800).

Usage: ``python benchmarks/bench_frame.py [--pushes 6] [--size 1100x800] [--seed 1] [--idle 3]``

Per table: the idle share (the real frame loop, ``App.loop``, runs ``--idle`` seconds with a
person to move and nobody touching anything; process CPU time over wall time) and the frame
times (mean, p95, worst; wall clock and this thread's CPU time, which other processes cannot
inflate) of its busiest frames. For Pusher those are pushes on a full board (50 random balls,
a flick through real mouse events, frames paced at 60 a second while the push's recorded path
plays back: a full redraw each, no physics on the frame loop), plus the frames drawn while the
push is resolved and while the strong bot thinks, both on worker threads.

Another table plugs in with one line in :data:`TABLES`: a function of (size, seed, rounds)
returning a :class:`TableRun` (see :func:`pusher_table`).
"""

from __future__ import annotations

import argparse
import os
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np
import pygame

from pusher_sim.board import Cell, Colour
from pusher_sim.pusher.spec import SPEC
from pusher_sim.pusher.state import PusherGame
from pusher_sim.turnloop import Match
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.ui.pusher.pusher_table import PusherTable
from pusher_sim.ui.pusher.pusher_table import open_table as open_table_of_pusher
from pusher_sim.ui.pushover.pushover_table import open_table as open_pushover
from pusher_sim.ui.rummy.rummy_table import open_table as open_rummy
from pusher_sim.ui.shell.app import App, AppConfig, parse_size

FRAME = 1.0 / 60.0
BUDGET_MS = 1000.0 * FRAME
P95_TARGET_MS = 8.0
IDLE_TARGET = 0.05


def full_board(game: PusherGame, rng: np.random.Generator) -> dict[Cell, Colour]:
    """50 balls, none in a cup of its own colour, with at least one pushable triangle."""
    board = game.board
    while True:
        cells = [board.cells[i] for i in rng.permutation(len(board.cells))]
        wanted = [Colour.RED] * 16 + [Colour.BLUE] * 17 + [Colour.YELLOW] * 17
        balls: dict[Cell, Colour] = {}
        for colour in wanted:
            cell = next(c for c in cells if c not in balls and board.colour(c) != colour)
            balls[cell] = colour
        if game.geo.pushable_triangles(balls):
            return balls


def open_pusher(config: AppConfig, match: Match) -> tuple[App, PusherTable]:
    """An app showing a Pusher table of ``match`` (no autosave, no sound: only frames count)."""
    host = App()
    quiet = replace(config, autosave=False, sound=False, pace=0.0)
    mode = open_table_of_pusher(host, quiet, match)
    host.show(mode)
    return host, mode.top


def one_push(
    size: tuple[int, int], seed: int
) -> tuple[list[float], list[float], int, int, list[float]]:
    """Frame wall and CPU times (ms) while one push is resolved off the loop and then plays back,
    the most balls moving at once, the path's recorded frames, and the wall times (ms) of the
    frames drawn while the push was being resolved on a worker thread."""
    game = SPEC.make_game({"players": 3})
    assert isinstance(game, PusherGame)
    rng = np.random.default_rng(seed)
    match = Match(game, [None, None, None], seed=seed, seat_names=["human"] * 3)
    match.state = game.position(full_board(game, rng), to_move=0)
    host, app = open_pusher(AppConfig(seats=("human",) * 3, seed=seed, size=size), match)
    host.tick(0.0)
    triangles = app.scene.pushable
    tri = triangles[int(rng.integers(len(triangles)))]
    centre = app.layout.to_screen(*game.board.triangle_centre(tri))
    press = (round(centre[0]), round(centre[1]))
    angle = float(rng.uniform(0.0, 2.0 * np.pi))
    reach = app.layout.pixels(6 * game.board.pitch)
    release = (round(press[0] - reach * np.cos(angle)), round(press[1] + reach * np.sin(angle)))
    for kind, attrs in (
        (pygame.MOUSEMOTION, {"pos": press, "rel": (0, 0), "buttons": (0, 0, 0)}),
        (pygame.MOUSEBUTTONDOWN, {"pos": press, "button": 1}),
        (pygame.MOUSEMOTION, {"pos": release, "rel": (0, 0), "buttons": (1, 0, 0)}),
        (pygame.MOUSEBUTTONUP, {"pos": release, "button": 1}),
    ):
        pygame.event.post(pygame.event.Event(kind, **attrs))
    resolving: list[float] = []
    host.tick(0.0)
    while app.animation is None:  # the push is resolved (once, recorded) off the frame loop
        assert app.working, app.message
        began = time.perf_counter()
        host.tick(FRAME)
        resolving.append(host.frame_seconds[-1] * 1000.0)
        time.sleep(max(0.0, FRAME - (time.perf_counter() - began)))  # a paced loop
    times: list[float] = []
    cpu_times: list[float] = []
    animation = app.animation
    most_moving = 0
    last = animation.positions()
    while animation.rolling:
        # Paced at 60 frames per second: each frame plays 1/60 s of the recorded path.
        cpu = time.thread_time()
        host.tick(FRAME)
        cpu_times.append((time.thread_time() - cpu) * 1000.0)
        times.append(host.frame_seconds[-1] * 1000.0)
        positions = animation.positions()
        moving = sum(
            1
            for (_, x0, y0), (_, x1, y1) in zip(last, positions, strict=True)
            if (x1 - x0) ** 2 + (y1 - y0) ** 2 > 1e-12
        )
        most_moving = max(most_moving, moving)
        last = positions
    return times, cpu_times, most_moving, len(animation.path.frames), resolving


def bot_thinking(size: tuple[int, int], seed: int) -> tuple[list[float], float]:
    """Frame times (ms) while the strong bot chooses a push on a full board, and its think time.

    Frames are paced at 60 per second (the bot runs on a worker thread meanwhile), as in play.
    """
    game = SPEC.make_game({"players": 3})
    assert isinstance(game, PusherGame)
    seats = ["bot", "human", "human"]
    match = Match(game, SPEC.make_agents(game, seats), seed=seed, seat_names=seats)
    match.state = game.position(full_board(game, np.random.default_rng(seed)), to_move=0)
    host, app = open_pusher(AppConfig(seats=tuple(seats), seed=seed, size=size), match)
    start = time.perf_counter()
    host.tick(FRAME)
    times: list[float] = []
    while app.animation is None and app.working:
        began = time.perf_counter()
        host.tick(FRAME)
        times.append(host.frame_seconds[-1] * 1000.0)
        time.sleep(max(0.0, FRAME - (time.perf_counter() - began)))
    return times, time.perf_counter() - start


@dataclass
class TableRun:
    """What one table's measurement produced."""

    app: App
    """Showing the table, a person to move and nothing moving (for the idle measurement)."""
    wall: list[float]
    cpu: list[float]
    notes: list[str]


def pusher_table(size: tuple[int, int], seed: int, pushes: int) -> TableRun:
    """Pusher: frames while pushes roll on a full board, then a fresh table to idle on."""
    wall: list[float] = []
    cpu: list[float] = []
    notes: list[str] = []
    for n in range(pushes):
        times, cpu_times, moving, steps, resolving = one_push(size, seed + n)
        wall.extend(times)
        cpu.extend(cpu_times)
        notes.append(
            f"push {n + 1}: {len(times)} frames, {steps} recorded path frames, up to {moving}/51"
            f" balls moving; frame mean {statistics.fmean(times):.2f} ms, worst"
            f" {max(times):.2f} ms; {len(resolving)} frames while it was resolved off the loop"
            f" (worst {max(resolving, default=0.0):.2f} ms)"
        )
    game = SPEC.make_game({"players": 3})
    match = Match(game, [None, None, None], seed=seed, seat_names=["human"] * 3)
    match.state = game.position(full_board(game, np.random.default_rng(seed)), to_move=0)  # type: ignore[attr-defined]
    host, _ = open_pusher(AppConfig(seats=("human",) * 3, seed=seed, size=size), match)
    return TableRun(host, wall, cpu, notes)


def card_and_dice_table(game: str, size: tuple[int, int], seed: int, rounds: int) -> TableRun:
    """Push or Push Over: frames while bots play at a quick pace (cards fly, dice tumble, pieces
    walk; ``rounds`` x 100 frames), then the same table with a person to move, to idle on."""
    seats = ("bot",) * 4 if game == "rummy" else ("bot", "expected", "random")
    spec = get_spec(game)
    made = spec.make_game({"players": len(seats)})
    match = Match(made, spec.make_agents(made, seats), seed=seed, seat_names=list(seats))
    host = App()
    config = AppConfig(game=game, size=size, pace=0.05, autosave=False, sound=False)
    opener = open_rummy if game == "rummy" else open_pushover
    host.show(opener(host, config, match))
    wall: list[float] = []
    cpu: list[float] = []
    while len(wall) < 100 * rounds and not match.state.is_terminal():
        began = time.thread_time()
        host.tick(FRAME)
        cpu.append((time.thread_time() - began) * 1000.0)
        wall.append(host.frame_seconds[-1] * 1000.0)
        time.sleep(0.0005)  # leave a thinking bot the interpreter, as a paced loop does
    notes = [f"{len(wall)} frames of bots playing, {match.moves} actions"]
    person = ("human", *seats[1:])
    match = Match(made, spec.make_agents(made, person), seed=seed, seat_names=list(person))
    host = App()
    host.show(opener(host, replace(config, pace=0.0), match))
    host.settle()
    return TableRun(host, wall, cpu, notes)


TABLES: dict[str, Callable[[tuple[int, int], int, int], TableRun]] = {
    "pusher": pusher_table,
    "rummy": lambda size, seed, rounds: card_and_dice_table("rummy", size, seed, rounds),
    "pushover": lambda size, seed, rounds: card_and_dice_table("pushover", size, seed, rounds),
}
"""Table name to its measurement: (window size, seed, pushes or rounds) -> TableRun."""


def idle_share(app: App, seconds: float) -> tuple[float, int]:
    """Process CPU time over wall time while the real frame loop runs with no input, and the
    frames it drew meanwhile."""
    app.tick(0.0)
    frames = app.frames
    quit_at = threading.Timer(seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    wall, cpu = time.perf_counter(), time.process_time()
    quit_at.start()
    app.loop()
    share = (time.process_time() - cpu) / (time.perf_counter() - wall)
    return share, app.frames - frames


def summary(name: str, values: list[float]) -> str:
    values = sorted(values)
    p95 = values[int(0.95 * (len(values) - 1))]
    return (
        f"  {name}: mean {statistics.fmean(values):.2f} ms, p95 {p95:.2f} ms, worst "
        f"{values[-1]:.2f} ms (p95 target {P95_TARGET_MS:.0f} ms: "
        f"{'met' if p95 < P95_TARGET_MS else 'missed'})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pushes", type=int, default=6)
    parser.add_argument("--size", default="1100x800")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--idle", type=float, default=3.0, help="seconds of idle to measure")
    parser.add_argument("--tables", default=",".join(TABLES), help="comma-separated tables")
    args = parser.parse_args()
    size = parse_size(args.size)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(size)
    for name in args.tables.split(","):
        run = TABLES[name](size, args.seed, args.pushes)
        print(f"{name} ({size[0]}x{size[1]}):")
        for note in run.notes:
            print("  " + note)
        print(f"  {len(run.wall)} busiest frames, 60 fps budget {BUDGET_MS:.1f} ms")
        print(summary("wall clock", run.wall))
        print(summary("thread CPU", run.cpu))
        share, frames = idle_share(run.app, args.idle)
        verdict = "met" if share < IDLE_TARGET else "missed"
        print(
            f"  idle: {share:.1%} of a core over {args.idle:.0f} s, {frames} frames drawn "
            f"(target < {IDLE_TARGET:.0%}: {verdict})"
        )
    thinking: list[float] = []
    if "pusher" in args.tables.split(","):
        for n in range(min(args.pushes, 3)):
            times, seconds = bot_thinking(size, args.seed + n)
            thinking.extend(times)
            print(
                f"strong bot {n + 1}: thought {seconds:.2f} s; the window drew {len(times)} frames"
            )
    if thinking:
        print(
            f"  frames while the bot thinks: mean {statistics.fmean(thinking):.2f} ms, "
            f"worst {max(thinking):.2f} ms"
        )
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
