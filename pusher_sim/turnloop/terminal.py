"""Playing at the terminal: the text view, a prompt, and patience with typos."""

from __future__ import annotations

from collections.abc import Callable

from pusher_sim.errors import UserError
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import TextUI


def play_in_terminal(
    match: Match,
    ui: TextUI,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> int:
    """Run ``match`` to the end, asking the people for their moves. Returns an exit code.

    Bad input is answered with a message and asked again; ``quit`` (or end of input) stops.
    ``help`` prints the game's commands; ``undo`` takes back your last turn.
    """
    last_seen: int | None = None
    while not match.state.is_terminal():
        if not match.needs_input():
            action = match.step()
            seat = match.log.movers[-1]
            if seat >= 0:
                write(f"{match.game.seat_label(seat)} plays {action}")
            continue
        seat = match.state.current_player()
        if last_seen != match.moves:
            write(ui.render(match.state, seat))
            last_seen = match.moves
        try:
            text = read(f"{ui.prompt(match.state, seat)} > ").strip()
        except EOFError:
            write("")
            write("bye")
            return 0
        if text in {"quit", "exit", "q"}:
            write("bye")
            return 0
        if text in {"help", "h", "?"}:
            write(ui.help())
            continue
        if text == "undo":
            match.undo_turn()
            last_seen = None
            continue
        try:
            match.step(ui.parse(text, match.state, seat))
        except UserError as exc:
            write(f"  ! {exc}")
    seat = next((s for s, a in enumerate(match.agents) if a is None), 0)
    write(ui.render(match.state, seat))
    return 0
