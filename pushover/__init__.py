"""Push Over (Parker Brothers 1981), a push-your-luck dice race, on the shared turn loop.

The names below are what a program that plays Push Over needs: the game and its config, the
state and its three actions. The bots are the game's registry's (``get_spec("pushover").bots``).
"""

from pushover.actions import Die, Roll, Stop
from pushover.config import PushOverConfig
from pushover.game import PushOverGame
from pushover.state import PushOverState

__all__ = ["Die", "PushOverConfig", "PushOverGame", "PushOverState", "Roll", "Stop"]
