"""Where the fields of Chipmunk's ``struct cpBody`` lie: what chipmunk.py reads and writes in
place (and no other module writes).

A body's fields are viewed from p on as doubles (``MOTION`` bytes into the struct); the indices
below are into that view. chipmunk.py checks every one of them against Chipmunk's getters when
it is imported (layout_problem). A module of its own: the layout is data, what chipmunk.py does
with it is code, and the tests name the offsets here.
"""

BODY_SIZE = 272
MOTION = 64  # byte offset of p.x, p.y, v.x, v.y (the position and the velocity): the view's start
P, V = 0, 2  # indices of p.x and v.x in the view (y follows)
T = 13  # index of the transform's tx (ty follows): what cpBodyGetPosition returns
IDLE = 25  # index of sleeping.idleTime
AT_P, AT_V = 8 * P, 8 * V  # byte offsets of p and v in the view: where write_* write
