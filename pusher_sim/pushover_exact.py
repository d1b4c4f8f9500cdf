"""Push Over as a solved benchmark: the exact winning chance of any policy against any bot.

A policy here is what an agent in ``push_over_v0`` is: a function of the observation vector
(:class:`~pusher_sim.envs.pushover_codec.PushOverCodec`) returning an action id (0 roll, 1 stop)
or the two actions' probabilities. Two-player Push Over has few positions between turns, and
within a turn only the dice matter, so the policy is asked once at each decision of every
position where a turn begins, the bot likewise (at each dice sequence, through the turn loop's
agent API), and the winning chance of every position follows by value iteration over the
rules' own graph of positions (:mod:`pushover.solver`): a number, not an estimate.

The positions are keyed with the pot capped at the target, where the observation caps it too
(``min(1, pot / target)``), so no two positions a policy could tell apart share a key. The bot
must choose from the state alone (every Push Over bot does); a bot that draws random numbers
must state its probabilities with ``action_probabilities(state, seat, legal)`` (as
:class:`~pusher_sim.turnloop.agents.RandomAgent` does). Like the solver, this ignores the turn
limit (a draw after 3,000 turns), which a game reaches with a vanishing chance.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from pusher_sim.envs.pushover_codec import ROLL_ID, STOP_ID, PushOverCodec
from pusher_sim.turnloop.agents import Agent
from pushover.config import PushOverConfig
from pushover.dice import Node
from pushover.game import PushOverGame
from pushover.solver import (
    Graph,
    Keys,
    decision_nodes,
    endings,
    evaluate_chances,
    explore,
    solve,
)
from pushover.spec import SPEC
from pushover.state import BARE, COUNTERS, DECIDE, EMPTY, OUT, START, WAITING, PushOverState

Floats = NDArray[np.float64]
Observations = NDArray[np.float32]

Policy = Callable[[Observations], Any]
"""An observation vector in, an action id (0 roll, 1 stop) or ``[p_roll, p_stop]`` out; with
``batched=True`` a matrix of observations (a row each) in, one of those per row out."""

STANDARD = PushOverConfig(players=2)
"""The two-player game ``push_over_v0`` plays by default."""


@dataclass(frozen=True)
class ObservedKeys(Keys):
    """:class:`Keys` with the pot capped at the target, as the observation caps it: a pot
    that large wins for whoever takes it, so the rules play alike above it, and so does any
    policy that sees only the observation."""

    def pot(self, pot: int, columns: Iterable[int]) -> int:
        return min(pot, self.config.target)


@dataclass(frozen=True)
class WinChance:
    """A policy's exact winning chance from the start, moving first and moving second.

    ``mean`` is what a tournament with sides alternated measures (the figure reported)."""

    first: float
    second: float

    @property
    def mean(self) -> float:
        return (self.first + self.second) / 2


@dataclass(frozen=True)
class Positions:
    """Every position where a turn begins (with the pot capped as the observation caps it),
    the observation the mover sees at each decision of its turn, and the rules' graph."""

    config: PushOverConfig
    graph: Graph
    mine: NDArray[np.int64]
    """The positions where seat 0 (the policy's seat) moves."""
    theirs: NDArray[np.int64]
    """The positions where seat 1 (the bot's) moves."""
    bases: Observations
    """``bases[k]``: what seat 0 sees in position ``mine[k]`` before its first die."""
    shifts: Observations
    """``shifts[j]``: how the vector changes at decision node ``decision_nodes(config)[j]``
    (only its dice block does: 80 MB of vectors for the standard game, not six times that)."""

    def observations(self, node: int) -> Observations:
        """What seat 0 sees in each of :attr:`mine` at decision node ``node``."""
        return np.asarray(self.bases + self.shifts[node], dtype=np.float32)


@lru_cache(maxsize=2)
def positions(config: PushOverConfig = STANDARD) -> Positions:
    """List the positions and observations of a two-player variant (about 30 s for the standard
    game, once per process)."""
    if config.players != 2:
        raise ValueError("the exact evaluation plays two-player Push Over only")
    keys = ObservedKeys(config)
    graph = explore(config, keys)
    movers = keys.movers(graph.keys)
    mine = np.flatnonzero(movers == 0)
    theirs = np.flatnonzero(movers == 1)
    game = PushOverGame(config)
    codec = PushOverCodec(config)
    nodes = decision_nodes(config)
    bases = np.empty((len(mine), codec.observation_size), dtype=np.float32)
    for row, index in enumerate(mine.tolist()):
        bases[row] = codec.observe(keys.position(game, int(graph.keys[index])).observation(0))
    # Only the dice block of the vector changes within a turn: add each node's change to the
    # position's vector, and check that against the codec itself on a spread of positions.
    sample = keys.position(game, int(graph.keys[mine[0]]))
    shifts = np.stack(
        [codec.observe(_at(sample, node).observation(0)) - bases[0] for node in nodes]
    )
    for row in np.linspace(0, len(mine) - 1, 7).astype(int).tolist():
        state = keys.position(game, int(graph.keys[mine[row]]))
        for j, node in enumerate(nodes):
            if not np.array_equal(
                bases[row] + shifts[j], codec.observe(_at(state, node).observation(0))
            ):
                raise AssertionError("the observation's dice block is not where it was")
    return Positions(config, graph, mine, theirs, bases, shifts)


def _at(state: PushOverState, node: Node, dice: tuple[int, ...] | None = None) -> PushOverState:
    """``state`` with the mover's dice showing ``dice`` (by default some dice of ``node``)."""
    count, total = node
    if dice is None:
        low = min(state.cfg.die_faces)
        dice = (*(low,) * (count - 1), total - low * (count - 1))
    copy = state.clone()
    copy.dice = dice
    copy.phase = DECIDE
    return copy


def state_of(config: PushOverConfig, observation: Observations) -> PushOverState:
    """The position an observation vector of ``push_over_v0`` shows, the viewer as seat 0 (Push
    Over hides nothing, so the vector holds all of it; the pot is read capped at the target,
    as the vector caps it). A turn that has begun shows dice of its (count, total)."""
    if config.players != 2 or observation.shape != (_observation_size(config),):
        raise ValueError("not an observation of two-player Push Over with this config")
    obs = observation.tolist()
    length = config.track_length
    at = 0
    mover = _first_set(obs[at : at + 4])
    at += 4
    count = _first_set(obs[at : at + config.max_dice + 1])
    at += config.max_dice + 1
    total = round(float(obs[at]) * max(1, config.roll_limit + max(config.die_faces)))
    at += 1
    where = []
    for _ in range(4):
        block = obs[at : at + 4 + length]
        at += 4 + length
        if block[0]:
            where.append(START)
        elif block[1]:
            where.append(OUT)
        elif block[2]:
            where.append(WAITING)
        else:
            where.append(_first_set(block[4:]) + 1)
    bare = [stop + 1 for stop, flag in enumerate(obs[at : at + length]) if flag]
    at += length
    free = round(float(obs[at]) * max(1, config.bottoms))
    pot = round(float(obs[at + 1]) * config.target)
    columns = [round(float(c) * config.target) for c in obs[at + 2 : at + 4]]
    state = PushOverState.__new__(PushOverState)
    state.game = _game(config)
    state.cfg = config
    state.to_move = mover
    state.phase = DECIDE
    state.where = where[:2]
    state.track = [EMPTY] * (length + 1)
    for stop in bare:
        state.track[stop] = BARE
    for seat, stop in enumerate(state.where):
        if stop > 0:
            state.track[stop] = seat
    state.free_bottoms = free
    state.pot = pot
    state.columns = columns
    state.drawn = pot + sum(columns)
    state.winner = -1
    state.counts = dict.fromkeys(COUNTERS, 0)
    state.news = ()
    state.dice = ()
    return _at(state, (count, total)) if count else state


@lru_cache(maxsize=8)
def _observation_size(config: PushOverConfig) -> int:
    return PushOverCodec(config).observation_size


@lru_cache(maxsize=8)
def _game(config: PushOverConfig) -> PushOverGame:
    return PushOverGame(config)


def _first_set(flags: list[float]) -> int:
    """Where a one-hot block has its one (0 when it has none, as argmax would say)."""
    for at, flag in enumerate(flags):
        if flag:
            return at
    return 0


def _roll_chance(answer: Any) -> float:
    """The chance of rolling in a policy's answer: an action id or two probabilities."""
    if isinstance(answer, int | np.integer):
        if int(answer) not in (ROLL_ID, STOP_ID):
            raise ValueError(f"a Push Over action is 0 (roll) or 1 (stop), not {answer!r}")
        return 1.0 if int(answer) == ROLL_ID else 0.0
    probs = np.asarray(answer, dtype=np.float64)
    if probs.shape != (2,) or np.any(probs < 0) or abs(float(probs.sum()) - 1.0) > 1e-9:
        raise ValueError(f"a policy answers an action id or two probabilities, not {answer!r}")
    return float(probs[ROLL_ID])


def policy_rolls(places: Positions, policy: Policy, batched: bool = False) -> Floats:
    """``rolls[k, j]``: the chance that ``policy`` rolls in ``places.mine[k]`` at node ``j``
    (a batched policy is handed one node's observations at a time)."""
    rolls = np.empty((len(places.mine), len(places.shifts)))
    for j in range(len(places.shifts)):
        obs = places.observations(j)
        if not batched:
            rolls[:, j] = [_roll_chance(policy(row)) for row in obs]
            continue
        answers = np.asarray(policy(obs))
        if answers.shape == (len(obs),):
            if not np.all(np.isin(answers, (ROLL_ID, STOP_ID))):
                raise ValueError("a batched policy answers action ids 0 (roll) or 1 (stop)")
            rolls[:, j] = answers == ROLL_ID
        elif answers.shape == (len(obs), 2):
            probs = answers.astype(np.float64)
            if np.any(probs < 0) or np.any(np.abs(probs.sum(axis=1) - 1.0) > 1e-9):
                raise ValueError("a batched policy's probabilities must be >= 0 and sum to 1")
            rolls[:, j] = probs[:, ROLL_ID]
        else:
            raise ValueError(f"a batched policy answered shape {answers.shape}")
    return rolls


def chances_of_rolls(config: PushOverConfig, rolls: Floats) -> Floats:
    """How likely each of :func:`endings` is in each position whose decision nodes roll with
    the chances ``rolls[k, j]`` (the first die is always rolled)."""
    index = {e: i for i, e in enumerate(endings(config))}
    column = {node: j for j, node in enumerate(decision_nodes(config))}
    faces = config.die_faces
    out = np.zeros((len(rolls), len(index)))

    def walk(dice: int, total: int, reach: Floats) -> None:
        for face in faces:
            p = reach / len(faces)
            after = total + face
            if after > config.roll_limit:
                out[:, 0] += p
            elif dice + 1 == config.max_dice:
                out[:, index[(dice + 1, after)]] += p
            else:
                roll = rolls[:, column[(dice + 1, after)]]
                out[:, index[(dice + 1, after)]] += p * (1.0 - roll)
                walk(dice + 1, after, p * roll)

    walk(0, 0, np.ones(len(rolls)))
    return out


def bot_chances(places: Positions, bot: Agent) -> Floats:
    """How likely each of :func:`endings` is when ``bot`` plays seat 1's turn in each of
    ``places.theirs``, walking every dice sequence and asking the bot at each decision."""
    config = places.config
    keys = ObservedKeys(config)
    game = PushOverGame(config)
    index = {e: i for i, e in enumerate(endings(config))}
    faces = config.die_faces
    stated = getattr(bot, "action_probabilities", None)
    if stated is None and getattr(bot, "uses_rng", True):
        raise ValueError(
            f"{type(bot).__name__} draws random numbers: give it a method "
            "action_probabilities(state, seat, legal) or uses_rng = False"
        )
    rng = np.random.default_rng(0)
    out = np.zeros((len(places.theirs), len(index)))

    def roll_chance(state: PushOverState) -> float:
        legal = state.legal_actions()
        if stated is not None:
            probs = [float(p) for p in stated(state, 1, legal)]
            if len(probs) != len(legal) or min(probs) < 0 or abs(sum(probs) - 1.0) > 1e-9:
                raise ValueError(f"{type(bot).__name__} stated impossible probabilities {probs}")
            return sum(p for p, a in zip(probs, legal, strict=True) if a == legal[0])
        action = bot.act(state, 1, legal, rng)
        if action not in legal:
            raise ValueError(f"{type(bot).__name__} chose {action!r}, not a legal action")
        return 1.0 if action == legal[0] else 0.0

    # Every dice sequence the turn can show, with the node after each die, in the order a
    # parent comes before its children: each is reached with the chance of its parent rolling.
    sequences: list[tuple[int, ...]] = [()]
    for seq in sequences:
        if len(seq) < config.max_dice - 1:
            for face in faces:
                if sum(seq) + face <= config.roll_limit:
                    sequences.append((*seq, face))
    share = 1.0 / len(faces)
    for row, position in enumerate(places.theirs.tolist()):
        base = keys.position(game, int(places.graph.keys[position]))
        found = out[row]
        reach: dict[tuple[int, ...], float] = {(): 1.0}
        for seq in sequences:
            rolls = 1.0 if not seq else roll_chance(_at(base, (len(seq), sum(seq)), seq))
            if seq:
                found[index[(len(seq), sum(seq))]] += reach[seq] * (1.0 - rolls)
            for face in faces:
                p = reach[seq] * rolls * share
                after = (*seq, face)
                if sum(after) > config.roll_limit:
                    found[0] += p
                elif len(after) == config.max_dice:
                    found[index[(len(after), sum(after))]] += p
                else:
                    reach[after] = p
    return out


def bot_named(name: str, config: PushOverConfig = STANDARD) -> Agent:
    """A registry bot of Push Over (``expected``, ``random``, ``best`` ...) for ``config``."""
    if name not in SPEC.bots:
        raise ValueError(f"unknown Push Over bot {name!r} (choose from {', '.join(SPEC.bots)})")
    return SPEC.bots[name](PushOverGame(config))


def _bot(bot: Agent | str, config: PushOverConfig) -> Agent:
    return bot_named(bot, config) if isinstance(bot, str) else bot


def win_chance(
    policy: Policy,
    bot: Agent | str = "expected",
    config: PushOverConfig = STANDARD,
    batched: bool = False,
) -> WinChance:
    """The exact chance that ``policy`` (seat 0 of ``push_over_v0``) beats ``bot`` from the
    start, moving first and moving second."""
    places = positions(replace(config, first_player=0))
    mine = chances_of_rolls(places.config, policy_rolls(places, policy, batched))
    return _from_chances(places, mine, bot_chances(places, _bot(bot, places.config)))


def best_win_chance(bot: Agent | str = "expected", config: PushOverConfig = STANDARD) -> WinChance:
    """The most any policy can win against ``bot`` (the exact best reply): the figure regret is
    measured from (81.10% against ``expected`` in the standard game)."""
    places = positions(replace(config, first_player=0))
    return _best(places, bot_chances(places, _bot(bot, places.config)))


def _best(places: Positions, theirs: Floats) -> WinChance:
    graph = places.graph
    chances = np.zeros(graph.successors.shape)
    chances[places.theirs] = theirs
    solution = solve(places.config, graph, chances)
    first, second = graph.starts
    return WinChance(float(solution.values[first]), float(solution.values[second]))


def regret(
    policy: Policy,
    bot: Agent | str = "expected",
    config: PushOverConfig = STANDARD,
    batched: bool = False,
) -> float:
    """How much less ``policy`` wins against ``bot`` than the best reply (sides alternated)."""
    places = positions(replace(config, first_player=0))
    theirs = bot_chances(places, _bot(bot, places.config))
    mine = chances_of_rolls(places.config, policy_rolls(places, policy, batched))
    return _best(places, theirs).mean - _from_chances(places, mine, theirs).mean


def _from_chances(places: Positions, mine: Floats, theirs: Floats) -> WinChance:
    graph = places.graph
    chances = np.zeros(graph.successors.shape)
    chances[places.mine] = mine
    chances[places.theirs] = theirs
    values = evaluate_chances(places.config, graph, chances, keys=ObservedKeys(places.config))
    first, second = graph.starts
    return WinChance(float(values[first]), float(values[second]))
