"""Exact two-player Push Over: the best reply to a fixed roll/stop plan, or perfect play.

Between turns a two-player position is small (two tops, at most one bare bottom, the free
bottoms, the pot, two columns short of the target, who moves), so every such position the rules
reach can be listed, each way a turn can end followed to the next one with the rules' own code,
and every position's winning chance found exactly. Seat 0 chooses roll or stop at every die to
maximise its chance; seat 1 either follows a fixed plan (its turn is then chance) or minimises.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import NDArray

from pushover.config import PushOverConfig
from pushover.dice import Node
from pushover.game import PushOverGame
from pushover.state import BARE, COUNTERS, DECIDE, EMPTY, OVER, PushOverState

ROLL_OUT_ENDING: Node = (0, 0)
"""A turn ending in a roll-out; every other ending is the move (dice, total)."""

Floats = NDArray[np.float64]

TIE = 1e-12
"""Winning chances closer than this are equal: float sums differ in their last bits."""


def endings(config: PushOverConfig) -> list[Node]:
    """Every way a turn can end: the roll-out first, then each (dice, total) a move can show."""
    out: list[Node] = [ROLL_OUT_ENDING]
    totals = {0}
    for dice in range(1, config.max_dice + 1):
        totals = {t + f for t in totals for f in config.die_faces if t + f <= config.roll_limit}
        out.extend((dice, t) for t in sorted(totals))
    return out


def decision_nodes(config: PushOverConfig) -> list[Node]:
    """The nodes where a player chooses to roll again or stop (the last die forces the move)."""
    return [(d, t) for d, t in endings(config)[1:] if d < config.max_dice]


def ending_chances(config: PushOverConfig, roll: dict[Node, bool]) -> list[float]:
    """How likely each of :func:`endings` is when a turn follows the plan ``roll``."""
    index = {e: i for i, e in enumerate(endings(config))}
    out = [0.0] * len(index)
    faces = config.die_faces

    def walk(dice: int, total: int, p: float) -> None:
        if dice > 0 and (dice == config.max_dice or not roll[(dice, total)]):
            out[index[(dice, total)]] += p
            return
        for face in faces:
            if total + face > config.roll_limit:
                out[0] += p / len(faces)
            else:
                walk(dice + 1, total + face, p / len(faces))

    walk(0, 0, 1.0)
    return out


def turn_values(
    config: PushOverConfig, ending_values: Floats, maximise: bool
) -> tuple[Floats, dict[Node, NDArray[np.bool_]]]:
    """Backward induction over one turn's dice for many positions at once.

    ``ending_values[:, e]`` is what ending ``e`` of :func:`endings` is worth (to seat 0) in each
    position. Returns each position's value with best play and, per decision node, where
    rolling again is better than stopping by more than :data:`TIE` (ties stop).
    """
    index = {e: i for i, e in enumerate(endings(config))}
    faces = config.die_faces
    sign = 1.0 if maximise else -1.0
    values: dict[Node, Floats] = {}
    roll: dict[Node, NDArray[np.bool_]] = {}

    def node(dice: int, total: int) -> Floats:
        if (dice, total) in values:
            return values[(dice, total)]
        rolled = np.zeros(len(ending_values))
        for face in faces:
            after = total + face
            if after > config.roll_limit:
                rolled += ending_values[:, 0]
            elif dice + 1 == config.max_dice:
                rolled += ending_values[:, index[(dice + 1, after)]]
            else:
                rolled += node(dice + 1, after)
        rolled /= len(faces)
        if dice == 0:
            best = rolled
        else:
            stop = ending_values[:, index[(dice, total)]]
            again = sign * (rolled - stop) > TIE
            roll[(dice, total)] = again
            best = np.where(again, rolled, stop)
        values[(dice, total)] = best
        return best

    return node(0, 0), roll


@dataclass(frozen=True)
class Keys:
    """Numbers every between-turns position of a two-player variant, as seen from a seat.

    A key holds who moves (relative to the seat), both tops, the bare bottoms, the free
    bottoms, the pot (capped where taking it wins for either player: more changes nothing) and
    both columns.
    """

    config: PushOverConfig

    def __post_init__(self) -> None:
        if self.config.players != 2:
            raise ValueError("the exact solver plays two-player Push Over only")
        if self._scale() >= 2**62:
            raise ValueError("this variant has too many positions for the exact solver")

    def _scale(self) -> int:
        """What a key is divided by to read who moves."""
        cfg = self.config
        radix = cfg.track_length + 3
        return radix * radix * (1 << cfg.track_length) * (cfg.bottoms + 1) * cfg.target**3

    def pot(self, pot: int, columns: Iterable[int]) -> int:
        return min(pot, self.config.target - min(columns))

    def of(self, state: PushOverState, seat: int = 0) -> int:
        """The key of ``state`` (a turn about to begin: no dice rolled) seen from ``seat``."""
        cfg = self.config
        other = 1 - seat
        length = cfg.track_length
        radix = length + 3
        bare = 0
        for stop in range(1, length + 1):
            if state.track[stop] == BARE:
                bare |= 1 << (stop - 1)
        key = (state.to_move != seat) * radix + state.where[seat] + 2
        key = key * radix + state.where[other] + 2
        key = (key << length) | bare
        key = key * (cfg.bottoms + 1) + state.free_bottoms
        key = key * cfg.target + self.pot(state.pot, state.columns) - 1
        key = key * cfg.target + state.columns[seat]
        return key * cfg.target + state.columns[other]

    def position(self, game: PushOverGame, key: int) -> PushOverState:
        """The seat-0 position a key stands for, ready for its mover's first die."""
        cfg = self.config
        target = cfg.target
        length = cfg.track_length
        radix = length + 3
        key, c1 = divmod(key, target)
        key, c0 = divmod(key, target)
        key, pot = divmod(key, target)
        key, free = divmod(key, cfg.bottoms + 1)
        bare = key & ((1 << length) - 1)
        key >>= length
        to_move, w0 = divmod(key // radix, radix)
        w1 = key % radix
        state = PushOverState.__new__(PushOverState)
        state.game = game
        state.cfg = cfg
        state.to_move = to_move
        state.phase = DECIDE
        state.dice = ()
        state.where = [w0 - 2, w1 - 2]
        state.track = [EMPTY] * (length + 1)
        for stop in range(1, length + 1):
            if bare >> (stop - 1) & 1:
                state.track[stop] = BARE
        for seat, stop in enumerate(state.where):
            if stop > 0:
                state.track[stop] = seat
        state.free_bottoms = free
        state.pot = pot + 1
        state.columns = [c0, c1]
        state.drawn = state.pot + c0 + c1
        state.winner = -1
        state.counts = dict.fromkeys(COUNTERS, 0)
        state.news = ()
        return state

    def movers(self, keys: NDArray[np.int64]) -> NDArray[np.int64]:
        """Who moves in each keyed position: 0 the seat the keys are seen from, 1 the other."""
        return keys // self._scale()

    def mirror(self, keys: NDArray[np.int64]) -> NDArray[np.int64]:
        """The same positions seen from the other seat (who moves, tops and columns swapped)."""
        cfg = self.config
        target = cfg.target
        radix = cfg.track_length + 3
        rest, c1 = np.divmod(keys, target)
        rest, c0 = np.divmod(rest, target)
        low_size = (1 << cfg.track_length) * (cfg.bottoms + 1) * target
        high, low = np.divmod(rest, low_size)
        high, w1 = np.divmod(high, radix)
        mover, w0 = np.divmod(high, radix)
        high = ((1 - mover) * radix + w1) * radix + w0
        return ((high * low_size + low) * target + c1) * target + c0

    def group(self, key: int) -> int:
        """Chips banked, then the pot: no turn ever leads to a lower group."""
        target = self.config.target
        key, c1 = divmod(key, target)
        key, c0 = divmod(key, target)
        return (c0 + c1) * target + key % target


WIN = -1
"""Successor code: seat 0 has won."""
LOSS = -2
"""Successor code: seat 1 has won."""


@dataclass(frozen=True)
class Graph:
    """Every between-turns position reachable from the start (either seat first), and where
    each of its turn's endings leads (an index, :data:`WIN` or :data:`LOSS`)."""

    keys: NDArray[np.int64]
    """Sorted."""
    successors: NDArray[np.int64]
    """``successors[i, e]``: after ending ``e`` of :func:`endings` in position ``i``."""
    starts: tuple[int, int]
    """The index of the first position with seat 0 moving first, and with seat 1 first."""


def explore(config: PushOverConfig, keys: Keys | None = None) -> Graph:
    """List the positions by following the rules' own code from both starts (numbered by
    ``keys``, :class:`Keys` by default)."""
    keys = keys or Keys(config)
    game = PushOverGame(config)
    ends = endings(config)
    starts = []
    for first in (0, 1):
        opening = PushOverGame(replace(config, first_player=first)).new_initial_state()
        starts.append(keys.of(opening))
    found: dict[int, int] = {}
    order: list[int] = []
    rows: list[list[int]] = []
    for key in starts:
        if key not in found:
            found[key] = len(order)
            order.append(key)
    done = 0
    while done < len(order):
        state = keys.position(game, order[done])
        row = []
        for dice, total in ends:
            after = state.after_move(dice, total) if dice else state.after_roll_out()
            if after.phase == OVER:
                if after.winner < 0:
                    raise ValueError("the turn limit is too low for the exact solver")
                row.append(WIN if after.winner == 0 else LOSS)
                continue
            key = keys.of(after)
            if key not in found:
                found[key] = len(order)
                order.append(key)
            row.append(key)
        rows.append(row)
        done += 1
    sorted_keys = np.array(sorted(order), dtype=np.int64)
    place = {int(k): i for i, k in enumerate(sorted_keys)}
    successors = np.array(
        [[place[k] if k >= 0 else k for k in rows[found[int(key)]]] for key in sorted_keys],
        dtype=np.int64,
    )
    return Graph(sorted_keys, successors, (place[starts[0]], place[starts[1]]))


@dataclass(frozen=True)
class Solution:
    """Each position's winning chance for seat 0 and seat 0's roll/stop choices."""

    values: Floats
    policy: NDArray[np.uint8]
    """Bit ``j`` set: in this position seat 0 rolls again at ``decision_nodes(config)[j]``
    (meaningful where seat 0 moves)."""
    sweeps: int
    """Value-iteration sweeps over all groups together (a measure of the work, not accuracy)."""


def solve(
    config: PushOverConfig,
    graph: Graph,
    opponent: dict[Node, bool] | Floats | None,
    tolerance: float = 1e-13,
) -> Solution:
    """Value iteration, a group at a time from the most chips down (see :meth:`Keys.group`).

    ``opponent`` is seat 1's fixed roll/stop plan, or the chance of each of :func:`endings` in
    every position (a row per position, read where seat 1 moves: any policy of seat 1, random
    ones included); ``None`` makes seat 1 play perfectly too.
    """
    keys = Keys(config)
    count = len(graph.keys)
    succ = graph.successors
    values = np.zeros(count + 2)  # two more: WIN at -1, LOSS at -2
    values[WIN] = 1.0
    movers = keys.movers(graph.keys)
    groups = np.array([keys.group(k) for k in graph.keys.tolist()], dtype=np.int64)
    chances: Floats | None = None
    if isinstance(opponent, dict):
        chances = np.broadcast_to(np.array(ending_chances(config, opponent)), succ.shape)
    elif opponent is not None:
        chances = np.asarray(opponent, dtype=np.float64)
        if chances.shape != succ.shape:
            raise ValueError(f"opponent chances of shape {chances.shape}, not {succ.shape}")
    ahead = succ >= 0
    if np.any(ahead & (groups[np.where(ahead, succ, 0)] < groups[:, None])):
        raise ValueError("a turn leads back to fewer chips: the groups cannot be solved in order")
    policy = np.zeros(count, dtype=np.uint8)
    nodes = decision_nodes(config)
    if len(nodes) > 8:
        raise ValueError("a policy byte holds at most 8 roll/stop choices")
    sweeps = 0
    for group in sorted(set(groups.tolist()), reverse=True):
        members = np.flatnonzero(groups == group)
        mine = members[movers[members] == 0]
        theirs = members[movers[members] == 1]
        for _ in range(1_000_000):
            sweeps += 1
            change = 0.0
            if len(mine):
                best, roll = turn_values(config, values[succ[mine]], maximise=True)
                change = float(np.max(np.abs(best - values[mine])))
                values[mine] = best
            if len(theirs):
                ahead = values[succ[theirs]]
                if chances is None:
                    reply, _ = turn_values(config, ahead, maximise=False)
                else:
                    reply = np.sum(ahead * chances[theirs], axis=1)
                change = max(change, float(np.max(np.abs(reply - values[theirs]))))
                values[theirs] = reply
            if change <= tolerance:
                break
        else:
            raise ValueError(f"value iteration did not settle in group {group}")
        if len(mine):
            _, roll = turn_values(config, values[succ[mine]], maximise=True)
            for bit, node in enumerate(nodes):
                policy[mine] |= roll[node].astype(np.uint8) << bit
    return Solution(values[:count].copy(), policy, sweeps)


def plan_of(config: PushOverConfig, bits: int) -> dict[Node, bool]:
    """The roll/stop plan a policy byte of :class:`Solution` stands for."""
    return {node: bool(bits >> bit & 1) for bit, node in enumerate(decision_nodes(config))}


def policy_byte(config: PushOverConfig, plan: dict[Node, bool]) -> int:
    """The policy byte of a roll/stop plan that ignores the position."""
    return sum(1 << bit for bit, node in enumerate(decision_nodes(config)) if plan[node])


def evaluate(
    config: PushOverConfig,
    graph: Graph,
    policy: NDArray[np.uint8],
    opponent: dict[Node, bool] | NDArray[np.uint8],
    tolerance: float = 1e-13,
) -> Floats:
    """Seat 0's exact winning chance in every position when it follows ``policy`` (a byte per
    position, as :attr:`Solution.policy`) and seat 1 follows the plan ``opponent``, or a byte
    per position of its own (see :func:`as_seat_one`)."""
    movers = Keys(config).movers(graph.keys)
    by_byte = np.array([ending_chances(config, plan_of(config, b)) for b in range(256)])
    if isinstance(opponent, dict):
        theirs = np.array(ending_chances(config, opponent))
    else:
        theirs = by_byte[opponent]
    chances = np.where((movers == 0)[:, None], by_byte[policy], theirs)
    return evaluate_chances(config, graph, chances, tolerance)


def evaluate_chances(
    config: PushOverConfig,
    graph: Graph,
    chances: Floats,
    tolerance: float = 1e-13,
    keys: Keys | None = None,
) -> Floats:
    """Seat 0's exact winning chance in every position when each turn ends as ``chances``
    says: ``chances[i, e]`` is the chance that the turn in position ``i`` ends in ending ``e``
    of :func:`endings`, whoever moves (so any policies, random ones included, of both seats)."""
    keys = keys or Keys(config)
    count = len(graph.keys)
    succ = graph.successors
    if chances.shape != succ.shape:
        raise ValueError(f"chances of shape {chances.shape}, not {succ.shape}")
    values = np.zeros(count + 2)
    values[WIN] = 1.0
    groups = np.array([keys.group(k) for k in graph.keys.tolist()], dtype=np.int64)
    for group in sorted(set(groups.tolist()), reverse=True):
        members = np.flatnonzero(groups == group)
        for _ in range(1_000_000):
            update = np.sum(values[succ[members]] * chances[members], axis=1)
            change = float(np.max(np.abs(update - values[members])))
            values[members] = update
            if change <= tolerance:
                break
        else:
            raise ValueError(f"value iteration did not settle in group {group}")
    return values[:count].copy()


def as_seat_one(
    config: PushOverConfig, graph: Graph, policy: NDArray[np.uint8]
) -> NDArray[np.uint8]:
    """Seat 1 playing ``policy`` (seat 0's bytes): each position takes the byte of its mirror
    image, where seat 0 stands as seat 1 does here."""
    keys = Keys(config)
    mirrored = keys.mirror(graph.keys)
    at = np.searchsorted(graph.keys, mirrored)
    if np.any(at >= len(graph.keys)) or np.any(graph.keys[np.minimum(at, len(at) - 1)] != mirrored):
        raise ValueError("the positions are not closed under swapping the seats")
    return policy[at]
