"""The Push Over table: the loop of stops with the pieces stacked on them, the dice rolled one at
a time, the pot and each player's chips, and Roll / Stop as buttons and keys.

Each die tumbles before it shows its face and a piece walks stop by stop to where it ends, so a
turn can be followed; the position drawn during an animation is the one before the move, and the
table switches to the new one when the animation ends.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.match import Match
from pusher_sim.ui.common.game_table import GameTable, match_for
from pusher_sim.ui.common.turn_flow import Played, TurnFlow
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.mode import Host
from pusher_sim.ui.shell.widgets import (
    ACCENT,
    TEXT,
    TEXT_DIM,
    WARNING,
    Button,
    button_at,
    button_for_key,
    font,
    panel,
    row_of_buttons,
    shade,
    text,
    text_size,
    wrapped,
)
from pusher_sim.ui.shell.words import GAME_OVER_KEYS, seat_name
from pushover.actions import Die, Roll, Stop
from pushover.dice import move_length
from pushover.game import COLOURS
from pushover.state import BARE, OUT, START, WAITING, PushOverState
from pushover.text import PushOverText

RGB = tuple[int, int, int]
BOARD: RGB = (44, 58, 90)
BOARD_DARK: RGB = (28, 36, 58)
STOP: RGB = (206, 196, 170)
HOLE: RGB = (20, 20, 24)
POT: RGB = (232, 186, 60)
BOTTOM: RGB = (120, 124, 132)
BOTTOM_EDGE: RGB = (70, 72, 80)
PIECE: dict[str, RGB] = {
    "red": (214, 52, 52),
    "blue": (60, 110, 230),
    "green": (52, 170, 80),
    "yellow": (240, 206, 50),
}
TUMBLE_SECONDS = 0.55
STEP_SECONDS = 0.09
"""How long a piece takes per stop when it walks."""

HELP = (
    "On your turn, roll one die at a time (Space or the Roll button).",
    "After each die, stop (Enter or the Stop button) or roll again.",
    "Stopping moves your piece the total times 1, 2 or 3 for 1, 2 or 3 dice;",
    "   a total over the limit is a roll-out: your top goes beside START.",
    "Pieces in your way are pushed on; pushed onto a red stop, they fall off.",
    "Pass or land on the gold stop to take the pot. Enough chips win.",
)


@dataclass(frozen=True)
class Walk:
    """A piece walking along the track: seat, the stops it passes, and when it started."""

    seat: int
    path: tuple[int, ...]
    """Stops from where it stood (0 = START) to where it ends, each in turn."""
    before: PushOverState


@dataclass(frozen=True)
class Ring:
    """Where the track lies on screen: ``stops`` stops on an ellipse, each of radius ``r``."""

    centre: tuple[float, float]
    rx: float
    ry: float
    r: float
    stops: int

    def at(self, stop: float, out: float = 0.0) -> tuple[float, float]:
        """Screen position of stop ``stop`` (0 = START, at the bottom; clockwise), ``out`` pixels
        outside the ellipse (inside if negative)."""
        a = math.pi / 2 + 2 * math.pi * stop / self.stops
        return (
            self.centre[0] + (self.rx + out) * math.cos(a),
            self.centre[1] + (self.ry + out) * math.sin(a),
        )


class PushOverTable(GameTable):
    """The Push Over table as a window mode; see the module docstring."""

    title = "Push Over"
    help_lines = HELP
    hint = "Space: roll   Enter: stop   H: help"

    def __init__(self, flow: TurnFlow, host: Host, config: AppConfig) -> None:
        super().__init__(flow, host, config)
        self.dice: tuple[int, ...] = ()
        """The dice of the turn in progress, or of the turn just ended (still on show)."""
        self.tumble = 0.0
        """Seconds the newest die has left to tumble."""
        self.tumble_before: PushOverState | None = None
        self.walk: Walk | None = None
        self.walk_clock = 0.0
        self.after_tumble: Walk | None = None
        self.roller = self.state.to_move
        """Whose dice are on show."""
        self.summary = ""
        """One line on the last turn that ended ("red rolled out: 5 is over 4"), kept on show
        until the next one ends."""
        self.news: deque[str] = deque(maxlen=40)
        self.buttons: list[Button] = []
        self._faces = random.Random(0)
        """Faces shown while a die tumbles (looks only: the real value is the chance action)."""
        self._words = PushOverText(self.state.game)
        self.restarted()

    @property
    def state(self) -> PushOverState:
        state = self.match.state
        assert isinstance(state, PushOverState)
        return state

    def drawn_state(self) -> PushOverState:
        """The position on show: the one before the move while its animation runs."""
        if self.tumble > 0 and self.tumble_before is not None:
            return self.tumble_before
        if self.walk is not None:
            return self.walk.before
        return self.state

    def name(self, seat: int) -> str:
        you = seat == self.flow.viewer and not self.flow.hot_seat
        return seat_name(COLOURS[seat], self.match.log.seats[seat], you)

    # -- input ------------------------------------------------------------------------------

    def _make_buttons(self, area: pygame.Rect, size: int) -> list[Button]:
        seat = self.flow.awaiting
        if seat < 0 or self.holding():
            return []
        specs: list[tuple[str, Callable[[], None], int, str]] = []
        legal = self.state.legal_actions()
        if Roll(seat) in legal:
            specs.append(("roll a die", self._doer(Roll(seat)), pygame.K_SPACE, "Space"))
        if Stop(seat) in legal:
            moves = move_length(self.state.cfg, len(self.state.dice), sum(self.state.dice))
            specs.append(
                (f"stop and move {moves}", self._doer(Stop(seat)), pygame.K_RETURN, "Enter")
            )
        return row_of_buttons(specs, area, size)

    def _doer(self, action: Action) -> Callable[[], None]:
        def press() -> None:
            self.perform(action)

        return press

    def handle_table(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            key = pygame.K_RETURN if event.key == pygame.K_KP_ENTER else event.key
            button = button_for_key(self.buttons, key)
            if button is not None:
                button.press()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = button_at(self.buttons, event.pos)
            if button is not None:
                button.press()

    # -- moves and their animation ----------------------------------------------------------

    def on_played(self, played: Played) -> None:
        before = played.before
        assert isinstance(before, PushOverState)
        after = self.state
        action = played.action
        for event in after.news[_common_prefix(before.news, after.news) :]:
            if event[0] != "turn":
                self.news.append(self._words.describe(event))
        if isinstance(action, Roll) and not before.dice:
            self.dice, self.roller = (), played.mover
        walk = None
        if isinstance(action, Stop) or (isinstance(action, Die) and not after.dice):
            walk = self._walk_of(before, after)
            self.summary = self._summarise(before, after)
        if any(e[0] == "pushoff" for e in after.news[_common_prefix(before.news, after.news) :]):
            self.sounds.play("tray")  # a piece fell off the board
        if isinstance(action, Die):
            self.dice = (*before.dice, action.value)
            self.tumble = TUMBLE_SECONDS if self.speed < 50 else 0.0
            self.tumble_before = before
            self.after_tumble = walk
            if self.tumble <= 0:
                self.sounds.play("drop")
        elif walk is not None:
            self._start_walk(walk)

    def _walk_of(self, before: PushOverState, after: PushOverState) -> Walk | None:
        seat = before.to_move
        start, end = before.where[seat], after.where[seat]
        if start < 0 or end <= 0 or self.speed >= 50:
            return None
        length = before.cfg.track_length
        path = [start]
        while path[-1] != end and len(path) <= 3 * length:
            path.append(path[-1] % length + 1)
        return Walk(seat, tuple(path), before)

    def _summarise(self, before: PushOverState, after: PushOverState) -> str:
        seat = before.to_move
        for kind, who, a, b, c in after.news[_common_prefix(before.news, after.news) :]:
            if kind == "rollout" and who == seat:
                return f"{_cap(seat)} rolled out: {b} is over {after.cfg.roll_limit}"
            if kind == "move" and who == seat:
                return f"{_cap(seat)} moves {c} stops ({b} on {a} {'die' if a == 1 else 'dice'})"
        return ""

    def _start_walk(self, walk: Walk | None) -> None:
        self.walk, self.walk_clock = walk, 0.0

    def advance(self, dt: float) -> None:
        step = dt * self.speed
        if self.tumble > 0:
            self.tumble -= step
            if self.tumble <= 0:
                self.tumble = 0.0
                self.sounds.play("drop")  # the die lands
                self._start_walk(self.after_tumble)
                self.after_tumble = None
            return
        if self.walk is not None:
            self.walk_clock += step
            if self.walk_clock >= STEP_SECONDS * (len(self.walk.path) - 1):
                self.walk = None

    def holding(self) -> bool:
        return self.tumble > 0 or self.walk is not None

    def restarted(self) -> None:
        """A new or loaded game (or one after U): its dice, and what happened, made again from
        the log; no animation."""
        state = self.state
        self.dice, self.roller, self.summary, self.tumble = state.dice, state.to_move, "", 0.0
        self.walk = self.after_tumble = None
        self.news.clear()
        replayed = self.match.game.new_initial_state()
        decode = self.match.game.action_codec.decode
        told: tuple[tuple[object, ...], ...] = ()
        for data in [None, *self.match.log.actions]:  # None: the news the game starts with
            if data is not None:
                replayed.apply(decode(data))
            now = tuple(replayed.news)  # type: ignore[attr-defined]
            for event in now[_common_prefix(told, now) :]:
                if event[0] != "turn":
                    self.news.append(self._words.describe(event))
            told = now

    # -- drawing ----------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        self.screen_size = (w, h)
        base = text_size((w, h))
        surface.fill(BOARD_DARK)
        header = pygame.Rect(0, 0, w, round(base * 2.6))
        side = pygame.Rect(round(w * 0.66), header.bottom, w - round(w * 0.66), h - header.bottom)
        board = pygame.Rect(0, header.bottom, side.x, h - header.bottom)
        buttons = pygame.Rect(
            board.x + base, board.bottom - round(base * 2.4), board.w - base, base * 2
        )
        track = board.inflate(-2 * base, -2 * base)
        track.h -= round(base * 2.4)
        self.buttons = self._make_buttons(buttons, base)
        state = self.drawn_state()
        self._draw_header(surface, header, base)
        ring = self._draw_track(surface, track, state, base)
        self._draw_pieces(surface, state, ring)
        self._draw_middle(surface, state, ring, base)
        self._draw_side(surface, side, state, base)
        for button in self.buttons:
            button.draw(surface, base)
        if self.state.is_terminal() and not self.holding():
            shade(surface)
            winner = self.state.winner
            title = f"{_cap(winner)} wins" if winner >= 0 else "A draw"
            chips = ", ".join(f"{_cap(s)} {c}" for s, c in enumerate(self.state.columns))
            panel(surface, title, [f"chips: {chips}", GAME_OVER_KEYS], base)

    def _draw_header(self, surface: pygame.Surface, box: pygame.Rect, base: int) -> None:
        cfg = self.state.cfg
        head = f"Push Over   {cfg.target} chips win   limit {cfg.roll_limit}"
        head += f", up to {cfg.max_dice} dice"
        self.draw_header(surface, box, base, (14, 18, 30), head, self.status_line())

    def status_line(self) -> str:
        """Whose turn it is and what they may do, as the header says it."""
        state = self.state
        if state.is_terminal():
            return "the game is over"
        seat = state.to_move
        if self.flow.awaiting >= 0 and not self.holding():
            who = "You" if not self.flow.hot_seat else _cap(seat)
            return f"{who}: roll" if not state.dice else f"{who}: roll again or stop"
        mover = self.drawn_state().to_move
        if self.match.agents[mover] is None:  # a person's own die or walk on screen
            who = "You" if not self.flow.hot_seat else _cap(mover)
            return f"{who}: the dice are rolling..."
        return f"{_cap(mover)} is playing..."

    def _draw_track(
        self, surface: pygame.Surface, box: pygame.Rect, state: PushOverState, base: int
    ) -> Ring:
        cfg = state.cfg
        centre = (box.centerx, box.centery)
        n = cfg.track_length + 1
        r = min(box.w, box.h) * math.pi / n * 0.3
        rx = ry = min(box.w, box.h) / 2 - r * 1.6  # a circle, whatever the window's shape
        layout = Ring(centre, rx, ry, r, n)
        ring = pygame.Rect(0, 0, 2 * rx + 2.6 * r, 2 * ry + 2.6 * r)
        ring.center = (round(centre[0]), round(centre[1]))
        pygame.draw.ellipse(surface, BOARD, ring)
        inner = ring.inflate(-round(5.2 * r), -round(5.2 * r))
        if inner.w > 0 and inner.h > 0:
            pygame.draw.ellipse(surface, BOARD_DARK, inner)
        small = max(12, round(r * 0.7))
        for stop in range(cfg.track_length + 1):
            x, y = layout.at(stop)
            if stop == 0:
                pygame.draw.circle(surface, (90, 100, 130), (x, y), r * 1.05)
                text(surface, "START", (x, y + r * 1.15), small, TEXT, "midtop")
                continue
            if stop in cfg.push_off_stops:
                pygame.draw.circle(surface, HOLE, (x, y), r)
                pygame.draw.circle(surface, (220, 60, 60), (x, y), r, width=max(2, round(r / 7)))
            else:
                pygame.draw.circle(surface, STOP, (x, y), r)
            if stop == cfg.pot_stop:
                pygame.draw.circle(surface, POT, (x, y), r, width=max(3, round(r / 5)))
            ox, oy = layout.at(stop, r * 1.75)
            label = f"{stop}" + (" off" if stop in cfg.push_off_stops else "")
            label += " pot" if stop == cfg.pot_stop else ""
            text(surface, label, (ox, oy), small, TEXT_DIM, "center")
        px, py = layout.at(cfg.pot_stop, -r * 2.3)
        _chips(surface, (px, py), state.pot, r * 0.55)
        text(surface, f"pot {state.pot}", (px, py + r * 0.5), small, POT, "midtop")
        return layout

    def _draw_pieces(
        self,
        surface: pygame.Surface,
        state: PushOverState,
        ring: Ring,
    ) -> None:
        r = ring.r
        walking = -1
        if self.walk is not None and self.tumble <= 0:
            walk = self.walk
            walking = walk.seat
            k = min(self.walk_clock / STEP_SECONDS, len(walk.path) - 1.0)
            i = int(k)
            a = ring.at(walk.path[i])
            b = ring.at(walk.path[min(i + 1, len(walk.path) - 1)])
            t = k - i
            hop = math.sin(math.pi * t) * r * 0.6
            _piece(
                surface,
                (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t - hop),
                r,
                COLOURS[walking],
            )
        for stop in range(1, state.cfg.track_length + 1):
            piece = state.track[stop]
            pos = ring.at(stop)
            if piece == BARE:
                _piece(surface, pos, r, None)
            elif piece >= 0 and piece != walking:
                _piece(surface, pos, r, COLOURS[piece])
        for seat, where in enumerate(state.where):
            if where == START and seat != walking:
                _piece(surface, ring.at(0), r, COLOURS[seat])

    def _draw_middle(
        self,
        surface: pygame.Surface,
        state: PushOverState,
        ring: Ring,
        base: int,
    ) -> None:
        centre, rx, ry = ring.centre, ring.rx, ring.ry
        cfg = state.cfg
        size = max(24, min(round(rx * 0.24), round(ry * 0.36)))
        gap = size // 4
        x0 = centre[0] - (cfg.max_dice * size + (cfg.max_dice - 1) * gap) / 2
        y0 = centre[1] - size * 1.1
        whose = f"{_cap(self.roller)}'s dice" if 0 <= self.roller < len(COLOURS) else "dice"
        text(surface, whose, (centre[0], y0 - gap), base, TEXT_DIM, "midbottom")
        for k in range(cfg.max_dice):
            box = pygame.Rect(round(x0 + k * (size + gap)), round(y0), size, size)
            if k >= len(self.dice):
                pygame.draw.rect(surface, BOARD, box, width=2, border_radius=size // 6)
                continue
            face = self.dice[k]
            tumbling = k == len(self.dice) - 1 and self.tumble > 0
            if tumbling:
                face = self._faces.choice(cfg.die_faces)
                box.move_ip(self._faces.randint(-3, 3), self._faces.randint(-4, 2))
            _die(surface, box, face)
        total = sum(self.dice) if self.tumble <= 0 else sum(self.dice[:-1])
        line = ""
        if self.dice and self.tumble <= 0:
            line = f"total {total}"
            if state.dice and total <= cfg.roll_limit:
                line += f": stopping moves {move_length(cfg, len(self.dice), total)} stops"
        text(surface, line, (centre[0], y0 + size + gap), base, TEXT, "midtop")
        y = y0 + size + gap + base * 1.3
        if self.summary and self.tumble <= 0:
            colour = WARNING if "rolled out" in self.summary else ACCENT
            for part in wrapped(self.summary, base, round(rx * 1.5)):
                text(surface, part, (centre[0], y), base, colour, "midtop")
                y += font(base).get_linesize()
        out = [s for s, w in enumerate(state.where) if w == OUT]
        waiting = [s for s, w in enumerate(state.where) if w == WAITING]
        y = max(y, y0 + size + gap + base * 2.3) + base * 0.5
        small = round(base * 0.9)
        for label, seats in (("rolled out", out), ("off the board", waiting)):
            if seats:
                names = ", ".join(_cap(s) for s in seats)
                text(surface, f"{label}: {names}", (centre[0], y), small, TEXT_DIM, "midtop")
                y += small * 1.2
        text(
            surface,
            f"free bottoms: {state.free_bottoms}",
            (centre[0], y),
            small,
            TEXT_DIM,
            "midtop",
        )

    def _draw_side(
        self, surface: pygame.Surface, box: pygame.Rect, state: PushOverState, base: int
    ) -> None:
        pygame.draw.rect(surface, (20, 26, 42), box)
        x, y = box.x + base, box.y + base
        target = state.cfg.target
        row = round(base * 2.3)
        for seat in range(state.cfg.players):
            moving = seat == state.to_move and not state.is_terminal()
            if moving:
                pygame.draw.rect(
                    surface, ACCENT, (box.x + 4, y - 4, box.w - 8, row), width=2, border_radius=6
                )
            pygame.draw.circle(
                surface, PIECE[COLOURS[seat]], (x + base * 0.5, y + base * 0.6), base * 0.5
            )
            name_width = round(box.w - base * 9.2)
            text(surface, self.name(seat), (x + base * 1.4, y), base, TEXT, width=name_width)
            where = state.where[seat]
            at = {START: "at START", OUT: "rolled out", WAITING: "off the board"}
            text(
                surface,
                at.get(where, f"stop {where}"),
                (x + base * 1.4, y + base),
                round(base * 0.85),
                TEXT_DIM,
            )
            chips = state.columns[seat]
            cx = box.right - base * 6
            _chips(surface, (cx, y + base * 1.3), chips, base * 0.6)
            text(
                surface,
                f"{chips}/{target}",
                (box.right - base * 0.8, y + base * 0.3),
                base,
                POT,
                "topright",
            )
            y += row + 4
        y += base // 2
        text(surface, "what happened", (x, y), base, TEXT)
        y += round(base * 1.3)
        size, step = round(base * 0.85), round(base * 1.05)
        indent = base
        lines = [  # each event wrapped to the panel, its later lines indented
            (part, k > 0)
            for line in self.news
            for k, part in enumerate(wrapped(line, size, box.w - 2 * base - indent))
        ]
        room = max(0, (box.bottom - y - base // 2) // step)
        for line, more in lines[max(0, len(lines) - room) :] if room else []:  # the newest
            text(surface, line, (x + indent * more, y), size, TEXT_DIM)
            y += step


def _cap(seat: int) -> str:
    """A seat's colour as the window writes a name: capitalised."""
    return COLOURS[seat].capitalize()


def _common_prefix(old: tuple[object, ...], new: tuple[object, ...]) -> int:
    """Where ``new`` news starts: the state keeps a sliding window of events."""
    for shift in range(len(old) + 1):
        tail = old[shift:]
        if new[: len(tail)] == tail:
            return len(tail)
    return 0


def _piece(surface: pygame.Surface, pos: tuple[float, float], r: float, top: str | None) -> None:
    """A bottom character, with a top character of colour ``top`` stacked on it if given."""
    x, y = pos
    pygame.draw.circle(surface, BOTTOM_EDGE, (x, y + r * 0.12), r * 0.78)
    pygame.draw.circle(surface, BOTTOM, (x, y), r * 0.74)
    if top is not None:
        pygame.draw.circle(surface, (15, 15, 20), (x, y - r * 0.18), r * 0.56)
        pygame.draw.circle(surface, PIECE[top], (x, y - r * 0.28), r * 0.52)
        pygame.draw.circle(surface, (255, 255, 255), (x - r * 0.18, y - r * 0.46), r * 0.11)


def _chips(surface: pygame.Surface, pos: tuple[float, float], count: int, r: float) -> None:
    """A stack of ``count`` chips (at most 12 drawn)."""
    x, y = pos
    for k in range(min(count, 12)):
        box = pygame.Rect(0, 0, round(2 * r), round(r))
        box.center = (round(x), round(y - k * r * 0.35))
        pygame.draw.ellipse(surface, (150, 110, 20), box.move(0, 2))
        pygame.draw.ellipse(surface, POT, box)


PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def _die(surface: pygame.Surface, box: pygame.Rect, face: int) -> None:
    pygame.draw.rect(surface, (245, 242, 232), box, border_radius=box.w // 6)
    pygame.draw.rect(surface, (90, 90, 100), box, width=1, border_radius=box.w // 6)
    for fx, fy in PIPS.get(face, ()):
        pygame.draw.circle(
            surface, (25, 25, 30), (box.x + fx * box.w, box.y + fy * box.h), box.w * 0.09
        )
    if face not in PIPS:
        text(surface, str(face), box.center, box.h // 2, (25, 25, 30), "center")


def open_table(host: Host, config: AppConfig, match: Match | None = None) -> PushOverTable:
    """The table :mod:`pusher_sim.ui.shell.table_registry` lists for this game: ``match``, else
    ``config.load`` continued, else a fresh game of ``config.seats``."""
    match = match or match_for(config)
    return PushOverTable(TurnFlow(match, False, config.pace, config.autosave), host, config)
