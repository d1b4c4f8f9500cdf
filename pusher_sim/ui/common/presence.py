"""Who is at a hosted table, as one window knows it: the seats by name, connected or away or
played by a bot, the spectators, how many players the match still waits for, what just changed,
the table's chat, and whether the host itself is in reach.

:class:`Presence` is plain data fed from the host's messages (the welcome, every ``seats``
message, every chat line) and from the link (dropped, back); :mod:`.presence_panel` draws it.
Names and chat lines are shown as plain text only: whatever a peer typed is stripped of control
characters here again, so a window never draws what the host forgot to strip.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pusher_sim.net.protocol import MAX_CHAT, MAX_NAME
from pusher_sim.ui.shell.words import PEOPLE

SPECTATOR_SEAT = -3
"""The seat a spectator's chat line names (the protocol's)."""
CHAT_KEPT = 50
"""Chat lines a window keeps (the host repeats as many in its welcome)."""
NOTICES_KEPT = 8


def plain(text: object, most: int = MAX_CHAT) -> str:
    """``text`` as a window may draw it: a string with no control character (a newline or an
    escape is a space), no lone surrogate, at most ``most`` characters."""
    if not isinstance(text, str):
        return ""
    kept = (" " if not c.isprintable() or "\ud800" <= c <= "\udfff" else c for c in text)
    return " ".join("".join(kept).split())[:most]


@dataclass(frozen=True)
class SeatNow:
    """One seat of the hosted match as the host last told it."""

    seat: int
    kind: str
    """``open`` (for whoever joins), ``person``/``human`` (taken by a person), or a bot name."""
    name: str
    """The player's name as given with ``--name`` ("" when none was given)."""
    taken: bool
    present: bool
    """A live connection holds the seat."""
    bot: bool
    """A bot plays the seat now (its person stayed away too long)."""

    @property
    def for_people(self) -> bool:
        return self.kind in PEOPLE

    @property
    def state(self) -> str:
        """What the seat is doing now, in words: "here", "away", "a bot plays"..."""
        if not self.for_people:
            return "bot"
        if self.bot:
            return "a bot plays"
        if not self.taken:
            return "waiting for a player"
        return "here" if self.present else "away"

    @property
    def away(self) -> bool:
        return self.for_people and self.taken and not self.present and not self.bot

    @classmethod
    def read(cls, n: int, data: Mapping[str, Any]) -> SeatNow:
        return cls(
            int(data.get("seat", n)),
            plain(data.get("kind", "open"), MAX_NAME),
            plain(data.get("name") or "", MAX_NAME),
            bool(data.get("taken")),
            bool(data.get("present")),
            bool(data.get("bot")),
        )


@dataclass(frozen=True)
class ChatEntry:
    """One line of the table's chat: who said it (a seat, or a spectator) and what."""

    seat: int
    name: str
    text: str


class Presence:
    """Who is at the table (see the module docstring)."""

    def __init__(self, you: int, your_name: str = "") -> None:
        self.you = you
        """This window's seat, or a negative number for a spectator."""
        self.your_name = plain(your_name, MAX_NAME)
        self.seats: list[SeatNow] = []
        self.watchers: list[str] = []
        self.started = False
        self.waiting = 0
        """Seats still to be taken before play starts."""
        self.notices: deque[str] = deque(maxlen=NOTICES_KEPT)
        """What changed, newest last ("Blue (Ann) left")."""
        self.chat: deque[ChatEntry] = deque(maxlen=CHAT_KEPT)
        self.newest = ""
        """The latest notice or chat line, as the strip shows it."""
        self.news = 0
        """How many notices and chat lines came so far (a word said before is old news)."""
        self.newest_is_warning = False
        self.host_gone = ""
        """Why the host is out of reach now ("" while it is in reach)."""
        self.addresses: tuple[str, ...] = ()
        """Where others join (the host's own window only), each ``host:port`` with a note."""
        self.page = ""
        """The host's page in a browser (the host's own window only)."""

    # -- the host's news --------------------------------------------------------------------

    def welcome(
        self,
        seats: Sequence[Mapping[str, Any]],
        started: bool,
        chat: Iterable[Mapping[str, Any]] = (),
        you: Mapping[str, Any] | None = None,
    ) -> None:
        """Everything the welcome says (again after a reconnection: the chat starts afresh)."""
        if you:
            self.you = int(you.get("seat", self.you))
            self.your_name = plain(you.get("name") or self.your_name, MAX_NAME)
        self.tell(seats, started)
        self.chat.clear()
        for line in chat:
            self.said(line.get("seat", SPECTATOR_SEAT), line.get("name", ""), line.get("text"))
        if self.host_gone:
            self.host_gone = ""
            self._note("back at the table", False)

    def tell(
        self,
        seats: Sequence[Mapping[str, Any]],
        started: bool,
        note: str = "",
        watchers: Sequence[str] | None = None,
        waiting: int | None = None,
    ) -> None:
        """A ``seats`` message: every seat now, the spectators, what changed."""
        self.seats = [SeatNow.read(n, s) for n, s in enumerate(seats)]
        self.started = started
        if watchers is not None:
            self.watchers = [plain(w, MAX_NAME) for w in watchers]
        untaken = sum(1 for s in self.seats if s.for_people and not s.taken and not s.bot)
        self.waiting = 0 if started else (untaken if waiting is None else max(0, waiting))
        if note:
            line = plain(note)
            self._note(line[:1].upper() + line[1:], any(w in line for w in ("left", "bot")))

    def said(self, seat: object, name: object, text: object) -> None:
        """A chat line."""
        words = plain(text)
        if not words:
            return
        entry = ChatEntry(
            seat if isinstance(seat, int) else SPECTATOR_SEAT, plain(name, MAX_NAME), words
        )
        self.chat.append(entry)
        self.newest, self.newest_is_warning = f"{self.speaker(entry)}: {entry.text}", False
        self.news += 1

    def dropped(self, why: str) -> None:
        """The link to the host is down (it reconnects, or has given up: ``why`` says)."""
        self.host_gone = plain(why)
        self._note(self.host_gone, True)

    def _note(self, line: str, warning: bool) -> None:
        self.notices.append(line)
        self.newest, self.newest_is_warning = line, warning
        self.news += 1

    # -- reading it -------------------------------------------------------------------------

    @property
    def watching(self) -> bool:
        return self.you < 0

    def speaker(self, entry: ChatEntry) -> str:
        """Who said a chat line, as the chat shows it: the name, else the seat's label."""
        if entry.name:
            return entry.name
        return "a spectator" if entry.seat < 0 else f"seat {entry.seat + 1}"

    def waiting_line(self) -> str:
        """ "waiting for 2 players" before the start, "" once play has begun."""
        if self.started or self.waiting <= 0:
            return ""
        return f"waiting for {self.waiting} player{'s' * (self.waiting != 1)} to join"
