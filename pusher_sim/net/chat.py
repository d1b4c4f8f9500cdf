"""The table's chat: the lines said so far (the last few, for a welcome) and who may say more.

A line is plain text already stripped of control characters
(:func:`~pusher_sim.net.protocol.plain_text`); the host numbers it, keeps the last
:data:`~pusher_sim.net.protocol.CHAT_HISTORY` in memory only (a chat is no part of the match:
the save holds none of it) and sends it to every connection, players and spectators alike.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from pusher_sim.net import protocol

CHAT_RATE = 1.0
"""Chat lines a second a connection may send, on average."""
CHAT_BURST = 5
"""Chat lines a connection may send at once before :data:`CHAT_RATE` applies."""


class ChatRoom:
    """The chat lines of one hosted match, numbered from 1."""

    def __init__(self) -> None:
        self.said = 0
        self.recent: deque[dict[str, Any]] = deque(maxlen=protocol.CHAT_HISTORY)

    def say(self, seat: int, name: str, text: str) -> str:
        """Record one line and return it as every connection is sent it."""
        self.said += 1
        line = {"n": self.said, "seat": seat, "name": name, "text": text}
        self.recent.append(line)
        return protocol.encode("chat", **line)

    def history(self) -> list[dict[str, Any]]:
        """The last lines, oldest first, as a welcome carries them."""
        return list(self.recent)
