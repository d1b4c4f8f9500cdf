"""Train a Push Over agent through ``push_over_v0`` with numpy alone, and score it exactly.

A model-based learner (certainty equivalence, as in Dyna): the dice and rules are known, the
opponent is not. The agent counts the opponent's roll/stop choices per position (shrunk towards
the pooled frequency of that decision) from the games it plays through the environment, and
after each round plans its reply to that model by value iteration
(:func:`pushover.solver.solve`). It sees only the observation, its mask and the opponent's moves.
After each round the policy is scored exactly against ``expected`` (sides alternated): the
learning curve. docs/agents.md says why, and what a model-free learner reached (26-32%).

Run: ``.venv/bin/python benchmarks/train_pushover.py``; writes ``assets/pushover-trained.npz``
and ``docs/pushover-training.png``; ``--check`` trains and compares with the shipped file.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from pusher_sim.atomic import atomic_file, atomic_write, check_writable
from pusher_sim.envs import push_over_v0
from pusher_sim.errors import CorruptFile, UserError
from pusher_sim.pushover_exact import (
    STANDARD,
    ObservedKeys,
    Positions,
    WinChance,
    best_win_chance,
    bot_chances,
    bot_named,
    chances_of_rolls,
    positions,
    state_of,
)
from pushover.actions import Roll
from pushover.config import PushOverConfig
from pushover.solver import decision_nodes, evaluate_chances, solve

ROOT = Path(__file__).resolve().parents[1]
POLICY_PATH = ROOT / "assets" / "pushover-trained.npz"
PLOT_PATH = ROOT / "docs" / "pushover-training.png"
SEED = 2026
ROUNDS = (2, 4, 8, 16, 32, 64, 128, 256, 512, 1024)
"""Games played by the end of each round (the policy is planned again after each)."""
OPPONENT = "expected"
"""The bot trained against and scored against (``--opponent``)."""
SHRINK = 4.0
"""Pooled counts a position's own counts are weighed against (a position seen this often
counts as much as the pool)."""


@dataclass
class OpponentModel:
    """The opponent's roll/stop counts, per position and decision and pooled per decision."""

    config: PushOverConfig
    seen: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    pooled: dict[int, list[int]] = field(default_factory=dict)

    def count(self, key: int, node: int, rolled: bool) -> None:
        """The opponent, in the position ``key`` (the agent's view) at decision ``node``."""
        for table, at in ((self.seen, (key, node)), (self.pooled, node)):
            entry = table.setdefault(at, [0, 0])  # type: ignore[attr-defined]
            entry[0] += 1
            entry[1] += int(rolled)

    def roll_chances(self, places: Positions) -> NDArray[np.float64]:
        """``rolls[k, j]``: the modelled chance of rolling in ``places.theirs[k]`` at node j."""
        nodes = len(decision_nodes(self.config))
        pool = np.array(
            [
                (self.pooled.get(j, [0, 0])[1] + 1) / (self.pooled.get(j, [0, 0])[0] + 2)
                for j in range(nodes)
            ]
        )
        rolls = np.tile(pool, (len(places.theirs), 1))
        row_of = {int(k): r for r, k in enumerate(places.graph.keys[places.theirs].tolist())}
        for (key, node), (times, rolled) in self.seen.items():
            row = row_of.get(key)
            if row is not None:
                rolls[row, node] = (rolled + SHRINK * pool[node]) / (times + SHRINK)
        return rolls


@dataclass(frozen=True)
class TrainedPolicy:
    """A roll/stop byte (bit j: roll at ``decision_nodes(config)[j]``) for every position where
    the agent's turn begins, by sorted key: a policy of the observation vector."""

    config: PushOverConfig
    keys: NDArray[np.int64]
    bytes: NDArray[np.uint8]
    curve: tuple[tuple[int, float, float], ...] = ()
    """The learning curve: (games played, exact win chance moving first, moving second)."""

    @cached_property
    def _keys(self) -> ObservedKeys:
        return ObservedKeys(self.config)

    @cached_property
    def _bits(self) -> dict[tuple[int, int], int]:
        return {node: b for b, node in enumerate(decision_nodes(self.config))}

    def __call__(self, observation: NDArray[np.float32]) -> int:
        """0 (roll) or 1 (stop) in the position the observation shows (a turn under way)."""
        state = state_of(self.config, observation)
        if not state.dice:
            return 0  # the first die is always rolled
        key = self._keys.of(state, 0)
        at = int(np.searchsorted(self.keys, key))
        if at == len(self.keys) or int(self.keys[at]) != key:
            raise ValueError("a position the rules do not reach")
        bit = self._bits[(len(state.dice), sum(state.dice))]
        return 0 if int(self.bytes[at]) >> bit & 1 else 1

    def to_bytes(self) -> bytes:
        buffer = io.BytesIO()
        np.savez_compressed(
            buffer,
            allow_pickle=False,
            config=np.array(json.dumps(self.config.to_json())),
            key_steps=np.diff(self.keys, prepend=np.int64(0)),
            policy=self.bytes,
            curve=np.array(self.curve, dtype=np.float64).reshape(-1, 3),
        )
        return buffer.getvalue()


def read_policy(path: Path = POLICY_PATH) -> TrainedPolicy:
    """The shipped policy; a missing or damaged file is a one-line error."""
    try:
        with np.load(path, allow_pickle=False) as data:
            config = PushOverConfig.from_mapping(json.loads(str(data["config"])))
            keys = np.cumsum(data["key_steps"].astype(np.int64))
            policy = data["policy"].astype(np.uint8)
            curve = tuple((int(g), float(a), float(b)) for g, a, b in data["curve"].tolist())
    except FileNotFoundError:
        raise CorruptFile(f"the trained policy {path} is missing") from None
    except (OSError, KeyError, ValueError) as exc:
        raise CorruptFile(f"the trained policy {path} is damaged ({exc})") from None
    if len(policy) != len(keys) or np.any(np.diff(keys) <= 0):
        raise CorruptFile(f"the trained policy {path} is damaged (keys and policy)")
    return TrainedPolicy(config, keys, policy, curve)


def plan(places: Positions, model: OpponentModel) -> NDArray[np.uint8]:
    """The best reply to the modelled opponent: a roll/stop byte per position of ours."""
    config = places.config
    chances = np.zeros(places.graph.successors.shape)
    chances[places.theirs] = chances_of_rolls(config, model.roll_chances(places))
    solution = solve(config, places.graph, chances)
    return solution.policy[places.mine]


def score(places: Positions, byte: NDArray[np.uint8], theirs: NDArray[np.float64]) -> WinChance:
    """The exact winning chance of the bytes ``byte`` against the opponent whose turns end as
    ``theirs`` says (what :func:`pusher_sim.pushover_exact.win_chance` computes, without
    asking the policy again position by position)."""
    config = places.config
    count = len(decision_nodes(config))
    rolls = np.stack([(byte >> b & 1).astype(np.float64) for b in range(count)], axis=1)
    chances = np.zeros(places.graph.successors.shape)
    chances[places.mine] = chances_of_rolls(config, rolls)
    chances[places.theirs] = theirs
    values = evaluate_chances(config, places.graph, chances, keys=ObservedKeys(config))
    first, second = places.graph.starts
    return WinChance(float(values[first]), float(values[second]))


def play_game(
    env: Any,
    policy: TrainedPolicy,
    model: OpponentModel,
    seed: int,
    me: str,
    opponent: Any,
    rng: np.random.Generator,
) -> float:
    """One game through the environment, counting the opponent's choices; the agent's points
    (1 win, 1/2 draw, 0 loss)."""
    env.reset(seed=seed)
    config = policy.config
    keys = ObservedKeys(config)
    nodes = {node: j for j, node in enumerate(decision_nodes(config))}
    points = 0.5
    for agent in env.agent_iter():
        observation, reward, done, cut, _ = env.last()
        if done or cut:
            if agent == me:
                points = 1.0 if reward > 0 else 0.0 if reward < 0 else 0.5
            env.step(None)
            continue
        mask = observation["action_mask"]
        if agent == me:
            env.step(
                int(np.argmax(mask)) if mask.sum() == 1 else policy(observation["observation"])
            )
            continue
        # The opponent's move (the environment's other player): Push Over shows it to all.
        state = env.unwrapped.game_state
        move = opponent.act(state, state.current_player(), state.legal_actions(), rng)
        action = 0 if isinstance(move, Roll) else 1
        if mask.sum() > 1:
            seen = state_of(config, env.observe(me)["observation"])
            node = nodes[(len(seen.dice), sum(seen.dice))]
            seen.dice = ()
            model.count(keys.of(seen, 0), node, action == 0)
        env.step(action)
    return points


def train(
    seed: int = SEED,
    rounds: Sequence[int] = ROUNDS,
    config: PushOverConfig = STANDARD,
    log: bool = True,
    against: str = OPPONENT,
) -> tuple[TrainedPolicy, list[tuple[int, WinChance]]]:
    """Play and plan round by round; the final policy and the exact learning curve (games
    played, winning chance against the bot ``against``), starting from the untrained plan."""
    started = time.perf_counter()
    places = positions(config)
    opponent = bot_named(against, config)
    theirs = bot_chances(places, opponent)
    model = OpponentModel(config)
    keys = places.graph.keys[places.mine]
    policy = TrainedPolicy(config, keys, plan(places, model))
    curve = [(0, score(places, policy.bytes, theirs))]
    if log:
        print(f"     0 games  {curve[0][1].mean:.4%} against {against} (the untrained plan)")
    env = push_over_v0.env(**config.to_json())
    rng = np.random.default_rng(seed)
    seeds = np.random.SeedSequence(seed).generate_state(max(rounds))
    played = 0
    for end in rounds:
        for n in range(played, end):
            play_game(env, policy, model, int(seeds[n]), f"player_{n % 2}", opponent, rng)
        played = end
        policy = TrainedPolicy(config, keys, plan(places, model))
        curve.append((played, score(places, policy.bytes, theirs)))
        points = tuple((g, c.first, c.second) for g, c in curve)
        policy = TrainedPolicy(config, keys, policy.bytes, points)
        if log:
            chance = curve[-1][1]
            print(
                f"{played:>6,} games  {chance.mean:.4%} against {against} (first "
                f"{chance.first:.4%}, second {chance.second:.4%})  "
                f"{time.perf_counter() - started:.0f} s",
                flush=True,
            )
    return policy, curve


def plot(
    curve: Sequence[tuple[int, WinChance]], best: WinChance, path: Path, against: str = OPPONENT
) -> None:
    """The exact win rate and the regret to the best reply, by games played."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = [g + 1 for g, _ in curve]
    fig, (left, right) = plt.subplots(1, 2, figsize=(9.6, 3.6))
    left.plot(games, [100 * c.mean for _, c in curve], "o-", label="trained agent")
    left.axhline(100 * best.mean, color="k", ls="--", lw=1, label=f"best reply {best.mean:.2%}")
    left.axhline(100 * best.mean - 1.5, color="grey", ls=":", lw=1, label="1.5 points below")
    left.set_ylabel(f"exact win % against {against}")
    left.legend(loc="lower right")
    regret = [max(100 * (best.mean - c.mean), 1e-9) for _, c in curve]
    right.plot(games, regret, "o-")
    right.set_yscale("log")
    right.set_ylabel("regret, points of win %")
    for ax in (left, right):
        ax.set_xscale("log")
        ax.set_xlabel("games played through push_over_v0, plus 1")
    fig.suptitle("Push Over: the trained baseline, scored exactly after each round")
    fig.tight_layout()
    with atomic_file(path) as handle:
        fig.savefig(handle, format="png")
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument(
        "--opponent", default=OPPONENT, help="the Push Over bot to train against (expected)"
    )
    parser.add_argument("--out", type=Path, default=POLICY_PATH, help="where to write the policy")
    parser.add_argument("--plot", type=Path, default=PLOT_PATH, help="where to draw the curve")
    parser.add_argument("--check", action="store_true", help="compare with --out, write nothing")
    args = parser.parse_args(argv)
    try:
        if args.seed < 0:
            raise UserError(f"--seed must not be negative, got {args.seed}")
        bot_named(args.opponent)
        held = read_policy(args.out) if args.check else None
        if not args.check:
            check_writable(args.out)
            check_writable(args.plot)
    except (UserError, ValueError) as exc:
        print(f"train_pushover: {exc}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    cpu = time.process_time()
    policy, curve = train(args.seed, against=args.opponent)
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu
    ceiling = best_win_chance(args.opponent)
    final = curve[-1][1]
    print(
        f"trained in {elapsed:.0f} s ({cpu:.0f} CPU seconds): {final.mean:.4%} against "
        f"{args.opponent} "
        f"exactly (moving first {final.first:.4%}, second {final.second:.4%}); the best reply "
        f"{ceiling.mean:.4%}, regret {100 * (ceiling.mean - final.mean):.5f} points"
    )
    if held is not None:
        same = np.array_equal(held.keys, policy.keys) and np.array_equal(held.bytes, policy.bytes)
        print(f"{args.out}: {'the same' if same else 'DIFFERENT'}")
        return 0 if same else 1
    data = policy.to_bytes()
    atomic_write(args.out, data)
    plot(curve, ceiling, args.plot, args.opponent)
    print(f"wrote {args.out} ({len(data):,} bytes) and {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
