"""Push at the terminal: card names, commands, the view, and clear refusals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pusher_sim.errors import UserError
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.terminal import play_in_terminal
from rummy.actions import Discard, DrawStock, LayMelds, LayOff, PushDraw, ReplaceWild, TakeDiscard
from rummy.cards import NUM_CARDS, card_str, face_of, parse_face, parse_slot, slot
from rummy.game import RummyGame
from rummy.spec import SPEC
from rummy.text import RummyText
from tests.rummy_positions import position


def test_r2_every_card_name_reads_back() -> None:
    for card in range(NUM_CARDS):
        assert parse_face(card_str(card)) == face_of(card)
    assert parse_face("10s") == parse_face("TS") == parse_face("10♠")
    assert parse_face("*") == parse_face("jk") == 52
    assert parse_slot("1H") == slot(1, 2) and parse_slot("AH") == slot(14, 2)


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=6))
def test_r2_any_text_is_a_card_or_a_clear_refusal(text: str) -> None:
    try:
        face = parse_face(text)
    except UserError as exc:
        assert str(exc).startswith("R2:")
        return
    assert 0 <= face <= 52


def view() -> tuple[RummyText, object]:
    state = position(
        ["7C 7D 7H 9S JK QH", "3C 4C 5C", "KD KS 2D", "AS AC 3D"],
        stock="QS",
        discard="6S 8H",
        melds=[(1, "set", "KC KH JK=KS")],
        phase="meld",
        laid=(True, True, False, False),
    )
    return RummyText(RummyGame()), state


def test_render_shows_sorted_numbered_hand_table_discard_and_scores() -> None:
    ui, state = view()
    text = ui.render(state, 0)  # type: ignore[arg-type]
    assert "1:7C  2:7D  3:7H  4:QH  5:9S  6:JK" in text
    assert "[1] East  set KC KH JK=KS" in text
    assert "discard top 8H" in text
    assert "contract laid" in text
    assert "3C" not in text  # nobody else's cards


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("discard QH", Discard(36)),
        ("discard 4", Discard(36)),
        ("lay 1 JK", None),
        ("meld set 7C 7D 7H", LayMelds((("set", (5, 18, 31), (28, 29, 30)),))),
        ("meld run 9S JK=10S", None),
    ],
)
def test_commands_become_actions(command: str, expected: object) -> None:
    ui, state = view()
    action = ui.parse(command, state, 0)  # type: ignore[arg-type]
    if expected is not None:
        assert action == expected
    if command == "lay 1 JK":
        assert isinstance(action, LayOff) and action.slot == slot(13, 1)


def test_draw_and_replace_commands() -> None:
    ui, state = view()
    assert ui.parse("take", state, 0) == TakeDiscard()  # type: ignore[arg-type]
    assert ui.parse("push", state, 0) == PushDraw()  # type: ignore[arg-type]
    assert ui.parse("draw", state, 0) == DrawStock()  # type: ignore[arg-type]
    assert ui.parse("replace 1 7H", state, 0) == ReplaceWild(1, 31)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("discard ZZ", "R2"),
        ("discard 5C", "you hold no 5C"),
        ("discard 9", "no card 9"),
        ("meld pair 7C 7D", "R3"),
        ("meld set 7C 7C 7D", "you hold no 7C to spare"),
        ("meld set 7C=7D 7H JK", "R3: 7C is not wild"),
        ("lay 9 7C", "no meld 9"),
        ("lay 1 7C", "R7"),
        ("fly", "unknown command"),
    ],
)
def test_bad_commands_say_what_is_wrong(command: str, message: str) -> None:
    ui, state = view()
    with pytest.raises(UserError, match=message):
        ui.parse(command, state, 0)  # type: ignore[arg-type]


def test_a_scripted_terminal_game_explains_illegal_requests() -> None:
    game = RummyGame.from_mapping({"deals": 1})
    agents = SPEC.make_agents(game, ["human", "bot", "bot", "bot"])
    match = Match(game, agents, seed=3)
    script = iter(["help", "discard 1", "take", "meld set 1 2", "discard 1", "quit"])
    out: list[str] = []
    play_in_terminal(match, SPEC.text_ui(game), read=lambda _: next(script), write=out.append)
    text = "\n".join(out)
    assert "R5: draw first" in text
    assert "R3: a meld has at least 3 cards" in text or "R4" in text
    assert "take the top discard" in text
    assert "plays" in text  # the bots moved after the discard


def draw_position(discard: str, stock_empty: bool = False) -> object:
    state = position(["7C 7D 9S", "3C 4C 5C", "KD KS 2D", "AS AC 3D"], discard=discard)
    if stock_empty:  # the stock's cards go to a hand, so all 108 stay accounted for
        state.hands[2].extend(state.stock)
        state.stock = []
    return state


@pytest.mark.parametrize(
    ("discard", "stock_empty", "listed", "not_listed"),
    [
        ("6S 8H", False, ["take", "push"], ["draw"]),
        ("", False, ["draw"], ["take", "push"]),
        ("6S 8H", True, ["take", "draw"], ["push"]),
    ],
)
def test_r6_the_draw_prompt_lists_only_the_draws_the_rule_allows(
    discard: str, stock_empty: bool, listed: list[str], not_listed: list[str]
) -> None:
    state = draw_position(discard, stock_empty)
    prompt = RummyText(RummyGame()).prompt(state, 0)  # type: ignore[arg-type]
    words = prompt.replace("/", " ").split()
    assert sorted(words) == sorted(listed), prompt
    for word in not_listed:
        with pytest.raises(UserError, match="R6"):
            state.apply(RummyText(RummyGame()).parse(word, state, 0))  # type: ignore[arg-type]


@pytest.mark.parametrize("card", ["KD", "KH", "9C"])
def test_r4_laying_off_before_the_contract_is_refused_with_the_contract_rule(card: str) -> None:
    # KD fits the set of kings; KH (a second heart) and 9C do not. Before the contract all three
    # are refused for the contract rule, not for not fitting (R7).
    state = position(
        ["7C 9S KD 9C KH", "3C 4C 5C", "KD KS 2D", "AS AC 3D"],
        melds=[(1, "set", "KC KH JK=KS")],
        phase="meld",
        laid=(False, True, False, False),
    )
    ui = RummyText(RummyGame())
    with pytest.raises(UserError, match=r"^R4: lay this deal's contract"):
        state.apply(ui.parse(f"lay 1 {card}", state, 0))


def test_r4_the_prompt_before_the_contract_offers_no_lay_off_or_replacement() -> None:
    state = position(
        ["7C 9S KD 9C", "3C 4C 5C", "KD KS 2D", "AS AC 3D"],
        melds=[(1, "set", "KC KH JK=KS")],
        phase="meld",
        laid=(False, True, False, False),
    )
    assert RummyText(RummyGame()).prompt(state, 0) == "discard CARD"
