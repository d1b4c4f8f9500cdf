"""Pusher in text: the board for ``--terminal`` play and ``pusher replay``, and typed commands.

Cups are named by row letter (A is the top row) and place in the row counted from the left
(``C4``), the way the board is drawn. A push names its triangle by its number in the list shown,
or by its three cups, and may add a press point and a flick.
"""

from __future__ import annotations

import math
import string
from collections.abc import Mapping
from typing import Any

from pusher_sim.board import Cell, Triangle
from pusher_sim.errors import UserError
from pusher_sim.finite import parse_finite
from pusher_sim.push_resolution import DEFAULT_STRENGTH
from pusher_sim.pusher.actions import Pass, Place, Push
from pusher_sim.pusher.ascii_board import CHAR_OF_BALL, CUP_CHARS, rows_of
from pusher_sim.pusher.push_words import hand_effect
from pusher_sim.pusher.recorded_outcome import made_from_json
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import State

HELP = """\
commands:
  C4                 place a ball in cup C4 (row C from the top, 4th cup from the left)
  place C4           the same
  push 2             push triangle 2 of the list shown, pressed at its centre, no flick
  push C4 C5 D4      push the triangle of those three cups
  ... at X Y         press X, Y millimetres right/up of the triangle's centre
  ... flick DEG V    flick the pressed ball towards DEG degrees (0 = right, 90 = up) at V m/s
  ... press N%       press N% hard: 0% just loosens the triangle, 100% is the hardest (50%)
  pass               place nothing (only when the rules say you skip, P7)
  undo, help, quit
Upper-case letters are balls (R B Y); lower-case letters are empty cups of that colour
(k is the black centre).
The rules, P1-P13: 'pusher rules pusher' prints them, 'pusher rules P7' one of them."""


def _pusher(state: State) -> PusherState:
    if not isinstance(state, PusherState):
        raise TypeError(f"the Pusher text view cannot show {type(state).__name__}")
    return state


class PusherTextUI:
    """The :class:`~pusher_sim.turnloop.registry.TextUI` of Pusher."""

    def __init__(self, game: PusherGame) -> None:
        self.game = game
        self.rows = rows_of(game.config.board_radius)
        self.names: dict[Cell, str] = {}
        self.reading_order: dict[Cell, int] = {}
        for n, row in enumerate(self.rows):
            for k, cell in enumerate(row):
                self.names[cell] = f"{string.ascii_uppercase[n]}{k + 1}"
                self.reading_order[cell] = len(self.reading_order)
        self.cells = {name: cell for cell, name in self.names.items()}

    # -- drawing -------------------------------------------------------------------------------

    def render(self, state: State, seat: int) -> str:
        st = _pusher(state)
        game = self.game
        lines = []
        for n, row in enumerate(self.rows):
            tokens = []
            for cell in row:
                if cell in st.balls:
                    tokens.append(CHAR_OF_BALL[st.balls[cell]])
                else:
                    tokens.append(CUP_CHARS[game.geo.colour[cell]])
            lines.append(f"{string.ascii_uppercase[n]}  " + " " * abs(row[0][1]) + " ".join(tokens))
        trays = "   ".join(
            f"{game.seat_label(s)} tray {st.trays[s]}" for s in range(game.num_players)
        )
        lines.append(trays)
        if st.last_hand is not None:
            lines.append(f"the hand made the last push: {hand_effect(*st.last_hand)}")
        if st.last_returned:
            back = ", ".join(f"{col.label} from {self.names[c]}" for c, col in st.last_returned)
            lines.append(f"last push sent back: {back}")
        if st.is_terminal():
            lines.append(self._result(st))
            return "\n".join(lines)
        duty = st.duty()
        lines.append(f"{game.seat_label(st.to_move)} to move ({duty.rule}): {duty.reason}")
        if duty.kind == "push":
            for k, tri in enumerate(duty.triangles):
                lines.append(f"  {k + 1}. {' '.join(self.names[c] for c in tri)}")
        elif duty.kind == "place":
            cups = sorted(duty.cups, key=self.reading_order.__getitem__)
            lines.append("  cups: " + " ".join(self.names[c] for c in cups))
        return "\n".join(lines)

    def _result(self, st: PusherState) -> str:
        if st.winner is not None:
            return f"{self.game.seat_label(st.winner)} wins: every ball is on the board (P12)"
        if st.end == "all_passed":
            return "a draw: every player passed in turn (P7)"
        return f"a draw: the move cap of {self.game.config.move_cap} actions ran out"

    def told(self, action: Action, outcome: Mapping[str, Any] | None) -> str:
        """An action as ``pusher replay --verbose`` lists it: a push as a sentence, with what
        the hand made of it where the log records a push made (P8)."""
        if not isinstance(action, Push) or outcome is None or "made" not in outcome:
            return str(action)
        return f"{action}; the hand: {hand_effect(action, made_from_json(outcome, action))}"

    def prompt(self, state: State, seat: int) -> str:
        st = _pusher(state)
        kind = st.duty().kind
        what = {"push": "push N", "place": "cup", "pass": "pass"}[kind]
        return f"{self.game.seat_label(seat)}, {what}"

    def help(self) -> str:
        return HELP

    # -- reading -------------------------------------------------------------------------------

    def cell(self, word: str) -> Cell:
        """A cup by its name (``C4``) or its axial coordinates (``-1,2``)."""
        name = word.strip().upper()
        if name in self.cells:
            return self.cells[name]
        parts = name.split(",")
        if len(parts) == 2:
            try:
                cell = (int(parts[0]), int(parts[1]))
            except ValueError:
                pass
            else:
                if cell in self.game.board:
                    return cell
        raise UserError(f"no cup {word!r}: name a cup like C4 (row letter, place in the row)")

    def parse(self, text: str, state: State, seat: int) -> Action:
        st = _pusher(state)
        words = text.replace(";", " ").split()
        if not words:
            raise UserError("type a cup (C4), push N, or pass; help lists the commands")
        head = words[0].lower()
        if head == "pass":
            if len(words) > 1:
                raise UserError("pass takes nothing after it")
            return Pass()
        if head == "place":
            if len(words) != 2:
                raise UserError("place takes one cup: place C4")
            return Place(self.cell(words[1]))
        if head == "push":
            return self._parse_push(words[1:], st)
        if len(words) == 1:
            return Place(self.cell(words[0]))
        raise UserError(f"unknown command {words[0]!r}; help lists the commands")

    def _parse_push(self, words: list[str], st: PusherState) -> Push:
        tri, rest = self._parse_triangle(words, st)
        offset = (0.0, 0.0)
        angle = speed = 0.0
        strength = DEFAULT_STRENGTH
        while rest:
            key = rest[0].lower()
            if key == "at" and len(rest) >= 3:
                dx, dy = parse_finite(rest[1]), parse_finite(rest[2])
                offset = (dx / 1000.0, dy / 1000.0)
                rest = rest[3:]
            elif key == "flick" and len(rest) >= 3:
                angle = math.radians(parse_finite(rest[1]))
                speed = parse_finite(rest[2])
                rest = rest[3:]
            elif key == "press" and len(rest) >= 2:
                percent = parse_finite(rest[1].removesuffix("%"))
                if not 0.0 <= percent <= 100.0:
                    raise UserError(f"press strength is 0% to 100%, not {rest[1]}")
                strength = percent / 100.0
                rest = rest[2:]
            else:
                raise UserError(
                    "after the triangle: 'at X Y' (mm), 'flick DEG SPEED' and/or 'press N%'"
                )
        return Push(tri, offset, angle, speed, strength)

    def _parse_triangle(self, words: list[str], st: PusherState) -> tuple[Triangle, list[str]]:
        if not words:
            raise UserError("push which triangle? push N (from the list) or push C4 C5 D4")
        if words[0].isdigit():
            duty = st.duty()
            k = int(words[0])
            if not 1 <= k <= len(duty.triangles):
                shown = len(duty.triangles)
                raise UserError(f"there is no triangle {k} to push ({shown} listed)")
            return duty.triangles[k - 1], words[1:]
        if len(words) < 3:
            raise UserError("a triangle is three cups: push C4 C5 D4")
        a, b, c = sorted(self.cell(w) for w in words[:3])
        return (a, b, c), words[3:]
