"""The meld phase of a turn (R3, R4, R7–R9): the contract laid first, then more melds, cards
laid off on the table's melds, a wild freed by its natural card and used again at once, and the
discard that ends the turn.

A refusal says no more than the player to move may know: it depends on their own hand and the
table, never on where a card they do not hold lies (issue 34: "5C is in seat 2's hand" told
every hand).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pusher_sim.errors import IllegalMove
from rummy.actions import Discard, LayMelds, LayOff, MeldSpec, ReplaceWild
from rummy.candidates import layoffs, new_melds, one_per_face
from rummy.cards import NUM_CARDS, card_str, fits_naturally, is_wild, own_slots
from rummy.contract import solve
from rummy.dealing import end_deal, next_turn
from rummy.melds import TableMeld, check_meld, extended, layoff_slots, replacement_position
from rummy.phases import OUT

if TYPE_CHECKING:
    from pusher_sim.turnloop.actions import Action
    from rummy.state import RummyState

MeldAction = LayMelds | LayOff | ReplaceWild | Discard


# -- the choices listed ---------------------------------------------------------------------


def meld_options(state: RummyState) -> list[Action]:
    """The listed choices of the meld phase (see :mod:`rummy.candidates` for which melds)."""
    hand = state.hands[state.player]
    if state.pending_wild >= 0:
        return wild_uses(state, hand, state.pending_wild, state.pending_from)
    actions: list[Action] = []
    if not state.laid[state.player]:
        plan = solve(hand, state.contract)
        if plan is not None:
            actions.append(LayMelds(tuple((m.kind, m.cards, m.slots) for m in plan)))
    elif not state.laid_this_turn or state.cfg.layoff_after_contract_same_turn:
        naturals = {s: c for c in one_per_face(hand) for s in own_slots(c)}
        for m in state.melds:
            for i in m.wild_positions:
                c = naturals.get(m.slots[i], -1)
                if c >= 0 and wild_has_use(
                    state, [*[x for x in hand if x != c], m.cards[i]], m.cards[i], m.id
                ):
                    actions.append(ReplaceWild(m.id, c))
        actions.extend(LayOff(mid, c, s) for mid, c, s in layoffs(hand, state.melds))
        actions.extend(LayMelds((spec,)) for spec in new_melds(hand))
    actions.extend(Discard(c) for c in one_per_face(hand) if may_discard(state, c))
    return actions


def wild_uses(state: RummyState, hand: list[int], wild: int, source: int) -> list[Action]:
    """Where a freed wild may go: any meld but the one it came from, or a new meld (R8)."""
    uses: list[Action] = [
        LayOff(m.id, wild, s) for m in state.melds if m.id != source for s in layoff_slots(m, wild)
    ]
    uses.extend(LayMelds((spec,)) for spec in new_melds(hand, wild_first=wild))
    return uses


def wild_has_use(state: RummyState, hand: list[int], wild: int, source: int) -> bool:
    if any(layoff_slots(m, wild) for m in state.melds if m.id != source):
        return True
    return bool(new_melds(hand, wild_first=wild))


def may_discard(state: RummyState, card: int) -> bool:
    """R9: not the card taken from the discards this turn, unless it is the last one."""
    return (
        state.cfg.may_discard_taken_card
        or card != state.taken
        or len(state.hands[state.player]) == 1
    )


# -- refusals -------------------------------------------------------------------------------


def check_meld_phase(state: RummyState, action: MeldAction) -> None:
    """Refuse, naming the rule, an action of the meld phase that is not legal now."""
    if isinstance(action, LayMelds):
        check_melds(state, action)
    elif isinstance(action, LayOff):
        check_layoff(state, action)
    elif isinstance(action, ReplaceWild):
        check_replace(state, action)
    else:
        check_discard(state, action)


def own(state: RummyState, cards: tuple[int, ...] | list[int], rule: str) -> None:
    """Every card is in the mover's hand; a card that is not is only "not in your hand"."""
    hand = state.hands[state.player]
    for c in cards:
        if not isinstance(c, int) or not 0 <= c < NUM_CARDS:
            raise IllegalMove(rule, f"{c!r} is not a card")
        if c not in hand:
            raise IllegalMove(rule, f"{card_str(c)} is not in your hand")


def check_melds(state: RummyState, action: LayMelds) -> None:
    if not action.melds:
        raise IllegalMove("R3", "lay at least one meld")
    cards = [c for _, cs, _ in action.melds for c in cs]
    if len(set(cards)) != len(cards):
        raise IllegalMove("R3", "a card can be in one meld only")
    own(state, cards, "R3")
    check_pending(state, cards)
    for kind, cs, slots in action.melds:
        check_meld(kind, cs, slots, state.cfg.min_meld, state.cfg.min_naturals)
    if not state.laid[state.player]:
        check_contract(state, action.melds)
    elif state.laid_this_turn and not state.cfg.layoff_after_contract_same_turn:
        raise IllegalMove("R7", "more melds may follow the contract from your next turn")


def check_contract(state: RummyState, melds: tuple[MeldSpec, ...]) -> None:
    """R4: the first melds of a deal are exactly the deal's contract (longer melds allowed)."""
    contract = state.contract
    wanted = " + ".join(f"{k} of {n}" for k, n in contract)
    for kind in {k for k, _ in contract} | {k for k, _, _ in melds}:
        mins = sorted((n for k, n in contract if k == kind), reverse=True)
        lens = sorted((len(cs) for k, cs, _ in melds if k == kind), reverse=True)
        if len(mins) != len(lens) or any(n < m for n, m in zip(lens, mins, strict=True)):
            raise IllegalMove("R4", f"your first meld this deal must be the contract: {wanted}")


def check_pending(state: RummyState, cards: list[int] | tuple[int, ...]) -> None:
    if state.pending_wild >= 0 and state.pending_wild not in cards:
        raise IllegalMove(
            "R8", f"use the freed wild {card_str(state.pending_wild)} in another meld first"
        )


def meld_on_table(state: RummyState, meld_id: int, rule: str) -> TableMeld:
    for m in state.melds:
        if m.id == meld_id:
            return m
    raise IllegalMove(rule, f"there is no meld {meld_id} on the table")


def check_layoff(state: RummyState, action: LayOff) -> None:
    if not state.laid[state.player]:
        raise IllegalMove("R4", "lay this deal's contract before adding to melds")
    if state.laid_this_turn and not state.cfg.layoff_after_contract_same_turn:
        raise IllegalMove("R7", "you may add to melds from your next turn")
    own(state, (action.card,), "R7")
    check_pending(state, (action.card,))
    meld = meld_on_table(state, action.meld, "R7")
    if state.pending_wild >= 0 and meld.id == state.pending_from:
        raise IllegalMove("R8", "the freed wild must go to another meld")
    extended(meld, action.card, action.slot)


def check_replace(state: RummyState, action: ReplaceWild) -> None:
    if not state.laid[state.player]:
        raise IllegalMove("R8", "lay this deal's contract before replacing wilds")
    if state.pending_wild >= 0:
        raise IllegalMove("R8", f"use the freed wild {card_str(state.pending_wild)} first")
    own(state, (action.card,), "R8")
    meld = meld_on_table(state, action.meld, "R8")
    pos = replacement_position(meld, action.card)
    if pos < 0:
        natural_two = any(
            is_wild(c) and fits_naturally(c, s) for c, s in zip(meld.cards, meld.slots, strict=True)
        )
        extra = " (a 2 in its own place is natural and stays)" if natural_two else ""
        raise IllegalMove(
            "R8", f"no wild in meld {meld.id} stands for {card_str(action.card)}{extra}"
        )
    wild = meld.cards[pos]
    hand = [c for c in state.hands[state.player] if c != action.card] + [wild]
    if not wild_has_use(state, hand, wild, meld.id):
        raise IllegalMove(
            "R8", f"the freed {card_str(wild)} could not be used in another meld this turn"
        )


def check_discard(state: RummyState, action: Discard) -> None:
    own(state, (action.card,), "R9")
    if state.pending_wild >= 0:
        raise IllegalMove(
            "R8", f"use the freed wild {card_str(state.pending_wild)} before discarding"
        )
    if not may_discard(state, action.card):
        raise IllegalMove("R9", "you may not discard the card you took from the discards")


# -- carrying out ---------------------------------------------------------------------------


def apply_meld_phase(state: RummyState, action: MeldAction) -> None:
    """Carry out an action :func:`check_meld_phase` accepted."""
    hand = state.hands[state.player]
    if isinstance(action, LayMelds):
        for kind, cards, slots in action.melds:
            cs, ss = check_meld(kind, cards, slots, 1, 0)
            state.melds.append(TableMeld(state.next_meld_id, state.player, kind, cs, ss))
            state.next_meld_id += 1
            for c in cards:
                hand.remove(c)
        if not state.laid[state.player]:
            state.laid[state.player] = True
            state.laid_this_turn = True
        used(state, hand, [c for _, cs, _ in action.melds for c in cs])
    elif isinstance(action, LayOff):
        i = next(i for i, m in enumerate(state.melds) if m.id == action.meld)
        state.melds[i] = extended(state.melds[i], action.card, action.slot)
        hand.remove(action.card)
        used(state, hand, [action.card])
    elif isinstance(action, ReplaceWild):
        i = next(i for i, m in enumerate(state.melds) if m.id == action.meld)
        meld = state.melds[i]
        pos = replacement_position(meld, action.card)
        wild = meld.cards[pos]
        cards = (*meld.cards[:pos], action.card, *meld.cards[pos + 1 :])
        state.melds[i] = TableMeld(meld.id, meld.owner, meld.kind, cards, meld.slots)
        hand.remove(action.card)
        hand.append(wild)
        state.pending_wild, state.pending_from = wild, meld.id
    else:
        hand.remove(action.card)
        state.discard.append(action.card)
        if not hand:
            end_deal(state, OUT, state.player)
        else:
            next_turn(state)


def used(state: RummyState, hand: list[int], cards: list[int]) -> None:
    """Cards left the hand for the table: a freed wild among them is used; an empty hand has
    gone out (R10)."""
    if state.pending_wild in cards:
        state.pending_wild = state.pending_from = -1
    if not hand:
        end_deal(state, OUT, state.player)
