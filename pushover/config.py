"""Push Over's rules as data: every decision of its rules (O1-O10, docs/rules.md) is a field
here, so a variant is a config change, never an edit to the rules code."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from pusher_sim.errors import ConfigError
from pusher_sim.turnloop.schema import Flag, ListOf, Obj, Whole

MAX_STOPS = 1000
"""Longest track a config may ask for (the board has 16 stops)."""

SHAPE = Obj(
    {
        "players": Whole(2, 4),
        "track_length": Whole(1, MAX_STOPS),
        "pot_stop": Whole(1, MAX_STOPS),
        "push_off_stops": ListOf(Whole(1, MAX_STOPS), 100),
        "chips_to_win": Whole(1, 1000),
        "chips_to_win_two_players": Whole(1, 1000),
        "die_faces": ListOf(Whole(1, 20), 12, min_len=1),
        "max_dice": Whole(1, 6),
        "roll_limit": Whole(1, 120),
        "move_multipliers": ListOf(Whole(1, 100), 6, min_len=1),
        "rollout_advance_to": Whole(1, MAX_STOPS),
        "bottoms": Whole(1, 16),
        "spare_bottoms_free": Flag(),
        "first_player": Whole(0, 3),
        "max_turns": Whole(1, 20_000),
    }
)
"""Every field's JSON type and bounds: a log's config is checked against it before use."""


@dataclass(frozen=True)
class PushOverConfig:
    """One variant of Push Over. Stops are numbered 1..track_length; START is behind stop 1."""

    players: int = 4
    track_length: int = 16
    pot_stop: int = 16
    """O7: a mover that passes or lands here takes the pot."""
    push_off_stops: tuple[int, ...] = (6, 11)
    """O4: a pushed piece that reaches one of these falls off the board."""
    chips_to_win: int = 10
    """O10, three or four players."""
    chips_to_win_two_players: int = 8
    """O10, two players."""
    die_faces: tuple[int, ...] = (1, 2, 3)
    """Each die is uniform over these faces (the real dice show 1, 2, 3 twice each)."""
    max_dice: int = 3
    """O2: at most this many dice per turn; after the last one the piece moves at once."""
    roll_limit: int = 4
    """O2/O3: a total above this is a roll-out."""
    move_multipliers: tuple[int, ...] = (1, 2, 3)
    """O2: the move is total times ``move_multipliers[dice rolled - 1]``."""
    rollout_advance_to: int = 5
    """O3: a roll-out at START or on a stop below this moves the bare bottom here (1 = only a
    roll-out at START moves it, to stop 1)."""
    bottoms: int = 4
    """Bottom characters in the box (one colour); at least one per player."""
    spare_bottoms_free: bool = False
    """O6: the bottoms no player starts on (4 bottoms, fewer players) are free from the start,
    rather than staying in the box so that only a bottom pushed off is free."""
    first_player: int = 0
    """O1: the seat that plays first ("the first player is chosen")."""
    max_turns: int = 3000
    """After this many turns the game ends as a draw: everyone rolling out again and again (O9)
    could otherwise go on for ever, and the turn loop needs a bound."""

    def __post_init__(self) -> None:
        problems = list(self._problems())
        if problems:
            raise ConfigError(f"push over config: {problems[0]}")

    def _problems(self) -> list[str]:
        out: list[str] = []
        ints = (
            "players",
            "track_length",
            "pot_stop",
            "chips_to_win",
            "chips_to_win_two_players",
            "max_dice",
            "roll_limit",
            "rollout_advance_to",
            "bottoms",
            "first_player",
            "max_turns",
        )
        for name in ints:
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                return [f"{name} must be a whole number, got {value!r}"]
        for name in ("push_off_stops", "die_faces", "move_multipliers"):
            value = getattr(self, name)
            if not isinstance(value, tuple) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in value
            ):
                return [f"{name} must be a list of whole numbers, got {value!r}"]
        if not isinstance(self.spare_bottoms_free, bool):
            return [f"spare_bottoms_free must be true or false, got {self.spare_bottoms_free!r}"]
        if not 2 <= self.players <= 4:
            out.append(f"Push Over takes 2 to 4 players, got {self.players}")
        if self.bottoms < self.players:
            out.append(f"need a bottom character per player, got {self.bottoms}")
        if self.track_length < self.bottoms + 2:
            out.append(f"track_length must be at least bottoms + 2, got {self.track_length}")
        stops = range(1, self.track_length + 1)
        if self.pot_stop not in stops:
            out.append(f"pot_stop must be a stop 1..{self.track_length}, got {self.pot_stop}")
        if any(s not in stops for s in self.push_off_stops):
            out.append(f"push_off_stops must be stops 1..{self.track_length}")
        if len(set(self.push_off_stops)) != len(self.push_off_stops):
            out.append("push_off_stops lists a stop twice")
        if self.rollout_advance_to not in stops:
            out.append(f"rollout_advance_to must be a stop 1..{self.track_length}")
        if self.chips_to_win < 1 or self.chips_to_win_two_players < 1:
            out.append("chips to win must be at least 1")
        if not self.die_faces or any(f < 1 for f in self.die_faces):
            out.append("die_faces must be positive")
        if self.max_dice < 1 or len(self.move_multipliers) != self.max_dice:
            out.append("move_multipliers needs one entry per die (max_dice of them)")
        if any(m < 1 for m in self.move_multipliers):
            out.append("move_multipliers must be positive")
        if self.die_faces and self.roll_limit < min(self.die_faces):
            out.append("roll_limit is below every face: every first roll would roll out")
        if not 0 <= self.first_player < self.players:
            out.append(f"first_player must be a seat 0..{self.players - 1}")
        if self.max_turns < 1:
            out.append("max_turns must be at least 1")
        return out

    @property
    def target(self) -> int:
        """O10: chips needed to win with this many players."""
        return self.chips_to_win_two_players if self.players == 2 else self.chips_to_win

    @property
    def boxed_bottoms(self) -> int:
        """Bottoms that never come into play (spares left in the box)."""
        return 0 if self.spare_bottoms_free else self.bottoms - self.players

    def to_json(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> PushOverConfig:
        """Read a config (a log's, or command-line options): exact types, bounded numbers."""
        SHAPE.check(data, "push over config")
        values: dict[str, Any] = {
            k: tuple(v) if isinstance(v, list) else v for k, v in data.items()
        }
        return cls(**values)
