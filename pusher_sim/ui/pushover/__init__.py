"""The Push Over (dice) table: the loop of stops, the dice, the pot and each player's chips."""
