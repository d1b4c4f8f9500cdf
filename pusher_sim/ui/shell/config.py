"""What the window is asked to play, read from the ``pusher play`` options.

Kept apart from the window itself so the CLI's arguments are checked (a bad ``--size`` is a
one-line error) before pygame opens anything.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from pusher_sim.errors import UserError
from pusher_sim.turnloop.registry import DEFAULT_GAME


@dataclass(frozen=True)
class AppConfig:
    """What the window is asked to play; :meth:`from_args` reads the ``pusher play`` options."""

    game: str = DEFAULT_GAME
    seats: tuple[str, ...] | None = None
    """human or a bot name per seat; None: the game's default seats (or the loaded log's)."""
    seed: int | None = None
    load: str | None = None
    save: str | None = None
    """Also written when the game ends or the window closes; None: only the autosave."""
    size: tuple[int, int] = (1100, 800)
    speed: float = 1.0
    """Animation speed: 1 is real time (tests play pushes faster)."""
    pace: float = 0.8
    """Seconds a bot's move stays on screen before the next automatic move (0: no pause)."""
    autosave: bool = True
    """Write the game to the user's autosave after every move."""
    sound: bool = True

    @property
    def save_path(self) -> Path | None:
        return Path(self.save) if self.save else None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> AppConfig:
        pace = getattr(args, "pace", None)
        return cls(
            game=getattr(args, "game", None) or DEFAULT_GAME,
            seats=tuple(args.seats) if getattr(args, "seats", None) else None,
            seed=getattr(args, "seed", None),
            load=getattr(args, "load", None),
            save=getattr(args, "save", None),
            size=parse_size(getattr(args, "size", None) or "1100x800"),
            pace=0.8 if pace is None else parse_pace(str(pace)),
            sound=not getattr(args, "mute", False),
        )


def parse_size(text: str) -> tuple[int, int]:
    """``"WxH"`` to a window size; a mistake is a UserError naming the bad text."""
    parts = text.lower().split("x")
    try:
        width, height = (int(p) for p in parts)
    except ValueError:
        raise UserError(f"--size must look like 1100x800, not {text!r}") from None
    if not (320 <= width <= 10000 and 240 <= height <= 10000):
        raise UserError(f"--size {text} is out of range (320x240 to 10000x10000)")
    return width, height


def parse_pace(text: str) -> float:
    """Seconds a bot's move stays on screen, 0 to 10."""
    try:
        value = float(text)
    except ValueError:
        raise UserError(f"--pace is a number of seconds, not {text!r}") from None
    if not 0.0 <= value <= 10.0:
        raise UserError(f"--pace must be between 0 and 10 seconds, got {text}")
    return value
