"""One turn loop for three games: states, actions, agents, the driver and its logs."""

from pusher_sim.errors import CorruptFile, IllegalMove, UserError
from pusher_sim.turnloop.actions import Action, ActionCodec
from pusher_sim.turnloop.agents import Agent, RandomAgent
from pusher_sim.turnloop.log import GameLog, replay
from pusher_sim.turnloop.match import Match
from pusher_sim.turnloop.registry import HUMAN, GameSpec, TextUI, get_spec
from pusher_sim.turnloop.state import CHANCE, TERMINAL, Game, InvariantError, Observation, State

__all__ = [
    "CHANCE",
    "HUMAN",
    "TERMINAL",
    "Action",
    "ActionCodec",
    "Agent",
    "CorruptFile",
    "Game",
    "GameLog",
    "GameSpec",
    "IllegalMove",
    "InvariantError",
    "Match",
    "Observation",
    "RandomAgent",
    "State",
    "TextUI",
    "UserError",
    "get_spec",
    "replay",
]
