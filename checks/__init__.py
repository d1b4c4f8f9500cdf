"""Checks of the code that run beside the linters (``make lint``), not part of the program."""
