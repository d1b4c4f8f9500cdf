"""The Push table's strip of buttons: the offers (the commands the rules allow with the cards
selected, :mod:`.offers`) as buttons keyed 1-9, paged with Tab when they do not fit, and the
table's own controls beside them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from pusher_sim.turnloop.actions import Action
from pusher_sim.ui.shell.widgets import Button, row_of_buttons

NUMBER_KEYS = tuple(getattr(pygame, f"K_{n}") for n in range(1, 10))
Control = tuple[str, Callable[[], None], int, str]
"""(label, press, key, the key's name) of a button that is not an offer."""


class OfferButtons:
    """Which page of offers is shown, and the buttons of that page."""

    def __init__(self) -> None:
        self.page = 0
        self.shown: list[Action] = []
        """The actions of the offer buttons drawn now, in order (the first buttons)."""
        self._paged_for: object = None
        self._pages: tuple[object, list[tuple[int, int]]] | None = None

    def next_page(self) -> None:
        self.page += 1  # wraps to the first page when laid out

    def lay_out(
        self,
        offers: Sequence[tuple[str, Action]],
        key: object,
        do: Callable[[Action], Callable[[], None]],
        controls: Sequence[Control],
        area: pygame.Rect,
        size: int,
    ) -> list[Button]:
        """The buttons of the page shown: as many offers as fit (at most nine, keys 1-9), a
        "more" button (Tab) when there are more, then ``controls``. ``key`` names the offers
        (new offers start at the first page)."""
        pages = self._pages_of(offers, key, controls, area, size)
        if self._paged_for != key:
            self._paged_for, self.page = key, 0
        if self.page >= len(pages):
            self.page = 0
        first, end = pages[self.page]
        shown = offers[first:end]
        self.shown = [action for _, action in shown]
        specs: list[Control] = [
            (label, do(action), NUMBER_KEYS[n], str(n + 1))
            for n, (label, action) in enumerate(shown)
        ]
        if len(pages) > 1:
            more = f"more ({self.page + 1} of {len(pages)})"
            specs.append((more, self.next_page, pygame.K_TAB, "Tab"))
        return row_of_buttons([*specs, *controls], area, size)

    def _pages_of(
        self,
        offers: Sequence[tuple[str, Action]],
        key: object,
        controls: Sequence[Control],
        area: pygame.Rect,
        size: int,
    ) -> list[tuple[int, int]]:
        """(first, end) of each page: as many offers as fit the strip beside the controls and
        a "more" button, at most nine. Worked out once per offers."""
        memo = (key, len(controls), area.size, size)
        if self._pages is not None and self._pages[0] == memo:
            return self._pages[1]

        def fits(first: int, end: int, more: bool) -> bool:
            specs: list[Control] = [(label, _no_op, 0, "9") for label, _ in offers[first:end]]
            if more:
                specs.append(("more (9 of 9)", _no_op, 0, "Tab"))
            laid = row_of_buttons([*specs, *controls], area, size)
            return all(b.rect.bottom <= area.bottom for b in laid)

        pages: list[tuple[int, int]] = []
        if len(offers) <= len(NUMBER_KEYS) and fits(0, len(offers), False):
            pages.append((0, len(offers)))
        else:
            first = 0
            while first < len(offers):
                end = first + 1
                while (
                    end < len(offers)
                    and end - first < len(NUMBER_KEYS)
                    and fits(first, end + 1, True)
                ):
                    end += 1
                pages.append((first, end))
                first = end
        if not pages:
            pages.append((0, 0))
        self._pages = (memo, pages)
        return pages


def _no_op() -> None:
    """What a button laid out only to measure it would do."""
