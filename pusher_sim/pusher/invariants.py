"""What makes a Pusher position impossible: trays and balls that do not add up, a ball off the
board, out of play or resting in its own colour. Every such position is a bug, never a move."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from pusher_sim.board import Cell, Colour

if TYPE_CHECKING:
    from pusher_sim.pusher.state import PusherGame


def position_problem(
    game: PusherGame, balls: Mapping[Cell, Colour], trays: Sequence[int]
) -> str | None:
    """What is wrong with ``balls`` on the board and ``trays`` at ``game``'s table, or None."""
    if len(trays) != game.num_players:
        return f"{len(trays)} trays at a table of {game.num_players}"
    on_board = Counter(balls.values())
    per_player = game.config.balls_per_player
    for seat, colour in enumerate(game.colours):
        if trays[seat] < 0:
            return f"{colour.label} tray holds {trays[seat]} balls"
        if trays[seat] + on_board[colour] != per_player:
            return (
                f"{colour.label}: {trays[seat]} in tray + {on_board[colour]} on board"
                f" != {per_player}"
            )
    for cell, colour in balls.items():
        if cell not in game.board:
            return f"a ball lies at {cell}, off the board"
        if colour not in game.seat_of:
            return f"a {colour.label} ball is on the board but not in play"
        if game.geo.colour[cell] == colour:
            return f"a {colour.label} ball rests in its own colour at {cell}"
    return None
