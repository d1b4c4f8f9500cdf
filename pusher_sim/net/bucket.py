"""A token bucket: how the host bounds what each peer may send (messages, chat lines), and how
a client keeps itself well inside those bounds."""

from __future__ import annotations

import time


class Bucket:
    """A token bucket: :meth:`take` is False once a peer sends faster than the rate allows."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.level, self.when = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.when) * self.rate)
        self.when = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True
