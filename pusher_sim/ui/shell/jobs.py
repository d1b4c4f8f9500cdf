"""Running slow work (a bot's decision, resolving a push, replaying a log) off the frame loop.

Each job gets its own daemon thread and a :class:`concurrent.futures.Future` that the frame loop
polls once per frame. Daemon threads, not a pool: a job the player no longer wants (a bot still
thinking when N starts a new game) is simply forgotten, and it can never hold the process open
when the window closes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


def in_background(work: Callable[[], T], name: str = "pusher-ui-job") -> Future[T]:
    """Start ``work`` on a daemon thread; its result or exception lands in the future."""
    future: Future[T] = Future()

    def run() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(work())
        except BaseException as exc:  # handed to the frame loop, which reports it
            future.set_exception(exc)

    threading.Thread(target=run, name=name, daemon=True).start()
    return future


@dataclass
class Job:
    """Work running off the frame loop, and what to do with its result on the frame loop."""

    label: str
    """What the window says it is waiting for ("loading game.json", "Blue is thinking")."""
    future: Future[Any]
    done: Callable[[Any], None]
    mutates: bool
    """True when the job changes the current match (the match must not be touched meanwhile)."""

    @classmethod
    def start(
        cls, label: str, work: Callable[[], Any], done: Callable[[Any], None], mutates: bool
    ) -> Job:
        return cls(label, in_background(work), done, mutates)
