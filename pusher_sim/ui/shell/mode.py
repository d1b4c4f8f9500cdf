"""The window's screens as modes: each owns its input, its drawing and its animation.

The app only dispatches: it hands every pygame event to the current :class:`Mode`, advances it by
the frame's duration and asks it to draw. A mode that needs another screen (the start screen
starting a table, a table going back to the start) asks its :class:`Host`. When no mode is
animating and no input comes, the app sleeps until input comes instead of redrawing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

import pygame


class Host(Protocol):
    """What a mode may ask of the app that shows it."""

    def show(self, mode: Mode) -> None:
        """Replace the current mode with ``mode`` from the next frame on."""
        ...

    def quit(self) -> None:
        """Close the window once this frame is done."""
        ...

    def home(self) -> None:
        """Go back to the start screen (or close the window when it was opened without one)."""
        ...


class Mode(Protocol):
    """One screen of the window (the start screen, a game table, a replay)."""

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event (keys, mouse, resize, quit request)."""
        ...

    def update(self, dt: float) -> None:
        """Advance animations and poll background jobs by ``dt`` seconds."""
        ...

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole screen."""
        ...

    def animating(self) -> bool:
        """True while frames must keep coming without input (something moves, a job runs)."""
        ...


@runtime_checkable
class Keeps(Protocol):
    """A mode holding a game that must not be lost when the window closes or is interrupted."""

    def save_now(self) -> list[Path]:
        """Write the game wherever it belongs (the autosave, ``--save``); the paths written."""
        ...
