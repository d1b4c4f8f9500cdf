"""Painting one frame of the Push Over table from its :class:`PushOverView`: the loop of stops
with the pieces on them (one walking), the dice (the newest tumbling), the pot, each player's
chips and "what happened". It reads nothing but the view.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from pusher_sim.ui.shell.widgets import (
    ACCENT,
    RGB,
    TEXT,
    TEXT_DIM,
    WARNING,
    Button,
    font,
    panel,
    shade,
    text,
    text_size,
    wrapped,
)
from pushover.dice import move_length
from pushover.game import COLOURS
from pushover.state import BARE, OUT, START, WAITING, PushOverState

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
STEP_SECONDS = 0.09
"""How long a piece takes per stop when it walks."""
FACES = random.Random(0)
"""Faces shown while a die tumbles (looks only: the real value is the chance action)."""


@dataclass(frozen=True)
class Walk:
    """A piece walking along the track: seat, the stops it passes, and the position before."""

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


@dataclass(frozen=True)
class Areas:
    """Where the parts of the table go at one window size."""

    base: int
    header: pygame.Rect
    side: pygame.Rect
    board: pygame.Rect
    buttons: pygame.Rect
    track: pygame.Rect

    @classmethod
    def fit(cls, size: tuple[int, int]) -> Areas:
        w, h = size
        base = text_size(size)
        header = pygame.Rect(0, 0, w, round(base * 2.6))
        side = pygame.Rect(round(w * 0.66), header.bottom, w - round(w * 0.66), h - header.bottom)
        board = pygame.Rect(0, header.bottom, side.x, h - header.bottom)
        buttons = pygame.Rect(
            board.x + base, board.bottom - round(base * 2.4), board.w - base, base * 2
        )
        track = board.inflate(-2 * base, -2 * base)
        track.h -= round(base * 2.4)
        return cls(base, header, side, board, buttons, track)


@dataclass(frozen=True)
class PushOverView:
    """Everything one frame draws below the header strip."""

    state: PushOverState
    """The position on show (the one before the move while its animation runs)."""
    dice: tuple[int, ...]
    tumbling: bool
    """The newest die is still in the air."""
    whose_dice: str
    """Whose dice are on show, as the middle of the track names them ("your dice")."""
    walk: Walk | None
    walk_clock: float
    summary: str
    names: tuple[str, ...]
    news: tuple[str, ...]
    buttons: tuple[Button, ...]
    panel: tuple[str, tuple[str, ...]] | None


def paint(surface: pygame.Surface, areas: Areas, view: PushOverView) -> None:
    """Everything below the header, in stacking order."""
    base = areas.base
    ring = _track(surface, areas.track, view.state, base)
    _pieces(surface, view, ring)
    _middle(surface, view, ring, base)
    _side(surface, view, areas.side, base)
    for button in view.buttons:
        button.draw(surface, base)
    if view.panel is not None:
        shade(surface)
        panel(surface, view.panel[0], view.panel[1], base)


def _track(surface: pygame.Surface, box: pygame.Rect, state: PushOverState, base: int) -> Ring:
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


def _pieces(surface: pygame.Surface, view: PushOverView, ring: Ring) -> None:
    state = view.state
    r = ring.r
    walking = -1
    if view.walk is not None and not view.tumbling:
        walk = view.walk
        walking = walk.seat
        k = min(view.walk_clock / STEP_SECONDS, len(walk.path) - 1.0)
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


def _middle(surface: pygame.Surface, view: PushOverView, ring: Ring, base: int) -> None:
    state = view.state
    centre, rx, ry = ring.centre, ring.rx, ring.ry
    cfg = state.cfg
    size = max(24, min(round(rx * 0.24), round(ry * 0.36)))
    gap = size // 4
    x0 = centre[0] - (cfg.max_dice * size + (cfg.max_dice - 1) * gap) / 2
    y0 = centre[1] - size * 1.1
    text(surface, view.whose_dice, (centre[0], y0 - gap), base, TEXT_DIM, "midbottom")
    for k in range(cfg.max_dice):
        box = pygame.Rect(round(x0 + k * (size + gap)), round(y0), size, size)
        if k >= len(view.dice):
            pygame.draw.rect(surface, BOARD, box, width=2, border_radius=size // 6)
            continue
        face = view.dice[k]
        tumbling = k == len(view.dice) - 1 and view.tumbling
        if tumbling:
            face = FACES.choice(cfg.die_faces)
            box.move_ip(FACES.randint(-3, 3), FACES.randint(-4, 2))
        _die(surface, box, face)
    total = sum(view.dice) if not view.tumbling else sum(view.dice[:-1])
    line = ""
    if view.dice and not view.tumbling:
        line = f"total {total}"
        if state.dice and total <= cfg.roll_limit:
            line += f": stopping moves {move_length(cfg, len(view.dice), total)} stops"
    text(surface, line, (centre[0], y0 + size + gap), base, TEXT, "midtop")
    y = y0 + size + gap + base * 1.3
    if view.summary and not view.tumbling:
        colour = WARNING if "rolled out" in view.summary else ACCENT
        for part in wrapped(view.summary, base, round(rx * 1.5)):
            text(surface, part, (centre[0], y), base, colour, "midtop")
            y += font(base).get_linesize()
    out = [s for s, w in enumerate(state.where) if w == OUT]
    waiting = [s for s, w in enumerate(state.where) if w == WAITING]
    y = max(y, y0 + size + gap + base * 2.3) + base * 0.5
    small = round(base * 0.9)
    for label, seats in (("rolled out", out), ("off the board", waiting)):
        if seats:
            names = ", ".join(cap(s) for s in seats)
            text(surface, f"{label}: {names}", (centre[0], y), small, TEXT_DIM, "midtop")
            y += small * 1.2
    spare = f"bottoms a rolled-out player can mount: {state.free_bottoms}"
    text(surface, spare, (centre[0], y), small, TEXT_DIM, "midtop")


def _side(surface: pygame.Surface, view: PushOverView, box: pygame.Rect, base: int) -> None:
    state = view.state
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
        text(surface, view.names[seat], (x + base * 1.4, y), base, TEXT, width=name_width)
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
        for line in view.news
        for k, part in enumerate(wrapped(line, size, box.w - 2 * base - indent))
    ]
    room = max(0, (box.bottom - y - base // 2) // step)
    for line, more in lines[max(0, len(lines) - room) :] if room else []:  # the newest
        text(surface, line, (x + indent * more, y), size, TEXT_DIM)
        y += step


def cap(seat: int) -> str:
    """A seat's colour as the window writes a name: capitalised."""
    return COLOURS[seat].capitalize()


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
