"""Who meets whom in a board's Space: the collision types and shape filters.

Balls meet balls and the rim; a ball's probe (a point on it) meets the cup cells of the classes
other than its own cup's (bowls.py), and with round cups every cup's lip (lips.py); a rider
rolling over the others meets only the rim (repairs.py). The handlers on these types are the
model's only Python during a step.
"""

from __future__ import annotations

import pymunk

# Collision types.
# The probe is a point with a micron of width, so that a ball rolling exactly along the edge
# between two cells still touches one of them (a point on the edge touches neither).
PROBE_RADIUS = 1e-6

BALL = 1
PRESSED = 2
PROBE = 3
CELL = 4
RIM = 5
LIP = 6

# Shape filter categories. Balls meet balls and the rim; a ball's probe meets the cells of the
# two classes ((q - r) mod 3) other than its own cup's. Neighbouring cups are never in the same
# class, and the cells that meet at a corner are mutual neighbours, so a continuous path always
# enters another class's cell first (which switches the class the probe ignores).
_CAT_BALL = 0b0001
_CAT_RIM = 0b0010
_CAT_PROBE = 0b0100
_CAT_CELLS = (0b001000, 0b010000, 0b100000)
_CAT_LIP = 0b1000000
_ALL_CELLS = _CAT_CELLS[0] | _CAT_CELLS[1] | _CAT_CELLS[2]
BALL_FILTER = pymunk.ShapeFilter(categories=_CAT_BALL, mask=_CAT_BALL | _CAT_RIM)
# A rider rolling over the other balls (:attr:`BoardSpace.over`) meets only the rim.
OVER_FILTER = pymunk.ShapeFilter(categories=_CAT_BALL, mask=_CAT_RIM)
PROBE_FILTERS = tuple(
    pymunk.ShapeFilter(categories=_CAT_PROBE, mask=_ALL_CELLS & ~cat) for cat in _CAT_CELLS
)
# Round cups (``round_cups``): a probe meets every cup's lip circle as well.
ROUND_PROBE_FILTERS = tuple(
    pymunk.ShapeFilter(categories=_CAT_PROBE, mask=(_ALL_CELLS & ~cat) | _CAT_LIP)
    for cat in _CAT_CELLS
)
LIP_FILTER = pymunk.ShapeFilter(categories=_CAT_LIP, mask=_CAT_PROBE)
RIM_FILTER = pymunk.ShapeFilter(categories=_CAT_RIM, mask=_CAT_BALL)
CELL_FILTERS = tuple(pymunk.ShapeFilter(categories=cat, mask=_CAT_PROBE) for cat in _CAT_CELLS)
