"""The turn flow of a joined window: the host holds the match, the table follows its seat.

A :class:`RemoteFlow` stands where a :class:`~pusher_sim.ui.common.turn_flow.TurnFlow` stands,
so every table plays a hosted match unchanged: a person's action is checked on the seat's own
position and sent to the host (:meth:`RemoteFlow.play`); each move the host sends is applied to
the table's position and handed to the table to animate (:meth:`RemoteFlow.update`), a push
with the path the host recorded, never simulated again here. The position is the seat's
:class:`~pusher_sim.turnloop.seat_view.SeatMirror` (for a game that hides nothing, the real
position rebuilt from the public moves; for Push, the seat's view with stand-ins for every card
it cannot see). Undo, new game, save, load and replay are the host's: the table refuses them.
Who is at the table, the chat and whether the host is in reach are the flow's
:class:`~pusher_sim.ui.common.presence.Presence`, drawn around the table by its
:class:`~pusher_sim.ui.common.presence_panel.PresenceFrame`.

The link's thread posts a pygame event whenever a message comes, so an idle window wakes for
the host's news at once instead of polling.
"""

from __future__ import annotations

import dataclasses
import queue
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.net import protocol
from pusher_sim.net.bot_client import decide
from pusher_sim.net.client import Follower, Link
from pusher_sim.net.host_messages import (
    ChatLine,
    Closed,
    Dropped,
    End,
    Message,
    News,
    Refused,
    SeatsNews,
    Start,
    Welcome,
)
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.agents import Agent
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.seat_view import SeatView, SeenMove
from pusher_sim.turnloop.state import Game
from pusher_sim.ui.common.hosting import Hosting
from pusher_sim.ui.common.presence import Presence
from pusher_sim.ui.common.presence_panel import PresenceFrame
from pusher_sim.ui.common.turn_flow import Played, TurnFlow
from pusher_sim.ui.shell.words import seat_labels


@dataclass(frozen=True)
class Seated:
    """An agent that plays the window's seat (``pusher join --bot NAME --show``): the table
    animates its moves as it would a person's, and the window closes once the match is over."""

    make: Callable[[Game], Agent]
    seed: int
    linger: float = 1.0
    """Seconds the final position stays on screen before the window closes."""


HIDDEN = "hidden"
"""The action type a joined window's log holds for a move its seat may not see (Push's shuffle):
a placeholder no codec decodes, so nothing replays that log from its start."""

NEWS_EVENT = pygame.USEREVENT + 7
"""Posted by the link's thread when the host's news comes (tables ignore it)."""


class RemoteFlow(TurnFlow):
    """A hosted match as seen from one seat (or a spectator's chair)."""

    hosted_elsewhere = True

    def __init__(
        self,
        link: Link,
        welcome: Welcome,
        seated: Seated | None = None,
        hosting: Hosting | None = None,
    ) -> None:
        self.link = link
        self.hosting = hosting
        """The match as this process hosts it, when this window is the host's."""
        self.follower = Follower(welcome)
        game = self.follower.game
        self.seated = seated
        self.agent = None if seated is None else seated.make(game)
        self.after_end = 0.0
        view = self.follower.view
        replica = Match(game, [None] * game.num_players, 0, list(view.seat_names))
        for move in view.history:
            self._move(replica, move)
        if game.hides_information:
            replica.state = self.follower.mirror.state
        super().__init__(replica, game.hides_information, pace=0.0, autosave=False)
        self.seat = welcome.seat
        self.people = (welcome.seat,) if welcome.seat >= 0 else ()
        # A spectator of a game that hides cards looks from SPECTATOR (no hand); of another
        # game, from the first seat's side of the table.
        self.viewer = welcome.seat if welcome.seat >= 0 or game.hides_information else 0
        self.pass_to = -1
        self.presence = Presence(welcome.seat, link.name)
        """Who is at the table (see :mod:`.presence`), drawn by the frame around the table."""
        self.presence.welcome(welcome.seats, welcome.started, welcome.chat, welcome.you)
        if hosting is not None:
            self.presence.addresses, self.presence.page = hosting.addresses, hosting.page
        labels = seat_labels(game.name, game.num_players)
        self.frame = PresenceFrame(self.presence, labels, self.chat)
        self.ended: End | None = None
        self.closed: Closed | None = None
        self._shown: deque[tuple[Played | None, SeatView]] = deque()
        """Moves applied but not yet handed to the table, each with the view just after it."""
        self.rejoined: Callable[[], None] | None = None
        """Called when the view moved on without a move the table can tell (a reconnection
        brought the whole view, or a shuffle): the table follows it at once."""
        self._showing = self._as_drawn()
        """The view as of the last move handed to the table: what the table draws."""
        self._sent_at = -1
        """The move number of the action sent and not yet answered (-1: none)."""

    # -- the host's news --------------------------------------------------------------------

    def _move(self, match: Match, move: SeenMove, path: Any = None) -> Played | None:
        """Apply one move the host sent to the table's position; what the table animates (None
        for a move whose content the seat may not see: the table shows its effects), with what
        the host recorded to play it back (``path`` as sent, read through the game's spec)."""
        before = match.state.clone()
        if match.game.hides_information or move.action is None:
            entry = dict(move.action) if move.action is not None else {"type": HIDDEN}
            outcome = None if move.outcome is None else dict(move.outcome)
            match.log.record(entry, move.mover, outcome)
            match.state = self.follower.mirror.state
            if move.action is None:
                return None
            return Played(move.mover, match.game.action_codec.decode(entry), before, None)
        action = match.game.action_codec.decode(dict(move.action))
        match.step_logged(action, move.outcome)
        return Played(move.mover, action, before, self.follower.played_back(move, path))

    def _take(self, message: Message) -> None:
        if isinstance(message, News):
            self.follower.news(message)
            played = self._move(self.match, message.seen, message.path)
            self._shown.append((played, self._as_drawn()))
            self._sent_at = -1
        elif isinstance(message, Welcome):  # back after a drop: the moves missed meanwhile
            self.presence.welcome(message.seats, message.started, message.chat, message.you)
            for move in self.follower.rejoin(message):
                self._move(self.match, move)
            self._shown.clear()  # the table jumps to the whole view: it told no move
            self._showing = self._as_drawn()
            if self.rejoined is not None:
                self.rejoined()
            self._sent_at = -1
        elif isinstance(message, SeatsNews):
            self.follower.started = message.started
            self.presence.tell(
                message.seats, message.started, message.note, message.watchers, message.waiting
            )
        elif isinstance(message, Start):  # play begins: the seat's first legal actions
            self.follower.start(message)
            self.presence.started = True
            self._showing = self._as_drawn()
            if self.rejoined is not None:
                self.rejoined()
        elif isinstance(message, ChatLine):
            self.presence.said(message.seat, message.name, message.text)
        elif isinstance(message, Dropped):
            self.presence.dropped(message.reason)
        elif isinstance(message, Refused):
            self.error = message.message
            self._sent_at = -1
        elif isinstance(message, End):
            self.ended = message
        elif isinstance(message, Closed):
            self.closed = message
            if not message.ok:
                self.error = message.reason
                self.presence.dropped(message.reason)

    def _drain(self) -> None:
        while True:
            try:
                message = self.link.inbox.get_nowait()
            except queue.Empty:
                return
            try:
                self._take(message)
            except (CorruptFile, IllegalMove) as exc:  # the host sent what cannot be followed
                self.error = f"the host's news cannot be followed: {exc}"
                self.link.close()

    # -- the TurnFlow interface -------------------------------------------------------------

    def seat_view(self, seat: int) -> SeatView:
        """The view as of the last move handed to the table."""
        return self._showing

    def _as_drawn(self) -> SeatView:
        """The seat's view now, as the table draws it: a spectator of a game that hides nothing
        looks from the first seat's side (the same position, nothing to act on)."""
        view = self.follower.view
        if view.seat == self.viewer:
            return view
        observation = self.follower.mirror.state.observation(self.viewer).to_json()
        return dataclasses.replace(view, seat=self.viewer, observation=observation)

    @property
    def awaiting(self) -> int:
        if self._sent_at >= 0 or self._shown or not self.follower.my_turn:
            return -1
        return self.seat

    @property
    def thinking(self) -> bool:
        return False

    def play(self, action: Action) -> Played | None:
        if self.awaiting < 0:
            raise IllegalMove("turn", "it is not your turn")
        self.match.state.validate(action)
        moves = self.follower.view.moves
        if not self.link.send(protocol.act(moves, action.to_json())):
            raise IllegalMove("turn", "the host is out of reach: reconnecting")
        self._sent_at = moves
        return None

    def update(self, dt: float, hold: bool = False) -> Played | None:
        self._drain()
        if hold:
            return None
        while self._shown:
            played, self._showing = self._shown.popleft()
            if played is not None:
                return played
            if self.rejoined is not None:  # a move nobody may see (a shuffle): the table
                self.rejoined()  # follows it at once, telling only its effects
        if self.seated is not None and self.agent is not None:
            self._play_seated(dt)
        return None

    def _play_seated(self, dt: float) -> None:
        """The seat's agent moves when the host says it is its turn; at the end, the window
        closes after a moment."""
        assert self.seated is not None and self.agent is not None
        if self.awaiting >= 0:
            self.play(decide(self.follower, self.agent, self.seated.seed))
        if self.ended is not None or self.closed is not None:
            self.after_end += dt
            if self.after_end >= self.seated.linger:
                pygame.event.post(pygame.event.Event(pygame.QUIT))

    def chat(self, line: str) -> str:
        """Send a chat line to the host; "" or why it could not go."""
        if self.link.send(protocol.chat(line)):
            return ""
        return "the host is out of reach: the line was not sent"

    def busy(self) -> bool:
        seated_to_move = self.seated is not None and self.awaiting >= 0
        finishing = self.seated is not None and (self.ended or self.closed) is not None
        return bool(self._shown) or seated_to_move or finishing

    def _follow(self) -> None:
        """The table always shows this seat."""

    def take_screen(self) -> None:
        """Nobody else uses this screen."""

    def save(self) -> None:
        """The host saves the match."""

    def hurry(self) -> None:
        """The host sets the pace."""

    def replace(self, match: Match) -> None:
        raise IllegalMove("host", "the host holds this match")


def wake_on_news(link: Link) -> None:
    """Have the link's thread wake the window whenever a message comes."""

    def wake() -> None:
        pygame.event.post(pygame.event.Event(NEWS_EVENT))

    link.notify = wake
