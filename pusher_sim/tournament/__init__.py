"""``pusher tournament``: bots of one game against each other over many seeded games, with win
rates, their 95% intervals and Bradley-Terry ratings on the Elo scale."""

from pusher_sim.tournament.play import play_tournament

__all__ = ["play_tournament"]
