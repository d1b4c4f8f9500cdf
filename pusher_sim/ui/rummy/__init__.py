"""The Push (partnership rummy) table: hands, melds and the commands the selected cards allow."""
