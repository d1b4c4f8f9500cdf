"""The Push (partnership rummy) table: your sorted hand, the stock and discard pile, the melds of
each team, the scores per deal and per match, and buttons for exactly the commands the rules
allow now with the cards you have selected.

Click cards to select them (or drag one onto the discard pile or a meld); click the discard pile
to take it and the stock to push. The table draws one seat's observation only (see
:mod:`pusher_sim.ui.common.turn_flow`), so another seat's hand can never reach the screen.
"""

from __future__ import annotations

from collections import deque
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
)
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
from rummy.cards import card_str, fits_naturally, slot_str
from rummy.game import SEAT_NAMES
from rummy.melds import TableMeld, layoff_slots
from rummy.observation import RummyObservation
from rummy.state import DRAW, MELD, OVER, RummyState

FELT = (22, 78, 52)
FELT_DARK = (14, 54, 36)
NUMBER_KEYS = tuple(getattr(pygame, f"K_{n}") for n in range(1, 10))
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
    "1-9  the numbered buttons     right click  clear the selection",
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

    def __init__(self, flow: TurnFlow, host: Host, config: AppConfig) -> None:
        super().__init__(flow, host, config)
        self.selected: list[int] = []
        self.flights: list[Flight] = []
        self.flight_clock = 0.0
        self.news: deque[str] = deque(maxlen=4)
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
        self.say("select cards, then a button; H for help")

    # -- what the viewer sees ---------------------------------------------------------------

    @property
    def state(self) -> RummyState:
        state = self.match.state
        assert isinstance(state, RummyState)
        return state

    def view(self) -> RummyObservation:
        return self.state.observation(self.flow.viewer)

    def name(self, seat: int) -> str:
        if seat == CHANCE:
            return "the dealer"
        who = "you" if seat == self.flow.viewer and not self.flow.hot_seat else None
        kind = "person" if self.match.agents[seat] is None else "bot"
        return f"{SEAT_NAMES[seat]} ({who or kind})"

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
            for team in (0, 1):
                half = lay.melds.w // 2
                area = pygame.Rect(lay.melds.x + team * half, lay.melds.y, half - 6, lay.melds.h)
                x, y = area.x + 6, area.y + round(lay.base * 1.5)
                for meld in (m for m in melds if m.owner % 2 == team):
                    w = round(sw + step * (len(meld.cards) - 1))
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
        specs: list[tuple[str, Callable[[], None], int, str]] = []
        for n, (label, action) in enumerate(self.offers()):
            key = NUMBER_KEYS[n] if n < len(NUMBER_KEYS) else 0
            specs.append((label, _do(self, action), key, str(n + 1) if key else ""))
        if self.selected and self.flow.awaiting >= 0:
            specs.append(("clear selection", self.selected.clear, pygame.K_0, "0"))
        return row_of_buttons(specs, self.layout.buttons, self.layout.base)

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
            self.say(f"{exc.rule}: {exc.reason}", warning=True)

    # -- moves and their animation ----------------------------------------------------------

    def on_played(self, played: Played) -> None:
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
        self.news.extend(self._news(before, action, mover, self.state))
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
        lines = []
        if isinstance(action, Shuffle):
            lines.append(f"deal {len(before.results) + 1}: shuffled and dealt")
        elif mover >= 0:
            lines.append(f"{SEAT_NAMES[mover]}: {self._told(action, before)}")
        if len(after.results) > len(before.results):
            result = after.results[-1]
            lines.append(f"deal {len(after.results)} over: {result.scores[0]} : {result.scores[1]}")
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

    def restarted(self) -> None:
        self.selected.clear()
        self.flights = []
        self.deal_pause = -1
        self.news.clear()

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
        if results and not final:
            r = results[-1]
            how = {
                "out": f"{SEAT_NAMES[r.went_out]} went out" if r.went_out >= 0 else "",
                "stock": "the stock ran out",
                "turns": "the turn limit was reached",
            }
            lines.append(how[r.ended_by])
        for n, r in enumerate(results):
            lines.append(f"deal {n + 1}:  team A {r.scores[0]:>4}   team B {r.scores[1]:>4}")
        a, b = self.state.totals()
        lines.append(f"match:   team A {a:>4}   team B {b:>4}   (fewer points is better)")
        if final:
            winner = "team A (North, South)" if a < b else "team B (East, West)"
            lines.append("a draw" if a == b else f"{winner} wins")
            lines.append("N: a new game   Esc: leave")
        else:
            lines.append("click or press Space for the next deal")
        return lines

    def _draw_header(self, surface: pygame.Surface, obs: RummyObservation) -> None:
        lay = self.layout
        contract = " + ".join(f"{kind} of {n}" for kind, n in obs.contract)
        head = f"Deal {obs.deal + 1} of {self.state.cfg.deals}   contract: {contract}"
        self.draw_header(surface, lay.header, lay.base, (12, 30, 22), head, self._status(obs))

    def _status(self, obs: RummyObservation) -> str:
        state = self.state
        if state.phase == OVER:
            return "the match is over"
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
            text(surface, self.name(seat), (box.x + 6, box.y + 4), base, TEXT, width=box.w - 10)
            line = f"{where}{partner}, team {team}" + (", dealer" if obs.dealer == seat else "")
            text(
                surface,
                line,
                (box.x + 6, box.y + 4 + base),
                round(base * 0.85),
                TEXT_DIM,
                width=box.w - 10,
            )
            n = obs.hand_sizes[seat]
            laid = "  contract laid" if obs.laid[seat] else ""
            text(
                surface,
                f"{n} card{'s' * (n != 1)}{laid}",
                (box.x + 6, box.bottom - base - 2),
                round(base * 0.85),
                TEXT,
                width=box.w - 10,
            )
            backs = self._seat_backs(box.h - 3 * base - 16)
            if backs is not None:
                sw = backs.width
                step = min(sw * 0.3, (box.w - 12 - sw) / max(1, min(n, 12) - 1))
                y = box.y + round(2 * base + 8)
                for i in range(min(n, 12)):
                    backs.back(surface, (box.x + 6 + i * step, y))

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
        x = lay.discard.right + base
        for n, line in enumerate(self.news):
            text(
                surface,
                line,
                (x, lay.top.y + 4 + n * round(base * 1.15)),
                round(base * 0.9),
                TEXT if n == len(self.news) - 1 else TEXT_DIM,
                width=lay.top.right - x - self._scores_width() - base,
            )

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
            wilds = [
                f"{card_str(c)}={slot_str(s)}"
                for c, s in zip(meld.cards, meld.slots, strict=True)
                if not fits_naturally(c, s)
            ]
            label = f"{meld.id} {meld.kind}" + (f" {' '.join(wilds)}" if wilds else "")
            text(surface, label, (rect.x, rect.y), size, TEXT_DIM, width=max(rect.w, 60))
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
            elif card == obs.pending_wild or card == obs.taken:
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


def _do(table: RummyTable, action: Action) -> Callable[[], None]:
    def press() -> None:
        table.perform(action)

    return press


def open_table(host: Host, config: AppConfig, match: Match | None = None) -> RummyTable:
    """The table :mod:`pusher_sim.ui.shell.table_registry` lists for this game: ``match``, else
    ``config.load`` continued, else a fresh game of ``config.seats``."""
    match = match or match_for(config)
    return RummyTable(TurnFlow(match, True, config.pace, config.autosave), host, config)
