"""What the small ints of a Push Over position stand for: where a top character is, what stands
on a stop, and the phase of the turn.

The position is lists of ints so that copying it stays cheap (:mod:`pushover.state`); these
names are shared by the state, the track's moves and the invariants, so they live apart.
"""

from __future__ import annotations

# Where a player's top character is (``where[seat]``): a stop 1..L, or one of these.
START = 0
"""In the START groove behind stop 1: only the player to move, during their turn."""
OUT = -1
"""Rolled out (O3): the top stands beside START without a bottom."""
WAITING = -2
"""A full piece off the board (at set-up, pushed off, restarted): enters at START (O1, O5, O9)."""

# What stands on a stop (``track[stop]``): a seat's full piece, or one of these.
EMPTY = -1
BARE = -2
"""A bottom character without a top."""

# Phases.
DECIDE = 0
ROLLING = 1
OVER = 2
