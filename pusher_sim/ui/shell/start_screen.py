"""The start screen: choose the game, the number of players and who sits where (a person or
which bot), then start; or continue a game in progress from its autosave (C: the one left last;
each game's own has a button).

A new game would replace the game's autosave from its first move, so starting one while an
autosaved game waits asks first (:func:`open_table_asking`, also used by ``pusher play GAME``).

Everything it offers comes from the game registry (players allowed, bots and what they are), so
a new game or bot shows up here without touching this file. The keys and the mouse work it as
every form of the window (:mod:`~pusher_sim.ui.shell.form`): Enter starts, C continues, O hosts,
J joins, B goes back to the match this window hosts (while it runs), Esc quits.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import pygame

from pusher_sim.errors import UserError
from pusher_sim.saves import autosave_path
from pusher_sim.turnloop.log import GameLog, replay
from pusher_sim.turnloop.registry import DEFAULT_GAME, GAMES, HUMAN, GameSpec, get_spec
from pusher_sim.ui.common.hosting import hosted_now
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.dialogs import Choice, Confirm
from pusher_sim.ui.shell.form import FormButton, Row, RowForm
from pusher_sim.ui.shell.mode import Host, Mode
from pusher_sim.ui.shell.table_registry import table_maker
from pusher_sim.ui.shell.widgets import RGB, TEXT_DIM, WARNING
from pusher_sim.ui.shell.words import game_title, seat_kind, seat_labels

PACES = (0.0, 0.4, 0.8, 1.5, 3.0)
"""Seconds a bot's move stays on screen, to choose from."""
CONTINUE = "continue:"
"""A button continuing one game's game in progress: this, then the game's name."""
STRONGEST = "bot"
"""Every game's name for its strongest bot: what a seat added by raising the players gets."""


@dataclass(frozen=True)
class Autosave:
    """A game the window autosaved: which game, where, how many moves it holds, and when."""

    game: str
    path: Path
    moves: int
    written_ns: int
    """The file's modification time (ns): the newest autosave is the game last left (a table
    writes its autosave again as it is left)."""
    finished: bool = False
    """The game in it is over: nothing to continue."""

    @property
    def title(self) -> str:
        return game_title(self.game)

    @property
    def words(self) -> str:
        """ "Push, move 52": which game and where it stopped."""
        return f"{self.title}, move {self.moves}"

    @property
    def when(self) -> str:
        return time.strftime("%d %b %H:%M", time.localtime(self.written_ns / 1e9))


def autosave_of(game: str) -> Autosave | None:
    """``game``'s autosave if there is a readable one holding at least one move."""
    path = autosave_path(game)
    try:
        written = path.stat().st_mtime_ns
    except OSError:
        return None
    return _read_autosave(game, str(path), written)


@lru_cache(maxsize=16)
def _read_autosave(game: str, path: str, written_ns: int) -> Autosave | None:
    """The autosave's header, read once per version of the file (the screen redraws often)."""
    try:
        log = GameLog.load(path)
    except (UserError, OSError):
        return None
    if log.game != game or not log.actions:
        return None
    return Autosave(game, Path(path), len(log.actions), written_ns, is_over(log))


def is_over(log: GameLog) -> bool:
    """Whether the game ``log`` holds has ended: replayed with the outcomes it records (a log
    that records no push outcomes, or does not replay, counts as not over: it is offered, and
    the table says what is wrong with it)."""
    try:
        spec = get_spec(log.game)
        game = spec.make_game(log.config)
        if spec.playback is not None and any(
            log.outcome(n) is None and spec.playback.slow(game.action_codec.decode(a))
            for n, a in enumerate(log.actions)
        ):
            return False  # an old log: telling would simulate every push
        return replay(game, log).is_terminal()
    except (UserError, ValueError, KeyError):
        return False


def last_autosave() -> Autosave | None:
    """The autosave written last among the games: the game last left."""
    found = [a for g in GAMES if (a := autosave_of(g)) is not None]
    return max(found, key=lambda a: a.written_ns, default=None)


def in_progress() -> list[Autosave]:
    """Every game whose autosave holds a game to continue, the newest first."""
    found = [a for g in GAMES if (a := waiting(g)) is not None]
    return sorted(found, key=lambda a: a.written_ns, reverse=True)


def waiting(game: str) -> Autosave | None:
    """``game``'s autosave if it holds a game to continue (not one that is over)."""
    saved = autosave_of(game)
    return saved if saved is not None and not saved.finished else None


def continuing(config: AppConfig, saved: Autosave) -> AppConfig:
    """``config`` changed to continue ``saved`` (its own game, its own seats)."""
    return replace(config, game=saved.game, seats=None, load=str(saved.path), seed=None)


def open_table_asking(host: Host, config: AppConfig, back: Mode) -> None:
    """Open ``config``'s table; but when its first move would replace an autosaved game of the
    same kind, ask first: continue that game, or start this one (Esc: ``back``, nothing lost).
    The table is made first, so bad seats or a bad log are said at once; it does nothing (no
    bot moves, nothing is saved) until it is shown."""
    saved = waiting(config.game) if config.autosave else None
    if saved is not None and config.load is not None:
        try:
            same = Path(config.load).resolve() == saved.path.resolve()
        except OSError:
            same = False
        if same:
            saved = None
    table = table_maker(config.game)(host, config)  # bad seats or a bad log: said before asking
    if saved is None:
        host.show(table)
        return
    new = f"play {Path(config.load).name}" if config.load else "start a new game"
    lines = (
        f"It stopped at move {saved.moves} (saved {saved.when}).",
        f"Or {new}: its first move replaces the autosave.",
    )
    host.show(
        Confirm(
            host,
            back,
            f"Your last {saved.title} game is waiting",
            lines,
            [
                Choice(
                    pygame.K_c,
                    "Continue it",
                    lambda: host.show(table_maker(saved.game)(host, continuing(config, saved))),
                    default=True,
                ),
                Choice(
                    pygame.K_n,
                    "New game" if config.load is None else "Play the file",
                    lambda: host.show(table),
                ),
                Choice(pygame.K_ESCAPE, "Not now", lambda: host.show(back)),
            ],
        )
    )


class StartScreen(RowForm):
    """A :class:`~pusher_sim.ui.shell.mode.Mode`: the form, its buttons, and starting the table."""

    title = "Pusher"
    width = 330

    def __init__(self, host: Host, config: AppConfig | None = None) -> None:
        super().__init__(host)
        self.config = config or AppConfig()
        self.games = [g for g in GAMES]
        self.game = self.config.game if self.config.game in GAMES else DEFAULT_GAME
        self.seats: list[str] = []
        self.pace = self.config.pace
        self._choose_game(self.game)

    # -- the form ---------------------------------------------------------------------------

    @property
    def spec(self) -> GameSpec:
        return get_spec(self.game)

    def _choose_game(self, game: str) -> None:
        self.game = game
        wanted = self.config.seats if self.config.seats and game == self.config.game else None
        seats = list(wanted or self.spec.default_seats)
        self.seats = seats
        self.message = ""

    def choices(self) -> list[str]:
        """What a seat may be: a person or one of the game's bots."""
        return [HUMAN, *self.spec.bots]

    def rows(self) -> list[Row]:
        labels = seat_labels(self.game, len(self.seats))
        out = [
            Row("game", "Game", game_title(self.game)),
            Row("players", "Players", str(len(self.seats))),
        ]
        for n, seat in enumerate(self.seats):
            out.append(Row(f"seat{n}", labels[n], seat_kind(seat)))
        out.append(Row("pace", "Bot moves shown for", f"{self.pace:g} s"))
        return out

    def change(self, key: str, step: int) -> None:
        """Move the value of row ``key`` one choice along (``step`` is +1 or -1)."""
        if key == "game":
            at = self.games.index(self.game)
            self._choose_game(self.games[(at + step) % len(self.games)])
        elif key == "players":
            allowed = sorted(self.spec.players)
            at = allowed.index(len(self.seats)) if len(self.seats) in allowed else 0
            n = allowed[(at + step) % len(allowed)]
            bot = STRONGEST if STRONGEST in self.spec.bots else next(iter(self.spec.bots), HUMAN)
            self.seats = (self.seats + [bot] * n)[:n]
        elif key.startswith("seat"):
            n = int(key[4:])
            options = self.choices()
            at = options.index(self.seats[n]) if self.seats[n] in options else 0
            self.seats[n] = options[(at + step) % len(options)]
        elif key == "pace":
            at = min(range(len(PACES)), key=lambda k: abs(PACES[k] - self.pace))
            self.pace = PACES[(at + step) % len(PACES)]

    def _config(self, load: str | None = None) -> AppConfig:
        return replace(
            self.config, game=self.game, seats=None if load else tuple(self.seats),
            load=load, pace=self.pace,
        )  # fmt: skip

    def start(self) -> None:
        try:
            open_table_asking(self.host, self._config(), self)
        except UserError as exc:
            self.message = str(exc)

    def can_continue(self) -> bool:
        saved = last_autosave()
        return saved is not None and not saved.finished

    def continue_label(self) -> str:
        """The Continue button's words: which game it continues and at which move."""
        saved = last_autosave()
        if saved is not None and saved.finished:
            return f"{saved.title} game over: nothing to continue"
        return f"Continue {saved.words}  (C)" if saved else "Continue  (C)"

    def continue_last(self) -> None:
        """The game left last (whichever game is selected), from its autosave."""
        saved = last_autosave()
        if saved is None or saved.finished:
            self.message = self.continue_label() if saved else "no game to continue"
            return
        self.continue_game(saved)

    def continue_game(self, saved: Autosave) -> None:
        """The game in ``saved`` on its table."""
        try:
            self.host.show(table_maker(saved.game)(self.host, continuing(self._config(), saved)))
        except UserError as exc:
            self.message = f"cannot continue: {exc}"

    # -- RowForm ----------------------------------------------------------------------------

    def subtitle(self) -> str:
        return self.spec.summary

    def buttons(self) -> list[FormButton]:
        """Start, Continue (the game left last), each other game still in progress, the
        network's forms and Quit."""
        last = last_autosave()
        others = [
            FormButton(f"{CONTINUE}{a.game}", f"Continue {a.words}")
            for a in in_progress()
            if last is None or a.game != last.game
        ]
        hosting = hosted_now()
        back = [] if hosting is None else [
            FormButton("hosted", f"Back to your hosted {hosting.title} game  (B)")
        ]  # fmt: skip
        return [
            *back,
            FormButton("start", "Start  (Enter)"),
            FormButton("continue", self.continue_label(), self.can_continue()),
            *others,
            FormButton("host", "Host a game  (O)"),
            FormButton("join", "Join a game  (J)"),
            FormButton("quit", "Quit  (Esc)"),
        ]

    def shortcuts(self) -> dict[int, str]:
        return {
            pygame.K_ESCAPE: "quit", pygame.K_RETURN: "start", pygame.K_KP_ENTER: "start",
            pygame.K_c: "continue", pygame.K_o: "host", pygame.K_j: "join", pygame.K_b: "hosted",
        }  # fmt: skip

    def press(self, what: str) -> None:
        if what == "start":
            self.start()
        elif what == "continue":
            self.continue_last()
        elif what.startswith(CONTINUE):
            saved = waiting(what[len(CONTINUE) :])
            if saved is not None:
                self.continue_game(saved)
        elif what == "quit":
            self.host.quit()
        elif what in ("host", "join", "hosted"):
            self.network(what)

    def network(self, what: str) -> None:
        """The network's forms, or back to the match this window hosts (the network is loaded
        only when asked for). *Host a game* while a match is still hosted asks first."""
        from pusher_sim.ui.shell.network_forms import HostForm, JoinForm, join_hosted

        hosting = hosted_now()
        host_form = HostForm(self.host, self.config, self, self.game)
        if what == "join":
            self.host.show(JoinForm(self.host, self.config, self))
        elif hosting is None:
            if what == "host":
                self.host.show(host_form)
        elif what == "hosted":
            join_hosted(self.host, self.config, hosting)
        else:
            lines = (
                f"It still runs: {hosting.addresses[0]}.",
                "Hosting another one stops it (it is saved: pusher host --load goes on).",
            )
            choices = [
                Choice(
                    pygame.K_b,
                    "Back to it",
                    lambda: join_hosted(self.host, self.config, hosting),
                    True,
                ),
                Choice(pygame.K_h, "Host another", lambda: self.host.show(host_form)),
                Choice(pygame.K_ESCAPE, "Not now", lambda: self.host.show(self)),
            ]
            title = f"Your {hosting.title} game is hosted"
            self.host.show(Confirm(self.host, self, title, lines, choices))

    def notes(self) -> list[tuple[str, RGB]]:
        hint = "Click a row (left half: back, right half: on), or Up/Down and Left/Right"
        bots = [f"{b}: {t}" for b, t in self.spec.bot_help.items()]
        return [(self.message, WARNING), (hint, TEXT_DIM), *((b, TEXT_DIM) for b in bots)]
