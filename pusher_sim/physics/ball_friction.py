"""Friction at a contact between two balls, in three dimensions: the law model 9 resolves a
first touch with (contacts.py).

Two balls touch at their equators. Across the board they slip by their velocities' tangential
difference; up and down by their spins: a ball rolling at ``w`` (its spin's velocity, omega x
R) moves its equator's point facing the other ball vertically at ``w . n``, so the pair slips
vertically at ``s = (w_a + w_b) . n`` (``n`` the line of centres). A disc in the plane has no
such slip, so model 8's striker kept its whole spin (0.3214 of its speed after a head-on hit
at e = 0.9); Coulomb's law caps the friction impulse at mu times the normal impulse, and a
vertical impulse ``f`` at the equator changes each ball's spin by ``f / (beta m)`` along the line
of centres (beta = I / (m R^2)): a head-on striker loses 1.25 mu (1 + e) v of spin and rolls on
at 0.2875 of its speed (mu = 0.05, e = 0.9, beta = 0.4). docs/physics.md, "Model 9", has it.
"""

from __future__ import annotations

import math


def contact_friction(slip: float, spin: float, cap: float, beta: float) -> tuple[float, float]:
    """The friction impulse over a ball's mass (m/s) at a ball-ball contact: across the board
    against the tangential ``slip`` (m/s, the relative velocity's part off the line of centres)
    and vertically against the spins' ``spin`` slip (signed, m/s), each at most what stops its
    slip (half of it across, ``beta`` / 2 of it up and down: the pair's masses), together at
    most ``cap`` (mu times the normal impulse over the mass), along the slip.

    Returns (across, vertical): the first takes ``slip`` towards zero, the second is signed as
    ``spin`` and takes each ball's spin along the line of centres down by itself over ``beta``.
    """
    total = math.hypot(slip, spin)
    if total == 0.0:
        return 0.0, 0.0
    share = cap / total
    across = min(share * slip, 0.5 * slip)
    vertical = min(share * abs(spin), 0.5 * beta * abs(spin))
    return across, math.copysign(vertical, spin)
