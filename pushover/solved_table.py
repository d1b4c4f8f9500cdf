"""The solved two-player Push Over table: a roll/stop byte for every position where a turn
begins, for each solved policy, kept in ``assets/`` and read once per process.

``benchmarks/solve_pushover.py`` makes it with :mod:`pushover.solver`; the solved bots read it.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from pusher_sim.errors import CorruptFile
from pushover.config import PushOverConfig
from pushover.solver import Keys
from pushover.state import PushOverState

TABLE_PATH = Path(__file__).resolve().parents[1] / "assets" / "pushover-solved.npz"

POLICIES = {
    "best": "the best reply to the expected-movement bot",
    "perfect": "perfect play against a perfect opponent",
}
"""The policies a table holds, by name."""


def same_rules(a: PushOverConfig, b: PushOverConfig) -> bool:
    """Whether two configs play alike between turns (who starts and the turn limit aside)."""
    return replace(a, first_player=0, max_turns=1) == replace(b, first_player=0, max_turns=1)


@dataclass(frozen=True)
class SolvedTable:
    """Policy bytes (see :class:`pushover.solver.Solution`) of the positions where the table's
    seat moves, by sorted key."""

    config: PushOverConfig
    keys: NDArray[np.int64]
    policies: dict[str, NDArray[np.uint8]]

    def choices(self, state: PushOverState, seat: int, policy: str) -> int | None:
        """The policy byte for ``seat`` moving in ``state``; None if the table lacks it."""
        key = Keys(self.config).of(state, seat)
        at = int(np.searchsorted(self.keys, key))
        if at == len(self.keys) or int(self.keys[at]) != key:
            return None
        return int(self.policies[policy][at])

    def to_bytes(self) -> bytes:
        """The compressed file: keys as steps from the one before (small numbers pack well)."""
        buffer = io.BytesIO()
        steps = np.diff(self.keys, prepend=np.int64(0))
        arrays: dict[str, NDArray[np.generic]] = {
            f"policy_{name}": self.policies[name] for name in POLICIES
        }
        arrays["config"] = np.array(json.dumps(self.config.to_json()))
        arrays["key_steps"] = steps
        np.savez_compressed(buffer, allow_pickle=False, **arrays)
        return buffer.getvalue()


def read_table(path: Path) -> SolvedTable:
    """Read a table file; a missing or damaged one is a one-line error."""
    try:
        with np.load(path, allow_pickle=False) as data:
            config = PushOverConfig.from_mapping(json.loads(str(data["config"])))
            keys = np.cumsum(data["key_steps"].astype(np.int64))
            policies = {name: data[f"policy_{name}"].astype(np.uint8) for name in POLICIES}
    except FileNotFoundError:
        raise CorruptFile(
            f"the solved Push Over table {path} is missing: "
            "make it with benchmarks/solve_pushover.py"
        ) from None
    except (OSError, KeyError, ValueError) as exc:
        raise CorruptFile(f"the solved Push Over table {path} is damaged ({exc})") from None
    if any(len(p) != len(keys) for p in policies.values()) or np.any(np.diff(keys) <= 0):
        raise CorruptFile(f"the solved Push Over table {path} is damaged (keys and policies)")
    return SolvedTable(config, keys, policies)


@lru_cache(maxsize=4)
def load_table(path: Path = TABLE_PATH) -> SolvedTable:
    """The table at ``path``, read once per process (every game's bots share it)."""
    return read_table(path)
