"""``pusher tournament``: bots of one game against each other over many seeded games, with win
rates, their 95% intervals and Bradley-Terry ratings on the Elo scale."""
