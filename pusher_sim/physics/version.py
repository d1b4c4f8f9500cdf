"""Which push model this is, so that a result made under another one is refused, not misread.

Bump :data:`MODEL_VERSION` with every change that can alter any push's outcome (geometry, solver
settings, the press, settling, the order bodies are built in). Saved game logs record it and a
replay checks it: a log made under another model is refused clearly rather than failing
mysteriously halfway through.

History: "1" probe and sensor bands along every cell edge, 10 solver iterations; "2" cup
discs sensed by the balls themselves (own class ignored), 2 solver iterations, far balls start
asleep, awake balls first in the settle sum; "3" a full cup: each cup's bowl has at most one
holder, a ball reaching a held cup keeps its own bowl, a ball without one rides until a free
cup takes it (space.py), so two balls no longer jam in one cup; "4" a rider at rest rolls over
the other balls to the nearest free cup, its speed paid from its own ride energy (space.py), so
a rider pinned in a held cup no longer ends a push unsettled; "5" a ball whose step hopped the
point where two cup discs touch, into a disc of its own cup's class, takes that cup at the next
settle check instead of feeling the old cup's bowl until it entered another disc (space.py).
"""

MODEL_VERSION: str = "5"
