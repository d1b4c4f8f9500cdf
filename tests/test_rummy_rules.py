"""Push rules R1-R12 (docs/rules.md), one or more tests per rule, from set-up positions.

Seats 0..3, partners 0+2 (team A) and 1+3 (team B); play goes to the left (seat + 1).
"""

from __future__ import annotations

import pytest

from pusher_sim.errors import IllegalMove
from pusher_sim.turnloop.state import CHANCE, TERMINAL
from rummy.actions import (
    ChooseDealer,
    Discard,
    DrawStock,
    LayMelds,
    LayOff,
    PushDraw,
    ReplaceWild,
    Shuffle,
    TakeDiscard,
)
from rummy.cards import card_str, cards_str, parse_slot, slot
from rummy.config import RUN, SET
from rummy.dealing import end_deal
from rummy.game import RummyGame
from rummy.melds import check_meld
from rummy.state import DRAW, MELD, OUT, OVER, SHUFFLE, STOCK, DealResult, RummyState
from tests.rummy_positions import Cards, position

JK = 104


def refused(state: RummyState, action: object, rule: str) -> None:
    """The action is refused naming ``rule`` and the state is exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalMove) as err:
        state.apply(action)  # type: ignore[arg-type]
    assert err.value.rule == rule, err.value
    assert state.to_json() == before


def hand_str(state: RummyState, seat: int) -> str:
    return cards_str(sorted(state.hands[seat]))


def c(name: str, copy: int = 0) -> int:
    pool = Cards()
    for _ in range(copy):
        pool.take(name)
    return pool.take(name)


def meld(kind: str, text: str) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """A meld spec from 'card' or 'card=slot' words (first copies)."""
    pool = Cards()
    cards, slots = [], []
    for word in text.split():
        name, _, stands = word.partition("=")
        card = pool.take(name)
        cards.append(card)
        slots.append(parse_slot(stands) if stands else parse_slot(name))
    return (kind, tuple(cards), tuple(slots))


# -- R1 ---------------------------------------------------------------------------------------


def test_r1_first_dealer_is_a_chance_node_and_the_deal_passes_left() -> None:
    state = RummyGame().new_initial_state()
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [ChooseDealer(s) for s in range(4)]
    assert all(p == 0.25 for _, p in outcomes)
    state.apply(ChooseDealer(2))
    state.apply(Shuffle(tuple(range(108))))
    assert state.dealer == 2 and state.current_player() == 3  # left of the dealer starts
    # end the deal at once: the next deal is dealt by the player to the dealer's left
    state.hands[3].extend(state.stock + state.discard)
    state.stock.clear()
    state.discard.clear()
    end_deal(state, STOCK, -1)
    assert state.phase == SHUFFLE and state.dealer == 3


@pytest.mark.parametrize(("deal", "size"), [(0, 6), (1, 7), (2, 8), (3, 9), (4, 10)])
def test_r1_deals_six_to_ten_cards_and_turns_up_the_discard(deal: int, size: int) -> None:
    state = RummyGame().new_initial_state()
    state.apply(ChooseDealer(0))
    state.results = [DealResult((0, 0), -1, (False,) * 4, STOCK) for _ in range(deal)]
    order = tuple(range(108))
    state.apply(Shuffle(order))
    assert [len(h) for h in state.hands] == [size] * 4
    # the top of the stock is the end of the order: seat 1 gets the first card dealt
    assert state.hands[1][0] == 107
    assert len(state.discard) == 1
    assert len(state.stock) == 108 - 4 * size - 1
    assert state.phase == DRAW and state.player == 1
    state.check_invariants()


def test_r1_a_wild_turned_up_is_buried_in_the_stock() -> None:
    state = RummyGame().new_initial_state()
    state.apply(ChooseDealer(0))
    # after 24 cards are dealt from the end, the next card up is the joker 104, then 5H
    five = c("5H")
    order = [x for x in range(108) if x not in (104, five)]
    order = [*order[:82], five, 104, *order[82:]]  # popped from the end: 24 dealt, then 104
    state.apply(Shuffle(tuple(order)))
    assert state.discard == [five]
    assert state.stock[0] == 104  # at the bottom


def test_r1_the_wild_upcard_stays_when_the_config_says_so() -> None:
    game = RummyGame.from_mapping({"bury_wild_upcard": False})
    state = game.new_initial_state()
    state.apply(ChooseDealer(0))
    order = [x for x in range(108) if x != 104]
    order = [*order[:83], 104, *order[83:]]
    state.apply(Shuffle(tuple(order)))
    assert state.discard == [104]


def test_r1_a_shuffle_must_order_all_108_cards() -> None:
    state = RummyGame().new_initial_state()
    state.apply(ChooseDealer(0))
    refused(state, Shuffle(tuple(range(107))), "R1")
    refused(state, Shuffle((0, *range(107))), "R1")


# -- R2 ---------------------------------------------------------------------------------------


def test_r2_jokers_and_twos_are_wild_and_the_ace_is_high_or_low() -> None:
    check_meld(*meld(RUN, "AH=1H 2C=2H 3H"))  # ace low (1H), a 2 of clubs wild for the 2 of hearts
    check_meld(*meld(RUN, "QH KH AH"))  # ace high
    check_meld(*meld(SET, "9C 2D=9D JK=9H"))
    with pytest.raises(IllegalMove, match="R3"):
        check_meld(*meld(RUN, "KH AH 2H"))  # no wrap: K-A-2 is not a run
    # ... but a wild 2 may stand for the queen of Q-K-A
    check_meld(*meld(RUN, "2H=QH KH AH"))


# -- R3 ---------------------------------------------------------------------------------------


def test_r3_a_set_holds_no_two_cards_of_one_suit() -> None:
    with pytest.raises(IllegalMove, match="R3: a set holds no two cards of the same suit"):
        check_meld(SET, (c("7C"), c("7C", 1), c("7D")), (slot(7, 0), slot(7, 0), slot(7, 1)))
    check_meld(*meld(SET, "7C 7D 7H 7S"))


def test_r3_a_run_is_one_suit_consecutive_at_least_three() -> None:
    with pytest.raises(IllegalMove, match="R3: a run holds cards of one suit"):
        check_meld(*meld(RUN, "5H 6H 7S"))
    with pytest.raises(IllegalMove, match="R3: a run is consecutive"):
        check_meld(*meld(RUN, "5H 6H 8H"))
    with pytest.raises(IllegalMove, match="at least 3"):
        check_meld(*meld(RUN, "5H 6H"))


def test_r3_a_meld_with_wilds_needs_a_natural_card() -> None:
    with pytest.raises(IllegalMove, match="R3: a meld with wilds needs"):
        check_meld(RUN, (104, 105, c("2C")), (slot(7, 2), slot(8, 2), slot(9, 2)))
    # a 2 standing for itself is a natural card there
    check_meld(RUN, (104, c("2H"), 105), (slot(1, 2), slot(2, 2), slot(3, 2)))


def test_r3_the_declaration_says_what_each_wild_stands_for() -> None:
    # the same three cards as a set or as a run: the declaration decides
    check_meld(*meld(SET, "5H JK=5S 5C"))
    with pytest.raises(IllegalMove, match="R3"):
        check_meld(*meld(RUN, "5H JK=6H 5C"))
    cards, slots = check_meld(*meld(RUN, "6H JK=5H 7H"))
    assert cards == (c("JK"), c("6H"), c("7H")) and slots[0] == parse_slot("5H")


# -- R4 ---------------------------------------------------------------------------------------


def deal1_meld_phase(laid: tuple[bool, ...] = (False, False, True, False)) -> RummyState:
    return position(
        ["7C 7D 7H 9S 9D JK 2C QH", "3C 4C 5C 6C 8C 10C", "KD KS 2D", "AS AC 3D 4D 5D 6D"],
        discard="8H",
        melds=[(2, SET, "KC KH KD"), (2, SET, "4H 4S 4C")],
        phase=MELD,
        laid=laid,
    )


def test_r4_no_other_meld_or_lay_off_before_the_contract() -> None:
    state = deal1_meld_phase()
    refused(state, LayMelds((meld(SET, "7C 7D 7H"),)), "R4")
    refused(state, LayOff(1, c("JK"), slot(13, 3)), "R4")


def test_r4_the_contract_may_be_longer_and_partners_lay_it_separately() -> None:
    state = deal1_meld_phase()
    assert state.laid == [False, False, True, False]  # the partner's contract does not count
    state.apply(LayMelds((meld(SET, "7C 7D 7H JK=7S"), meld(SET, "9S 9D 2C=9H"))))
    assert state.laid[0]
    assert hand_str(state, 0) == "QH"
    assert [m.kind for m in state.melds[-2:]] == [SET, SET]


def test_r4_each_deal_has_its_own_contract() -> None:
    contracts = [RummyGame().new_initial_state().cfg.contracts[d] for d in range(5)]
    assert contracts == [
        ((SET, 3), (SET, 3)),
        ((SET, 3), (RUN, 4)),
        ((RUN, 4), (RUN, 4)),
        ((SET, 3), (SET, 3), (SET, 3)),
        ((RUN, 5), (RUN, 5)),
    ]
    state = position(["7C 7D 7H 5H 6H 8H JK", "3C", "4C", "5C"], phase=MELD, deal=1)
    refused(state, LayMelds((meld(SET, "7C 7D 7H"), meld(RUN, "5H 6H 8H"))), "R3")
    refused(state, LayMelds((meld(SET, "7C 7D 7H"),)), "R4")
    state.apply(LayMelds((meld(SET, "7C 7D 7H"), meld(RUN, "5H 6H JK=7H 8H"))))
    assert state.laid[0]


# -- R5 ---------------------------------------------------------------------------------------


def test_r5_draw_then_meld_then_discard_and_play_goes_left() -> None:
    state = position(["7C 8D 9H", "3C 4C 5C", "KD KS 2D", "AS AC 3D"], stock="QS", discard="8H")
    refused(state, Discard(c("7C")), "R5")
    state.apply(TakeDiscard())
    refused(state, TakeDiscard(), "R5")
    refused(state, PushDraw(), "R5")
    state.apply(Discard(c("7C")))
    assert state.current_player() == 1 and state.phase == DRAW
    assert state.discard[-1] == c("7C")


def test_r5_acting_out_of_turn_is_refused() -> None:
    """Another seat's card is refused as one not in the mover's hand: the position cannot tell
    who asks (the turn loop and the host check the seat), and a refusal never says where a card
    lies (issue 34: it was an oracle of every hand)."""
    state = position(["7C 8D 9H", "3C 4C 5C", "KD KS 2D", "AS AC 3D"], discard="8H", phase=MELD)
    refused(state, Discard(c("3C")), "R9")


# -- R6 ---------------------------------------------------------------------------------------


def test_r6_push_gives_stock_top_and_discard_to_the_left_then_pusher_draws() -> None:
    state = position(
        ["7C 8D 9H", "3C 4C 5C", "KD KS 2D", "AS AC 3D"], stock="QS 4H", discard="6S 8H"
    )
    state.apply(PushDraw())
    assert hand_str(state, 1) == "3C 4C 5C 8H QS"
    assert hand_str(state, 0) == "7C 8D 4H 9H"
    assert state.discard == [c("6S")]
    assert state.phase == MELD and state.player == 0


def test_r6_take_the_discard() -> None:
    state = position(["7C 8D 9H", "3C", "KD", "AS"], stock="QS", discard="6S 8H")
    state.apply(TakeDiscard())
    assert state.hands[0][-1] == c("8H") and state.discard == [c("6S")]


def test_r6_with_an_empty_discard_pile_the_player_draws_from_the_stock() -> None:
    state = position(["7C 8D 9H", "3C", "KD", "AS"], stock="QS")
    assert state.legal_actions() == [DrawStock()]
    refused(state, TakeDiscard(), "R6")
    refused(state, PushDraw(), "R6")
    state.apply(DrawStock())
    assert state.hands[0][-1] == c("QS")
    other = position(["7C 8D 9H", "3C", "KD", "AS"], stock="QS", discard="8H")
    refused(other, DrawStock(), "R6")


# -- R7 ---------------------------------------------------------------------------------------


def test_r7_after_the_contract_lay_off_on_any_meld_and_lay_new_melds() -> None:
    state = position(
        ["7C 7D 7H 9S 9D JK QH", "3C", "KD KS 2D", "AS"],
        melds=[(2, SET, "KC KH KD"), (2, SET, "4H 4S 4C"), (1, SET, "8S 8C 8D")],
        phase=MELD,
        laid=(True, True, True, False),
    )
    state.apply(LayOff(3, c("JK"), slot(8, 2)))  # on an opponent's meld
    state.apply(LayMelds((meld(SET, "7C 7D 7H"),)))
    assert hand_str(state, 0) == "9D QH 9S"
    refused(state, LayOff(1, c("QH"), slot(12, 2)), "R7")


# -- R8 ---------------------------------------------------------------------------------------


def replace_position() -> RummyState:
    return position(
        ["7H 9C 5S", "3C", "KD", "AS"],
        melds=[(1, SET, "7C 7D JK=7H"), (2, RUN, "4S 6S 2D=5S 3S"), (0, RUN, "10C JC QC")],
        phase=MELD,
        laid=(True, True, True, False),
    )


def test_r8_replace_a_wild_with_its_natural_card_and_use_it_at_once() -> None:
    state = replace_position()
    state.apply(ReplaceWild(1, c("7H")))
    assert [card_str(x) for x in state.melds[0].cards] == ["7C", "7D", "7H"]
    assert state.pending_wild == 104 and 104 in state.hands[0]
    refused(state, Discard(c("9C")), "R8")
    refused(state, LayOff(3, c("9C"), slot(9, 0)), "R8")
    refused(state, LayOff(1, 104, slot(7, 3)), "R8")  # not back into the same meld
    refused(state, ReplaceWild(2, c("5S")), "R8")
    state.apply(LayOff(3, 104, slot(13, 0)))  # the joker becomes the KC of the club run
    assert state.pending_wild == -1
    state.apply(Discard(c("9C")))
    assert state.current_player() == 1


def test_r8_a_natural_two_cannot_be_replaced_and_a_wild_two_can() -> None:
    state = replace_position()
    # 2D stands for 5S in the spade run: the 5S replaces it
    state.apply(ReplaceWild(2, c("5S")))
    assert state.pending_wild == c("2D")
    natural = position(
        ["2H 9C", "3C", "KD", "AS"],
        melds=[(1, RUN, "AH 2H 3H"), (2, SET, "7C 7D JK=7H")],
        phase=MELD,
        laid=(True, True, True, False),
    )
    refused(natural, ReplaceWild(1, c("2H")), "R8")


def test_r8_replacing_needs_the_contract_and_a_use_for_the_wild() -> None:
    state = replace_position()
    state.laid[0] = False
    refused(state, ReplaceWild(1, c("7H")), "R8")
    lonely = position(
        ["7H 9C", "3C", "KD", "AS"],
        melds=[(1, SET, "7C 7D JK=7H")],
        phase=MELD,
        laid=(True, True, True, False),
    )
    refused(lonely, ReplaceWild(1, c("7H")), "R8")  # no other meld, no new meld possible


# -- R9 ---------------------------------------------------------------------------------------


def test_r9_the_turn_ends_with_one_discard_of_a_held_card() -> None:
    state = position(["7C 8D 9H", "3C", "KD", "AS"], discard="8H", phase=MELD)
    refused(state, Discard(c("QS")), "R9")
    state.apply(Discard(c("8D")))
    assert state.discard[-1] == c("8D") and state.player == 1
    assert hand_str(state, 0) == "7C 9H"


def test_r9_the_card_taken_may_be_kept_from_discard_when_configured() -> None:
    state = position(
        ["7C 8D 9H", "3C", "KD", "AS"], discard="8H", config={"may_discard_taken_card": False}
    )
    state.apply(TakeDiscard())
    refused(state, Discard(c("8H")), "R9")
    state.apply(Discard(c("7C")))


# -- R10 --------------------------------------------------------------------------------------


def test_r10_the_deal_ends_when_a_player_goes_out_by_discarding() -> None:
    state = position(
        ["QS", "3C 4C", "KD 9D", "AS 2S"],
        discard="8H",
        phase=MELD,
        melds=[(0, SET, "7C 7D 7H"), (0, SET, "9S 9C 9H")],
        laid=(True, False, False, False),
    )
    state.apply(Discard(c("QS")))
    assert state.results[-1].went_out == 0 and state.results[-1].ended_by == OUT
    assert state.phase == SHUFFLE and state.dealer == 0


def test_r10_the_deal_ends_when_a_player_goes_out_by_melding() -> None:
    state = position(["7C 7D 7H 9S 9C 9H", "3C 4C", "KD 9D", "AS 2S"], discard="8H", phase=MELD)
    state.apply(LayMelds((meld(SET, "7C 7D 7H"), meld(SET, "9S 9C 9H"))))
    assert state.results[-1].went_out == 0 and state.results[-1].scores == (0, 45)


def test_r10_the_deal_ends_when_the_stock_is_empty_and_a_player_draws() -> None:
    state = position(["7C 8D", "3C 4C", "KD 9D", "AS 2S"], discard="8H")
    state.discard = state.stock + state.discard  # everything else is in the discard pile
    state.stock = []
    assert DrawStock() in state.legal_actions() and PushDraw() not in state.legal_actions()
    state.apply(DrawStock())
    assert state.results[-1].ended_by == STOCK and state.results[-1].went_out == -1


def test_r10_pushing_the_last_stock_card_ends_the_deal() -> None:
    state = position(["7C 8D", "3C 4C", "KD 9D", "AS 2S"], stock="QS", discard="8H")
    state.discard = state.stock[:-1] + state.discard
    state.stock = state.stock[-1:]
    state.apply(PushDraw())
    assert hand_str(state, 1) == "3C 4C 8H QS"
    assert state.results[-1].ended_by == STOCK


def test_r10_the_deal_can_end_as_soon_as_the_stock_is_empty_by_config() -> None:
    for rule, ended in (("at_turn", True), ("on_draw", False)):
        state = position(
            ["7C 8D", "3C 4C", "KD 9D", "AS 2S"],
            discard="8H",
            phase=MELD,
            config={"stock_out": rule},
        )
        state.discard = state.stock + state.discard
        state.stock = []
        state.apply(Discard(c("7C")))
        assert bool(state.results) == ended
        if not ended:
            assert state.legal_actions() == [TakeDiscard(), DrawStock()]


# -- R11 --------------------------------------------------------------------------------------


def test_r11_the_team_that_went_out_scores_nothing_and_the_others_their_hands() -> None:
    state = position(
        ["QS", "KH 9C AD", "5D 2D", "2C JK"],
        discard="8H",
        phase=MELD,
        melds=[(0, SET, "7C 7D 7H"), (0, SET, "9S 9D 9H")],
        laid=(True, False, False, False),
    )
    state.apply(Discard(c("QS")))
    # team B: K 10 + 9 5 + A 15 + 2 20 + joker 20 = 70; team A (partner holds 5D 2D) nothing
    assert state.results[-1].scores == (0, 70)


def test_r11_if_nobody_went_out_both_teams_score_their_hands() -> None:
    state = position(["7C 8D", "3C 4C", "KD 9D", "AS 2S"], discard="8H")
    state.discard = state.stock + state.discard
    state.stock = []
    state.apply(DrawStock())
    # team A: 7C 5 + 8D 5 + KD 10 + 9D 5 = 25; team B: 3C 5 + 4C 5 + AS 15 + 2S 20 = 45
    assert state.results[-1].scores == (25, 45)


def test_r11_card_values_are_config() -> None:
    state = position(
        ["7C 8D", "3C 4C", "KD 9D", "AS 2S"],
        discard="8H",
        config={"card_values": [1, 1, 1, 1]},
    )
    state.discard = state.stock + state.discard
    state.stock = []
    state.apply(DrawStock())
    assert state.results[-1].scores == (4, 4)


# -- R12 --------------------------------------------------------------------------------------


def test_r12_after_five_deals_the_lower_total_wins_and_equal_totals_tie() -> None:
    state = position(["7C 8D", "3C 4C", "KD 9D", "AS 2S"], discard="8H", deal=4)
    state.results = [DealResult((10, 30), -1, (False,) * 4, STOCK) for _ in range(4)]
    state.discard = state.stock + state.discard
    state.stock = []
    state.apply(DrawStock())  # deal 5: team A 25, team B 45
    assert state.phase == OVER and state.current_player() == TERMINAL
    assert state.totals() == (65, 165)
    assert state.returns() == [1.0, -1.0, 1.0, -1.0]
    with pytest.raises(IllegalMove):
        state.apply(TakeDiscard())
    lost = position(["7C 8D", "3C 4C", "KD 9D", "AS 2S"], discard="8H", deal=4)
    lost.results = [DealResult((30, 10), -1, (False,) * 4, STOCK) for _ in range(4)]
    lost.results[0] = DealResult((50, 10), -1, (False,) * 4, STOCK)
    lost.discard = lost.stock + lost.discard
    lost.stock = []
    lost.apply(DrawStock())
    assert lost.totals() == (165, 85)
    assert lost.returns() == [-1.0, 1.0, -1.0, 1.0]
    even = position(["7C 8D", "3C 4C", "KD 9D", "AS 2S"], discard="8H", deal=4)
    even.results = [DealResult((0, 0), -1, (False,) * 4, STOCK) for _ in range(3)]
    even.results.append(DealResult((20, 0), -1, (False,) * 4, STOCK))
    even.discard = even.stock + even.discard
    even.stock = []
    even.apply(DrawStock())
    assert even.totals() == (45, 45) and even.returns() == [0.0] * 4


def test_r12_fewer_deals_by_config() -> None:
    state = position(["7C 8D", "3C 4C", "KD 9D", "AS 2S"], discard="8H", config={"deals": 1})
    state.discard = state.stock + state.discard
    state.stock = []
    state.apply(DrawStock())
    assert state.is_terminal() and len(state.results) == 1
