"""The Push table played with real mouse and key events: a whole deal equals the same moves
through the API, no frame of a hot-seat game shows another seat's hidden cards, and the keys that
end a game ask first."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from pusher_sim.cli import main
from pusher_sim.pusher import Place
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.log import GameLog
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import get_spec
from pusher_sim.turnloop.state import SPECTATOR
from pusher_sim.ui.common.match_maker import MatchMaker
from pusher_sim.ui.rummy.card_painter import CardPainter
from pusher_sim.ui.rummy.offers import offers_for
from pusher_sim.ui.rummy.rummy_table import RummyTable
from pusher_sim.ui.shell.app import App, wants_start_screen
from pusher_sim.ui.shell.config import AppConfig
from pusher_sim.ui.shell.dialogs import Choose, Confirm, TextPrompt
from pusher_sim.ui.shell.start_screen import StartScreen
from pusher_sim.ui.shell.table_registry import table_maker
from pusher_sim.ui.shell.widgets import ACCENT
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
from rummy.cards import card_str, sort_key
from rummy.game import SEAT_NAMES
from rummy.observation import RummyObservation
from rummy.state import MELD, RummyState
from tests import table_driver as drv

ONE_PERSON = ("human", "strong", "strong", "strong")
HOT_SEAT = ("human", "strong", "human", "strong")
SWEEPS: list[Action] = []
"""Melds that :func:`gesture` selected by dragging along the hand."""


pytestmark = pytest.mark.usefixtures("window")


def table_for(seats: tuple[str, ...], seed: int, speed: float = 1000.0) -> RummyTable:
    table = drv.open_table(drv.make_match("rummy", seats, seed), speed)
    assert isinstance(table.top, RummyTable)
    return table


def state_of(table: RummyTable) -> RummyState:
    """The real position (the test may look at every hand; the table sees its seat's view)."""
    state = table.match.state
    assert isinstance(state, RummyState)
    return state


def gesture(table: RummyTable, action: Action) -> None:
    """Make ``action`` with the mouse, as a person would."""
    lay = table.top.layout
    if isinstance(action, TakeDiscard):
        drv.click(table, lay.discard.center)
        return
    if isinstance(action, (PushDraw, DrawStock)):
        drv.click(table, lay.stock.center)
        return
    if isinstance(action, Discard):  # drag the card onto the discard pile
        rect = table.top.hand_rects()[action.card]
        drv.drag(table, (rect.x + 6, rect.y + 20), lay.discard.center)
        return
    if isinstance(action, LayMelds):
        cards = [c for _, cs, _ in action.melds for c in cs]
    elif isinstance(action, (LayOff, ReplaceWild)):
        cards = [action.card]
    else:
        raise AssertionError(f"no gesture for {action}")
    order = list(table.top.hand_rects())
    at = sorted(order.index(c) for c in cards)
    if len(cards) > 1:  # drag along the hand from the first to the last, then drop the extras
        first, last = table.top.hand_rects()[order[at[0]]], table.top.hand_rects()[order[at[-1]]]
        drv.drag(table, (first.x + 4, first.y + 12), (last.x + 4, first.y + 12))
        SWEEPS.append(action)
        for card in order[at[0] : at[-1] + 1]:
            if card not in cards:
                rect = table.top.hand_rects()[card]
                drv.click(table, (rect.x + 4, rect.y + 12))
    else:
        rect = table.top.hand_rects()[cards[0]]
        drv.click(table, (rect.x + 4, rect.y + 12))
    assert sorted(table.top.selected) == sorted(cards)
    actions = [a for _, a in table.top.offers()]
    assert action in actions, f"{action} not offered: {actions}"
    for _ in range(len(actions)):  # Tab through the pages of buttons to the one offering it
        if action in table.top.shown_offers:
            break
        drv.key(table, pygame.K_TAB)
    drv.click(table, table.top.buttons[table.top.shown_offers.index(action)].rect.center)


def play_person(table: RummyTable, chooser: drv.Agent) -> Action:
    """The person to move plays what ``chooser`` picks, through the window."""
    state = table.match.state
    seat = table.flow.awaiting
    action = chooser.act(state, seat, state.legal_actions(), table.match.rng(seat + 1))
    moves = table.match.moves
    gesture(table, action)
    assert table.match.moves == moves + 1, table.message
    assert table.match.log.actions[-1] == action.to_json()
    return action


def ready(table: RummyTable, deals: int) -> bool:
    """A person must act (after saying they have the screen, or going on after a deal)."""
    if len(state_of(table).results) >= deals:
        return True
    if table.flow.pass_to >= 0 or table.top.deal_pause >= 0:
        drv.key(table, pygame.K_SPACE)
    return table.flow.awaiting >= 0 and not table.holding()


def play_deal(table: RummyTable, chooser: drv.Agent) -> list[type[Action]]:
    kinds = []
    while len(state_of(table).results) < 1:
        drv.run_until(table, lambda: ready(table, 1))
        if len(state_of(table).results) < 1:
            kinds.append(type(play_person(table, chooser)))
    return kinds


def test_a_whole_deal_in_the_window_equals_the_same_moves_through_the_api() -> None:
    table = table_for(ONE_PERSON, seed=2)
    kinds = play_deal(table, drv.bot_for("rummy"))
    assert {PushDraw, Discard, LayMelds} <= set(kinds)  # the gestures were all exercised
    assert SWEEPS, "no meld was selected by dragging along the hand"
    api = drv.api_match("rummy", ONE_PERSON, 2, "strong", lambda m: len(m.state.results) >= 1)
    assert table.match.log.actions == api.log.actions
    assert table.match.log.movers == api.log.movers


def visible(obs: RummyObservation) -> set[int]:
    return {*obs.hand, *(c for m in obs.melds for c in m.cards), obs.discard_top} - {-1}


def test_no_frame_of_a_hot_seat_deal_draws_another_seats_hidden_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[int] = []
    original = CardPainter.face

    def watched(
        self: CardPainter, surface: pygame.Surface, card: int, at: tuple[float, float]
    ) -> None:
        drawn.append(card)
        original(self, surface, card, at)

    monkeypatch.setattr(CardPainter, "face", watched)
    table = table_for(HOT_SEAT, seed=5, speed=20.0)  # slow enough that cards fly
    seen: dict[int, set[int]] = {s: set() for s in range(4)}
    shown_to_all: set[int] = set()  # the discard tops and melds so far: public for good
    frames = passes = 0
    looking = -1  # during the replay: the person who had the screen when R was pressed
    original_tick = drv.tick

    def checked_tick(live: RummyTable, dt: float = drv.FRAME) -> None:
        nonlocal frames, passes
        drawn.clear()
        original_tick(live, dt)
        t = drv.app_of(live).mode  # the live table, or the replay shown instead of it
        assert isinstance(t.top, RummyTable)
        state = state_of(t)
        shown_to_all.update(c for m in state.melds for c in m.cards)
        shown_to_all.update(state.discard[-1:])
        if t.flow.pass_to >= 0:
            passes += 1
            hidden = {c for hand in state.hands for c in hand}
        else:
            viewer = t.flow.viewer if looking < 0 else looking
            seen[viewer] |= visible(state.observation(viewer))
            hidden = {c for s in range(4) if s != viewer for c in state.hands[s]}
            hidden |= set(state.hands[viewer]) - seen[viewer]
        leaked = (hidden & set(drawn)) - shown_to_all
        assert not leaked, f"frame {frames}: drew hidden cards {leaked}"
        frames += 1

    monkeypatch.setattr(drv, "tick", checked_tick)
    play_deal(table, drv.bot_for("rummy"))
    assert passes > 0 and frames > 100
    assert {0, 2} <= set(table.match.log.movers)  # both people played

    # R: the deal again from the shuffle, for the person who has the screen, and still nothing
    # of the other hands (what was public before counts only once the replay shows it again).
    drv.run_until(table, lambda: table.flow.pass_to < 0 or bool(drv.key(table, pygame.K_SPACE)))
    shown_to_all.clear()
    played_frames, looking = frames, table.flow.viewer
    drv.key(table, pygame.K_r)
    replay = drv.app_of(table).mode
    assert isinstance(replay.top, RummyTable) and replay.replay is not None
    assert replay.flow.viewer == table.flow.viewer
    drv.run_until(table, lambda: drv.app_of(table).mode is table, seconds=120.0)
    assert replay.replay.finished and frames - played_frames > 100


def test_the_push_draw_is_seen_flying_to_the_left_player() -> None:
    table = table_for(ONE_PERSON, seed=2, speed=1.0)
    chooser = drv.bot_for("rummy")
    while True:
        drv.run_until(table, lambda: ready(table, 1))
        state = state_of(table)
        action = chooser.act(state, 0, state.legal_actions(), table.match.rng(1))
        if isinstance(action, PushDraw):
            break
        gesture(table, action)
    top = state.discard[-1]
    gesture(table, action)
    assert [f.card for f in table.top.flights] == [-1, top, -1]  # stock card and discard go left
    assert table.top.flights[1].end == table.top.seat_anchor(1)
    assert table.sounds.played[-1] == "place"
    assert table.animating()
    drv.run_until(table, lambda: not table.top.flights)


def test_only_legal_commands_are_offered_and_an_illegal_drop_changes_nothing() -> None:
    table = table_for(ONE_PERSON, seed=2)
    drv.run_until(table, lambda: ready(table, 1))
    state = state_of(table)
    assert state.phase == "draw"
    labels = [label for label, _ in table.top.offers()]
    assert labels and all(state.is_legal(a) for _, a in table.top.offers())
    before = json.dumps(state.to_json())
    card = table.top.view().hand[0]
    rect = table.top.hand_rects()[card]
    drv.drag(
        table, (rect.x + 6, rect.y + 20), table.top.layout.discard.center
    )  # discard before drawing
    assert json.dumps(state_of(table).to_json()) == before
    assert table.warning and table.message and "R5" not in table.message  # words, no code


def test_the_table_sleeps_while_it_waits_for_the_person() -> None:
    table = table_for(ONE_PERSON, seed=2)
    drv.run_until(table, lambda: ready(table, 1))
    assert not table.animating()


def test_escape_and_new_game_ask_while_a_game_is_in_progress() -> None:
    table = table_for(ONE_PERSON, seed=2)
    app = drv.app_of(table)
    drv.run_until(table, lambda: ready(table, 1))
    play_person(table, drv.bot_for("rummy"))
    log = list(table.match.log.actions)
    drv.key(table, pygame.K_ESCAPE)
    assert isinstance(app.mode, Confirm) and app.running
    drv.key(table, pygame.K_n)  # stay
    assert app.mode is table and app.running
    drv.key(table, pygame.K_n)  # a new game?
    assert isinstance(app.mode, Confirm)
    drv.key(table, pygame.K_ESCAPE)  # no
    assert app.mode is table and table.match.log.actions[: len(log)] == log
    drv.key(table, pygame.K_n)
    drv.key(table, pygame.K_y)
    assert app.mode is table and table.match.moves <= 2  # started again
    drv.run_until(table, lambda: ready(table, 1))
    play_person(table, drv.bot_for("rummy"))
    drv.key(table, pygame.K_ESCAPE)
    drv.key(table, pygame.K_y)
    assert not app.running  # opened without a start screen: leaving closes the window


def test_every_move_is_autosaved_and_s_never_overwrites(tmp_path: Path) -> None:
    table = table_for(ONE_PERSON, seed=2)
    app = drv.app_of(table)
    drv.run_until(table, lambda: ready(table, 1))
    saved = json.loads((tmp_path / "saves" / "autosave-rummy.json").read_text())
    assert saved["actions"] == table.match.log.actions
    for _ in range(2):  # the same name twice
        drv.key(table, pygame.K_s)
        assert isinstance(app.mode, TextPrompt)
        for letter in "mine":
            drv.post(pygame.KEYDOWN, key=ord(letter), mod=0, unicode=letter, scancode=0)
        drv.key(table, pygame.K_RETURN)
        assert app.mode is table
    named = sorted(p.name for p in (tmp_path / "saves").glob("mine*.json"))
    assert named == ["mine-2.json", "mine.json"]
    assert str(tmp_path) in table.message


def test_a_saved_game_loads_back_after_asking(tmp_path: Path) -> None:
    table = table_for(ONE_PERSON, seed=2)
    app = drv.app_of(table)
    drv.run_until(table, lambda: ready(table, 1))
    table.save_as("here")
    log = list(table.match.log.actions)
    play_person(table, drv.bot_for("rummy"))
    drv.key(table, pygame.K_l)
    assert isinstance(app.mode, Confirm)
    drv.key(table, pygame.K_y)
    assert isinstance(app.mode, Choose) and app.mode.items == ("Push: here.json",)
    drv.key(table, pygame.K_RETURN)
    drv.run_until(table, lambda: table.match.log.actions == log)
    assert table.flow.awaiting == 0


def test_pusher_play_rummy_and_pushover_open_their_tables(tmp_path: Path) -> None:
    for game in ("rummy", "pushover"):
        assert get_spec(game).table is not None and table_maker(game) is not None
        shot = tmp_path / f"{game}.png"
        assert main(["play", game, "--seed", "3", "--screenshot", str(shot)]) == 0
        assert pygame.image.load(str(shot)).get_size() == (1100, 800)


def test_pusher_play_load_opens_the_logged_games_table(tmp_path: Path) -> None:
    match = drv.make_match("rummy", ONE_PERSON, seed=2)
    while not match.needs_input():
        match.step()
    match.log.save(tmp_path / "game.json")
    shot = tmp_path / "shot.png"
    assert main(["play", "--load", str(tmp_path / "game.json"), "--screenshot", str(shot)]) == 0
    assert shot.exists()


def test_pusher_play_alone_still_opens_the_start_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[argparse.Namespace] = []
    monkeypatch.setattr("pusher_sim.ui.shell.app.run", lambda args: seen.append(args) or 0)
    match = drv.make_match("rummy", ONE_PERSON, seed=2)
    match.log.save(tmp_path / "game.json")
    assert main(["play"]) == 0 and main(["play", "--load", str(tmp_path / "game.json")]) == 0
    assert wants_start_screen(seen[0]) and seen[1].game == "rummy"


def test_a_freed_wild_offers_its_uses_before_any_card_is_selected() -> None:
    match = drv.make_match("rummy", ("strong",) * 4, seed=2)
    state = match.state
    while not (isinstance(state, RummyState) and state.pending_wild >= 0):
        match.step()
        state = match.state
    seat = state.current_player()
    match.agents[seat] = None  # a person takes over the seat that must use the wild
    table = drv.open_table(match, speed=1000.0)
    assert isinstance(table.top, RummyTable)
    drv.tick(table)
    actions = [a for _, a in table.top.offers()]
    assert actions and set(actions) == set(state.legal_actions())


# -- what a new player tripped on (issue 19) -------------------------------------------------


Drawn = list[tuple[str, int, int, pygame.Rect]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Every line of text the tables, their header and their panels draw: (words, size, the
    width it was given to fit, where it went)."""
    seen: Drawn = []
    painter = "pusher_sim.ui.rummy.push_painter"
    modules = {sys.modules[m] for m in (painter, drv.GameTable.__module__)}
    modules.add(sys.modules["pusher_sim.ui.shell.widgets"])
    for module in modules:
        original = module.text  # type: ignore[attr-defined]

        def recorded(
            surface: pygame.Surface,
            words: str,
            pos: tuple[float, float],
            size: int,
            *args: Any,
            original: Any = original,
            **kwargs: Any,
        ) -> pygame.Rect:
            rect: pygame.Rect = original(surface, words, pos, size, *args, **kwargs)
            width = kwargs.get("width", args[2] if len(args) > 2 else 0)
            seen.append((words, size, width, rect))
            return rect

        monkeypatch.setattr(module, "text", recorded)
    return seen


def cut_off(seen: Drawn, surface: pygame.Surface) -> list[str]:
    """Lines drawn cut short (wider than the width they were given) or past the window's edge."""
    cut = []
    for words, size, width, rect in seen:
        wide = pygame.font.Font(None, max(14, size)).size(words)[0]
        if (width > 0 and wide > width) or not surface.get_rect().contains(rect):
            cut.append(words)
    return cut


def person_at(match: drv.Match) -> RummyTable:
    """The table with a person in the seat to move (the bots play the others)."""
    match.agents[match.state.current_player()] = None
    table = drv.open_table(match, speed=1000.0)
    assert isinstance(table.top, RummyTable)
    drv.tick(table)
    return table


def many_offers(least: int = 12) -> tuple[drv.Match, int]:
    """A position (bots playing seed 3) where one card of the player to move offers ``least``
    or more commands (a wild to replace, many lay-offs), and that card."""
    match = drv.make_match("rummy", ("strong",) * 4, seed=3)
    while not match.state.is_terminal():
        state = match.state
        assert isinstance(state, RummyState)
        if state.phase == MELD and state.pending_wild < 0:
            for card in state.hands[state.player]:
                if len(offers_for(state, [card])) >= least:
                    return match, card
        match.step()
    raise AssertionError(f"no card offered {least} commands")


def test_a_card_with_many_offers_keeps_its_buttons_off_the_hand_and_each_has_a_key() -> None:
    match, card = many_offers()
    table = person_at(match)
    rect = table.top.hand_rects()[card]
    drv.click(table, (rect.x + 4, rect.y + 12))
    drv.tick(table)
    offers = [a for _, a in table.top.offers()]
    assert len(offers) >= 12
    hand_top = min(r.y for r in table.top.hand_rects().values())
    seen: list[Action] = []
    for _ in range(len(offers)):
        for button in table.top.buttons:
            assert button.rect.bottom <= hand_top, f"{button.label} covers the hand"
            assert button.key, f"{button.label} has no key"
        assert len(table.top.shown_offers) <= 9
        seen += table.top.shown_offers
        drv.key(table, pygame.K_TAB)  # the next page of buttons
        if table.top.shown_offers and table.top.shown_offers[0] == offers[0]:
            break
    assert sorted(map(str, seen)) == sorted(map(str, offers))  # each offer on one page
    while offers[-1] not in table.top.shown_offers:
        drv.key(table, pygame.K_TAB)
    number = table.top.shown_offers.index(offers[-1]) + 1
    drv.key(table, getattr(pygame, f"K_{number}"))  # the last offer, by its key
    assert table.match.log.actions[-1] == offers[-1].to_json()


def logged_lines(table: RummyTable) -> int:
    """How many lines a whole match's log says: one a move, one a deal's end."""
    state = table.match.game.new_initial_state()
    lines = 0
    for data, mover in zip(table.match.log.actions, table.match.log.movers, strict=True):
        action = table.match.game.action_codec.decode(data)
        dealt = len(state.results)  # type: ignore[attr-defined]
        state.apply(action)
        lines += (mover >= 0 or isinstance(action, Shuffle)) + (len(state.results) > dealt)  # type: ignore[attr-defined]
    return lines


def test_the_log_holds_the_match_scrolls_back_and_comes_back_after_continue_and_undo(
    drawn: Drawn, tmp_path: Path
) -> None:
    table = table_for(ONE_PERSON, seed=2)
    chooser = drv.bot_for("rummy")
    drv.run_until(table, lambda: ready(table, 5))
    while logged_lines(table) < 30:  # more than the box shows at once
        play_person(table, chooser)
        drv.run_until(table, lambda: ready(table, 5))
    assert len(table.top.news) == logged_lines(table)  # nothing dropped
    first = "deal 1: shuffled and dealt"
    drawn.clear()
    drv.tick(table)
    assert first not in [w for w, *_ in drawn]
    drv.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)  # the wheel scrolls back
    drv.tick(table)
    assert table.top.news_back == 3
    drv.key(table, pygame.K_PAGEUP)
    assert table.top.news_back > 3
    drawn.clear()
    drv.key(table, pygame.K_HOME)  # back to the first line of the match
    assert first in [w for w, *_ in drawn]
    drv.key(table, pygame.K_END)
    assert table.top.news_back == 0
    # Continue (a table opened on the autosave) shows the same story; so does a table after U.
    news = list(table.top.news)
    again = drv.open_table(
        MatchMaker("rummy").from_log(GameLog.load(autosave(tmp_path)), None), 1000.0
    )
    assert isinstance(again.top, RummyTable) and again.top.news == news
    assert TakeDiscard() in state_of(table).legal_actions()
    gesture(table, TakeDiscard())
    assert len(table.top.news) == len(news) + 1
    drv.key(table, pygame.K_u)
    drv.run_until(table, lambda: "took back" in table.message)
    assert table.top.news == news  # made again from the log: the same story


def interrupted() -> Match:
    """A Push game stopped at the person's first turn, after the deal and the bots' moves."""
    match = drv.make_match("rummy", ONE_PERSON, seed=2)
    while not match.needs_input():
        match.step()
    return match


def autosave(folder: Path) -> Path:
    return folder / "saves" / "autosave-rummy.json"


def test_took_back_is_old_news_once_the_next_move_is_played() -> None:
    table = table_for(ONE_PERSON, seed=2)
    drv.run_until(table, lambda: ready(table, 1))
    assert TakeDiscard() in state_of(table).legal_actions()
    gesture(table, TakeDiscard())
    drv.key(table, pygame.K_u)
    drv.run_until(table, lambda: "took back" in table.message)
    gesture(table, TakeDiscard())
    drv.tick(table)
    assert "took back" not in table.message


def test_a_card_drawn_from_the_stock_cannot_be_taken_back() -> None:
    table = table_for(ONE_PERSON, seed=2)
    drv.run_until(table, lambda: ready(table, 1))
    drv.click(table, table.top.layout.stock.center)  # push (or draw): a stock card comes to hand
    assert isinstance(table.match.state, RummyState) and table.match.state.phase == MELD
    log, hand = list(table.match.log.actions), table.top.view().hand
    drv.key(table, pygame.K_u)
    drv.run_until(table, lambda: not table.animating())
    assert table.match.log.actions == log and table.top.view().hand == hand
    assert table.warning and "cannot be taken back" in table.message


def deal_ending() -> drv.Match:
    """Bots playing seed 3 up to the move that ends a deal, made by a bot other than North (who
    becomes the person)."""
    match = drv.make_match("rummy", ("strong",) * 4, seed=3)
    while True:
        state = match.state
        assert isinstance(state, RummyState)
        if state.current_player() > 0:
            trial = state.clone()
            trial.apply(match.next_action())
            if len(trial.results) > len(state.results):  # type: ignore[attr-defined]
                return match
        match.step()


def test_the_end_of_a_deal_shows_the_cards_behind_the_points_and_not_the_next_deal(
    drawn: Drawn,
) -> None:
    match = deal_ending()
    match.agents[0] = None
    table = drv.open_table(match, speed=1000.0)
    assert isinstance(table.top, RummyTable)
    drv.run_until(table, lambda: table.top.deal_pause >= 0)
    over = table.top.deal_pause + 1  # the deal that just ended (the position is at the next one)
    drawn.clear()
    drv.tick(table)
    words = [w for w, *_ in drawn]
    assert not any("dealing" in w or w.startswith(f"Deal {over + 1}") for w in words), words[:4]
    assert any(w.startswith(f"Deal {over} of") for w in words)
    state = state_of(table)
    for seat, hand in enumerate(state.hands):
        if hand:
            cards = " ".join(card_str(c) for c in sorted(hand, key=sort_key))
            assert any(SEAT_NAMES[seat] in w and cards in w for w in words), cards
    result = state.results[-1]
    assert any(f"{result.scores[0]} points" in w for w in words)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_no_text_is_cut_off_on_the_push_table(drawn: Drawn, size: tuple[int, int]) -> None:
    match, card = many_offers()
    table = person_at(match)
    surface = pygame.Surface(size)
    table.top.selected.append(card)
    drawn.clear()
    table.draw(surface)
    assert not cut_off(drawn, surface)
    boxes = [table.top._seat_box(s) for s in range(4) if s != table.flow.viewer]
    boxes += list(table.top.meld_rects().values())
    for words, _, _, rect in drawn:
        for box in boxes:
            if box.collidepoint(rect.topleft):
                assert box.contains(rect), f"{words!r} runs out of its box"
    assert any("=" in w for w, *_ in drawn)  # a meld label naming a wild was among them
    assert any(w.startswith("across") for w, *_ in drawn)


def test_pusher_play_rummy_after_an_interrupted_game_asks_and_keeps_its_autosave(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = interrupted()
    path = autosave(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    match.log.save(path)
    kept = path.read_bytes()
    seen: list[object] = []

    def loop(app: App) -> None:
        for _ in range(20):
            app.tick(0.1)
        seen.append(app.mode)
        assert path.read_bytes() == kept  # no bot moved a new game over it
        drv.post(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=0)
        app.tick(0.1)  # C: continue the game that was interrupted
        seen.append(app.mode)

    monkeypatch.setattr(App, "loop", loop)
    assert main(["play", "rummy", "--pace", "0"]) == 0
    assert isinstance(seen[0], Confirm)
    assert isinstance(seen[1].top, RummyTable) and seen[1].match.log.actions == match.log.actions


def test_continue_opens_the_game_played_last_and_says_which(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    pusher = get_spec("pusher")
    older = Match(pusher.make_game({"players": 2}), [None, None], seed=1)
    older.step(Place((1, 0)))
    older.log.save(saves / "autosave-pusher.json")
    os.utime(saves / "autosave-pusher.json", (1e9, 1e9))
    match = interrupted()
    match.log.save(autosave(tmp_path))
    app = App(home=lambda host: StartScreen(host, AppConfig(pace=0.0)))
    app.home()
    start = app.mode
    assert isinstance(start, StartScreen) and start.game == "pusher"  # Pusher is selected
    assert f"Push, move {match.moves}" in start.continue_label()
    drv.post(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=0)
    app.tick(drv.FRAME)
    assert isinstance(app.mode.top, RummyTable)
    assert app.mode.match.log.actions == match.log.actions


def test_seats_added_are_the_strongest_bot_and_named_alike_everywhere() -> None:
    start = StartScreen(App(), AppConfig(game="pushover"))
    assert start.seats == ["human", "bot", "bot"]
    start.change("players", 1)
    assert start.seats == ["human", "bot", "bot", "bot"]
    start.change("seat1", -1)
    kinds = [row.value for row in start.rows() if row.key.startswith("seat")]
    assert kinds == ["a person", f"{start.seats[1]} bot", "bot", "bot"]
    start.change("game", -1)  # Push
    start.change("players", 1)
    assert start.seats[1:] == ["bot", "bot", "bot"]
    table = table_for(("human", "strong", "bot", "random"), seed=2)
    assert [table.top.name(s) for s in (1, 2, 3)] == [
        "East (strong bot)",
        "South (bot)",
        "West (random bot)",
    ]


def test_what_happened_fills_its_rows_scrolled_anywhere(drawn: Drawn) -> None:
    """Issue 26, item 6: scrolled to the top (Home), or one line short of it, "what happened"
    shows as many lines as at the newest end, not one line and empty rows."""
    match = drv.make_match("rummy", ("strong",) * 4, seed=2)
    for _ in range(60):
        match.step()
    table = drv.open_table(match, 1000.0)
    table.flow.pace = 1e6  # the bots wait: the story stays as it is
    assert isinstance(table.top, RummyTable)
    lay = table.top.layout

    def shown() -> int:
        drawn.clear()
        drv.tick(table)
        left = range(lay.discard.right, lay.discard.right + 3 * lay.base)
        return sum(
            1 for _w, _s, _width, rect in drawn if rect.x in left and rect.y < lay.top.bottom
        )

    newest = shown()
    assert newest >= 3
    drv.key(table, pygame.K_HOME)
    assert shown() == newest
    drv.key(table, pygame.K_DOWN)
    assert shown() == newest
    drv.key(table, pygame.K_UP)
    drv.key(table, pygame.K_UP)
    assert shown() == newest


def test_a_card_drawn_from_the_stock_is_marked_in_the_hand(window: pygame.Surface) -> None:
    """Issue 26, item 8: like a taken discard, a card that came from the stock is outlined in
    the hand until the turn ends."""
    table = table_for(ONE_PERSON, seed=2)
    drv.run_until(table, lambda: ready(table, 1))
    before = set(table.top.view().hand)
    drv.click(table, table.top.layout.stock.center)  # push (or draw): a stock card comes to hand
    drv.run_until(table, lambda: not table.holding())
    new = set(table.top.view().hand) - before
    assert new
    drv.tick(table)
    rects = table.top.hand_rects()
    order = sorted(rects.values(), key=lambda r: r.x)
    for card in new:
        rect = rects[card]
        later = [r.x for r in order if r.x > rect.x]
        right = min([*later, rect.right])
        strip = pygame.surfarray.array3d(window)[rect.x + 2 : right, rect.y - 4 : rect.y - 1]
        assert (strip == ACCENT).all(axis=2).any(), f"{card_str(card)} is not marked"


class Sealed:
    """A match whose real position the Push table's own code may not read (the flow, the
    local driver, still may): the table draws from its seat's view."""

    def __init__(self, match: Match) -> None:
        self.__dict__["_match"] = match

    def __getattr__(self, name: str) -> Any:
        caller = sys._getframe(1).f_globals.get("__name__", "")
        if name == "state" and caller.startswith("pusher_sim.ui.rummy"):
            raise AssertionError(f"{caller} read the real state")
        return getattr(self.__dict__["_match"], name)


def test_the_push_table_draws_from_its_seat_view_only(window: pygame.Surface) -> None:
    """The seam: every frame (header, panels, hand, offers, what happened) comes from the
    table's SeatMirror, whose other hands are stand-ins, never from the real position."""
    table = table_for(ONE_PERSON, seed=2)
    drv.run_until(table, lambda: ready(table, 1))
    real = table.match
    assert sorted(table.top.state.hands[0]) == sorted(state_of(table).hands[0])
    assert [len(h) for h in table.top.state.hands] == [len(h) for h in state_of(table).hands]
    table.flow.match = Sealed(real)  # type: ignore[assignment]
    try:
        table.draw(window)
        drv.click(table, table.top.layout.stock.center)  # a move: the story and the hand follow
        drv.run_until(table, lambda: not table.holding())
        table.draw(window)
    finally:
        table.flow.match = real
    assert table.top.news[-1].startswith("North: ")


def test_a_spectator_sees_all_four_seats_and_no_team_of_their_own(drawn: Drawn) -> None:
    """A spectator (``pusher join --watch``) sits in no seat: the column beside the table shows
    every seat, and no team is called theirs (a seat of -3 once showed East's view of it)."""
    table = table_for(("strong",) * 4, seed=2)
    table.flow.viewer = SPECTATOR
    table.follow()
    drawn.clear()
    drv.tick(table)
    panels = [w for w, _, _, rect in drawn if table.top.layout.seats.contains(rect)]
    for name in SEAT_NAMES:
        assert any(w.startswith(name) for w in panels), (name, panels)
    words = [w for w, *_ in drawn]
    assert not any("your team" in w for w in words), words
    assert not any(w in ("A*", "B*") for w in words)
