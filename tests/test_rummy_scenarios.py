"""Whole turns of Push written out card by card, with the exact scores that follow."""

from __future__ import annotations

from rummy.actions import Discard, LayMelds, LayOff, PushDraw, ReplaceWild
from rummy.cards import cards_str, parse_slot
from rummy.state import DRAW, MELD, OUT
from tests.rummy_positions import position
from tests.test_rummy_rules import c, hand_str, meld


def test_push_contract_replace_and_go_out_scores_the_other_team_100() -> None:
    state = position(
        [
            "7C 7D 9S 9H JK QH",
            "3D 4D 5D 6D 8D KS",
            "AS AC 3H 4H 5H 10S",
            "2C 3S 6C 8C 10D JS",
        ],
        stock="7H 4S 5S KH",
        discard="KC 9D",
        melds=[(1, "set", "QS QC JK=QH"), (1, "set", "8S 8H 8C")],
        player=3,
        laid=(False, True, False, False),
    )
    # West pushes the 7H (stock) and the 9D (discard) to North, draws the 4S and throws it
    state.apply(PushDraw())
    assert hand_str(state, 0) == "7C 7D 9D 7H 9H QH 9S JK"  # in card-id order
    state.apply(Discard(c("4S")))
    # North pushes the 5S and the 4S on to East and draws the KH
    assert state.player == 0 and state.phase == DRAW
    state.apply(PushDraw())
    assert hand_str(state, 1) == "3D 4D 5D 6D 8D 4S 5S KS"
    state.apply(LayMelds((meld("set", "7C 7D 7H"), meld("set", "9S 9H 9D"))))
    assert hand_str(state, 0) == "QH KH JK"
    # the QH takes the joker's place in East's set; the joker becomes the 8D of East's 8s
    state.apply(ReplaceWild(1, c("QH")))
    freed = state.pending_wild
    assert freed == 105 and cards_str(state.melds[0].cards) == "QS QC QH"
    state.apply(LayOff(2, freed, parse_slot("8D")))
    # North's own joker goes onto North's set of 7s, then the KH is discarded: North is out
    state.apply(LayOff(3, c("JK"), parse_slot("7S")))
    assert hand_str(state, 0) == "KH" and state.phase == MELD
    state.apply(Discard(c("KH")))
    result = state.results[-1]
    assert result.went_out == 0 and result.ended_by == OUT
    # East: 3D 4D 5D 6D 8D 4S 5S = 7 x 5, KS 10 -> 45; West: 2C 20, 3S 6C 8C 5 each, 10D JS 10
    # each -> 55. North and South (team A) score nothing.
    assert result.scores == (0, 100)
    assert state.totals() == (0, 100)
