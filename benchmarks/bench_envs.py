"""Where a researcher waits: ``PusherPush-v0`` at its default settings, one env against
Gymnasium's ``AsyncVectorEnv`` of two, all measured in one run.

Prints (1) steps per CPU-second of one env with random actions (target >= 30) and the mean CPU
cost of a reset against a step (target: a reset no dearer than a step); (2) steps per wall
second of one env and of ``AsyncVectorEnv`` with 2 envs, and their ratio (target >= 1.6), taken
in alternating rounds so that a change in the machine's load hits both alike. It also gives
the ratio the two workers' own CPU time allows (what two idle cores would give) and the
machine's load average, since on a shared machine the wall ratio is bounded by the cores free.

    PYTHONPATH=. python benchmarks/bench_envs.py --seconds 20 --rounds 3
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import gymnasium as gym
import numpy as np

from pusher_sim.envs import ENV_ID


def cpu_of(pid: int) -> float:
    """CPU seconds (user + system) a process has used so far, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def one_env(seconds: float, seed: int) -> dict[str, Any]:
    """Random actions on one env for ``seconds`` of wall time; the CPU cost of every step
    (with the reset after an episode's end)."""
    env = gym.make(ENV_ID)
    env.action_space.seed(seed)
    steps = resets = 0
    reset_cpu = 0.0
    costs: list[float] = []
    wall0 = time.perf_counter()
    c = time.process_time()
    env.reset(seed=seed)
    reset_cpu += time.process_time() - c
    resets += 1
    while time.perf_counter() - wall0 < seconds:
        c = time.process_time()
        _, _, terminated, truncated, _ = env.step(env.action_space.sample())
        costs.append(time.process_time() - c)
        steps += 1
        if terminated or truncated:
            c = time.process_time()
            env.reset()
            reset_cpu += time.process_time() - c
            resets += 1
            costs[-1] += time.process_time() - c  # a vector env's worker resets in its step
    wall = time.perf_counter() - wall0
    env.close()
    return {
        "steps": steps,
        "wall": wall,
        "step_cpu": sum(costs) - reset_cpu,
        "resets": resets,
        "reset_cpu": reset_cpu,
        "costs": costs,
    }


def make() -> gym.Env[Any, Any]:
    return gym.make(ENV_ID)


def two_envs(seconds: float, seed: int) -> dict[str, float]:
    """Random actions on ``AsyncVectorEnv`` of two for ``seconds`` of wall time (episodes
    restart by the vector env's autoreset)."""
    envs = gym.vector.AsyncVectorEnv([make, make])
    try:
        envs.action_space.seed(seed)
        envs.reset(seed=[seed, seed + 1])
        pids = [p.pid for p in envs.processes]
        cpu0 = [cpu_of(p) for p in pids]
        steps = 0
        wall0 = time.perf_counter()
        while time.perf_counter() - wall0 < seconds:
            envs.step(envs.action_space.sample())
            steps += 2
        wall = time.perf_counter() - wall0
        worker_cpu = [cpu_of(p) - c for p, c in zip(pids, cpu0, strict=True)]
    finally:
        envs.close(terminate=True)
    return {"steps": steps, "wall": wall, "worker_cpu": max(worker_cpu)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="wall seconds per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    singles, pairs = [], []
    for r in range(args.rounds):
        singles.append(one_env(args.seconds, args.seed + 10 * r))
        pairs.append(two_envs(args.seconds, args.seed + 10 * r))
    costs = np.array([c for x in singles for c in x.pop("costs")])
    s = {k: sum(x[k] for x in singles) for k in singles[0]}
    p = {k: sum(x[k] for x in pairs) for k in pairs[0]}
    per_cpu = s["steps"] / s["step_cpu"]
    step_cost = s["step_cpu"] / s["steps"]
    reset_cost = s["reset_cpu"] / s["resets"]
    one_wall = s["steps"] / s["wall"]
    two_wall = p["steps"] / p["wall"]
    # two idle cores: each worker steps its env alone, so the pair's rate is bounded by the
    # busier worker's CPU time
    two_idle = p["steps"] / p["worker_cpu"]
    # ... but the vector env steps both in lockstep, so each step waits for the dearer of the
    # two: pairs of one env's measured step costs say what that leaves of 2x
    rng = np.random.default_rng(args.seed)
    pairs_cost = np.maximum(rng.choice(costs, 20_000), rng.choice(costs, 20_000)).mean()
    lockstep = 2.0 * costs.mean() / pairs_cost
    print(f"{ENV_ID}, default settings, random actions; {args.rounds} rounds of {args.seconds:g} s")
    print(
        f"one env: {per_cpu:.1f} steps per CPU-second (target >= 30); "
        f"step {step_cost * 1000:.1f} ms, reset {reset_cost * 1000:.1f} ms of CPU "
        f"(reset/step {reset_cost / step_cost:.2f}, target <= 1) over "
        f"{int(s['steps'])} steps and {int(s['resets'])} resets"
    )
    print(
        f"wall: one env {one_wall:.1f} steps/s, AsyncVectorEnv(2) {two_wall:.1f} steps/s: "
        f"ratio {two_wall / one_wall:.2f} (target >= 1.6)"
    )
    print(
        f"two idle cores (by the workers' CPU time): {two_idle:.1f} steps/s, "
        f"ratio {two_idle / per_cpu:.2f}; lockstep bound from one env's step costs "
        f"{lockstep:.2f}; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs"
    )


if __name__ == "__main__":
    np.set_printoptions(precision=3)
    main()
