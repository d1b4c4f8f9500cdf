"""Step every agent interface once with a random policy and once with a bot policy: the
Gymnasium environment ``PusherPush-v0``, the PettingZoo environments ``pusher_v0``,
``push_rummy_v0`` and ``push_over_v0``, and (with the ``rl`` extra) the OpenSpiel games.
Nothing is trained; it shows how a policy plugs in and prints what each episode came to.

Run: ``SDL_VIDEODRIVER=dummy .venv/bin/python benchmarks/agents_demo.py [--seed N]``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import gymnasium as gym
import numpy as np
from pettingzoo import AECEnv

import pusher_sim.envs
from pusher_sim.envs import push_over_v0, push_rummy_v0, pusher_codec, pusher_v0
from pusher_sim.envs.adapters import PusherGridAdapter
from pusher_sim.envs.pusher_push import PusherPushEnv
from pusher_sim.pusher.state import PusherState
from pusher_sim.turnloop.registry import get_spec

SMALL_PUSHER = {"board_radius": 3, "balls_per_player": 8}
"""A 37-cup board keeps the demo to seconds; drop it for the published 91-cup board."""


def gym_episode(policy: str, seed: int, bot_name: str) -> str:
    """One PusherPush-v0 episode; the bot policy is a Pusher bot's push, encoded."""
    env = gym.make(pusher_sim.envs.ENV_ID, game=SMALL_PUSHER, opponent="random")
    inner = env.unwrapped
    assert isinstance(inner, PusherPushEnv)
    bot = get_spec("pusher").bots[bot_name](inner.game)
    rng = np.random.default_rng(seed)
    env.action_space.seed(seed)
    _, info = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        if policy == "random":
            action = env.action_space.sample()
        else:
            st = inner.state
            push = bot.act(st, st.to_move, st.legal_actions(), rng)
            action = pusher_codec.encode(st, push)
        _, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        steps += 1
        done = terminated or truncated
    won = "won" if info["winner"] == info["seat"] else "lost"
    return f"{steps} pushes, balls-home reward {total:+.0f}, agent {won}"


def aec_game(make: Callable[[], AECEnv], game: str, policy: str, seed: int, bot_name: str) -> str:
    """One whole game of a PettingZoo environment with every seat on the same policy."""
    env = make()
    env.reset(seed=seed)
    spec = get_spec(game)
    bots = [spec.bots[bot_name](env.game) for _ in env.possible_agents]
    rng = np.random.default_rng(seed)
    steps = 0
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        action: Any
        if policy == "random":
            if isinstance(obs, dict) and "action_mask" in obs:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            else:
                action = env.action_space(agent).sample()
        else:
            seat = env.seat_of[agent]
            st = env.unwrapped.game_state
            move = bots[seat].act(st, seat, st.legal_actions(), rng)
            if isinstance(env.adapter, PusherGridAdapter):
                action = env.adapter.codec.action_id(move)
            elif isinstance(st, PusherState):
                action = pusher_codec.encode(st, move)
            else:
                action = env.adapter.codec.action_id(st, move)
        env.step(action)
        steps += 1
    shown = ", ".join(f"{a} {r:+.0f}" for a, r in totals.items())
    return f"{steps} agent steps, returns {shown}"


def openspiel_games(seed: int) -> list[str]:
    try:
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return ["OpenSpiel: not installed (pip install -e '.[rl]')"]
    from pusher_sim.envs.openspiel import PUSH_OVER, PUSH_RUMMY, PUSHER, register

    register()
    lines = []
    rng = np.random.RandomState(seed)
    game = pyspiel.load_game(PUSH_OVER, {"players": 2})
    bot = mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    lines.append(f"OpenSpiel {PUSH_OVER}: MCTS (seat 0) vs random, returns {state.returns()}")
    pusher = pyspiel.load_game(PUSHER, {"board_radius": 2, "balls_per_player": 5})
    bot = mcts.MCTSBot(pusher, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = pusher.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    lines.append(
        f"OpenSpiel {PUSHER} (19 cups, physics): MCTS (seat 0) vs random, "
        f"{state.move_number()} moves, returns {state.returns()}"
    )
    rummy = pyspiel.load_game(PUSH_RUMMY, {"deals": 1})
    state = rummy.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    lines.append(f"OpenSpiel {PUSH_RUMMY}: random play, {state.move_number()} moves")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--pusher-bot",
        default="greedy",
        choices=list(get_spec("pusher").bots),
        help="the Pusher bot policy (default greedy: quick)",
    )
    args = parser.parse_args()
    seed = args.seed
    bot_names = {"pusher": args.pusher_bot, "rummy": "bot", "pushover": "bot"}
    envs: list[tuple[str, str, Callable[[], AECEnv]]] = [
        ("pusher_v0", "pusher", lambda: pusher_v0.env(**SMALL_PUSHER)),
        ("pusher_v0 discrete", "pusher", lambda: pusher_v0.env(discrete=True, **SMALL_PUSHER)),
        ("push_rummy_v0", "rummy", lambda: push_rummy_v0.env(deals=1)),
        ("push_over_v0", "pushover", lambda: push_over_v0.env(players=2)),
    ]
    for policy in ("random", "bot"):
        started = time.perf_counter()
        print(f"PusherPush-v0 {policy:>6}: {gym_episode(policy, seed, args.pusher_bot)}", end="")
        print(f" ({time.perf_counter() - started:.1f} s)")
        for name, game, make in envs:
            started = time.perf_counter()
            outcome = aec_game(make, game, policy, seed, bot_names[game])
            print(f"{name} {policy:>6}: {outcome}", end="")
            print(f" ({time.perf_counter() - started:.1f} s)")
    for line in openspiel_games(seed):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
