"""The Push (partnership rummy) table: your sorted hand, the stock and discard pile, the melds of
each team, the scores per deal and per match, and buttons for exactly the commands the rules
allow now with the cards you have selected.

Click cards to select them (or drag one onto the discard pile or a meld); click the discard pile
to take it and the stock to push. The table draws its seat's view only (the common table's
:class:`~pusher_sim.turnloop.seat_view.SeatMirror`: your hand, the public cards, every other
card a stand-in), so another seat's hand can never reach the screen; where things go is
:mod:`.table_layout`, what a frame shows :mod:`.push_view`, the drawing :mod:`.push_painter`,
"what happened" :mod:`.story` and the buttons :mod:`.offer_buttons`.
"""

from __future__ import annotations

import pygame

from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.state import CHANCE
from pusher_sim.ui.common.game_table import REPLAY_RECALL, GameTable, TableKind
from pusher_sim.ui.common.tabletop import OnTable
from pusher_sim.ui.common.turn_flow import Played
from pusher_sim.ui.rummy.card_pointer import CardPointer
from pusher_sim.ui.rummy.offer_buttons import Control, OfferButtons
from pusher_sim.ui.rummy.offers import offers_for
from pusher_sim.ui.rummy.push_painter import FELT, FLIGHT_SECONDS, PushPainter
from pusher_sim.ui.rummy.push_view import Flight, PushView
from pusher_sim.ui.rummy.story import NewsPane, move_lines, story_of
from pusher_sim.ui.rummy.table_layout import Layout
from pusher_sim.ui.rummy.table_text import panel_over, status_line
from pusher_sim.ui.shell.widgets import Button, press_button
from pusher_sim.ui.shell.words import game_over_keys, seat_name
from rummy.actions import Discard, DrawStock, LayOff, PushDraw, ReplaceWild, Shuffle, TakeDiscard
from rummy.game import SEAT_NAMES
from rummy.melds import layoff_slots
from rummy.observation import RummyObservation
from rummy.state import DRAW, RummyState

LOG_KEYS = {pygame.K_PAGEUP: 1, pygame.K_PAGEDOWN: -1, pygame.K_UP: 1, pygame.K_DOWN: -1}
"""Keys that scroll "what happened": pages (PgUp, PgDn) or lines (Up, Down) back (+) or on (-)."""
HIDDEN_DRAWS = (DrawStock, PushDraw)
"""Moves that hand a card from the stock to a player, who then knows it."""

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


class RummyTable(OnTable):
    """The Push tabletop; see the module docstring."""

    help_lines = HELP
    replay_recall = REPLAY_RECALL

    def __init__(self, table: GameTable[RummyTable]) -> None:
        super().__init__(table)
        flow = table.flow
        self.screen_size = table.config.size
        self.selected: list[int] = []
        self.flights: list[Flight] = []
        self.flight_clock = 0.0
        self.story = NewsPane(story_of(self.match, flow.viewer))
        """ "What happened" this match, as the viewer saw it."""
        self.offer_buttons = OfferButtons()
        self.deal_pause = -1
        """Index of a finished deal whose scores wait for a person to go on, or -1."""
        self.buttons: list[Button] = []
        self.pointer = CardPointer(self)
        self.layout = Layout.fit(self.screen_size)
        self.painter = PushPainter(self.layout)
        self._offers: tuple[object, list[tuple[str, Action]]] | None = None
        self.fresh: set[int] = set()
        """Cards that came to the viewer's hand from the stock this turn (marked, as a taken
        discard is)."""
        self._fresh_for = flow.viewer

    # -- what the viewer sees ---------------------------------------------------------------

    @property
    def state(self) -> RummyState:
        """The position as the viewer sees it (the mirror's: other hands are stand-ins)."""
        state = self.seen
        assert isinstance(state, RummyState)
        return state

    def view(self) -> RummyObservation:
        return self.state.observation(self.flow.viewer)

    @property
    def news(self) -> list[str]:
        return self.story.lines

    @property
    def news_back(self) -> int:
        return self.story.back

    def name(self, seat: int) -> str:
        if seat == CHANCE:
            return "the dealer"
        return seat_name(SEAT_NAMES[seat], self.match.log.seats[seat], seat == self.flow.you)

    def hint(self) -> str:
        if self.deal_pause >= 0:
            return "Space or a click: the next deal"
        return "select cards, then a button; H for help"

    def resize(self, size: tuple[int, int]) -> None:
        if size != (self.layout.width, self.layout.height):
            self.screen_size = size
            self.layout = Layout.fit(size)
            self.painter = PushPainter(self.layout)

    # -- geometry the pointer and the tests share -------------------------------------------

    def hand_rects(self) -> dict[int, pygame.Rect]:
        """Where each card of the viewer's hand is drawn (selected cards raised)."""
        if self.flow.pass_to >= 0:
            return {}
        return self.layout.hand_rects(self.view().hand, self.selected)

    def card_at(self, pos: tuple[int, int]) -> int:
        for card, rect in reversed(self.hand_rects().items()):
            if rect.collidepoint(pos):
                return card
        return -1

    def meld_rects(self) -> dict[int, pygame.Rect]:
        return {m.id: rect for m, rect, _ in self.layout.meld_places(self.state.melds)[0]}

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        return self.layout.seat_anchor(self.flow.viewer, seat)

    def _seat_box(self, seat: int) -> pygame.Rect:
        return self.layout.seat_box(self.flow.viewer, seat)

    # -- offers: the commands the rules allow with the selection ----------------------------

    def offers(self) -> list[tuple[str, Action]]:
        """(label, action) for every legal command given the selected cards, best first.

        Worked out once per position and selection: frames in between reuse it."""
        if self.flow.awaiting < 0:
            return []
        key = (self.match, self.mirror.moves, tuple(sorted(self.selected)))
        if self._offers is None or self._offers[0] != key:
            self._offers = (key, offers_for(self.state, self.selected))
        return self._offers[1]

    def _make_buttons(self) -> list[Button]:
        offers = self.offers()
        controls: list[Control] = []
        if self.selected and self.flow.awaiting >= 0:
            controls.append(("clear selection", self.selected.clear, pygame.K_0, "0"))
        key = self._offers[0] if self._offers is not None else None
        lay = self.layout
        return self.offer_buttons.lay_out(offers, key, self.doer, controls, lay.buttons, lay.base)

    @property
    def shown_offers(self) -> list[Action]:
        return self.offer_buttons.shown

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
            self.story.scroll(3 * event.y)
            return
        if event.type == pygame.KEYDOWN and event.key in (*LOG_KEYS, pygame.K_HOME, pygame.K_END):
            self._scroll_key(event.key)
            return
        if self.deal_pause >= 0:
            if going_on:
                self.deal_pause = -1
            return
        if event.type == pygame.KEYDOWN:
            press_button(self.buttons, event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected.clear()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pointer.down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.pointer.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.pointer.up(event.pos)

    def _scroll_key(self, key: int) -> None:
        if key == pygame.K_END:
            self.story.back = 0
        elif key == pygame.K_HOME:
            self.story.back = self.story.most_back()
        else:
            page = key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)
            rows = self.layout.news_rows()
            self.story.scroll(LOG_KEYS[key] * (max(1, rows - 1) if page else 1))

    def scroll_news(self, lines: int) -> None:
        """Scroll "what happened" ``lines`` back (negative: towards the newest)."""
        self.story.scroll(lines)

    # -- moves and their animation ----------------------------------------------------------

    def _mark_fresh(self, played: Played, before: RummyObservation) -> None:
        """Note the cards a draw brought to the viewer's hand; forget them when their turn ends."""
        viewer, action = self.flow.viewer, played.action
        if viewer != self._fresh_for or (isinstance(action, Discard) and played.mover == viewer):
            self.fresh.clear()
            self._fresh_for = viewer
        if isinstance(action, HIDDEN_DRAWS):
            self.fresh |= set(self.view().hand) - set(before.hand)

    def on_played(self, played: Played) -> None:
        before, after = self.seen_before, self.state
        assert isinstance(before, RummyState)
        seen = before.observation(self.flow.viewer)
        self._mark_fresh(played, seen)
        self.selected = [c for c in self.selected if c in self.view().hand]
        if self.flow.awaiting < 0 or played.mover != self.flow.viewer:
            self.selected.clear()
        action, mover = played.action, played.mover
        if mover >= 0:
            self.sounds.play("place")  # a card laid down, drawn or pushed
        decode = self.match.game.action_codec.decode
        self.story.add(move_lines(seen, self.mirror.history[-1], self.view(), decode))
        stock, discard = self.layout.stock.topleft, self.layout.discard.topleft
        flights: list[Flight] = []
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
        dealt = len(after.results) > len(before.results)
        if dealt and self.flow.people and not after.is_terminal() and self.replay is None:
            self.deal_pause = len(after.results) - 1

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
        self.story.reset(story_of(self.match, self.flow.viewer))

    # -- what a frame shows -----------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        self.resize(surface.get_size())
        surface.fill(FELT)
        passing = self.flow.pass_to >= 0
        self.buttons = [] if passing else self._make_buttons()
        obs = self.view()
        lay = self.layout
        contract = " + ".join(f"{kind} of {n}" for kind, n in obs.contract)
        deals = self.state.cfg.deals
        head = f"Deal {obs.deal + 1} of {deals}   contract: {contract}"
        if self.deal_pause >= 0:  # the position is already at the next deal's shuffle
            head = f"Deal {self.deal_pause + 1} of {deals}"
        flow = self.flow
        bot = obs.to_move >= 0 and self.match.agents[obs.to_move] is not None
        status = status_line(self.state, flow.awaiting >= 0, flow.hot_seat, bot, self.deal_pause)
        self.table.draw_header(surface, lay.header, lay.base, (12, 30, 22), head, status)
        self.painter.paint(surface, self.frame(obs, passing))

    def frame(self, obs: RummyObservation, passing: bool) -> PushView:
        """What this frame shows (see :mod:`.push_view`)."""
        pointer = self.pointer
        press, drag = pointer.press, pointer.drag
        sweeping = pointer.sweeping()
        crossed: frozenset[int] = frozenset()
        if sweeping and press is not None and drag is not None:
            crossed = frozenset(pointer.swept(press[1], drag[1]))
        targets: set[int] = set()
        if len(self.selected) == 1 or drag is not None:
            offers = self.offers()
            targets = {a.meld for _, a in offers if isinstance(a, (LayOff, ReplaceWild))}
            if drag is not None:
                targets = {m.id for m in obs.melds if layoff_slots(m, drag[0])}
        drawing = self.flow.awaiting >= 0 and obs.phase == DRAW
        push = drawing and any(isinstance(a, PushDraw) for a in self.state.legal_actions())
        keys = game_over_keys(self.flow.hosted_elsewhere)  # a joined window's are its own
        return PushView(
            layout=self.layout,
            obs=obs,
            names=tuple(self.name(s) for s in range(4)),
            viewer=self.flow.viewer,
            hand_shown=not passing,
            selected=tuple(self.selected),
            marked=frozenset({obs.pending_wild, obs.taken, *self.fresh} - {-1}),
            crossed=crossed,
            dragged=drag if drag is not None and not sweeping else None,
            targets=frozenset(targets),
            draw_from=(drawing, push),
            buttons=tuple(self.buttons),
            flights=tuple(self.flights),
            flight_clock=self.flight_clock,
            news=self.story.view(self.layout),
            panel=panel_over(self.state, self.flow.pass_to, self.deal_pause, keys),
            passing=passing,
        )


def refusal_to_undo(match: Match) -> str:
    """Why U may not take back the last turn: it would take back a card a person has seen come
    from the stock (their draw, a push handing them one) or a deal (the same card would come
    again); "" when it may."""
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


open_table = TableKind(RummyTable, undo_refusal=refusal_to_undo)
"""Push's table, as its registry entry names it: calling it opens the table."""
