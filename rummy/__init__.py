"""Push, a partnership rummy for four over five deals (rules R1-R12, docs/rules.md), on the
shared turn loop: cards and melds, the exact contract solver, the rules, bots and text play.

The names below are what a program that plays Push needs: the game and its config, the state
and the actions it lists. The bots are the game's registry's (``get_spec("rummy").bots``).
"""

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
from rummy.config import RummyConfig
from rummy.game import RummyGame
from rummy.state import RummyState

__all__ = [
    "ChooseDealer",
    "Discard",
    "DrawStock",
    "LayMelds",
    "LayOff",
    "PushDraw",
    "ReplaceWild",
    "RummyConfig",
    "RummyGame",
    "RummyState",
    "Shuffle",
    "TakeDiscard",
]
