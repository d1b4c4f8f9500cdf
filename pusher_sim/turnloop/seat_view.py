"""What one seat may know of a match, and the position a table at that seat draws from.

A table never reads the real state of a game that hides cards: it draws from a
:class:`SeatMirror`, which follows the :class:`SeatView` of its seat. The side that holds the
real state (the local window's match, or a network host) builds the views with
:func:`seat_view`; a view is plain JSON data and holds nothing its seat may not see: its own
observation, the moves as it saw them, and its legal actions, never the seed (which would
order the deck) nor another hand.

For a game that hides nothing the mirror is the real position, rebuilt from the public moves
and their recorded outcomes; for Push it is the position the seat's observation describes, each
hidden card a stand-in (:meth:`~pusher_sim.turnloop.state.Game.state_seen_by`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.state import CHANCE, SPECTATOR, Game, State

__all__ = ["SPECTATOR", "SeatMirror", "SeatView", "SeenMove", "seat_view"]

MAX_SEATS = 8


@dataclass(frozen=True)
class SeenMove:
    """One move of the match as a viewer may know it."""

    mover: int
    """The seat that moved, or CHANCE."""
    action: Mapping[str, Any] | None
    """The action as its game's codec writes it; None where the viewer may not see it."""
    outcome: Mapping[str, Any] | None
    """What the action came to where the action alone does not say (a push's resting places)."""

    def to_json(self) -> dict[str, Any]:
        return {"mover": self.mover, "action": self.action, "outcome": self.outcome}

    @classmethod
    def from_json(cls, data: Any) -> SeenMove:
        if not isinstance(data, dict) or set(data) != {"mover", "action", "outcome"}:
            raise CorruptFile("a move must be an object with mover, action and outcome")
        mover, action, outcome = data["mover"], data["action"], data["outcome"]
        if not _whole(mover, CHANCE, MAX_SEATS - 1):
            raise CorruptFile(f"a move's mover must be a seat or -1, got {mover!r:.40}")
        for name, value in (("action", action), ("outcome", outcome)):
            if value is not None and not isinstance(value, dict):
                raise CorruptFile(f"a move's {name} must be an object or null")
        return cls(mover, action, outcome)


@dataclass(frozen=True)
class SeatView:
    """Everything ``seat`` may know of a match now (``SPECTATOR``: what everybody may)."""

    game: str
    config: Mapping[str, Any]
    seat: int
    seat_names: tuple[str, ...]
    to_move: int
    """The seat to move, CHANCE or TERMINAL."""
    observation: Mapping[str, Any]
    """``state.observation(seat).to_json()``."""
    legal: tuple[Mapping[str, Any], ...]
    """The seat's listed legal actions (codec JSON) when it is to move, else empty."""
    history: tuple[SeenMove, ...]
    """Every move so far, as this seat saw it."""

    @property
    def moves(self) -> int:
        return len(self.history)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "config": self.config,
            "seat": self.seat,
            "seat_names": list(self.seat_names),
            "to_move": self.to_move,
            "observation": self.observation,
            "legal": list(self.legal),
            "history": [m.to_json() for m in self.history],
        }

    @classmethod
    def from_json(cls, data: Any) -> SeatView:
        """Read :meth:`to_json` back, refusing anything of the wrong shape (CorruptFile).
        The game-specific parts (config, observation, actions) are checked by the game when a
        :class:`SeatMirror` follows the view."""
        fields = {"game", "config", "seat", "seat_names", "to_move", "observation", "legal"}
        if not isinstance(data, dict) or set(data) != fields | {"history"}:
            raise CorruptFile(f"a seat view must be an object with {sorted(fields | {'history'})}")
        names, legal, history = data["seat_names"], data["legal"], data["history"]
        if not isinstance(data["game"], str) or not isinstance(data["config"], dict):
            raise CorruptFile("a seat view's game must be a name and its config an object")
        if not _whole(data["seat"], SPECTATOR, MAX_SEATS - 1):
            raise CorruptFile(f"a seat view's seat must be a seat or {SPECTATOR}")
        if not _whole(data["to_move"], -2, MAX_SEATS - 1):
            raise CorruptFile("a seat view's to_move must be a seat, -1 or -2")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise CorruptFile("a seat view's seat_names must be a list of names")
        if not isinstance(data["observation"], dict):
            raise CorruptFile("a seat view's observation must be an object")
        if not isinstance(legal, list) or not all(isinstance(a, dict) for a in legal):
            raise CorruptFile("a seat view's legal must be a list of actions")
        if not isinstance(history, list):
            raise CorruptFile("a seat view's history must be a list of moves")
        return cls(
            data["game"],
            data["config"],
            data["seat"],
            tuple(names),
            data["to_move"],
            data["observation"],
            tuple(legal),
            tuple(SeenMove.from_json(m) for m in history),
        )


def seen_move(game: Game, action: Mapping[str, Any], mover: int, outcome: Any) -> SeenMove:
    """One logged move as any seat sees it (the game's hidden moves without their content)."""
    hidden = game.hides_information and game.hidden(game.action_codec.decode(dict(action)))
    return SeenMove(mover, None if hidden else action, outcome)


def seat_view(match: Match, seat: int) -> SeatView:
    """``seat``'s view of ``match`` (built where the real state is held)."""
    state, log, game = match.state, match.log, match.game
    to_move = state.current_player()
    legal = [a.to_json() for a in state.legal_actions()] if to_move == seat >= 0 else []
    history = [
        seen_move(game, log.actions[n], log.movers[n], log.outcome(n))
        for n in range(len(log.actions))
    ]
    return SeatView(
        game=game.name,
        config=game.config_json(),
        seat=seat,
        seat_names=tuple(log.seats),
        to_move=to_move,
        observation=state.observation(seat).to_json(),
        legal=tuple(legal),
        history=tuple(history),
    )


class SeatMirror:
    """The position a table at one seat draws from, kept up to date from that seat's views."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.state: State = game.new_initial_state()
        self.history: list[SeenMove] = []

    @property
    def moves(self) -> int:
        return len(self.history)

    def follow(self, view: SeatView) -> Sequence[SeenMove]:
        """Bring the mirror to ``view`` and return the moves it had not seen yet.

        Raises CorruptFile if the view is not one this mirror can follow: another game or
        seat, a history that rewrites what was seen, or a position its moves do not lead to.
        """
        if view.game != self.game.name or view.seat != self.seat:
            raise CorruptFile(f"a view of {view.game} seat {view.seat} is not for this table")
        seen = view.history[: self.moves]
        if tuple(self.history) != seen:
            raise CorruptFile("the view's history differs from the moves already seen")
        new = view.history[self.moves :]
        if self.game.hides_information:
            state = self.game.state_seen_by(view.observation)
        else:
            state = self.state.clone() if new else self.state
            for n, move in enumerate(new, self.moves + 1):
                _replay(state, move, n)
        if state.observation(self.seat).to_json() != dict(view.observation):
            raise CorruptFile("the view's observation is not where its moves lead")
        self.state = state
        self.history.extend(new)
        return new


def _replay(state: State, move: SeenMove, number: int) -> None:
    """Apply one public move of a game that hides nothing, as its log records it."""
    if move.action is None:
        raise CorruptFile(f"{state.game.name} hides no move, but move {number} was hidden")
    try:
        action = state.game.action_codec.decode(dict(move.action))
        state.apply_logged(action, move.outcome)
    except IllegalMove as exc:
        raise CorruptFile(f"move {number} of the view is illegal: {exc}") from None


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
