"""Which games exist, and everything about each: how to make it, its title and rules file,
its bots, its text view, its tables in the window and the page and its agent environments.

Each game package registers one :class:`GameSpec` (``pushover.spec.SPEC`` ...); the command line,
the window, the rules text, the envs and the generic tests only ever talk to specs, so adding a
game touches no shared code but the table below, or none at all when the game is named in the
environment variable ``PUSHER_GAMES`` (docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pusher_sim.errors import UserError
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.agents import Agent
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.state import Game, State

HUMAN = "human"
"""The seat name of a person: :meth:`GameSpec.make_agents` gives no agent for it."""
DEFAULT_GAME = "pusher"
"""The game played when none is named."""

GAMES_VARIABLE = "PUSHER_GAMES"
"""The environment variable naming games beyond the shipped ones, as ``name=module:attribute``
entries separated by commas (``nim=tests.nim.spec:SPEC``): every ``pusher`` process, a host's
joiners and a tournament's workers included, reads it, so a game need not be in the table below."""
_ENTRY = re.compile(r"([a-z][a-z0-9_]*)=([A-Za-z_][\w.]*:[A-Za-z_]\w*)")


def named_in_environment(text: str) -> tuple[dict[str, str], list[str]]:
    """The ``name -> "module:attribute"`` entries of a :data:`GAMES_VARIABLE` value, and a
    one-line problem for each entry that is not ``name=module:attribute``."""
    entries: dict[str, str] = {}
    problems = []
    for piece in (p.strip() for p in text.split(",")):
        match = _ENTRY.fullmatch(piece)
        if match:
            entries[match.group(1)] = match.group(2)
        elif piece:
            problems.append(f"{GAMES_VARIABLE}: {piece!r:.60} is not name=module:attribute")
    return entries, problems


# name -> "module:attribute" of its GameSpec, imported on first use.
GAMES: dict[str, str] = {
    "pusher": "pusher_sim.pusher.spec:SPEC",
    "rummy": "rummy.spec:SPEC",
    "pushover": "pushover.spec:SPEC",
}
_EXTRA, _PROBLEMS = named_in_environment(os.environ.get(GAMES_VARIABLE, ""))
_PROBLEMS += [f"{GAMES_VARIABLE}: {name} is a game already" for name in _EXTRA if name in GAMES]
GAMES.update(_EXTRA)


class TextUI(Protocol):
    """Plays a game at the terminal for one person."""

    def render(self, state: State, seat: int) -> str:
        """The position as ``seat`` may see it, drawn in text."""
        ...

    def prompt(self, state: State, seat: int) -> str:
        """One line saying what ``seat`` must do now."""
        ...

    def parse(self, text: str, state: State, seat: int) -> Action:
        """Turn a typed command into an action; raise UserError with a helpful message."""
        ...

    def help(self) -> str: ...


@dataclass(frozen=True)
class Playback:
    """How a game whose moves are resolved once (Pusher's pushes, by the physics) is played
    across the network: the host applies each move and sends what it recorded, and every joined
    window plays that back, never resolving the move again. The network code reaches the game
    only through this."""

    slow: Callable[[Action], bool]
    """Applying the action takes long (it runs the physics): a host does it off its event loop."""
    step: Callable[[Match, Action], dict[str, Any] | None]
    """Apply the action to the match; what the windows play it back from, as JSON (or None)."""
    read: Callable[[Mapping[str, Any] | None, Any], object]
    """A move's recorded outcome and what ``step`` sent for it (None: nothing), read strictly
    (CorruptFile) as the game's table plays the move back; None for a move with nothing to play."""


@dataclass(frozen=True)
class GameSpec:
    """Everything about one game that the command line, the window, the rules text, the envs
    and the generic tests need: the one place its title, rule letter and adapters are named."""

    name: str
    title: str
    """The game's title as players read it, and the ``## `` heading of its rules."""
    rule_letter: str
    """The letter of its rule numbers (``P`` of P7)."""
    rules: str
    """``"package:file"`` of the game's rules, kept beside it in its folder (shipped as package
    data): a ``## `` section headed by its title, its rules ``### `` headings numbered with its
    letter. ``pusher rules`` reads them there, and the site's build collects every game's into
    ``docs/rules.md`` (``docs/extensions/rules_page.py``)."""
    summary: str
    make_game: Callable[[Mapping[str, Any]], Game]
    """Make the game from config data (a log's ``config``, or ``{"players": n}`` and options)."""
    players: tuple[int, ...]
    """The allowed numbers of seats."""
    bots: Mapping[str, Callable[[Game], Agent]]
    """Bot names (as used in ``--seats``) and how to make each. Keys double as documentation."""
    bot_help: Mapping[str, str]
    default_seats: tuple[str, ...]
    text_ui: Callable[[Game], TextUI]
    host_seats: tuple[str, ...] = ()
    """The seats ``pusher host`` offers when none are named (``open``: a seat for a joiner);
    empty: a person and, for the rest of the fewest seats, joiners."""
    summarise: Callable[[Sequence[State]], dict[str, float]] = field(default=lambda states: {})
    """Game-specific figures over finished games, for ``pusher simulate``."""
    table: str | None = None
    """``"module:attribute"`` of the game's own table in the window (a
    :class:`~pusher_sim.ui.common.game_table.TableKind`), if it has one; None: it plays on the
    window's text table. Only the window resolves it (the game never imports the window)."""
    page_table: str | None = None
    """``"package:file"`` of the game's own table in the browser page, if it has one: a
    JavaScript module exporting ``createTable`` (and, if it likes, ``seatLabel`` and
    ``describe``); None: it plays on the page's text table (``default.js``). A host serves it as
    the page's ``game_table.js``, so it may import the page's own modules (``./dom.js``); like
    ``table``, only the host reads it."""
    codec: str | None = None
    """``"module:function"`` making the game's action ids and observation vector from the game
    (a :class:`~pusher_sim.envs.codec.DiscreteCodec`): what the generic PettingZoo, OpenSpiel
    and Gymnasium adapters build a game's environments from. A new game's codec lives in its
    folder and needs only numpy; like ``table``, only the envs resolve it."""
    zero_sum: bool = False
    """Every finished game's returns sum to zero, with any number of seats (OpenSpiel's
    exploitability and CFR need it of the generic OpenSpiel game)."""
    pettingzoo: str | None = None
    """The module of its own PettingZoo AEC environment (``env()``, ``raw_env()``), where it has
    one; a game without gets the generic one made from its codec
    (:mod:`pusher_sim.envs.registered`)."""
    openspiel: str | None = None
    """``"module:class"`` of its own OpenSpiel game, where it has one: the class's
    ``game_type()`` is what :func:`pusher_sim.envs.openspiel.register` registers; a game without
    gets the generic one made from its codec. Like ``table``, these name modules above the game,
    resolved only there."""
    resimulate: Callable[[Game, GameLog], list[str]] | None = None
    """``pusher replay --resimulate``: the report of each logged outcome worked out again with the
    current model (Pusher's pushes), for games whose actions can come out more than one way."""
    playback: Playback | None = None
    """How a network host sends its moves' recordings to the joined windows, for a game whose
    moves are resolved once (Pusher's pushes); None: a move is all a window needs."""
    action_label: Callable[[Action], str] | None = None
    """A move as a button of the window's text table says it ("take 2 from heap B"), for a game
    without a table of its own; None: the action's own ``str``, or its name and fields."""

    def make_agents(self, game: Game, seats: Sequence[str]) -> list[Agent | None]:
        agents: list[Agent | None] = []
        for name in seats:
            if name == HUMAN:
                agents.append(None)
            elif name in self.bots:
                agents.append(self.bots[name](game))
            else:
                known = ", ".join([HUMAN, *self.bots])
                raise UserError(f"unknown seat {name!r} for {self.name} (choose from {known})")
        return agents

    def check_seats(self, seats: Sequence[str]) -> None:
        if len(seats) not in self.players:
            allowed = " or ".join(str(n) for n in self.players)
            raise UserError(f"{self.name} takes {allowed} seats, got {len(seats)}")


def get_spec(name: str) -> GameSpec:
    """The :class:`GameSpec` of the game called ``name`` (``"pusher"``, ``"rummy"``,
    ``"pushover"``); an unknown name, or a :data:`GAMES_VARIABLE` entry that is malformed or
    names no spec, is a :class:`~pusher_sim.errors.UserError`."""
    if _PROBLEMS:
        raise UserError(_PROBLEMS[0])
    if name not in GAMES:
        raise UserError(f"unknown game {name!r} (choose from {', '.join(GAMES)})")
    module, attr = GAMES[name].split(":")
    try:
        spec = getattr(importlib.import_module(module), attr, None)
    except ImportError as exc:
        raise UserError(f"game {name}: cannot import {module} ({exc})") from None
    if not isinstance(spec, GameSpec):
        raise UserError(f"game {name}: {GAMES[name]} is not a GameSpec")
    return spec
