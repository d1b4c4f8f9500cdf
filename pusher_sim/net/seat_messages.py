"""What the host's table tells each seat, encoded: the welcome, the start of play, each move's
news, the seats and the end of the match.

Every message is built from what that seat may see (:func:`~pusher_sim.turnloop.seat_view.seat_view`
and the state's observation for the seat, never the full state). A move's news is encoded once
for all the seats that see the same, and its path (tens of KB for a push) once for everyone.
:class:`~pusher_sim.net.table.HostedMatch` decides; this module only words what it decided.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pusher_sim.net import protocol
from pusher_sim.net.presence import Seat, seats_json
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.seat_view import SPECTATOR, SeenMove, seat_view

if TYPE_CHECKING:
    from pusher_sim.net.table import HostedMatch


@dataclass(frozen=True)
class Played:
    """One move as the host applied it, for the news each seat is sent."""

    number: int
    """The number of moves played, this one included."""
    mover: int
    seen: SeenMove
    path: dict[str, Any] | None = None
    """What the windows play the move back from (the game's
    :attr:`~pusher_sim.turnloop.registry.GameSpec.playback`: a Pusher push's path), else None."""


def welcome(
    table: HostedMatch, seat: int, token: str | None, chat: list[dict[str, Any]] | None
) -> str:
    """What a connection is told first: its seat and token, its whole view, the seats and the
    chat so far (``chat``: the last lines, oldest first)."""
    view = seat_view(table.match, seat)
    watching = seat == SPECTATOR
    return protocol.encode(
        "welcome",
        seat=seat,
        token=token,
        you={
            "seat": seat,
            "name": table.seats[seat].name if not watching else "",
            "role": protocol.WATCH if watching else protocol.PLAY,
        },
        moves=table.moves,
        view=view.to_json(),
        seats=seats_json(table.seats),
        started=table.started,
        chat=chat or [],
    )


def start(match: Match, seat: int) -> str:
    """Play has just begun: what ``seat`` sees and, if it is to move, what it may do."""
    state = match.state
    to_move = state.current_player()
    legal = [a.to_json() for a in state.legal_actions()] if to_move == seat >= 0 else []
    return protocol.encode(
        "start",
        moves=match.moves,
        to_move=to_move,
        observation=state.observation(seat).to_json(),
        legal=legal,
    )


class MoveNews:
    """The last move's news as each seat hears of it, encoded once per seat and its path once."""

    def __init__(self) -> None:
        self._texts: dict[tuple[int, int], str] = {}
        self._path: tuple[int, str] = (-1, "")
        """The last move's path as sent (its number, its JSON)."""

    def text(self, match: Match, seat: int, played: Played) -> str:
        """One move as ``seat`` hears of it: the move as seen, and its new observation and
        legal actions (the same text for every seat that sees the same)."""
        key = (played.number, seat)
        text = self._texts.get(key)
        if text is None:
            state = match.state
            to_move = state.current_player()
            legal = [a.to_json() for a in state.legal_actions()] if to_move == seat >= 0 else []
            head = protocol.encode(
                "move",
                number=played.number,
                seen=played.seen.to_json(),
                to_move=to_move,
                observation=state.observation(seat).to_json(),
                legal=legal,
            )
            self._texts = {k: v for k, v in self._texts.items() if k[0] == played.number}
            if self._path[0] != played.number:  # tens of KB for a push: encoded once
                self._path = (played.number, protocol.encode_value(played.path))
            text = self._texts[key] = f'{head[:-1]},"path":{self._path[1]}}}'
        return text


def end(match: Match) -> str:
    """The match is over: the results, and the seed where it hides nothing (it can no longer
    tell anyone a future die) so a joined client can write the host's very log."""
    seed = None if match.game.hides_information else match.seed
    return protocol.encode("end", returns=match.state.returns(), seed=seed)


def seats_message(seats: list[Seat], watchers: list[str], started: bool, note: str | None) -> str:
    """Who sits where, who watches, and what just changed (``note``, one line or None)."""
    return protocol.encode(
        "seats",
        seats=seats_json(seats),
        watchers=watchers,
        waiting=sum(1 for s in seats if s.person and s.token is None),
        started=started,
        note=note or None,
    )


def result_line(match: Match) -> str:
    """The match's result in one line, for the chat."""
    returns = match.state.returns()
    game = match.game
    scores = ", ".join(f"{game.seat_label(n)} {r:+g}" for n, r in enumerate(returns))
    return f"the match is over after {match.moves} moves: {scores}"
