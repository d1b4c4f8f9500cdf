"""The Push (partnership rummy) table: your sorted hand, the stock and discard pile, the melds of
each team, the scores per deal and per match, and buttons for exactly the commands the rules
allow now with the cards you have selected.

Click cards to select them (or drag one onto the discard pile or a meld); click the discard pile
to take it and the stock to push. The table draws one seat's observation only (see
:mod:`pusher_sim.ui.common.turn_flow`), so another seat's hand can never reach the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from pusher_sim.errors import IllegalMove
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.state import CHANCE
from pusher_sim.ui.common.game_table import GameTable, match_for
from pusher_sim.ui.common.turn_flow import Played, TurnFlow
from pusher_sim.ui.rummy.card_painter import CardPainter
from pusher_sim.ui.rummy.offers import label as action_label
from pusher_sim.ui.rummy.offers import offers_for
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.mode import Host
from pusher_sim.ui.shell.widgets import (
    ACCENT,
    TEXT,
    TEXT_DIM,
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
from rummy.actions import (
    Discard,
    DrawStock,
    LayMelds,
    LayOff,
    PushDraw,
    ReplaceWild,
    Shuffle,
    TakeDiscard,
)
from rummy.cards import card_str, fits_naturally, slot_str, sort_key
from rummy.game import SEAT_NAMES
from rummy.melds import TableMeld, layoff_slots
from rummy.observation import RummyObservation
from rummy.scoring import TEAMS, hand_points
from rummy.state import DRAW, MELD, OVER, SHUFFLE, RummyState

FELT = (22, 78, 52)
FELT_DARK = (14, 54, 36)
NUMBER_KEYS = tuple(getattr(pygame, f"K_{n}") for n in range(1, 10))
LOG_KEYS = {pygame.K_PAGEUP: 1, pygame.K_PAGEDOWN: -1, pygame.K_UP: 1, pygame.K_DOWN: -1}
"""Keys that scroll "what happened": pages (PgUp, PgDn) or lines (Up, Down) back (+) or on (-)."""
HIDDEN_DRAWS = (DrawStock, PushDraw)
"""Moves that hand a card from the stock to a player, who then knows it."""
DRAG_PIXELS = 8
FLIGHT_SECONDS = 0.45

HELP = (
    "Draw: click the discard pile to take it, or the stock to push",
    "   (the stock card and the discard go to your left; you draw from the stock).",
    "Then select cards with clicks: the buttons offer what the rules allow",
    "   with them: your contract, a new meld, a lay-off, a wild replaced.",
    "   Drag along your hand to select every card the drag crosses.",
    "End the turn by discarding: select one card and press its button,",
    "   or drag the card onto the discard pile (onto a meld to lay it off).",
    "1-9  the numbered buttons   Tab  more buttons (when they do not fit)",
    "0 or right click  clear the selection",
    "What happened: PgUp/PgDn, Up/Down or the wheel scroll back; End the newest.",
    "U cannot take back a card drawn from the stock: you have seen it.",
)


@dataclass(frozen=True)
class Flight:
    """A card travelling across the table: ``card`` face up, or -1 for a back."""

    card: int
    start: tuple[float, float]
    end: tuple[float, float]
    delay: float


@dataclass(frozen=True)
class Layout:
    """Where everything goes at one window size."""

    width: int
    height: int
    base: int
    """The body text size in pixels."""
    card: tuple[int, int]
    small: tuple[int, int]
    header: pygame.Rect
    seats: pygame.Rect
    top: pygame.Rect
    stock: pygame.Rect
    discard: pygame.Rect
    melds: pygame.Rect
    buttons: pygame.Rect
    hand: pygame.Rect

    @classmethod
    def fit(cls, size: tuple[int, int]) -> Layout:
        w, h = size
        base = text_size(size)
        cw = max(36, min(130, round(min(w / 14, h / 8.4))))
        ch = round(cw * 1.4)
        sw = max(26, round(cw * 0.6))
        m = max(6, base // 2)
        header = pygame.Rect(0, 0, w, round(base * 2.6))
        raise_px = round(ch * 0.22)
        hand = pygame.Rect(m, h - m - ch - raise_px, w - 2 * m, ch + raise_px)
        button_h = round(base * 1.6)
        buttons = pygame.Rect(m, hand.y - 2 * (button_h + 6) - 2, w - 2 * m, 2 * (button_h + 6))
        left = round(w * 0.17)
        top_h = max(ch + base * 2, round(base * 7.5))
        top = pygame.Rect(left + m, header.bottom + m, w - left - 2 * m, top_h)
        stock = pygame.Rect(top.x + m, top.y + m, cw, ch)
        discard = pygame.Rect(stock.right + round(cw * 0.35), top.y + m, cw, ch)
        melds = pygame.Rect(
            left + m, top.bottom + m, w - left - 2 * m, buttons.y - top.bottom - 2 * m
        )
        seats = pygame.Rect(m, header.bottom + m, left - m, buttons.y - header.bottom - 2 * m)
        return cls(
            w,
            h,
            base,
            (cw, ch),
            (sw, round(sw * 1.4)),
            header,
            seats,
            top,
            stock,
            discard,
            melds,
            buttons,
            hand,
        )


class RummyTable(GameTable):
    """The Push table as a window mode; see the module docstring."""

    title = "Push"
    help_lines = HELP
    hint = "select cards, then a button; H for help"

    def __init__(self, flow: TurnFlow, host: Host, config: AppConfig) -> None:
        super().__init__(flow, host, config)
        self.selected: list[int] = []
        self.flights: list[Flight] = []
        self.flight_clock = 0.0
        self.news: list[str] = []
        """Everything that happened this match, oldest first (rebuilt from the log on a load
        or an undo)."""
        self.news_back = 0
        """How many lines "what happened" is scrolled back from the newest."""
        self.offer_page = 0
        """Which page of buttons is shown when the offers do not fit on one."""
        self.shown_offers: list[Action] = []
        """The actions of the offer buttons drawn now, in order (the first buttons)."""
        self._pages: tuple[object, list[tuple[int, int]]] | None = None
        self._paged_for: object = None
        self._wrapped: tuple[tuple[int, int, int, int], list[tuple[str, int]]] | None = None
        self.deal_pause = -1
        """Index of a finished deal whose scores wait for a person to go on, or -1."""
        self.buttons: list[Button] = []
        self._press: tuple[int, tuple[int, int]] | None = None
        self.drag: tuple[int, tuple[int, int]] | None = None
        """The card being dragged and where the pointer is."""
        self.layout = Layout.fit(self.screen_size)
        self.cards = CardPainter(self.layout.card[0])
        self.small_cards = CardPainter(self.layout.small[0])
        self._meld_scale = 1.0
        self._backs: CardPainter | None = None
        self._offers: tuple[tuple[Match, int, tuple[int, ...]], list[tuple[str, Action]]] | None
        self._offers = None
        self.news = self._news_of_match()
        self.fresh: set[int] = set()
        """Cards that came to the viewer's hand from the stock this turn (marked, as a taken
        discard is)."""
        self._fresh_for = self.flow.viewer

    # -- what the viewer sees ---------------------------------------------------------------

    @property
    def state(self) -> RummyState:
        state = self.match.state
        assert isinstance(state, RummyState)
        return state

    def view(self) -> RummyObservation:
        return self.state.observation(self.flow.viewer)

    def hint_now(self) -> str:
        if self.deal_pause >= 0:
            return "Space or a click: the next deal"
        return super().hint_now()

    def name(self, seat: int) -> str:
        if seat == CHANCE:
            return "the dealer"
        you = seat == self.flow.viewer and not self.flow.hot_seat
        return seat_name(SEAT_NAMES[seat], self.match.log.seats[seat], you)

    def resize(self, size: tuple[int, int]) -> None:
        if size != (self.layout.width, self.layout.height):
            self.screen_size = size
            self.layout = Layout.fit(size)
            self.cards = CardPainter(self.layout.card[0])
            self.small_cards = CardPainter(self.layout.small[0])

    # -- geometry the pointer and the tests share -------------------------------------------

    def hand_rects(self) -> dict[int, pygame.Rect]:
        """Where each card of the viewer's hand is drawn (selected cards raised)."""
        if self.flow.pass_to >= 0:
            return {}
        hand = self.view().hand
        lay = self.layout
        cw, ch = lay.card
        if not hand:
            return {}
        step = min(cw + 6.0, (lay.hand.w - cw) / max(1, len(hand) - 1))
        x0 = lay.hand.centerx - (step * (len(hand) - 1) + cw) / 2
        rects = {}
        for i, card in enumerate(hand):
            y = lay.hand.y if card in self.selected else lay.hand.bottom - ch
            rects[card] = pygame.Rect(round(x0 + i * step), y, cw, ch)
        return rects

    def card_at(self, pos: tuple[int, int]) -> int:
        for card, rect in reversed(self.hand_rects().items()):
            if rect.collidepoint(pos):
                return card
        return -1

    def meld_rects(self) -> dict[int, pygame.Rect]:
        return {m.id: rect for m, rect, _ in self._meld_places()}

    def _meld_places(self) -> list[tuple[TableMeld, pygame.Rect, float]]:
        """Each meld, its rectangle (label included) and the step between its cards."""
        lay = self.layout
        melds = self.state.melds
        places: list[tuple[TableMeld, pygame.Rect, float]] = []
        for scale in (1.0, 0.8, 0.62, 0.5):
            sw, sh = round(lay.small[0] * scale), round(lay.small[1] * scale)
            step = sw * 0.5
            label = round(lay.base * 1.1)
            places = []
            fits = True
            words = font(max(14, round(lay.base * 0.8)))
            for team in (0, 1):
                half = lay.melds.w // 2
                area = pygame.Rect(lay.melds.x + team * half, lay.melds.y, half - 6, lay.melds.h)
                x, y = area.x + 6, area.y + round(lay.base * 1.5)
                for meld in (m for m in melds if m.owner % 2 == team):
                    w = round(sw + step * (len(meld.cards) - 1))
                    w = min(max(w, words.size(meld_label(meld))[0]), area.w - 12)
                    if x + w > area.right and x > area.x + 6:
                        x, y = area.x + 6, y + sh + label + 4
                    places.append((meld, pygame.Rect(x, y, w, sh + label), step))
                    x += w + round(sw * 0.4)
                fits = fits and y + sh + label <= area.bottom
            if fits:
                break
        self._meld_scale = scale
        return places

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        """Where cards going to or from ``seat`` fly (its hand, or its panel)."""
        lay = self.layout
        if seat == self.flow.viewer:
            return (lay.hand.centerx - lay.card[0] / 2, lay.hand.bottom - lay.card[1])
        box = self._seat_box(seat)
        return (box.x + box.w * 0.1, box.centery - lay.small[1] / 2)

    def _seat_box(self, seat: int) -> pygame.Rect:
        lay = self.layout
        order = [(self.flow.viewer + k) % 4 for k in (1, 2, 3)]
        k = order.index(seat) if seat in order else 0
        h = lay.seats.h // 3
        return pygame.Rect(lay.seats.x, lay.seats.y + k * h, lay.seats.w, h - 6)

    # -- offers: the commands the rules allow with the selection ----------------------------

    def _offers_key(self) -> object:
        return self._offers[0] if self._offers is not None else None

    def offers(self) -> list[tuple[str, Action]]:
        """(label, action) for every legal command given the selected cards, best first.

        Worked out once per position and selection: frames in between reuse it."""
        if self.flow.awaiting < 0:
            return []
        key = (self.match, self.match.moves, tuple(sorted(self.selected)))
        if self._offers is None or self._offers[0] != key:
            self._offers = (key, offers_for(self.state, self.selected))
        return self._offers[1]

    def _make_buttons(self) -> list[Button]:
        """The offers as buttons in the strip above the hand: as many as fit (at most nine,
        keys 1-9); when more are offered, Tab (or its button) shows the next page of them."""
        offers = self.offers()
        controls: list[tuple[str, Callable[[], None], int, str]] = []
        if self.selected and self.flow.awaiting >= 0:
            controls.append(("clear selection", self.selected.clear, pygame.K_0, "0"))
        pages = self._offer_pages(offers, controls)
        if self._paged_for != self._offers_key():
            self._paged_for, self.offer_page = self._offers_key(), 0  # new offers: first page
        if self.offer_page >= len(pages):
            self.offer_page = 0
        first, end = pages[self.offer_page]
        shown = offers[first:end]
        self.shown_offers = [action for _, action in shown]
        specs = [
            (label, _do(self, action), NUMBER_KEYS[n], str(n + 1))
            for n, (label, action) in enumerate(shown)
        ]
        if len(pages) > 1:
            more = f"more ({self.offer_page + 1} of {len(pages)})"
            specs.append((more, self._next_page, pygame.K_TAB, "Tab"))
        return row_of_buttons(specs + controls, self.layout.buttons, self.layout.base)

    def _next_page(self) -> None:
        self.offer_page += 1  # wraps to the first page when drawn

    def _offer_pages(
        self,
        offers: list[tuple[str, Action]],
        controls: list[tuple[str, Callable[[], None], int, str]],
    ) -> list[tuple[int, int]]:
        """(first, end) of each page of offers: each page as many as fit the button strip
        beside the controls and a "more" button, at most nine. Worked out once per offers."""
        area, base = self.layout.buttons, self.layout.base
        key = (self._offers_key(), len(controls), area.size, base)
        if self._pages is not None and self._pages[0] == key:
            return self._pages[1]

        def fits(first: int, end: int, more: bool) -> bool:
            specs = [(label, _no_op, 0, "9") for label, _ in offers[first:end]]
            if more:
                specs.append(("more (9 of 9)", _no_op, 0, "Tab"))
            laid = row_of_buttons(specs + controls, area, base)
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
        self._pages = (key, pages)
        return pages

    # -- input ------------------------------------------------------------------------------

    def handle_table(self, event: pygame.event.Event) -> None:
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        going_on = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        going_on |= event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)
        if self.flow.pass_to >= 0:
            if going_on:
                self.flow.take_screen()
                self.selected.clear()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_news(3 * event.y)
            return
        if event.type == pygame.KEYDOWN and event.key in (*LOG_KEYS, pygame.K_HOME, pygame.K_END):
            self._scroll_key(event.key)
            return
        if self.deal_pause >= 0:
            if going_on:
                self.deal_pause = -1
            return
        if event.type == pygame.KEYDOWN:
            button = button_for_key(self.buttons, event.key)
            if button is not None:
                button.press()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected.clear()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._mouse_down(event.pos)
        elif event.type == pygame.MOUSEMOTION and self._press is not None:
            card, start = self._press
            far = abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > DRAG_PIXELS
            if self.drag is not None or far:
                self.drag = (card, event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse_up(event.pos)

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        button = button_at(self.buttons, pos)
        if button is not None:
            button.press()
            return
        card = self.card_at(pos)
        if card >= 0:
            self._press = (card, pos)
            return
        if self.flow.awaiting < 0:
            return
        lay = self.layout
        if lay.discard.collidepoint(pos):
            self._first_legal([TakeDiscard()])
        elif lay.stock.collidepoint(pos):
            self._first_legal([PushDraw(), DrawStock()])
        elif len(self.selected) == 1:
            for meld_id, rect in self.meld_rects().items():
                if rect.collidepoint(pos):
                    self._onto_meld(meld_id, self.selected[0])

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        press, drag = self._press, self.drag
        self._press = self.drag = None
        if press is None:
            return
        card = press[0]
        if drag is None:  # a click: select or unselect
            if card in self.selected:
                self.selected.remove(card)
            elif self.flow.awaiting >= 0:
                self.selected.append(card)
            return
        if self.layout.discard.collidepoint(pos):
            self._first_legal([Discard(card)])
            return
        for meld_id, rect in self.meld_rects().items():
            if rect.collidepoint(pos):
                self._onto_meld(meld_id, card)
                return
        swept = self.swept(press[1], pos)
        if swept and self.flow.awaiting >= 0:  # dragged along the hand: select what it crossed
            self.selected += [c for c in swept if c not in self.selected]

    def sweeping(self) -> bool:
        """True while a drag runs along the hand (it selects) rather than carrying a card off."""
        return (
            self.drag is not None
            and self._press is not None
            and bool(self.swept(self._press[1], self.drag[1]))
        )

    def swept(self, start: tuple[int, int], end: tuple[int, int]) -> list[int]:
        """The cards a drag from ``start`` to ``end`` along the hand crossed, or [] if the drag
        left the hand."""
        band = self.layout.hand.inflate(0, self.layout.card[1] // 2)
        if not (band.collidepoint(start) and band.collidepoint(end)):
            return []
        left, right = sorted((start[0], end[0]))
        rects = list(self.hand_rects().items())
        crossed = []
        for n, (card, rect) in enumerate(rects):
            seen_right = rects[n + 1][1].x if n + 1 < len(rects) else rect.right
            if rect.x <= right and seen_right >= left:
                crossed.append(card)
        return crossed

    def _scroll_key(self, key: int) -> None:
        if key == pygame.K_END:
            self.news_back = 0
        elif key == pygame.K_HOME:
            self.news_back = self._most_back()
        else:
            page = key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)
            self.scroll_news(LOG_KEYS[key] * (max(1, self._news_rows() - 1) if page else 1))

    def scroll_news(self, lines: int) -> None:
        """Scroll "what happened" ``lines`` back (negative: towards the newest)."""
        self.news_back = max(0, min(self.news_back + lines, self._most_back()))

    def _most_back(self) -> int:
        """How far back "what happened" scrolls: to where its first line is at the top and the
        rows below it are full (one row says how many lines are newer)."""
        lines, rows = len(self._news_wrapped()), self._news_rows()
        return 0 if lines <= rows else lines - (rows - 1)

    def _onto_meld(self, meld_id: int, card: int) -> None:
        meld = next(m for m in self.state.melds if m.id == meld_id)
        options: list[Action] = [ReplaceWild(meld_id, card)]
        options += [LayOff(meld_id, card, s) for s in layoff_slots(meld, card)]
        self._first_legal(options)

    def _first_legal(self, options: list[Action]) -> None:
        for action in options:
            if self.state.is_legal(action):
                self.perform(action)
                return
        try:
            self.state.validate(options[0])
        except IllegalMove as exc:
            self.say(exc.reason, warning=True)

    # -- moves and their animation ----------------------------------------------------------

    def _mark_fresh(self, played: Played) -> None:
        """Note the cards a draw brought to the viewer's hand; forget them when their turn ends."""
        viewer, action = self.flow.viewer, played.action
        if viewer != self._fresh_for or (isinstance(action, Discard) and played.mover == viewer):
            self.fresh.clear()
            self._fresh_for = viewer
        if isinstance(action, HIDDEN_DRAWS):
            seen = played.before.observation(viewer)
            assert isinstance(seen, RummyObservation)
            self.fresh |= set(self.view().hand) - set(seen.hand)

    def on_played(self, played: Played) -> None:
        self._mark_fresh(played)
        self.selected = [c for c in self.selected if c in self.view().hand]
        if self.flow.awaiting < 0 or played.mover != self.flow.viewer:
            self.selected.clear()
        before = played.before
        assert isinstance(before, RummyState)
        action, mover = played.action, played.mover
        stock, discard = self.layout.stock.topleft, self.layout.discard.topleft
        flights: list[Flight] = []
        if mover >= 0:
            self.sounds.play("place")  # a card laid down, drawn or pushed
        shown = len(self._news_wrapped())
        self.news.extend(self._news(before, action, mover, self.state))
        if self.news_back > 0:  # scrolled back: keep the same lines in view
            self.news_back += len(self._news_wrapped()) - shown
        if isinstance(action, TakeDiscard):
            flights.append(Flight(before.discard[-1], discard, self.seat_anchor(mover), 0.0))
        elif isinstance(action, PushDraw):
            left = self.seat_anchor((mover + 1) % 4)
            flights.append(Flight(-1, stock, left, 0.0))
            flights.append(Flight(before.discard[-1], discard, left, 0.15))
            flights.append(Flight(-1, stock, self.seat_anchor(mover), 0.55))
        elif isinstance(action, DrawStock):
            flights.append(Flight(-1, stock, self.seat_anchor(mover), 0.0))
        elif isinstance(action, Discard):
            flights.append(Flight(action.card, self.seat_anchor(mover), discard, 0.0))
        if flights and self.speed < 50:
            self.flights, self.flight_clock = flights, 0.0
        dealt = len(self.state.results) > len(before.results)
        if dealt and self.flow.people and not self.state.is_terminal() and self.replay is None:
            self.deal_pause = len(self.state.results) - 1

    def _news(self, before: RummyState, action: Action, mover: int, after: RummyState) -> list[str]:
        """The lines "what happened" gets for one move."""
        return [*self._move_news(before, action, mover), *_deal_news(before, after)]

    def _move_news(self, before: RummyState, action: Action, mover: int) -> list[str]:
        """What one move did, said from the position before it."""
        if isinstance(action, Shuffle):
            return [f"deal {len(before.results) + 1}: shuffled and dealt"]
        if mover >= 0:
            return [f"{SEAT_NAMES[mover]}: {self._told(action, before)}"]
        return []

    def _news_of_match(self) -> list[str]:
        """Every line of "what happened" so far, made again from the match's log (after a load,
        a Continue or an undo, the table shows what led here)."""
        match = self.match
        state = match.game.new_initial_state()
        assert isinstance(state, RummyState)
        decode = match.game.action_codec.decode
        lines: list[str] = []
        for data, mover in zip(match.log.actions, match.log.movers, strict=True):
            action = decode(data)
            lines += self._move_news(state, action, mover)
            dealt = len(state.results)
            state.apply(action)
            if len(state.results) > dealt:
                lines += _deal_news(dealt, state)
        return lines

    def _told(self, action: Action, before: RummyState) -> str:
        if isinstance(action, PushDraw):
            left = SEAT_NAMES[(before.player + 1) % 4]
            return f"pushed: {left} gets the {card_str(before.discard[-1])} and a stock card"
        if isinstance(action, LayMelds):
            laid = before.laid[before.player]
            return action_label(before, action) if laid else "laid the contract"
        return str(action)

    def advance(self, dt: float) -> None:
        if self.flights:
            self.flight_clock += dt * self.speed
            end = max(f.delay for f in self.flights) + FLIGHT_SECONDS
            if self.flight_clock >= end:
                self.flights = []

    def holding(self) -> bool:
        return bool(self.flights) or self.deal_pause >= 0

    def showing(self) -> bool:
        return bool(self.flights)

    def restarted(self) -> None:
        self.fresh.clear()
        self.selected.clear()
        self.flights = []
        self.deal_pause = -1
        self.news = self._news_of_match()
        self.news_back = 0

    def undo_refusal(self) -> str:
        """U would take back a card a person has seen come from the stock (their draw, a push
        handing them one) or a deal: the same card would come again, so it may not."""
        match = self.match
        people = {s for s, agent in enumerate(match.agents) if agent is None}
        last = max(n for n, m in enumerate(match.log.movers) if m in people)
        decode = match.game.action_codec.decode
        for data, mover in zip(match.log.actions[last:], match.log.movers[last:], strict=True):
            action = decode(data)
            if isinstance(action, Shuffle):
                return "a deal cannot be taken back"
            seen_by = {mover, (mover + 1) % 4} if isinstance(action, PushDraw) else {mover}
            if isinstance(action, HIDDEN_DRAWS) and seen_by & people:
                return "a card drawn from the stock cannot be taken back: it has been seen"
        return ""

    # -- drawing ----------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        self.resize(surface.get_size())
        lay = self.layout
        surface.fill(FELT)
        state, passing = self.state, self.flow.pass_to >= 0
        obs = self.view()
        self.buttons = [] if passing else self._make_buttons()
        self._draw_header(surface, obs)
        self._draw_seats(surface, obs)
        self._draw_piles(surface, obs)
        self._draw_scores(surface, obs)
        self._draw_melds(surface)
        for button in self.buttons:
            button.draw(surface, lay.base)
        if not passing:
            self._draw_hand(surface, obs)
        self._draw_flights(surface)
        base = lay.base
        if passing:
            shade(surface, 235)
            who = SEAT_NAMES[self.flow.pass_to]
            panel(
                surface,
                f"Pass the screen to {who}",
                [
                    f"{who}: click or press Space when you have the screen.",
                    "Nobody else should look now.",
                ],
                base,
            )
        elif self.deal_pause >= 0:
            shade(surface)
            panel(surface, f"Deal {self.deal_pause + 1} is over", self._deal_lines(), base)
        elif state.phase == OVER:
            shade(surface)
            panel(surface, "The match is over", self._deal_lines(final=True), base)

    def _deal_lines(self, final: bool = False) -> list[str]:
        results = self.state.results
        lines = []
        if results:
            r = results[-1]
            how = {
                "out": f"{SEAT_NAMES[r.went_out]} went out" if r.went_out >= 0 else "",
                "stock": "the stock ran out",
                "turns": "the turn limit was reached",
            }
            lines.append(("the last deal: " if final else "") + how[r.ended_by])
            lines += self._cards_counted()
        for n, r in enumerate(results):
            lines.append(f"deal {n + 1}:  team A {r.scores[0]:>4}   team B {r.scores[1]:>4}")
        a, b = self.state.totals()
        lines.append(f"match:   team A {a:>4}   team B {b:>4}   (fewer points is better)")
        if final:
            winner = "team A (North, South)" if a < b else "team B (East, West)"
            lines.append("a draw" if a == b else f"{winner} wins")
            lines.append(GAME_OVER_KEYS)
        else:
            lines.append("click or press Space for the next deal")
        return lines

    def _cards_counted(self) -> list[str]:
        """Each team's points and the cards behind them: the hands left when the deal ended
        (they stay in the position until the next shuffle)."""
        state = self.state
        if state.phase not in (SHUFFLE, OVER) or not state.results:
            return []
        result, values = state.results[-1], state.cfg.card_values
        lines = []
        for team, seats in enumerate(TEAMS):
            names = ", ".join(SEAT_NAMES[s] for s in seats)
            lines.append(f"team {'AB'[team]} ({names}): {result.scores[team]} points")
            for seat in seats:
                hand = sorted(state.hands[seat], key=sort_key)
                if not hand:
                    lines.append(f"    {SEAT_NAMES[seat]}: no cards left")
                    continue
                cards = " ".join(card_str(c) for c in hand)
                total = hand_points(hand, values)
                went = result.went_out >= 0 and result.went_out % 2 == team
                note = "  (not counted: the team went out)" if went else ""
                lines.append(f"    {SEAT_NAMES[seat]} {total}: {cards}{note}")
        return lines

    def _draw_header(self, surface: pygame.Surface, obs: RummyObservation) -> None:
        lay = self.layout
        contract = " + ".join(f"{kind} of {n}" for kind, n in obs.contract)
        head = f"Deal {obs.deal + 1} of {self.state.cfg.deals}   contract: {contract}"
        if self.deal_pause >= 0:  # the position is already at the next deal's shuffle
            head = f"Deal {self.deal_pause + 1} of {self.state.cfg.deals}"
        self.draw_header(surface, lay.header, lay.base, (12, 30, 22), head, self._status(obs))

    def _status(self, obs: RummyObservation) -> str:
        state = self.state
        if state.phase == OVER:
            return "the match is over"
        if self.deal_pause >= 0:
            return "the deal is over: Space for the next"
        seat = state.current_player()
        if seat < 0:
            return "dealing..."
        if self.flow.awaiting >= 0:
            who = "You" if not self.flow.hot_seat else SEAT_NAMES[seat]
            if state.phase == DRAW:
                return f"{who}: take the discard or push (click a pile)"
            if state.pending_wild >= 0:
                return f"{who}: use the freed {card_str(state.pending_wild)} in a meld"
            return f"{who}: select cards to meld, lay off or discard"
        if self.flow.thinking or self.match.agents[seat] is not None:
            return f"{SEAT_NAMES[seat]} is playing..."
        return f"{SEAT_NAMES[seat]} to play"

    def _draw_seats(self, surface: pygame.Surface, obs: RummyObservation) -> None:
        lay = self.layout
        base = lay.base
        for k in (1, 2, 3):
            seat = (self.flow.viewer + k) % 4
            box = self._seat_box(seat)
            to_move = obs.to_move == seat and obs.phase in (DRAW, MELD)
            pygame.draw.rect(surface, FELT_DARK, box, border_radius=8)
            if to_move:
                pygame.draw.rect(surface, ACCENT, box, width=3, border_radius=8)
            where = ("left", "across", "right")[k - 1]
            team = "A" if seat % 2 == 0 else "B"
            partner = " partner" if k == 2 else ""
            small = round(base * 0.85)
            n = obs.hand_sizes[seat]
            laid = ", contract laid" if obs.laid[seat] else ""
            line = f"{where}{partner}, team {team}" + (", dealer" if obs.dealer == seat else "")
            # Lines that do not fit the panel's width wrap: nothing is cut off.
            rows = [(part, base, TEXT) for part in wrapped(self.name(seat), base, box.w - 12)]
            rows += [(part, small, TEXT_DIM) for part in wrapped(line, small, box.w - 12)]
            count = [
                (p, small, TEXT)
                for p in wrapped(f"{n} card{'s' * (n != 1)}{laid}", small, box.w - 12)
            ]
            y = box.y + 4
            for words, size, colour in rows:
                text(surface, words, (box.x + 6, y), size, colour)
                y += font(max(14, size)).get_linesize()
            bottom = box.bottom - 2 - len(count) * font(max(14, small)).get_linesize()
            for m, (words, size, colour) in enumerate(count):
                text(
                    surface,
                    words,
                    (box.x + 6, bottom + m * font(max(14, size)).get_linesize()),
                    size,
                    colour,
                )
            backs = self._seat_backs(bottom - y - 6)
            if backs is not None:
                sw = backs.width
                step = min(sw * 0.3, (box.w - 12 - sw) / max(1, min(n, 12) - 1))
                for i in range(min(n, 12)):
                    backs.back(surface, (box.x + 6 + i * step, y + 2))

    def _seat_backs(self, room: int) -> CardPainter | None:
        """Card backs that fit ``room`` pixels of height in a seat's panel (None: no room)."""
        width = min(self.layout.small[0], int(room / 1.4))
        if width < 16:
            return None
        if self._backs is None or self._backs.width != width:
            self._backs = CardPainter(width)
        return self._backs

    def _draw_piles(self, surface: pygame.Surface, obs: RummyObservation) -> None:
        lay = self.layout
        base = lay.base
        small = round(base * 0.85)
        flying = {f.card for f in self.flights}
        below = (lay.stock.centerx, lay.stock.bottom + 4)
        text(surface, f"stock {obs.stock_size}", below, small, TEXT, "midtop")
        if obs.stock_size:
            self.cards.back(surface, lay.stock.topleft)
        else:
            pygame.draw.rect(surface, FELT_DARK, lay.stock, width=2, border_radius=6)
        below = (lay.discard.centerx, lay.discard.bottom + 4)
        text(surface, "discard", below, small, TEXT, "midtop")
        top = obs.discard_top
        if top >= 0 and top in flying:
            top = -1  # the card is still on its way there
        if top >= 0:
            self.cards.face(surface, top, lay.discard.topleft)
        else:
            pygame.draw.rect(surface, FELT_DARK, lay.discard, width=2, border_radius=6)
        if self.flow.awaiting >= 0 and obs.phase == DRAW:
            self.cards.outline(surface, lay.discard.topleft, ACCENT)
            if any(isinstance(a, PushDraw) for a in self.state.legal_actions()):
                self.cards.outline(surface, lay.stock.topleft, ACCENT)
        self._draw_news(surface)

    def _news_box(self) -> pygame.Rect:
        """Where "what happened" is written: between the discard pile and the scores."""
        lay = self.layout
        x = lay.discard.right + lay.base
        w = lay.top.right - x - self._scores_width() - lay.base
        return pygame.Rect(x, lay.top.y + 4, max(40, w), lay.top.h - 8)

    def _news_line(self) -> tuple[int, int]:
        """The text size of "what happened" and the height of one of its lines."""
        return round(self.layout.base * 0.9), round(self.layout.base * 1.15)

    def _news_rows(self) -> int:
        return max(1, self._news_box().h // self._news_line()[1])

    def _news_wrapped(self) -> list[tuple[str, int]]:
        """The news broken into lines that fit its box, each with the index of its event (a
        later line of an event is indented); made again only when the news changes."""
        size, _ = self._news_line()
        width = self._news_box().w - 8 - self.layout.base
        key = (id(self.news), len(self.news), width, size)
        if self._wrapped is None or self._wrapped[0] != key:
            lines = [
                (part, n) for n, line in enumerate(self.news) for part in wrapped(line, size, width)
            ]
            self._wrapped = (key, lines)
        return self._wrapped[1]

    def _draw_news(self, surface: pygame.Surface) -> None:
        """The newest lines of "what happened", or older ones when scrolled back; a bar on the
        right shows where the lines shown are in the whole match."""
        box = self._news_box()
        size, step = self._news_line()
        lines = self._news_wrapped()
        rows = self._news_rows()
        self.news_back = min(self.news_back, self._most_back())
        end = len(lines) - self.news_back
        room = rows - 1 if self.news_back > 0 else rows
        first = max(0, end - room)
        for n, (line, event) in enumerate(lines[first:end]):
            colour = TEXT if event == len(self.news) - 1 else TEXT_DIM
            later = first + n > 0 and lines[first + n - 1][1] == event
            x = box.x + (self.layout.base if later else 0)
            text(surface, line, (x, box.y + n * step), size, colour, width=box.right - 8 - x)
        if self.news_back > 0:
            more = f"{self.news_back} newer: PgDn, End"
            text(surface, more, (box.x, box.y + room * step), size, ACCENT, width=box.w - 8)
        if len(lines) > rows:
            track = pygame.Rect(box.right - 4, box.y, 3, rows * step)
            pygame.draw.rect(surface, FELT_DARK, track)
            thumb_h = max(6, track.h * rows // len(lines))
            thumb_y = track.y + (track.h - thumb_h) * first // max(1, len(lines) - room)
            pygame.draw.rect(surface, TEXT_DIM, (track.x, thumb_y, 3, thumb_h))

    def _scores_width(self) -> int:
        return font(max(14, round(self.layout.base * 0.85))).size("deal 5   0000   0000")[0]

    def _draw_scores(self, surface: pygame.Surface, obs: RummyObservation) -> None:
        """Each finished deal's points and the match totals, per team (fewer is better)."""
        lay = self.layout
        size = max(14, round(lay.base * 0.85))
        line = font(size).get_linesize()
        right = lay.top.right - 6
        cols = (right - self._scores_width(), right - font(size).size("   0000")[0], right)
        mine = "AB"[self.flow.viewer % 2]
        rows = [("points", f"A{'*' if mine == 'A' else ''}", f"B{'*' if mine == 'B' else ''}")]
        rows += [(f"deal {n + 1}", str(a), str(b)) for n, (a, b) in enumerate(obs.scores)]
        total_a, total_b = (sum(s[k] for s in obs.scores) for k in (0, 1))
        rows.append(("match", str(total_a), str(total_b)))
        for n, (label, a, b) in enumerate(rows):
            y = lay.top.y + 2 + n * line
            colour = TEXT if n in (0, len(rows) - 1) else TEXT_DIM
            text(surface, label, (cols[0], y), size, colour)
            text(surface, a, (cols[1], y), size, colour, "topright")
            text(surface, b, (cols[2], y), size, colour, "topright")

    def _draw_melds(self, surface: pygame.Surface) -> None:
        lay = self.layout
        base = lay.base
        half = lay.melds.w // 2
        mine = self.flow.viewer % 2
        for team in (0, 1):
            area = pygame.Rect(lay.melds.x + team * half, lay.melds.y, half - 6, lay.melds.h)
            pygame.draw.rect(surface, FELT_DARK, area, border_radius=8)
            names = "North, South" if team == 0 else "East, West"
            you = "  (your team)" if team == mine else ""
            text(surface, f"team {'AB'[team]}: {names}{you}", (area.x + 8, area.y + 4), base, TEXT)
        places = self._meld_places()
        painter = self.small_cards
        if self._meld_scale != 1.0:
            painter = CardPainter(round(lay.small[0] * self._meld_scale))
        targets = set()
        if len(self.selected) == 1 or self.drag is not None:
            card = self.drag[0] if self.drag is not None else self.selected[0]
            targets = {a.meld for _, a in self.offers() if isinstance(a, (LayOff, ReplaceWild))}
            if self.drag is not None:
                targets = {m.id for m in self.state.melds if layoff_slots(m, card)}
        size = round(base * 0.8)
        for meld, rect, step in places:
            text(surface, meld_label(meld), (rect.x, rect.y), size, TEXT_DIM, width=rect.w)
            top = rect.y + round(base * 1.1)
            for i, card in enumerate(meld.cards):
                painter.face(surface, card, (rect.x + i * step, top))
            if meld.id in targets:
                pygame.draw.rect(surface, ACCENT, rect.inflate(6, 6), width=2, border_radius=6)

    def _draw_hand(self, surface: pygame.Surface, obs: RummyObservation) -> None:
        press, drag = self._press, self.drag
        sweeping = self.sweeping()
        dragged = drag[0] if drag is not None and not sweeping else -1
        crossed: set[int] = set()
        if sweeping and press is not None and drag is not None:
            crossed = set(self.swept(press[1], drag[1]))
        for card, rect in self.hand_rects().items():
            if card == dragged:
                continue
            self.cards.face(surface, card, rect.topleft)
            if card in self.selected or card in crossed:
                self.cards.outline(surface, rect.topleft)
            elif card == obs.pending_wild or card == obs.taken or card in self.fresh:
                self.cards.outline(surface, rect.topleft, ACCENT)
        if self.drag is not None and not sweeping:
            cw, ch = self.layout.card
            self.cards.face(surface, dragged, (self.drag[1][0] - cw / 2, self.drag[1][1] - ch / 2))

    def _draw_flights(self, surface: pygame.Surface) -> None:
        for flight in self.flights:
            t = (self.flight_clock - flight.delay) / FLIGHT_SECONDS
            if not 0.0 <= t <= 1.0:
                continue
            t = t * t * (3 - 2 * t)
            x = flight.start[0] + (flight.end[0] - flight.start[0]) * t
            y = flight.start[1] + (flight.end[1] - flight.start[1]) * t
            if flight.card >= 0:
                self.cards.face(surface, flight.card, (x, y))
            else:
                self.cards.back(surface, (x, y))


def meld_label(meld: TableMeld) -> str:
    """What a meld on the table is labelled: its number, its kind, what each wild stands for
    ("5 set 2S=AC"); the meld is laid out at least this wide."""
    wilds = [
        f"{card_str(c)}={slot_str(s)}"
        for c, s in zip(meld.cards, meld.slots, strict=True)
        if not fits_naturally(c, s)
    ]
    return f"{meld.id} {meld.kind}" + (f" {' '.join(wilds)}" if wilds else "")


def _deal_news(before: RummyState | int, after: RummyState) -> list[str]:
    """The line "what happened" gets when a move ended a deal (none for any other move);
    ``before`` is the position before the move, or its number of finished deals."""
    dealt = before if isinstance(before, int) else len(before.results)
    if len(after.results) <= dealt:
        return []
    a, b = after.results[-1].scores
    return [f"deal {len(after.results)} over: team A {a}, team B {b} points"]


def _no_op() -> None:
    """What a button laid out only to measure it would do."""


def _do(table: RummyTable, action: Action) -> Callable[[], None]:
    def press() -> None:
        table.perform(action)

    return press


def open_table(host: Host, config: AppConfig, match: Match | None = None) -> RummyTable:
    """The table :mod:`pusher_sim.ui.shell.table_registry` lists for this game: ``match``, else
    ``config.load`` continued, else a fresh game of ``config.seats``."""
    match = match or match_for(config)
    return RummyTable(TurnFlow(match, True, config.pace, config.autosave), host, config)
