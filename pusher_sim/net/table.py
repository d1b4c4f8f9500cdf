"""The hosted match: the one authority over a networked game, and who holds which seat.

The host's :class:`HostedMatch` holds the real :class:`~pusher_sim.turnloop.match.Match` (its
state, seed and physics) and the seats: ``open`` for whoever joins, ``human`` for the host's own
window, or a bot the host runs. A seat taken by a joiner is held by a random token; only its
SHA-256 is kept (and saved), so the host's files hold no credential. It accepts an action only
from the seat to move, for the position it was meant for, and only if it is legal; has what
each seat is sent worded by :mod:`pusher_sim.net.seat_messages` (never the full state); and
saves itself atomically after every move and every seat taken (:mod:`pusher_sim.net.hostfile`).

It does no input or output of its own: :mod:`pusher_sim.net.server` calls it, one call at a time.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.net import protocol, seat_messages
from pusher_sim.net.hostfile import HostFile, SavedHost
from pusher_sim.net.presence import OPEN as OPEN  # the start screen's form names it from here
from pusher_sim.net.presence import STAND_IN, Seat, new_token, token_hash
from pusher_sim.net.protocol import Act, Hello, ProtocolError
from pusher_sim.net.seat_messages import MoveNews
from pusher_sim.net.seat_messages import Played as Played  # the server reads it from here
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import GameSpec
from pusher_sim.turnloop.seat_view import SPECTATOR, seen_move
from pusher_sim.turnloop.state import CHANCE


@dataclass
class HostedMatch:
    spec: GameSpec
    match: Match
    seats: list[Seat]
    save_to: Path | None = None
    _news: MoveNews = field(init=False, default_factory=MoveNews)
    _file: HostFile | None = field(init=False, default=None)
    watchers: dict[object, str] = field(default_factory=dict)
    """Each spectator's connection and the name it gave ("" for none)."""
    bind: str | None = None
    port: int | None = None
    """Where the match is served, saved so ``--load`` serves it there again."""

    def __post_init__(self) -> None:
        self._file = None if self.save_to is None else HostFile(self.save_to)

    @classmethod
    def new(
        cls, spec: GameSpec, match: Match, kinds: list[str], save_to: Path | None
    ) -> HostedMatch:
        return cls(spec, match, [Seat(kind) for kind in kinds], save_to)

    # -- seats --------------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        """Play begins once every person's seat has been taken (and goes on while one is away)."""
        return all(s.token is not None for s in self.seats if s.person)

    def reserve(self, seat: int) -> str:
        """A token for the host's own window (its ``human`` seat), handed over in-process."""
        token = new_token()
        self.seats[seat].token = token_hash(token)
        self.save()
        return token

    def claim(self, hello: Hello, holder: object, now: float) -> tuple[int, str | None]:
        """The seat ``hello`` asks for and the token that holds it (None for a spectator)."""
        if hello.role == protocol.WATCH:
            self.watchers[holder] = hello.name
            return SPECTATOR, None
        if hello.token is not None:
            return self._take_back(hello.token, holder, hello.name), hello.token
        candidates = [
            n
            for n, s in enumerate(self.seats)
            if s.kind == OPEN and s.token is None and hello.seat in (None, n)
        ]
        if not candidates:
            if hello.seat is not None and not 0 <= hello.seat < len(self.seats):
                raise ProtocolError(protocol.NO_SEAT, f"there is no seat {hello.seat}")
            which = "that seat is not open" if hello.seat is not None else "no seat is open"
            raise ProtocolError(protocol.NO_SEAT, f"{which}: watch instead")
        seat = candidates[0]
        token = new_token()
        record = self.seats[seat]
        record.token, record.name, record.holder = token_hash(token), hello.name, holder
        record.held_before = True
        self.save()  # the token outlives a crash of the host before the joiner hears it
        return seat, token

    def release(self, seat: int, holder: object, fresh: bool, now: float) -> None:
        """Undo a :meth:`claim` whose joiner never heard its welcome: a seat taken afresh is
        open again (nobody holds its token), a seat taken back is away, a spectator gone."""
        if seat == SPECTATOR:
            self.watchers.pop(holder, None)
        elif fresh:
            record = self.seats[seat]
            record.token, record.name, record.holder, record.held_before = None, "", None, False
            self.save()
        else:
            self.leave(seat, holder, now)

    def arrival(self, seat: int, holder: object, back: bool) -> str:
        """The note that tells everyone who has just sat down, come back (``back``: with its
        token, to a seat held before in this session) or is watching."""
        if seat == SPECTATOR:
            name = self.watchers.get(holder, "")
            return f"{name} is watching" if name else "a spectator is watching"
        back = back and self.seats[seat].held_before  # not the host's window's first visit
        return f"{self.who(seat)} is back" if back else f"{self.who(seat)} joined"

    def _take_back(self, token: str, holder: object, name: str) -> int:
        digest = token_hash(token)
        for n, seat in enumerate(self.seats):
            if seat.token is not None and hmac.compare_digest(seat.token, digest):
                if seat.holder is not None:
                    raise ProtocolError(
                        protocol.SEAT_TAKEN, "that seat is held by a live connection"
                    )
                seat.holder, seat.away_since = holder, None
                seat.name = name or seat.name
                if seat.stand_in:  # its person is back: the bot stands down
                    seat.stand_in = False
                    self.match.agents[n] = None
                return n
        raise ProtocolError(protocol.BAD_TOKEN, "that token holds no seat at this table")

    def leave(self, seat: int, holder: object, now: float) -> str | None:
        """The connection ``holder`` closed: the note to tell everyone ("": the seats changed
        without a word, an unnamed spectator; None: nothing changed)."""
        if seat == SPECTATOR:
            name = self.watchers.pop(holder, None)
            if name is None:
                return None
            return f"{name} stopped watching" if name else ""
        if seat < 0 or self.seats[seat].holder is not holder:
            return None
        self.seats[seat].holder, self.seats[seat].away_since = None, now
        self.seats[seat].held_before = True
        return f"{self.who(seat)} left"

    def abandoned(self, now: float, after: float) -> list[int]:
        """Seats whose person has been away ``after`` seconds: a bot plays them from now on."""
        taken = []
        for n, seat in enumerate(self.seats):
            away = seat.away_since
            if seat.person and not seat.stand_in and away is not None and now - away >= after:
                seat.stand_in = True
                self.match.agents[n] = self.spec.bots[STAND_IN](self.match.game)
                taken.append(n)
        return taken

    def who(self, seat: int) -> str:
        if seat == SPECTATOR:
            return "a spectator"
        label = self.match.game.seat_label(seat).split(" (")[0]  # no "(seat 1)": names suffice
        name = self.seats[seat].name
        return f"{label} ({name})" if name else label

    # -- moves --------------------------------------------------------------------------------

    @property
    def moves(self) -> int:
        return self.match.moves

    def over(self) -> bool:
        return self.match.state.is_terminal()

    def automatic(self) -> bool:
        """Chance or a bot is to move, and play has begun."""
        seat = self.match.state.current_player()
        if not self.started or self.over():
            return False
        return seat == CHANCE or (seat >= 0 and self.match.agents[seat] is not None)

    def check(self, seat: int, act: Act) -> Action:
        """The action ``act`` asks for, if ``seat`` may play it now; else ProtocolError."""
        state = self.match.state
        if seat == SPECTATOR:
            raise ProtocolError(protocol.WATCHING, "a spectator cannot move")
        if not self.started:
            raise ProtocolError(protocol.NOT_YOUR_TURN, "the match waits for its players")
        if state.current_player() != seat or self.match.agents[seat] is not None:
            raise ProtocolError(protocol.NOT_YOUR_TURN, "it is not your turn")
        if act.move != self.moves:
            raise ProtocolError(
                protocol.STALE, f"that action is for move {act.move}; {self.moves} were played"
            )
        try:
            action = self.match.game.action_codec.decode(act.action)
            state.validate(action)
        except IllegalMove as exc:
            raise ProtocolError(protocol.ILLEGAL, str(exc)) from None
        except CorruptFile as exc:
            raise ProtocolError(protocol.BAD_MESSAGE, str(exc)) from None
        return action

    def thinks(self) -> bool:
        """A bot is to move (its decision may take long), not chance."""
        return self.match.state.current_player() >= 0

    def simulates(self, action: Action) -> bool:
        """Applying ``action`` runs the physics (a Pusher push): too slow for the event loop."""
        playback = self.spec.playback
        return playback is not None and playback.slow(action)

    def next_action(self) -> Action:
        """What chance or the bot to move does (run off the event loop: a bot may think)."""
        return self.match.next_action()

    def play(self, action: Action) -> Played:
        """Apply a checked action, save, and return it as the seats will hear of it."""
        mover = self.match.state.current_player()
        playback = self.spec.playback
        if playback is None:
            self.match.step(action)
            path = None
        else:
            path = playback.step(self.match, action)
        log = self.match.log
        n = len(log.actions) - 1
        seen = seen_move(self.match.game, log.actions[n], mover, log.outcome(n))
        self._save_move()  # before anyone hears of it
        return Played(len(log.actions), mover, seen, path)

    # -- what each seat is sent ---------------------------------------------------------------

    def welcome(
        self, seat: int, token: str | None, chat: list[dict[str, Any]] | None = None
    ) -> str:
        """What a connection is told first (:func:`.seat_messages.welcome`)."""
        return seat_messages.welcome(self, seat, token, chat)

    def start(self, seat: int) -> str:
        """Play has just begun: what ``seat`` sees and, if it is to move, what it may do."""
        return seat_messages.start(self.match, seat)

    def news(self, seat: int, played: Played) -> str:
        """One move as ``seat`` hears of it (encoded once for the seats that see the same)."""
        return self._news.text(self.match, seat, played)

    def end(self, seat: int) -> str:
        """The match is over: the results, and the seed where it hides nothing."""
        return seat_messages.end(self.match)

    def seats_message(self, note: str | None) -> str:
        """Who sits where, who watches, and what just changed (``note``, one line or None)."""
        watchers = list(self.watchers.values())
        return seat_messages.seats_message(self.seats, watchers, self.started, note)

    def result_line(self) -> str:
        return seat_messages.result_line(self.match)

    def save(self, durable: bool = True) -> None:
        """Write the save whole (after a seat is taken, and at a session's first move)."""
        if self._file is not None:
            self._file.write(self._saved(), self.over(), durable)

    def _save_move(self) -> None:
        """Keep the move just played, before anyone hears of it."""
        if self._file is not None:
            self._file.add_move(self._saved(), self.over())

    def _saved(self) -> SavedHost:
        kinds, tokens = [s.kind for s in self.seats], [s.token for s in self.seats]
        return SavedHost(kinds, tokens, self.match.log, self.bind, self.port)

    @property
    def problem(self) -> str:
        """Why the last save failed ("" if it did not)."""
        return "" if self._file is None else self._file.problem
