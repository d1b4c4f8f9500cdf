"""Push (the rummy) for agents: a fixed numbering of every action the game lists, and one
seat's view as a vector.

An id names what an action *means*, never its place in the legal list: the three draws, the
contract laying, a discard by face, a new set by rank and the suits its naturals fill, a new run
by suit and window, a lay-off by the meld's place on the table, the card's face and where it
goes (a run's low or high end, or a set's suit), a replacement by meld place and face. The
ranges are the ``*_BASE`` constants below; ``docs/agents.md`` explains the choice. The legal
list offers one card per face and one meld per rank, suit mask or window, so no two listed
actions share an id; a table never holds more than 36 melds, so every meld has a place.
"""

from __future__ import annotations

import numpy as np

from pusher_sim.envs.codec import one_hot
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import Game, Observation, State
from rummy.actions import (
    Discard,
    DrawStock,
    LayMelds,
    LayOff,
    PushDraw,
    ReplaceWild,
    TakeDiscard,
)
from rummy.cards import ACE, ACE_LOW, NUM_CARDS, face_of, fits_naturally, slot_rank, slot_suit
from rummy.config import RUN, SET, RummyConfig
from rummy.game import RummyGame
from rummy.observation import RummyObservation
from rummy.state import PHASES, RummyState

FACES = 53
"""52 faces of a deck and the joker (:func:`rummy.cards.face_of`)."""
MAX_MELDS = NUM_CARDS // 3
SLOTS = (ACE + 1) * 4
"""Slot numbers run below this (rank 1..14 times four suits)."""
RUN_WINDOWS = ACE - 3 + 1 - ACE_LOW + 1
"""Three-card run windows per suit: A-2-3 up to Q-K-A."""
PLACES = 6

TAKE, PUSH, STOCK, CONTRACT = 0, 1, 2, 3
DISCARD = 4
SET_BASE = DISCARD + FACES
RUN_BASE = SET_BASE + 13 * 16
LAYOFF_BASE = RUN_BASE + 4 * RUN_WINDOWS
REPLACE_BASE = LAYOFF_BASE + MAX_MELDS * FACES * PLACES
NUM_ACTIONS = REPLACE_BASE + MAX_MELDS * FACES

SEATS = 4
SCORE_SCALE = 1000.0
"""Scores are divided by this and clipped to [-1, 1] in the observation."""


class RummyCodec:
    """Action ids and observation vector for one Push config."""

    num_actions = NUM_ACTIONS

    def __init__(self, config: RummyConfig) -> None:
        self.config = config
        self.deals = config.deals
        self.observation_size = (
            FACES  # own hand, copies per face
            + FACES
            + 1  # discard top, or none
            + SEATS  # hand sizes
            + 1  # stock size
            + len(PHASES)
            + self.deals
            + SEATS  # who moves
            + SEATS  # who dealt
            + SEATS  # who laid their contract
            + FACES
            + 1  # the freed wild to place, or none
            + FACES
            + 1  # the card taken from the discard this turn, or none
            + 2  # both teams' totals, viewer's team first
            + MAX_MELDS * (SEATS + 2 + 2 * SLOTS)
        )

    # -- actions ------------------------------------------------------------------------------

    def action_id(self, state: State, action: Action) -> int:
        if not isinstance(state, RummyState):
            raise TypeError(f"not a Push position: {type(state).__name__}")
        if isinstance(action, TakeDiscard):
            return TAKE
        if isinstance(action, PushDraw):
            return PUSH
        if isinstance(action, DrawStock):
            return STOCK
        if isinstance(action, Discard):
            return DISCARD + face_of(action.card)
        if isinstance(action, LayMelds):
            if not state.laid[state.player]:
                return CONTRACT
            if len(action.melds) != 1:
                raise ValueError(f"no id for several new melds at once: {action}")
            return _new_meld_id(action.melds[0])
        position = {m.id: i for i, m in enumerate(state.melds)}
        if isinstance(action, LayOff):
            m = position[action.meld]
            meld = state.melds[m]
            place = _place(meld.kind, meld.slots, action.slot)
            return LAYOFF_BASE + (m * FACES + face_of(action.card)) * PLACES + place
        if isinstance(action, ReplaceWild):
            return REPLACE_BASE + position[action.meld] * FACES + face_of(action.card)
        raise ValueError(f"{action!r:.60} is not a Push player action")

    # -- the public record (the information-state tensor's memory) ---------------------------

    history_size = 2 * SEATS * FACES
    """Per seat: the faces it was seen to discard, and to take from the discard pile (a take,
    or the discard a push hands it), a count each divided by two."""

    def note(self, record: np.ndarray, state: State, action: Action) -> None:
        """Count the card ``action`` shows every seat, before it is applied."""
        if not isinstance(state, RummyState):
            raise TypeError(f"not a Push position: {type(state).__name__}")
        mover = state.player
        if isinstance(action, Discard):
            record[mover * FACES + face_of(action.card)] += 0.5
        elif isinstance(action, TakeDiscard | PushDraw) and state.discard:
            taker = mover if isinstance(action, TakeDiscard) else (mover + 1) % SEATS
            record[(SEATS + taker) * FACES + face_of(state.discard[-1])] += 0.5

    def recall(self, record: np.ndarray, seat: int) -> np.ndarray:
        """The record as ``seat`` holds it: seats in turn from its own."""
        blocks = record.reshape(2, SEATS, FACES)
        return np.roll(blocks, -seat, axis=1).reshape(-1)

    # -- observations -------------------------------------------------------------------------

    def observe(self, observation: Observation) -> np.ndarray:
        if not isinstance(observation, RummyObservation):
            raise TypeError(f"not a Push view: {type(observation).__name__}")
        view = observation

        def rel(seat: int) -> int:
            return (seat - view.seat) % SEATS if seat >= 0 else -1

        hand = [0.0] * FACES
        for card in view.hand:
            hand[face_of(card)] += 0.25  # at most four jokers, two of any other face
        out = hand
        out += one_hot(FACES + 1, face_of(view.discard_top) if view.discard_top >= 0 else FACES)
        out += [view.hand_sizes[(view.seat + k) % SEATS] / NUM_CARDS for k in range(SEATS)]
        out.append(view.stock_size / NUM_CARDS)
        out += one_hot(len(PHASES), PHASES.index(view.phase))
        out += one_hot(self.deals, view.deal)
        out += one_hot(SEATS, rel(view.to_move))
        out += one_hot(SEATS, rel(view.dealer))
        out += [float(view.laid[(view.seat + k) % SEATS]) for k in range(SEATS)]
        out += one_hot(FACES + 1, face_of(view.pending_wild) if view.pending_wild >= 0 else FACES)
        out += one_hot(FACES + 1, face_of(view.taken) if view.taken >= 0 else FACES)
        totals = [sum(s[0] for s in view.scores), sum(s[1] for s in view.scores)]
        mine = view.seat % 2
        out += [_clip(totals[mine] / SCORE_SCALE), _clip(totals[1 - mine] / SCORE_SCALE)]
        for m in range(MAX_MELDS):
            block = [0.0] * (SEATS + 2 + 2 * SLOTS)
            if m < len(view.melds):
                meld = view.melds[m]
                block[rel(meld.owner)] = 1.0
                block[SEATS + (0 if meld.kind == SET else 1)] = 1.0
                for card, slot in zip(meld.cards, meld.slots, strict=True):
                    natural = fits_naturally(card, slot)
                    index = SEATS + 2 + slot + (0 if natural else SLOTS)
                    block[index] = min(1.0, block[index] + 0.5)
            out += block
        return np.asarray(out, dtype=np.float32)


def _new_meld_id(spec: tuple[str, tuple[int, ...], tuple[int, ...]]) -> int:
    kind, cards, slots = spec
    if kind == SET:
        rank = slot_rank(slots[0])
        mask = 0
        for card, slot in zip(cards, slots, strict=True):
            if fits_naturally(card, slot):
                mask |= 1 << slot_suit(slot)
        return SET_BASE + (rank - 2) * 16 + mask
    if kind == RUN and len(slots) == 3:
        low = min(slot_rank(s) for s in slots)
        return RUN_BASE + slot_suit(slots[0]) * RUN_WINDOWS + (low - ACE_LOW)
    raise ValueError(f"no id for the meld {spec}")


def _place(kind: str, slots: tuple[int, ...], slot: int) -> int:
    """Where on a meld a card goes: 0 below a run, 1 above it, 2 + suit in a set."""
    if kind == SET:
        return 2 + slot_suit(slot)
    return 0 if slot_rank(slot) < min(slot_rank(s) for s in slots) else 1


def _clip(value: float) -> float:
    return max(-1.0, min(1.0, value))


def for_game(game: Game) -> RummyCodec:
    """The codec of ``game``'s config (Push's registry entry names this)."""
    if not isinstance(game, RummyGame):
        raise TypeError(f"not a Push game: {type(game).__name__}")
    return RummyCodec(game.config)
