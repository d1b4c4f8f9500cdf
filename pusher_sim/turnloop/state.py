"""The one State API that Pusher, Push and Push Over all implement (after OpenSpiel).

A state is deterministic: every random event is a *chance node* whose outcome is an action like
any other, chosen by the driver from a seeded generator and written to the game log. The same
seed and the same actions therefore replay the same game, and a log replays without any seed.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

import numpy as np

from pusher_sim.errors import CorruptFile, IllegalMove
from pusher_sim.turnloop.actions import Action, ActionCodec

CHANCE = -1
"""current_player() of a state waiting for dice, a shuffle or another random event."""
TERMINAL = -2
"""current_player() of a finished game."""
SPECTATOR = -3
"""The seat of someone who watches: ``observation(SPECTATOR)`` is what everybody may see."""


class Observation(Protocol):
    """What one seat may see. Never another player's hidden cards."""

    def to_json(self) -> dict[str, Any]: ...


class InvariantError(AssertionError):
    """A state broke one of its game's invariants: always a bug, never a user error."""


S = TypeVar("S", bound="State")


class State(ABC):
    """A position in a game, with everything needed to go on from it."""

    def __init__(self, game: Game) -> None:
        self.game = game

    # -- whose turn ---------------------------------------------------------------------------

    @abstractmethod
    def current_player(self) -> int:
        """A seat (0..n-1), or CHANCE, or TERMINAL."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    # -- moves --------------------------------------------------------------------------------

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to move (empty at chance and terminal nodes).

        For a continuous choice (Pusher's flick) this lists one representative per discrete
        choice; :meth:`validate` is the authority on what is legal.
        """

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The outcomes of a chance node and their probabilities, where they can be listed."""
        raise NotImplementedError(f"{type(self).__name__} has no listable chance outcomes")

    def sample_chance(self, rng: np.random.Generator) -> Action:
        """Draw a chance outcome; override where the outcomes are too many to list."""
        outcomes = self.chance_outcomes()
        probs = np.array([p for _, p in outcomes])
        return outcomes[int(rng.choice(len(outcomes), p=probs / probs.sum()))][0]

    @abstractmethod
    def validate(self, action: Action) -> None:
        """Raise :class:`IllegalMove` naming the rule if ``action`` is not legal now."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action that :meth:`validate` accepted. Must not fail."""

    def apply(self, action: Action) -> None:
        """Validate, then apply. An illegal action raises and changes nothing."""
        if self.is_terminal():
            raise IllegalMove("end", "the game is over")
        self.validate(action)
        self._apply(action)

    def apply_logged(self, action: Action, outcome: Mapping[str, Any] | None) -> None:
        """Apply an action read from a game log, with the outcome the log records for it.

        A game whose actions can come out more than one way (a Pusher push) applies the
        recorded outcome as it stands, checked, instead of working it out again, and works out
        an action the log records no outcome for the way the log's game did. Raises
        :class:`IllegalMove` for an illegal action and :class:`CorruptFile` for an outcome that
        cannot be what the action came to. This default is for games whose actions say it all.
        """
        if outcome is not None:
            raise CorruptFile(f"a {self.game.name} action has no outcome to record")
        self.apply(action)

    def logged_outcome(self) -> dict[str, Any] | None:
        """What the last action applied came to, as a game log records it; None where the action
        says it all (a card played, a die's face) or nothing was applied yet."""
        return None

    def seed_draws(self, seed: int) -> None:
        """Take the match's seed for what carrying out an action draws (a Pusher push made by
        the table's hand, docs/rules.md P8); a game that draws nothing there ignores it."""
        return None

    def is_legal(self, action: Action) -> bool:
        try:
            self.validate(action)
        except IllegalMove:
            return False
        return not self.is_terminal()

    # -- results and views --------------------------------------------------------------------

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's result in [-1, 1]; partners share their team's. All 0 until the end."""

    @abstractmethod
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now (``SPECTATOR``: what everybody may see)."""

    @abstractmethod
    def check_invariants(self) -> None:
        """Raise :class:`InvariantError` if the state is impossible (balls, cards, chips...)."""

    # -- copies -------------------------------------------------------------------------------

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Everything that makes up the state, as plain JSON data."""

    def clone(self: S) -> S:
        """An independent copy; games override this where a faster one pays."""
        copy = self.game.state_from_json(json.loads(json.dumps(self.to_json())))
        assert isinstance(copy, type(self))
        return copy

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


class Game(ABC):
    """A game's rules and config; it makes states and reads them back."""

    name: str = "game"
    action_codec: ClassVar[ActionCodec]
    """Decodes this game's actions from logs; one per game class, as its actions are fixed."""
    hides_information: ClassVar[bool] = False
    """Whether a seat may be kept from seeing part of the state (Push's hands and stock). A game
    that hides nothing can be followed exactly from its moves by anyone."""

    def hidden(self, action: Action) -> bool:
        """Whether ``action``'s content is kept from the seats (Push's shuffle), not only from
        some of them; the seats then learn its effects from their observations alone."""
        return False

    def state_seen_by(self, observation: Mapping[str, Any]) -> State:
        """A position built from one seat's observation (its ``to_json``) alone, every hidden
        part a stand-in; needed only where :attr:`hides_information`."""
        raise NotImplementedError(f"{self.name} hides nothing: follow its moves instead")

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def max_game_length(self) -> int:
        """A bound on the number of actions (chance included) in any game."""

    @abstractmethod
    def config_json(self) -> dict[str, Any]:
        """The config as plain data, enough for the game's spec to make this game again."""

    @abstractmethod
    def new_initial_state(self) -> State: ...

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Read back :meth:`State.to_json`; raise CorruptFile on anything malformed."""

    def seat_label(self, seat: int) -> str:
        return f"seat {seat}"

    def teams(self) -> Sequence[Sequence[int]]:
        """Seats that share a result; one team per seat unless a game has partnerships."""
        return [[s] for s in range(self.num_players)]
