"""What playing across machines costs: a bot-vs-bot Push Over match over loopback against the same
match played locally, and the time from the host resolving a push to a joined window starting
to animate it. Both printed in one run (issue 25's targets: at most 1 ms per action at p95, and
under 50 ms at p95).

Real processes on 127.0.0.1: the host (the real server, saving after every move as ``pusher
host`` does) prints when it applies each move; the bots play as ``pusher join --bot`` does, on
threads of this process and unpaced (a joined client keeps to half the host's rate, which would
measure the pacing, not the protocol), against a host with its limits lifted; the joined window (SDL's dummy driver, its seat played by a bot) runs in this process and notes
when it starts each push's playback (one monotonic clock for all processes). Per action over
the network is the time between two moves the host applies; locally, one :meth:`Match.step`.
The overhead is their difference, at the median and at p95.

    .venv/bin/python benchmarks/bench_network.py [--matches N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PUSHER_DATA_DIR", tempfile.mkdtemp(prefix="bench-network-"))

import numpy as np

from pusher_sim.net import protocol
from pusher_sim.net.bot_client import play_bot
from pusher_sim.net.client import Link
from pusher_sim.net.joined import make_agent
from pusher_sim.net.server import Limits, Server
from pusher_sim.net.table import HostedMatch
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import get_spec

BOTS = ("strong", "expected")


def hosted(game: str, kinds: list[str], seed: int, options: dict[str, object]) -> HostedMatch:
    spec = get_spec(game)
    made = spec.make_game({"players": len(kinds), **options})
    agents = [None if k == "open" else spec.bots[k](made) for k in kinds]
    log = GameLog(made.name, made.config_json(), seed, ["human"] * len(kinds))
    save_to = Path(os.environ["PUSHER_DATA_DIR"]) / f"hosted-{os.getpid()}.json"
    return HostedMatch.new(spec, Match(made, agents, log=log), kinds, save_to)


def serve_timed(game: str, seed: int, options: dict[str, object]) -> None:
    """The host process: serve a match of two open seats, printing its port, then each move's
    number, the time it was applied and whether it was a push (perf_counter is the system's
    monotonic clock, the same in every process)."""
    table = hosted(game, ["open", "open"], seed, options)
    play = table.play

    def timed(action):  # type: ignore[no-untyped-def]
        played = play(action)
        pushed = int(played.path is not None)
        print(f"applied {played.number} {time.perf_counter():.9f} {pushed}", flush=True)
        return played

    table.play = timed  # type: ignore[method-assign]

    async def main() -> None:
        unbounded = Limits(rate=1e9, burst=1 << 30)  # its bots are unpaced (network_steps)
        server = Server(table, unbounded, say=lambda line: None)
        print(f"port {await server.start('127.0.0.1', 0)}", flush=True)
        await server.run()

    asyncio.run(main())


class HostProcess:
    def __init__(self, game: str, seed: int, options: str = "{}") -> None:
        argv = [sys.executable, __file__, "--serve", game, str(seed), options]
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        self.port = int(self.proc.stdout.readline().split()[1])
        self.applied: list[tuple[int, float, bool]] = []

    def join(self, *argv: str) -> subprocess.Popen[bytes]:
        command = [sys.executable, "-m", "pusher_sim.cli", "join", f"127.0.0.1:{self.port}"]
        return subprocess.Popen([*command, *argv], stdout=subprocess.DEVNULL)

    def wait(self) -> list[tuple[int, float, bool]]:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            _, n, t, pushed = line.split()
            self.applied.append((int(n), float(t), pushed == "1"))
        self.proc.wait(60)
        return self.applied


def local_steps(seed: int) -> list[float]:
    spec = get_spec("pushover")
    game = spec.make_game({"players": 2})
    match = Match(game, [spec.bots[b](game) for b in BOTS], seed=seed)
    times = []
    while not match.state.is_terminal():
        start = time.perf_counter()
        match.step()
        times.append(time.perf_counter() - start)
    return times


def network_steps(seed: int) -> tuple[list[float], int]:
    """The bots play as ``pusher join --bot`` does, on threads of this process and unpaced
    (a joined client keeps to 10 messages a second; the host here lifts its limits), so the
    time between moves is the protocol's own cost."""
    host = HostProcess("pushover", seed)
    bots = []
    for n, name in enumerate(BOTS):
        link = Link(f"127.0.0.1:{host.port}", protocol.PLAY, n, None, name, paced=False)

        def play(link: Link = link, name: str = name) -> None:
            play_bot(link.start(), lambda g: make_agent(name, g), seed, say=lambda line: None)
            link.close()

        bots.append(threading.Thread(target=play, daemon=True))
        bots[-1].start()
    applied = host.wait()
    for bot in bots:
        bot.join(60)
    return list(np.diff([t for _, t, _ in applied])), len(applied)


def push_to_animation(seed: int) -> list[float]:
    """Seconds from the host resolving each push to a joined window starting its playback."""
    import pygame

    from pusher_sim.ui.common.joining import Joining
    from pusher_sim.ui.common.remote_flow import RemoteFlow, Seated, wake_on_news
    from pusher_sim.ui.shell.app import FPS, IDLE_WAIT_MS, App, wait_for_input
    from pusher_sim.ui.shell.config import AppConfig

    host = HostProcess("pusher", seed, '{"board_radius": 3, "balls_per_player": 8}')
    bot = host.join("--seat", "1", "--bot", "greedy", "--seed", str(seed))
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1100, 800))
    window = Link(f"127.0.0.1:{host.port}", protocol.PLAY, 0, None, "window")
    wake_on_news(window)
    window.start()
    app = App()
    config = AppConfig(size=(1100, 800), sound=False, autosave=False, speed=30.0)
    seated = Seated(lambda g: make_agent("greedy", g), seed, 0.0)
    app.show(Joining(app, config, window, None, seated))
    started: dict[int, float] = {}
    hooked = False
    clock = pygame.time.Clock()
    reader = threading.Thread(target=host.wait, daemon=True)
    reader.start()
    while app.running:
        mode = app.mode
        flow = getattr(mode, "flow", None)
        if isinstance(flow, RemoteFlow) and not hooked:
            on_played = mode.on_played  # type: ignore[union-attr]

            def noted(played, on_played=on_played, flow=flow):  # type: ignore[no-untyped-def]
                if played.outcome is not None:
                    started[flow.follower.view.moves] = time.perf_counter()
                on_played(played)

            mode.on_played = noted  # type: ignore[union-attr]
            hooked = True
        if app.animating():  # App.loop's own steps, one at a time
            clock.tick(FPS)
            app.tick()
        else:
            events = wait_for_input(IDLE_WAIT_MS / 1000.0)
            if events:
                app.tick(events=events)
    window.close()
    pygame.quit()
    reader.join(30)
    bot.wait(60)
    resolved = {n: t for n, t, pushed in host.applied if pushed}
    return [started[n] - resolved[n] for n in sorted(started) if n in resolved]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--serve", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        game, seed, options = args.serve
        serve_timed(game, int(seed), json.loads(options))
        return
    local: list[float] = []
    remote: list[float] = []
    actions = 0
    for seed in range(args.matches):
        local += local_steps(seed)
        steps, count = network_steps(seed)
        remote += steps
        actions += count
    ms = 1000.0
    lp50, lp95 = np.percentile(local, [50, 95]) * ms
    rp50, rp95 = np.percentile(remote, [50, 95]) * ms
    print(f"Push Over, {args.matches} bot-vs-bot matches ({' v '.join(BOTS)}), {actions} actions")
    print(f"  local:    {lp50:7.3f} ms per action at p50, {lp95:7.3f} ms at p95")
    print(f"  loopback: {rp50:7.3f} ms per action at p50, {rp95:7.3f} ms at p95")
    print(
        f"  overhead: {rp50 - lp50:7.3f} ms at p50, {rp95 - lp95:7.3f} ms at p95 "
        f"(target: at most 1 ms at p95)  ratio {rp95 / lp95:.1f}x"
    )
    delays = push_to_animation(7)
    if delays:
        d50, d95 = np.percentile(delays, [50, 95]) * ms
        print(f"Pusher (small board), {len(delays)} pushes: host resolved -> window animates")
        print(
            f"  {d50:6.1f} ms at p50, {d95:6.1f} ms at p95, worst {max(delays) * ms:.1f} ms "
            "(target: under 50 ms at p95)"
        )
    else:
        print("Pusher: no push was played back", file=sys.stderr)


if __name__ == "__main__":
    main()
