"""Building what one frame of the Pusher table shows (a :class:`~.table_view.PusherView`) from
the table's settled scene, the push or the ball on screen, the aim and the messages: the
painter's only input, made in one place. The I panel's rule text is read here too.
"""

from __future__ import annotations

import textwrap
from typing import Protocol

from pusher_sim.board import Cell, Colour
from pusher_sim.errors import UserError
from pusher_sim.pusher.names import cup_name
from pusher_sim.rules_text import game_of_rule, plain, rule
from pusher_sim.turnloop.match import Match
from pusher_sim.ui.common.replay import REPLAY_HINT, Replay
from pusher_sim.ui.common.turn_flow import TurnFlow
from pusher_sim.ui.pusher.aim import Aim, Flick, triangle_at
from pusher_sim.ui.pusher.board_painter import Painter, board_balls
from pusher_sim.ui.pusher.move_list import MoveList
from pusher_sim.ui.pusher.push_animation import PushAnimation
from pusher_sim.ui.pusher.scene import Demand, Scene
from pusher_sim.ui.pusher.screen_layout import Layout
from pusher_sim.ui.pusher.table_view import AimView, DropView, HandGhost, PusherView
from pusher_sim.ui.shell.sound import Sounds
from pusher_sim.ui.shell.words import game_over_keys


class DropLike(Protocol):
    """A bot's ball dropping into its cup (the table's Drop)."""

    cell: Cell
    colour: Colour
    seat: int
    seconds: float
    t: float


class FramedTable(Protocol):
    """What a frame is built from."""

    scene: Scene
    layout: Layout
    painter: Painter
    moves: MoveList
    aim: Aim | None
    hover: tuple[float, float] | None
    hover_px: tuple[int, int] | None
    strength: float
    note: str
    ghost: HandGhost | None
    show_rule: bool

    @property
    def clock(self) -> float: ...

    @property
    def message(self) -> str: ...

    @property
    def warning(self) -> bool: ...

    @property
    def flow(self) -> TurnFlow: ...

    @property
    def sounds(self) -> Sounds: ...

    @property
    def match(self) -> Match: ...

    @property
    def replay(self) -> Replay | None: ...

    @property
    def animation(self) -> PushAnimation | None: ...

    @property
    def drop(self) -> DropLike | None: ...

    @property
    def push(self) -> object | None: ...

    @property
    def awaiting_person(self) -> bool: ...

    @property
    def loading(self) -> bool: ...

    @property
    def busy(self) -> bool: ...

    def aimed_flick(self) -> Flick: ...


def frame_of(table: FramedTable) -> PusherView:
    """What this frame of ``table`` shows (see :mod:`~pusher_sim.ui.pusher.table_view`)."""
    scene, lay, animation, drop = table.scene, table.layout, table.animation, table.drop
    if animation is not None:
        balls = tuple(animation.board_balls())
        counts = tuple(animation.tray_counts())
    else:
        shown = scene.balls
        if drop is not None:
            shown = tuple(b for b in shown if b[0] != drop.cell)
        balls = tuple(board_balls(lay.board, shown))
        tray = [seat.tray for seat in scene.seats]
        if drop is not None:
            tray[drop.seat] += 1  # the ball is still on its way out of the tray
        counts = tuple(tray)
    person = table.awaiting_person
    pushing = person and scene.demand in (Demand.PUSH, Demand.PUSH_AGAIN)
    placing = person and scene.demand in (Demand.PLACE, Demand.FORM_TRIANGLE)
    hover = None
    if pushing and table.aim is not None:
        hover = table.aim.triangle
    elif pushing and table.hover is not None:
        hover = triangle_at(lay.board, table.hover, scene.pushable)
    last = table.moves.last
    quiet = animation is None and drop is None and last is not None
    aim = None
    if table.aim is not None and scene.mover >= 0:
        colour = scene.seats[scene.mover].colour
        aim = AimView(table.aim.press, table.aim.drag, table.aimed_flick(), colour, table.strength)
    label = None
    if table.aim is None and table.hover_px is not None:
        cell = lay.cell_at_pixel(*table.hover_px)
        if cell is not None:
            label = (cell, cup_name(cell, lay.board.radius))
    rows = table.painter.move_rows()
    return PusherView(
        scene=scene,
        balls=balls,
        tray_counts=counts,
        clock=table.clock,
        pushable=scene.pushable if pushing else (),
        hover=hover,
        legal_cups=scene.legal_cups if placing else frozenset(),
        last_cells=last.cells if quiet and last is not None else (),
        drop=DropView(drop.cell, drop.colour, drop.seat, drop.t / drop.seconds)
        if drop is not None
        else None,
        flying=animation.flying if animation is not None else (),
        flight=animation.flight() if animation is not None else 0.0,
        aim=aim,
        cup_label=label,
        moves=tuple(table.moves.visible(rows)),
        move_total=len(table.moves.entries),
        move_scroll=table.moves.scroll,
        headline=table.replay.headline
        if table.replay is not None
        else table.flow.frame.headline(scene.headline),
        hint=_hint(table),
        aside=_aside(table),
        note=table.note,
        message=table.message,
        warning=table.warning,
        panel=_panel(table),
        ghost=table.ghost if table.aim is None else None,
    )


def _hint(table: FramedTable) -> str:
    """The status line's second row: what the window is busy with, else what is due."""
    if table.replay is not None:
        return REPLAY_HINT
    if table.loading:
        return table.message
    if table.flow.applying:
        return "resolving the push..."
    if table.push is not None:
        return "the balls are rolling... (Space finishes)"
    if table.flow.thinking:
        return f"{table.scene.seats[table.scene.mover].name} is thinking... (F fast-forwards)"
    if table.scene.demand == Demand.OVER:
        return game_over_keys(table.flow.hosted_elsewhere)
    return table.scene.hint


def busy_reason(table: FramedTable) -> str:
    """Why a person's click does nothing now (the push is rolling, a bot is to move...)."""
    if table.replay is not None:
        return "this is a replay (R or Esc ends it)"
    if table.loading:
        return table.message or "a game is being loaded"
    if table.flow.applying:
        return "the push is being resolved"
    if table.push is not None:
        return "the push is still rolling (Space finishes it)"
    if table.drop is not None:
        return "the last move is being shown"
    seat = table.scene.seats[table.scene.mover]
    return f"{seat.title} is to move (F fast-forwards)"


def _aside(table: FramedTable) -> str:
    mute = "   sound off" if table.sounds.muted else ""
    # A joined window follows the host's match: the seed is the host's alone.
    seed = "" if table.flow.hosted_elsewhere else f"   seed {table.match.seed}"
    return f"move {table.scene.moves}{seed}{mute}   I rule   H help"


def _panel(table: FramedTable) -> tuple[str, tuple[str, ...]] | None:
    scene = table.scene
    if table.show_rule:
        return rule_in_force(scene.rule)
    if scene.demand == Demand.OVER and not table.busy and table.replay is None:
        return (scene.result, (game_over_keys(table.flow.hosted_elsewhere),))
    return None


def rule_in_force(number: str) -> tuple[str, tuple[str, ...]]:
    """The rule the status line names, as a panel's title and lines (from docs/rules.md)."""
    try:
        text = plain(rule(game_of_rule(number), number)).strip()
    except UserError:
        return (f"Rule {number}", ("No rule text for this state.", "", "I or Esc closes this."))
    title, _, body = text.partition("\n")
    lines: list[str] = []
    for paragraph in body.strip().split("\n\n"):
        lines.extend(textwrap.wrap(" ".join(paragraph.split()), 64) or [""])
        lines.append("")
    return (title, (*lines, "I or Esc closes this."))
