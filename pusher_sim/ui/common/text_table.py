"""The text table: how a game without a table of its own plays in the window.

It shows the game's text view of the seat's observation (the ``render`` of the game's TextUI,
from its registry entry) in a fixed-width font, the moves so far, and the legal moves as buttons
(labelled by the entry's ``action_label``, else the action's own words). Everything else (the
header, undo, new game, saves, replay, help, the bots' pace, the autosave) is the
:class:`~pusher_sim.ui.common.game_table.GameTable` framework's, as at every table. Nothing is
animated: what it shows is read off the position and the seat's history each frame.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.registry import TextUI, get_spec
from pusher_sim.turnloop.seat_view import SeenMove
from pusher_sim.turnloop.state import CHANCE, State
from pusher_sim.ui.common.game_table import GameTable, TableKind
from pusher_sim.ui.common.tabletop import OnTable
from pusher_sim.ui.common.turn_flow import Played
from pusher_sim.ui.shell.widgets import (
    ACCENT,
    BUTTON_EDGE,
    PANEL,
    TEXT,
    TEXT_DIM,
    Button,
    mono,
    panel,
    press_button,
    row_of_buttons,
    text,
    text_size,
)
from pusher_sim.ui.shell.words import seat_name

BACKGROUND = (22, 26, 34)
HEADER = (14, 16, 22)
NUMBER_KEYS = (
    pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5,
    pygame.K_6, pygame.K_7, pygame.K_8, pygame.K_9,
)  # fmt: skip
"""The keys of the first nine buttons on show."""
BUTTON_ROWS = 3
"""The most rows of move buttons on show at once (Tab shows the rest)."""
SMALLEST_VIEW = 0.8
"""The smallest text view, as a share of the window's text size: below it lines wrap instead."""
HELP = (
    "Your legal moves are the buttons under the position: click one,",
    "   or type its number (1-9). Tab shows more moves when they do not all fit.",
    "The list on the right is every move so far, the newest at the bottom.",
)


def plain_label(action: Action) -> str:
    """A move in words when its game gives none: the action's own ``str`` if its class writes
    one, else its name and fields ("take: heap 1, count 2")."""
    if type(action).__str__ is not object.__str__ and "__str__" in vars(type(action)):
        return str(action)
    name = type(action).__name__.lower()
    fields = [f"{f.name} {getattr(action, f.name)}" for f in dataclasses.fields(action)]
    return f"{name}: {', '.join(fields)}" if fields else name


@dataclass(frozen=True)
class TextAreas:
    """Where the text table draws each part in a window of ``size``."""

    base: int
    header: pygame.Rect
    view: pygame.Rect
    moves: pygame.Rect
    buttons: pygame.Rect

    @classmethod
    def fit(cls, size: tuple[int, int], rows: int) -> TextAreas:
        """The areas with room for ``rows`` rows of buttons (1 to :data:`BUTTON_ROWS`)."""
        w, h = size
        base = text_size(size)
        gap = base
        header = pygame.Rect(0, 0, w, round(base * 2.7))
        rows = min(max(rows, 1), BUTTON_ROWS)
        buttons_h = rows * round(base * 1.6) + (rows - 1) * max(4, base // 3)
        buttons = pygame.Rect(gap, h - buttons_h - gap // 2, w - 2 * gap, buttons_h)
        body_top = header.bottom + gap // 2
        body_h = buttons.y - gap // 2 - body_top
        moves_w = max(round(w * 0.3), base * 12)
        moves = pygame.Rect(w - gap - moves_w, body_top, moves_w, body_h)
        view = pygame.Rect(gap, body_top, moves.x - 2 * gap, body_h)
        return cls(base, header, view, moves, buttons)


class TextTable(OnTable):
    """The tabletop of a game without its own (see the module docstring)."""

    help_lines = HELP
    replay_recall = 0

    def __init__(self, table: GameTable[TextTable]) -> None:
        super().__init__(table)
        spec = get_spec(self.match.game.name)
        self.words: TextUI = spec.text_ui(self.match.game)
        self.label: Callable[[Action], str] = spec.action_label or plain_label
        self.buttons: list[Button] = []
        self.page = 0
        """Which screenful of move buttons is on show (Tab turns it)."""
        self.more = False
        """Some legal moves did not fit: Tab shows them."""

    # -- what is shown ----------------------------------------------------------------------

    def name(self, seat: int) -> str:
        if seat == CHANCE:
            return "chance"
        return seat_name(
            self.match.game.seat_label(seat), self.match.log.seats[seat], seat == self.flow.you
        )

    def move_lines(self) -> list[str]:
        """Every move the seat has seen, numbered, in words."""
        decode = self.match.game.action_codec.decode
        return [f"{n}. {self._told(decode, m)}" for n, m in enumerate(self.mirror.history, 1)]

    def _told(self, decode: Callable[[dict[str, object]], Action], move: SeenMove) -> str:
        what = "(not seen)" if move.action is None else self.label(decode(dict(move.action)))
        return f"{self.name(move.mover)}: {what}"

    def status_line(self) -> str:
        state = self.seen
        if state.is_terminal():
            return f"the game is over: {self.result(state)}"
        if self.flow.awaiting >= 0:
            return f"{self.name(self.flow.awaiting)}: your move"
        mover = state.current_player()
        return "chance is playing..." if mover == CHANCE else f"{self.name(mover)} is playing..."

    def result(self, state: State) -> str:
        returns = state.returns()
        best = max(returns)
        winners = [s for s, r in enumerate(returns) if r == best]
        if len(winners) == len(returns):
            return "a draw"
        return " and ".join(self.name(s) for s in winners) + " won"

    def legal(self) -> list[Action]:
        """The moves a person may make now (none while a replay, a load or a bot runs)."""
        if self.flow.awaiting < 0 or self.replay is not None or self.loading:
            return []
        return self.seen.legal_actions()

    # -- input ------------------------------------------------------------------------------

    def handle_table(self, event: pygame.event.Event) -> None:
        if self.flow.pass_to >= 0:  # hidden hands in hot-seat play: nothing until taken
            click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            if click or (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE):
                self.flow.take_screen()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and self.more:
            self.page += 1
            return
        press_button(self.buttons, event)

    def hint(self) -> str:
        more = "   Tab: more moves" if self.more else ""
        return f"click a move or type its number{more}   H: help"

    # -- moves ------------------------------------------------------------------------------

    def on_played(self, played: Played) -> None:
        """Say the move (at the end, the message line keeps the game-over keys instead)."""
        self.page = 0
        if self.seen.is_terminal():
            self.say("")  # the message line goes back to the game-over keys
        elif self.mirror.history:
            decode = self.match.game.action_codec.decode
            self.say(self._told(decode, self.mirror.history[-1]))

    def restarted(self) -> None:
        self.page = 0

    def advance(self, dt: float) -> None:
        """Nothing moves on a text table."""

    # -- drawing ----------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        areas = TextAreas.fit(size, self._rows(size))
        surface.fill(BACKGROUND)
        head = f"{self.table.title}   move {self.mirror.moves}"
        self.table.draw_header(surface, areas.header, areas.base, HEADER, head, self.status_line())
        if self.flow.pass_to >= 0:
            self.buttons = []
            who = self.name(self.flow.pass_to)
            lines = (f"{who}: click or press Space when you have the screen.",)
            panel(surface, f"Pass the screen to {who}", lines, areas.base)
            return
        seat = self.flow.viewer
        self._draw_view(surface, areas.view, self.words.render(self.seen, seat), areas.base)
        self._draw_moves(surface, areas.moves, areas.base)
        self.buttons = self._lay_buttons(areas.buttons, areas.base)
        for button in self.buttons:
            button.draw(surface, areas.base)

    def _draw_view(self, surface: pygame.Surface, box: pygame.Rect, view: str, base: int) -> None:
        """The text view in a fixed-width font: as large as fits, from half as large again as
        ``base`` down to :data:`SMALLEST_VIEW` of it; lines still too wide are wrapped at spaces,
        and what is still too long for the box is cut at its edge."""
        pygame.draw.rect(surface, PANEL, box, border_radius=8)
        pad = base // 2
        room = pygame.Rect(box.x + pad, box.y + pad, box.w - 2 * pad, box.h - 2 * pad)
        lines = view.splitlines() or [""]
        smallest = max(12, round(base * SMALLEST_VIEW))
        size = round(base * 1.5)
        while size > smallest:
            face = mono(size)
            wide = max(face.size(line)[0] for line in lines)
            if wide <= room.w and face.get_linesize() * len(lines) <= room.h:
                break
            size -= 1
        face = mono(size)
        columns = max(8, room.w // max(1, face.size("M")[0]))
        shown = [part for line in lines for part in wrap_columns(line, columns)]
        clip = surface.get_clip()
        surface.set_clip(room)
        for n, line in enumerate(shown):
            y = room.y + n * face.get_linesize()
            if y + face.get_linesize() > room.bottom:
                break
            surface.blit(face.render(line, True, TEXT), (room.x, y))
        surface.set_clip(clip)

    def _draw_moves(self, surface: pygame.Surface, box: pygame.Rect, base: int) -> None:
        """The moves so far, the newest at the bottom (as many as fit)."""
        pygame.draw.rect(surface, PANEL, box, border_radius=8)
        pygame.draw.rect(surface, BUTTON_EDGE, box, width=1, border_radius=8)
        pad = base // 2
        text(surface, "Moves", (box.x + pad, box.y + pad // 2), base, ACCENT)
        row = round(base * 1.15)
        top = box.y + pad // 2 + row + pad // 2
        room = max(0, (box.bottom - pad // 2 - top) // row)
        lines = self.move_lines()
        shown: Sequence[str] = lines[-room:] if room else []
        if not lines:
            shown = ["no moves yet"]
        for n, line in enumerate(shown):
            colour = TEXT if n == len(shown) - 1 and lines else TEXT_DIM
            text(surface, line, (box.x + pad, top + n * row), base, colour, width=box.w - 2 * pad)

    def _rows(self, size: tuple[int, int]) -> int:
        """The rows the legal moves' buttons take across the window."""
        base = text_size(size)
        row = pygame.Rect(base, 0, size[0] - 2 * base, 10**6)
        return len({b.rect.y for b in self._fitting(self.legal(), row, base)})

    def _lay_buttons(self, area: pygame.Rect, base: int) -> list[Button]:
        """A button for each legal move that fits the area, from the page on show."""
        legal = self.legal()
        page_moves = legal
        for _ in range(self.page):  # skip the screenfuls already seen
            fitting = len(self._fitting(page_moves, area, base))
            page_moves = page_moves[fitting:] or legal
        buttons = self._fitting(page_moves, area, base)
        self.more = len(buttons) < len(legal)
        if not self.more:
            self.page = 0
        return buttons

    def _fitting(self, moves: Sequence[Action], area: pygame.Rect, base: int) -> list[Button]:
        specs = []
        for n, action in enumerate(moves):
            key, hint = (NUMBER_KEYS[n], str(n + 1)) if n < len(NUMBER_KEYS) else (0, "")
            specs.append((self.label(action), self.doer(action), key, hint))
        laid = row_of_buttons(specs, area, base)
        return [b for b in laid if b.rect.bottom <= area.bottom] or laid[:1]


def wrap_columns(line: str, columns: int) -> list[str]:
    """``line`` broken at spaces into pieces of at most ``columns`` characters, each piece after
    the first indented as far as the line is, and two more (a longer word is cut when drawn)."""
    indent = " " * (len(line) - len(line.lstrip()) + 2)
    pieces: list[str] = []
    rest = line
    while len(rest) > columns:
        cut = rest.rfind(" ", len(indent) if pieces else 1, columns + 1)
        if cut <= len(indent.rstrip()):
            break
        pieces.append(rest[:cut].rstrip())
        rest = indent + rest[cut:].lstrip()
    return [*pieces, rest]


open_table = TableKind(TextTable)
"""The table of every game whose registry entry names none (see
:data:`pusher_sim.ui.shell.table_registry.DEFAULT_TABLE`): calling it opens the table."""
