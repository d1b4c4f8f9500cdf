"""What one frame of the Push table shows, as plain data: the painter's only input.

The table (:mod:`~pusher_sim.ui.rummy.rummy_table`) builds a :class:`PushView` each frame from
its seat's view of the position (its :class:`~pusher_sim.turnloop.seat_view.SeatMirror`: the
seat's own hand and the public cards, nothing of another hand), the selection, the cards in
flight and "what happened"; :mod:`~pusher_sim.ui.rummy.push_painter` draws it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pusher_sim.ui.rummy.table_layout import Layout
from pusher_sim.ui.shell.widgets import Button
from rummy.observation import RummyObservation


@dataclass(frozen=True)
class Flight:
    """A card travelling across the table: ``card`` face up, or -1 for a back."""

    card: int
    start: tuple[float, float]
    end: tuple[float, float]
    delay: float


@dataclass(frozen=True)
class NewsView:
    """The lines of "what happened" in view: (text, its event's index), where they are in the
    whole story, and how many newer lines are scrolled out of view."""

    lines: tuple[tuple[str, int], ...]
    first: int
    total: int
    newest_event: int
    back: int
    earlier_event: int
    """The event of the line just above the first in view (-1: none): a line of the same event
    is indented."""


@dataclass(frozen=True)
class PushView:
    """Everything one frame draws below the header strip."""

    layout: Layout
    obs: RummyObservation
    """The viewer's observation: their hand, the public table, every count."""
    names: tuple[str, ...]
    """Each seat as the table names it ("East (bot)")."""
    viewer: int
    hand_shown: bool
    """False while the screen is being passed (nobody's hand on show)."""
    selected: tuple[int, ...]
    marked: frozenset[int]
    """Cards outlined as new to the hand (a taken discard, a card from the stock, a freed wild)."""
    crossed: frozenset[int]
    """Cards a drag along the hand is crossing (they will be selected)."""
    dragged: tuple[int, tuple[int, int]] | None
    """A card carried by the pointer, and where the pointer is."""
    targets: frozenset[int]
    """Melds the selected or dragged card may go to."""
    draw_from: tuple[bool, bool]
    """Outline (the discard pile, the stock): the viewer must draw and may take from it."""
    buttons: tuple[Button, ...]
    flights: tuple[Flight, ...]
    flight_clock: float
    news: NewsView
    panel: tuple[str, tuple[str, ...]] | None
    """A card over the table (the screen to pass, a deal's points, the match's end), or None."""
    passing: bool
